/// The EGL platforms LayerFX tries, in this order.
public enum EGLPlatform: String, CaseIterable, Sendable {
    /// `EGL_PLATFORM_GBM_KHR` on a DRM render node (`/dev/dri/renderD*`).
    case gbm
    /// `EGL_EXT_platform_device` (e.g. NVIDIA's driver without a display server).
    case device
    /// `EGL_PLATFORM_SURFACELESS_MESA` (Mesa; llvmpipe on machines without a GPU).
    case surfaceless
}
