import CEGL
#if canImport(Glibc)
import Glibc
#endif

/// The process-wide EGL display. `eglGetPlatformDisplay` hands out the same
/// display for the same platform and native display, and `eglTerminate` would
/// end every context on it, so there is one display per process, opened on
/// first use and never terminated.
final class HeadlessDisplay: @unchecked Sendable {
    let display: EGLDisplay
    let platform: EGLPlatform
    /// What was tried before the chosen platform, and why it failed.
    let notes: [String]

    private init(display: EGLDisplay, platform: EGLPlatform, notes: [String]) {
        self.display = display; self.platform = platform; self.notes = notes
    }

    /// The shared display, or why none could be opened. Set `LAYERFX_EGL_PLATFORM`
    /// to `gbm`, `device` or `surfaceless` to try only that platform.
    static let shared: Result<HeadlessDisplay, GPUError> = open()

    private static func open() -> Result<HeadlessDisplay, GPUError> {
        var notes: [String] = []
        var order = EGLPlatform.allCases
        if let forced = getenv("LAYERFX_EGL_PLATFORM").map({ String(cString: $0) }), !forced.isEmpty {
            guard let platform = EGLPlatform(rawValue: forced) else {
                return .failure(GPUError("LAYERFX_EGL_PLATFORM=\(forced) is not one of gbm, device, surfaceless"))
            }
            order = [platform]
        }
        let clientExtensions = eglQueryString(nil, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        for platform in order {
            switch openDisplay(platform, clientExtensions: clientExtensions) {
            case .success(let display):
                return .success(HeadlessDisplay(display: display, platform: platform, notes: notes))
            case .failure(let error):
                notes.append("\(platform.rawValue): \(error.description)")
            }
        }
        return .failure(GPUError("no EGL display could be opened (" + notes.joined(separator: "; ") + ")"))
    }

    private static func openDisplay(_ platform: EGLPlatform, clientExtensions: String) -> Result<EGLDisplay, GPUError> {
        switch platform {
        case .gbm: return openGBM()
        case .device:
            guard clientExtensions.contains("EGL_EXT_platform_device") else {
                return .failure(GPUError("EGL_EXT_platform_device is not offered"))
            }
            return openDevice()
        case .surfaceless:
            guard clientExtensions.contains("EGL_MESA_platform_surfaceless") else {
                return .failure(GPUError("EGL_MESA_platform_surfaceless is not offered"))
            }
            guard let getDisplay = loadEGLProc("eglGetPlatformDisplayEXT", as: PFNEGLGETPLATFORMDISPLAYEXTPROC.self),
                  let display = getDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
                return .failure(GPUError("eglGetPlatformDisplayEXT returned no display"))
            }
            return initialize(display)
        }
    }

    private static func openGBM() -> Result<EGLDisplay, GPUError> {
        let nodes = ((try? listDirectory("/dev/dri")) ?? []).filter { $0.hasPrefix("renderD") }.sorted()
        if nodes.isEmpty { return .failure(GPUError("no /dev/dri/renderD* node")) }
        var reasons: [String] = []
        for node in nodes {
            let path = "/dev/dri/" + node
            let fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
            if fd < 0 { reasons.append("\(path): \(String(cString: strerror(errno)))"); continue }
            guard let device = gbm_create_device(fd) else {
                close(fd); reasons.append("\(path): gbm_create_device failed"); continue
            }
            if let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_GBM_KHR), UnsafeMutableRawPointer(device), nil),
               case .success(let ready) = initialize(display) {
                return .success(ready)   // the gbm device and fd live as long as the process
            }
            gbm_device_destroy(device); close(fd)
            reasons.append("\(path): eglInitialize failed")
        }
        return .failure(GPUError(reasons.joined(separator: ", ")))
    }

    private static func openDevice() -> Result<EGLDisplay, GPUError> {
        guard let queryDevices = loadEGLProc("eglQueryDevicesEXT", as: PFNEGLQUERYDEVICESEXTPROC.self),
              let getDisplay = loadEGLProc("eglGetPlatformDisplayEXT", as: PFNEGLGETPLATFORMDISPLAYEXTPROC.self) else {
            return .failure(GPUError("eglQueryDevicesEXT is not available"))
        }
        var count: EGLint = 0
        guard queryDevices(0, nil, &count) == EGLBoolean(EGL_TRUE), count > 0 else {
            return .failure(GPUError("no EGL devices"))
        }
        var devices = [EGLDeviceEXT?](repeating: nil, count: Int(count))
        _ = queryDevices(count, &devices, &count)
        for device in devices.prefix(Int(count)) {
            guard let device, let display = getDisplay(EGLenum(EGL_PLATFORM_DEVICE_EXT), UnsafeMutableRawPointer(device), nil)
            else { continue }
            if case .success(let ready) = initialize(display) { return .success(ready) }
        }
        return .failure(GPUError("none of \(count) EGL devices initialized"))
    }

    private static func initialize(_ display: EGLDisplay) -> Result<EGLDisplay, GPUError> {
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
            return .failure(GPUError("eglInitialize failed (EGL error 0x" + String(eglGetError(), radix: 16) + ")"))
        }
        return .success(display)
    }

    private static func listDirectory(_ path: String) throws -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            names.append(name)
        }
        return names
    }
}

/// Loads an EGL or GL extension entry point (glvnd does not export them).
func loadEGLProc<T>(_ name: String, as type: T.Type) -> T? {
    guard let pointer = eglGetProcAddress(name) else { return nil }
    return unsafeBitCast(pointer, to: type)
}
