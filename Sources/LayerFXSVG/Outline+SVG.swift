import LayerFXCore

extension Outline {
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
