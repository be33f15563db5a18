/// One EGL device as `eglQueryDevicesEXT` lists it, and what happened when
/// LayerFX tried to open it.
public struct EGLDeviceInfo: Sendable {
    /// The index `--device` and `LAYERFX_EGL_DEVICE` name (0-based).
    public let index: Int
    /// `EGL_DRM_DEVICE_FILE_EXT`, e.g. `/dev/dri/card0`; `nil` when not offered.
    public let drmDeviceFile: String?
    /// `EGL_DRM_RENDER_NODE_FILE_EXT`, e.g. `/dev/dri/renderD128`; `nil` when not offered.
    public let drmRenderNode: String?
    /// The device's extensions, e.g. `EGL_MESA_device_software`.
    public let extensions: [String]
    /// `EGL_VENDOR` of the device's display, once initialised.
    public let eglVendor: String?
    /// `GL_RENDERER` of an OpenGL ES 3 context made on it.
    public let glRenderer: String?
    /// Why the device cannot be used; `nil` when it opened and took a context.
    public let failure: String?
    /// Whether the device opened and took an OpenGL ES 3 context.
    public var opened: Bool { failure == nil }
}

/// Every EGL device and DRM render node, each tried in turn: what
/// `layerfx info --devices` prints.
public struct GPUDeviceReport: Sendable {
    /// The devices of `eglQueryDevicesEXT`'s list, in its order.
    public let devices: [EGLDeviceInfo]
    /// Why there is no device list (no `EGL_EXT_device_enumeration`); `nil` when listed.
    public let deviceListFailure: String?
    /// One line per render node, "PATH: opened (GL_RENDERER)" or "PATH: why
    /// not", or the one reason GBM was skipped ("no /dev/dri/renderD* node").
    public let gbm: [String]

    /// Tries every device and render node now. Displays stay initialised
    /// (renderers may share them); render nodes are closed again.
    public static func gather() -> GPUDeviceReport {
        var devices: [EGLDeviceInfo] = []
        var listFailure: String?
        switch EGLDeviceList.query() {
        case .success(let list):
            for index in list.devices.indices {
                let probe = list.open(index)
                devices.append(EGLDeviceInfo(
                    index: index,
                    drmDeviceFile: list.string(EGLDeviceList.drmDeviceFile, ifOffering: "EGL_EXT_device_drm", of: index),
                    drmRenderNode: list.string(EGLDeviceList.drmRenderNodeFile, ifOffering: "EGL_EXT_device_drm_render_node",
                                               of: index),
                    extensions: list.extensions(of: index), eglVendor: probe.eglVendor, glRenderer: probe.glRenderer,
                    failure: probe.failure?.description))
            }
        case .failure(let error):
            listFailure = error.description
        }
        let paths = GBMNode.paths()
        let gbm = paths.isEmpty ? ["no /dev/dri/renderD* node"] : paths.map { path in
            switch GBMNode.open(path) {
            case .success(let node):
                defer { node.close() }
                return "\(path): opened (\(node.probe.glRenderer ?? "unknown"))"
            case .failure(let error):
                return error.description
            }
        }
        return GPUDeviceReport(devices: devices, deviceListFailure: listFailure, gbm: gbm)
    }
}
