/// What the GPU backend runs on, for `layerfx info` and logs.
public struct GPUInfo: Sendable {
    /// The EGL platform LayerFX's own display was opened on; `nil` when the
    /// renderer draws in a host's context (``GLContextOwner/host``).
    public let platform: EGLPlatform?
    /// `GL_RENDERER`, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public let renderer: String
    /// `GL_VERSION`, e.g. "OpenGL ES 3.2 Mesa 22.3.6".
    public let version: String
    /// `GL_VENDOR`.
    public let vendor: String
    /// Platforms tried before this one and why they failed.
    public let skippedPlatforms: [String]
}
