/// A width and height, like `CGSize`.
public struct Size: Hashable, Sendable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double
    /// A size of `width` × `height`.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// 0 × 0.
    public static let zero = Size(width: 0, height: 0)
}
