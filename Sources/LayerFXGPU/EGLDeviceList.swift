import CEGL

/// The EGL devices `eglQueryDevicesEXT` lists (`EGL_EXT_device_enumeration`),
/// in its order: the indices `--device` and `LAYERFX_EGL_DEVICE` name.
struct EGLDeviceList {
    let devices: [EGLDeviceEXT]
    private let queryString: PFNEGLQUERYDEVICESTRINGEXTPROC?
    private let getDisplay: PFNEGLGETPLATFORMDISPLAYEXTPROC?
    /// Whether displays can be made on devices (`EGL_EXT_platform_device`).
    private let platformOffered: Bool

    /// `EGL_DRM_DEVICE_FILE_EXT` (`EGL_EXT_device_drm`; the header's macro is
    /// hidden behind an include guard another header defines).
    static let drmDeviceFile: EGLint = 0x3233
    /// `EGL_DRM_RENDER_NODE_FILE_EXT` (`EGL_EXT_device_drm_render_node`).
    static let drmRenderNodeFile: EGLint = 0x3377

    /// The list, or why there is none.
    static func query() -> Result<EGLDeviceList, GPUError> {
        let clientExtensions = eglQueryString(nil, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        guard clientExtensions.contains("EGL_EXT_device_enumeration") || clientExtensions.contains("EGL_EXT_device_base"),
              let queryDevices = loadEGLProc("eglQueryDevicesEXT", as: PFNEGLQUERYDEVICESEXTPROC.self) else {
            return .failure(GPUError("eglQueryDevicesEXT is not available (no EGL_EXT_device_enumeration)"))
        }
        var count: EGLint = 0
        guard queryDevices(0, nil, &count) == EGLBoolean(EGL_TRUE) else {
            return .failure(GPUError("eglQueryDevicesEXT failed (EGL error 0x\(String(eglGetError(), radix: 16)))"))
        }
        var devices = [EGLDeviceEXT?](repeating: nil, count: Int(max(count, 0)))
        if count > 0, queryDevices(count, &devices, &count) != EGLBoolean(EGL_TRUE) {
            return .failure(GPUError("eglQueryDevicesEXT failed (EGL error 0x\(String(eglGetError(), radix: 16)))"))
        }
        return .success(EGLDeviceList(
            devices: devices.prefix(Int(max(count, 0))).compactMap { $0 },
            queryString: loadEGLProc("eglQueryDeviceStringEXT", as: PFNEGLQUERYDEVICESTRINGEXTPROC.self),
            getDisplay: loadEGLProc("eglGetPlatformDisplayEXT", as: PFNEGLGETPLATFORMDISPLAYEXTPROC.self),
            platformOffered: clientExtensions.contains("EGL_EXT_platform_device")))
    }

    /// The device's extensions (`eglQueryDeviceStringEXT(EGL_EXTENSIONS)`).
    func extensions(of index: Int) -> [String] {
        string(EGLint(EGL_EXTENSIONS), of: index).map { $0.split(separator: " ").map(String.init) } ?? []
    }

    /// A device string such as `EGL_DRM_DEVICE_FILE_EXT`, asked only when the
    /// device offers `extensionName`; `nil` when not offered or not set
    /// (Mesa's software device offers the render-node query and answers none).
    func string(_ name: EGLint, ifOffering extensionName: String, of index: Int) -> String? {
        guard extensions(of: index).contains(extensionName) else { return nil }
        return string(name, of: index)
    }

    private func string(_ name: EGLint, of index: Int) -> String? {
        guard let queryString else { return nil }
        let value = queryString(devices[index], name).map { String(cString: $0) }
        if value == nil { _ = eglGetError() }   // leave no EGL error behind a missing string
        return value
    }

    /// Opens device `index`: its display, initialised, and proven to take an
    /// OpenGL ES 3 context (see ``ContextProbe``). The display is never
    /// terminated: `eglGetPlatformDisplay` hands the same one to every caller.
    func open(_ index: Int) -> ContextProbe {
        guard platformOffered else { return ContextProbe(failure: GPUError("EGL_EXT_platform_device is not offered")) }
        guard let getDisplay else { return ContextProbe(failure: GPUError("eglGetPlatformDisplayEXT is not available")) }
        guard let display = getDisplay(EGLenum(EGL_PLATFORM_DEVICE_EXT), UnsafeMutableRawPointer(devices[index]), nil)
        else {
            return ContextProbe(failure: GPUError("eglGetPlatformDisplayEXT failed (EGL error 0x\(String(eglGetError(), radix: 16)))"))
        }
        return ContextProbe.run(on: display)
    }
}
