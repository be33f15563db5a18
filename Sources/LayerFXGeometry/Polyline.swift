import LayerFXCore

/// A flattened contour: the points of a path's contour in order, curves
/// replaced by chords.
public struct Polyline: Hashable, Sendable {
    /// The points; no two consecutive ones are equal, and a closed polyline
    /// does not repeat its first point at the end.
    public var points: [Point]
    /// Whether a segment from the last point back to the first closes it.
    public var isClosed: Bool

    public init(points: [Point], isClosed: Bool) {
        self.points = points; self.isClosed = isClosed
    }
}
