/// A glyph's outline for ``SVGDocument``: contours of lines and quadratic
/// and cubic Bézier curves in glyph-atlas texel coordinates (x right, y
/// down), filled by the non-zero rule.
public struct SVGOutline: Sendable, Equatable {
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

    /// SVG path data, hundredths of a texel.
    var pathData: String {
        func p(_ v: SIMD2<Float>) -> String {
            "\(SVGNumber.text(Double(v.x), decimals: 2)) \(SVGNumber.text(Double(v.y), decimals: 2))"
        }
        var text = ""
        for element in elements {
            switch element {
            case .move(let a): text += "M" + p(a)
            case .line(let a): text += "L" + p(a)
            case .quadratic(let c, let a): text += "Q" + p(c) + " " + p(a)
            case .cubic(let c1, let c2, let a): text += "C" + p(c1) + " " + p(c2) + " " + p(a)
            case .close: text += "Z"
            }
        }
        return text
    }
}
