/// A point in a layer's coordinate space (points, y grows downward), like `CGPoint`.
public struct Point: Hashable, Sendable {
    /// Horizontal coordinate, growing to the right.
    public var x: Double
    /// Vertical coordinate, growing downward.
    public var y: Double
    /// A point at (`x`, `y`).
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// (0, 0).
    public static let zero = Point(x: 0, y: 0)
}
