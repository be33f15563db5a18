extension PathElement {
    /// `elements` as absolute SVG path data (`M x y`, `L x y`, `Q …`, `C …`,
    /// `Z`), numbers in their shortest exact form (`2`, not `2.0`), so that
    /// parsing the text gives back the same elements.
    public static func svgPathData(_ elements: [PathElement]) -> String {
        elements.map(\.svgCommand).joined(separator: " ")
    }

    /// This element as one SVG path command.
    public var svgCommand: String {
        func text(_ values: Double...) -> String {
            values.map { v in v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : v.description }
                .joined(separator: " ")
        }
        return switch self {
        case .move(let p): "M " + text(p.x, p.y)
        case .line(let p): "L " + text(p.x, p.y)
        case .quad(let c, let e): "Q " + text(c.x, c.y, e.x, e.y)
        case .cubic(let c1, let c2, let e): "C " + text(c1.x, c1.y, c2.x, c2.y, e.x, e.y)
        case .close: "Z"
        }
    }
}
