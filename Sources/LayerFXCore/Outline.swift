/// A filled outline: contours of lines and quadratic and cubic Bézier curves,
/// filled by the non-zero rule (a glyph's shape as its font draws it, for
/// example, which SVG output writes as a path).
public struct Outline: Sendable, Equatable {
    /// One step of a contour.
    public enum Element: Sendable, Equatable {
        /// Starts a contour at a point.
        case move(SIMD2<Float>)
        /// A straight line to a point.
        case line(SIMD2<Float>)
        /// A quadratic curve (control, end).
        case quadratic(SIMD2<Float>, SIMD2<Float>)
        /// A cubic curve (control 1, control 2, end).
        case cubic(SIMD2<Float>, SIMD2<Float>, SIMD2<Float>)
        /// Closes the contour.
        case close
    }

    /// The contours' steps in order.
    public var elements: [Element]

    /// An outline of `elements`.
    public init(elements: [Element]) { self.elements = elements }
}
