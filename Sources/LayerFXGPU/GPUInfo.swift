/// What the GPU backend runs on, for `layerfx info` and logs.
public struct GPUInfo: Sendable {
    /// The EGL platform LayerFX's own display was opened on; `nil` when the
    /// renderer draws in a host's context (``GLContextOwner/host``).
    public let platform: EGLPlatform?
    /// The index in `eglQueryDevicesEXT`'s list of the EGL device the display
    /// was opened on (the `device` platform); `nil` on other platforms.
    public let device: Int?
    /// `GL_RENDERER`, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public let renderer: String
    /// `GL_VERSION`, e.g. "OpenGL ES 3.2 Mesa 22.3.6".
    public let version: String
    /// `GL_VENDOR`.
    public let vendor: String
    /// Platforms and EGL devices tried before this one and why they failed.
    public let skippedPlatforms: [String]

    /// Whether ``renderer`` is a software rasterizer (Mesa's llvmpipe,
    /// softpipe or swrast), which runs shaders on the CPU's cores, a SIMD
    /// lane an invocation.
    public var isSoftwareRasterizer: Bool {
        ["llvmpipe", "softpipe", "swrast"].contains { renderer.contains($0) }
    }
}
