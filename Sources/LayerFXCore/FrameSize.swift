/// The frame-size rule, in one place for the scene decoder, evaluation, the
/// command line and the C API: a side of `points` points at `scale` pixels
/// per point is `points × scale` pixels rounded up, at most ``maximumSide``.
public enum FrameSize {
    /// The largest frame side in pixels.
    public static let maximumSide = 16384

    /// The pixels a side of `points` points at `scale` pixels per point
    /// covers: `points × scale` rounded up, ignoring up to 1e-9 px of
    /// rounding from decimal inputs (0.1 pt × 30 is 3 px, not 4). Any size,
    /// for checking against ``maximumSide`` and for naming in messages
    /// (`1e+301`).
    public static func extent(_ points: Double, scale: Double) -> Double {
        (points * scale - 1e-9).rounded(.up)
    }

    /// ``extent(_:scale:)`` as the side of a frame: at least 1 px.
    public static func pixels(_ points: Double, scale: Double) -> Int {
        max(Int(saturating: extent(points, scale: scale)), 1)
    }

    /// Whether a side is too small for a scene to declare: `points × scale`
    /// is under half a pixel.
    public static func isEmpty(_ points: Double, scale: Double) -> Bool {
        (points * scale).rounded() < 1
    }
}
