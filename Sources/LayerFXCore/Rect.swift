/// An origin and a size, like `CGRect`.
public struct Rect: Hashable, Sendable {
    /// The top-left corner (the minimum x and y).
    public var origin: Point
    /// Width and height.
    public var size: Size
    /// A rectangle at `origin` of `size`.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// A rectangle at (`x`, `y`) of `width` × `height`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    /// The empty rectangle at (0, 0).
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The x coordinate of the centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y coordinate of the centre.
    public var midY: Double { origin.y + size.height / 2 }
}
