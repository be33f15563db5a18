/// How a backend composites a frame's primitives.
public enum Compositing: String, Sendable, CaseIterable {
    /// Every primitive blended into 8-bit pixels in drawing order, as the
    /// GPU's RGBA8 framebuffer blends them (the default, and what parity
    /// with the GPU is measured on).
    case ordered
    /// Frames of circles (a ripple field), and on the CPU frames of circles
    /// and analytic shapes (ellipses, rounded rectangles, stars): the frame
    /// is cut into 16-pixel tiles, each primitive listed in order in the
    /// tiles it reaches, and each pixel composited once, front to back in
    /// single precision, stopping when what is in front leaves less than
    /// 0.5/255 of transmittance: within 1/255 of the exact composite
    /// (painter's order, unrounded) on every channel. On the CPU in C; on
    /// the GPU as an OpenGL ES 3.1 compute shader, where the context offers
    /// one. Other frames are drawn in order.
    case tiles
}
