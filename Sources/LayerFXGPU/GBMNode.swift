import CEGL
import LayerFXCore
#if canImport(Glibc)
import Glibc
#endif

/// A DRM render node (`/dev/dri/renderD*`) opened through GBM as an EGL
/// display (`EGL_PLATFORM_GBM_KHR`).
struct GBMNode {
    /// The node's path.
    let path: String
    /// The initialised display, which took an OpenGL ES 3 context.
    let display: EGLDisplay
    /// What the probe of the display found.
    let probe: ContextProbe
    private let fd: Int32
    private let device: OpaquePointer

    /// The render nodes, sorted by name; empty without `/dev/dri`.
    static func paths() -> [String] {
        DirectoryListing.names(in: "/dev/dri").filter { $0.hasPrefix("renderD") }.map { "/dev/dri/" + $0 }.sorted()
    }

    /// Opens `path` and probes its display; on failure closes what it opened.
    static func open(_ path: String) -> Result<GBMNode, GPUError> {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
        if fd < 0 { return .failure(GPUError("\(path): \(String(cString: strerror(errno)))")) }
        guard let device = gbm_create_device(fd) else {
            Glibc.close(fd)
            return .failure(GPUError("\(path): gbm_create_device failed"))
        }
        guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_GBM_KHR), UnsafeMutableRawPointer(device), nil) else {
            gbm_device_destroy(device); Glibc.close(fd)
            return .failure(GPUError("\(path): eglGetPlatformDisplay failed (EGL error 0x\(String(eglGetError(), radix: 16)))"))
        }
        let probe = ContextProbe.run(on: display)
        if let failure = probe.failure {
            if probe.display != nil { eglTerminate(display) }
            gbm_device_destroy(device); Glibc.close(fd)
            return .failure(GPUError("\(path): \(failure.description)"))
        }
        return .success(GBMNode(path: path, display: display, probe: probe, fd: fd, device: device))
    }

    /// The first node that opens (kept open for the life of the process), or
    /// why each failed.
    static func openFirst() -> Result<GBMNode, GPUError> {
        let nodes = paths()
        if nodes.isEmpty { return .failure(GPUError("no /dev/dri/renderD* node")) }
        var reasons: [String] = []
        for path in nodes {
            switch open(path) {
            case .success(let node): return .success(node)
            case .failure(let error): reasons.append(error.description)
            }
        }
        return .failure(GPUError(reasons.joined(separator: ", ")))
    }

    /// Ends the display (no other caller has it: each GBM device is a new
    /// native display) and closes the node; for probes that keep nothing.
    func close() {
        eglTerminate(display)
        gbm_device_destroy(device)
        Glibc.close(fd)
    }
}
