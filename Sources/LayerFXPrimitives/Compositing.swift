/// How a backend composites a frame's primitives.
public enum Compositing: String, Sendable, CaseIterable {
    /// Tiles where they pay, in order elsewhere (the default): a frame of
    /// circles, analytic shapes and glyphs, or a run of them between other
    /// primitives, is composited in tiles when its primitives cover
    /// the pixels of their bounding box at least ``automaticMinimumDepth``
    /// times over on average (``TileDepth``), and in order otherwise. The
    /// choice depends on the frame alone, so both backends make the same one.
    case automatic = "auto"
    /// Every primitive blended into 8-bit pixels in drawing order, as the
    /// GPU's RGBA8 framebuffer blends them.
    case ordered
    /// Frames of circles, analytic shapes (ellipses, rounded rectangles,
    /// stars) and glyphs, and runs of them between other primitives: the
    /// frame is cut into 16-pixel tiles, each primitive listed in order in
    /// the tiles it reaches, and each pixel composited once, front to back
    /// in single precision, stopping when what is in front leaves less than
    /// 0.5/255 of transmittance: within 1/255 of the exact composite
    /// (painter's order, unrounded) on every channel. On the CPU in C; on
    /// the GPU as an OpenGL ES 3.1 compute shader, where the context offers
    /// one. Other frames are drawn in order.
    case tiles

    /// The mean depth (``TileDepth``: the primitives' boxes over a pixel of
    /// the box around them) from which ``automatic`` composites in tiles.
    /// Below it a pixel gains little from stopping early and the ordered
    /// kernels, which skip and fill whole blocks, are as fast or faster: at
    /// 1920×1080 the ripple field of 10,000 circles (17 deep by their boxes,
    /// 13.5 by their discs) draws in about the same time either way on the
    /// CPU, and 10,000 stars faster in order.
    public static let automaticMinimumDepth = 24.0

    /// Whether primitives of `depth` (``TileDepth/mean``) are composited in tiles.
    public func tiles(atDepth depth: @autoclosure () -> Double) -> Bool {
        switch self {
        case .ordered: return false
        case .tiles: return true
        case .automatic: return depth() >= Self.automaticMinimumDepth
        }
    }

    /// Whether `frame` is composited in tiles as a whole, where tiles can
    /// draw it (it holds only circles, analytic shapes and glyphs).
    public func tiles(_ frame: Frame) -> Bool {
        tiles(atDepth: TileDepth(of: frame).mean)
    }
}
