#if canImport(Glibc)
import Glibc
#endif

/// Which EGL platform and device the GPU backend opens its display on.
///
/// The default (``automatic``) tries the platforms in ``EGLPlatform``'s order
/// and, on the `device` platform, each EGL device in turn until one
/// initialises and takes an OpenGL ES 3 context. Naming a device (`--device N`,
/// `LAYERFX_EGL_DEVICE=N`) uses that device of `eglQueryDevicesEXT`'s list
/// and nothing else. Renderers with equal selections share one display.
public struct GPUDeviceSelection: Hashable, Sendable {
    /// Only this platform; `nil` tries gbm, device, surfaceless in order.
    public var platform: EGLPlatform?
    /// A 0-based index into `eglQueryDevicesEXT`'s list (implies the `device`
    /// platform); `nil` tries each device in turn.
    public var device: Int?

    /// A selection of `platform` (nil: any) and `device` (nil: the first that opens).
    public init(platform: EGLPlatform? = nil, device: Int? = nil) {
        self.platform = platform; self.device = device
    }

    /// Every platform, every device: the first that opens.
    public static let automatic = GPUDeviceSelection()

    /// True when a device was named: a failure to open it is then an error,
    /// not a reason to fall back to the CPU.
    public var namesDevice: Bool { device != nil }

    /// The environment variable that names a platform.
    public static let platformVariable = "LAYERFX_EGL_PLATFORM"
    /// The environment variable that names a device.
    public static let deviceVariable = "LAYERFX_EGL_DEVICE"

    /// The selection `option` (the text of `--device`, which wins) and the
    /// process's `LAYERFX_EGL_PLATFORM` / `LAYERFX_EGL_DEVICE` give.
    ///
    /// Throws a one-line ``GPUError`` naming the option or variable when a
    /// value is not a platform name, not a device index of the list, or when
    /// a device is named together with a platform other than `device`, e.g.
    /// `--device 3: there are 2 EGL devices (0…1)`.
    public static func resolve(deviceOption option: String?) throws -> GPUDeviceSelection {
        func variable(_ name: String) -> String? {
            guard let value = getenv(name) else { return nil }
            let text = String(cString: value)
            return text.isEmpty ? nil : text
        }
        var selection = GPUDeviceSelection()
        if let forced = variable(platformVariable) {
            guard let platform = EGLPlatform(rawValue: forced) else {
                throw GPUError("\(platformVariable)=\(forced) is not one of gbm, device, surfaceless")
            }
            selection.platform = platform
        }
        let named = option.map { (text: $0, label: "--device \($0)") }
            ?? variable(deviceVariable).map { (text: $0, label: "\(deviceVariable)=\($0)") }
        guard let named else { return selection }
        if let platform = selection.platform, platform != .device {
            throw GPUError("\(named.label): a device index picks an EGL device of the device platform, "
                           + "but \(platformVariable)=\(platform.rawValue)")
        }
        let count: Int
        switch EGLDeviceList.query() {
        case .success(let list): count = list.devices.count
        case .failure(let error): throw GPUError("\(named.label): \(error.description)")
        }
        guard let index = Int(named.text), index >= 0 else {
            throw GPUError("\(named.label): not a device index; \(Self.describe(count: count))")
        }
        guard index < count else { throw GPUError("\(named.label): \(Self.describe(count: count))") }
        selection.platform = .device
        selection.device = index
        return selection
    }

    /// "there are 2 EGL devices (0…1)", "there is 1 EGL device (0)", "there are no EGL devices".
    static func describe(count: Int) -> String {
        switch count {
        case 0: "there are no EGL devices"
        case 1: "there is 1 EGL device (0)"
        default: "there are \(count) EGL devices (0…\(count - 1))"
        }
    }
}
