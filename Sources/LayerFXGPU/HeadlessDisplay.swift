import CEGL

/// An initialised EGL display on which an OpenGL ES 3 context was proven to
/// work. `eglGetPlatformDisplay` hands out the same display for the same
/// platform and native display, and `eglTerminate` would end every context on
/// it, so displays are opened once per distinct ``GPUDeviceSelection``
/// (``display(for:)``) and never terminated.
final class HeadlessDisplay: @unchecked Sendable {
    let display: EGLDisplay
    let platform: EGLPlatform
    /// The index in `eglQueryDevicesEXT`'s list, on the `device` platform.
    let device: Int?
    /// What was tried before the chosen platform or device, and why it failed.
    let notes: [String]

    private init(display: EGLDisplay, platform: EGLPlatform, device: Int?, notes: [String]) {
        self.display = display; self.platform = platform; self.device = device; self.notes = notes
    }

    /// The displays opened so far, one per selection.
    private static let cache = DisplayCache()

    /// The display for `selection`, opened on first use, or why none could be.
    static func display(for selection: GPUDeviceSelection) -> Result<HeadlessDisplay, GPUError> {
        cache.display(for: selection)
    }

    /// The display for the selection the process's `LAYERFX_EGL_PLATFORM` and
    /// `LAYERFX_EGL_DEVICE` make.
    static var shared: Result<HeadlessDisplay, GPUError> {
        do { return display(for: try GPUDeviceSelection.resolve(deviceOption: nil)) } catch let error as GPUError {
            return .failure(error)
        } catch {
            return .failure(GPUError("\(error)"))
        }
    }

    /// Tries the selection's platforms in order; on each, every candidate
    /// (render node, EGL device) until one initialises and takes a context.
    fileprivate static func open(_ selection: GPUDeviceSelection) -> Result<HeadlessDisplay, GPUError> {
        if let index = selection.device {
            guard selection.platform == nil || selection.platform == .device else {
                return .failure(GPUError("EGL device \(index) is on the device platform, not \(selection.platform!.rawValue)"))
            }
            return openDevice(index).map { HeadlessDisplay(display: $0, platform: .device, device: index, notes: []) }
        }
        var notes: [String] = []
        for platform in selection.platform.map({ [$0] }) ?? EGLPlatform.allCases {
            switch platform {
            case .gbm:
                switch GBMNode.openFirst() {
                case .success(let node):
                    return .success(HeadlessDisplay(display: node.display, platform: .gbm, device: nil, notes: notes))
                case .failure(let error): notes.append("gbm: \(error.description)")
                }
            case .device:
                switch openFirstDevice() {
                case .success(let (display, index, skipped)):
                    return .success(HeadlessDisplay(display: display, platform: .device, device: index,
                                                    notes: notes + skipped.map { "device: \($0)" }))
                case .failure(let error): notes.append("device: \(error.description)")
                }
            case .surfaceless:
                switch openSurfaceless() {
                case .success(let display):
                    return .success(HeadlessDisplay(display: display, platform: .surfaceless, device: nil, notes: notes))
                case .failure(let error): notes.append("surfaceless: \(error.description)")
                }
            }
        }
        return .failure(GPUError("no EGL display could be opened (" + notes.joined(separator: "; ") + ")"))
    }

    /// Device `index` of the list, and nothing else.
    private static func openDevice(_ index: Int) -> Result<EGLDisplay, GPUError> {
        let list: EGLDeviceList
        switch EGLDeviceList.query() {
        case .success(let devices): list = devices
        case .failure(let error): return .failure(GPUError("EGL device \(index): \(error.description)"))
        }
        guard list.devices.indices.contains(index) else {
            return .failure(GPUError("EGL device \(index): \(GPUDeviceSelection.describe(count: list.devices.count))"))
        }
        return list.open(index).result.mapError { GPUError("EGL device \(index): \($0.description)") }
    }

    /// The first device of the list that opens, its index, and why each one before it failed.
    private static func openFirstDevice() -> Result<(EGLDisplay, Int, [String]), GPUError> {
        let list: EGLDeviceList
        switch EGLDeviceList.query() {
        case .success(let devices): list = devices
        case .failure(let error): return .failure(error)
        }
        if list.devices.isEmpty { return .failure(GPUError("no EGL devices")) }
        var reasons: [String] = []
        for index in list.devices.indices {
            switch list.open(index).result {
            case .success(let display): return .success((display, index, reasons))
            case .failure(let error): reasons.append("EGL device \(index): \(error.description)")
            }
        }
        return .failure(GPUError(reasons.joined(separator: ", ")))
    }

    private static func openSurfaceless() -> Result<EGLDisplay, GPUError> {
        let clientExtensions = eglQueryString(nil, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        guard clientExtensions.contains("EGL_MESA_platform_surfaceless") else {
            return .failure(GPUError("EGL_MESA_platform_surfaceless is not offered"))
        }
        guard let getDisplay = loadEGLProc("eglGetPlatformDisplayEXT", as: PFNEGLGETPLATFORMDISPLAYEXTPROC.self),
              let display = getDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
            return .failure(GPUError("eglGetPlatformDisplayEXT returned no display"))
        }
        return ContextProbe.run(on: display).result
    }
}

/// The process's displays by selection, opened under a lock so that two
/// threads asking for the same selection get the same display.
private final class DisplayCache: @unchecked Sendable {
    private let lock = NSLockLike()
    private var displays: [GPUDeviceSelection: Result<HeadlessDisplay, GPUError>] = [:]

    func display(for selection: GPUDeviceSelection) -> Result<HeadlessDisplay, GPUError> {
        lock.lock()
        defer { lock.unlock() }
        if let known = displays[selection] { return known }
        let opened = HeadlessDisplay.open(selection)
        displays[selection] = opened
        return opened
    }
}

/// Loads an EGL or GL extension entry point (glvnd does not export them).
func loadEGLProc<T>(_ name: String, as type: T.Type) -> T? {
    guard let pointer = eglGetProcAddress(name) else { return nil }
    return unsafeBitCast(pointer, to: type)
}
