import FoundationEssentials
import LayerFX

/// How `layerfx values` prints an animatable value: its numbers separated by
/// spaces, each in the shortest form that reads back as the same Double.
enum ValueText {
    static func text(_ value: AnimatableValue) -> String {
        switch value {
        case .scalar(let v): return numbers([v])
        case .point(let p): return numbers([p.x, p.y])
        case .size(let s): return numbers([s.width, s.height])
        case .rect(let r): return numbers([r.origin.x, r.origin.y, r.size.width, r.size.height])
        case .color(let c): return numbers([c.red, c.green, c.blue, c.alpha])
        case .noColor: return "none"
        case .transform(let t):
            let m = t.affine
            return numbers([m.a, m.b, m.c, m.d, m.tx, m.ty])
        case .numbers(let list): return list.isEmpty ? "none" : numbers(list)
        case .colors(let list):
            return list.isEmpty ? "none" : numbers(list.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] })
        case .path(let path):
            if path.subpaths.isEmpty { return "empty" }
            return path.subpaths.map(subpath).joined(separator: " ")
        }
    }

    /// A subpath as its scene-file key followed by its numbers.
    private static func subpath(_ subpath: Subpath) -> String {
        switch subpath {
        case .ellipse(let r):
            return "ellipseIn " + numbers([r.origin.x, r.origin.y, r.size.width, r.size.height])
        case .roundedRect(let r, let radius):
            return "rect " + numbers([r.origin.x, r.origin.y, r.size.width, r.size.height, radius])
        case .star(let center, let points, let outer, let inner, let rotation):
            return "star " + numbers([center.x, center.y, Double(points), outer, inner, rotation])
        case .elements(let elements):
            return "svg " + PathElement.svgPathData(elements)
        }
    }

    static func numbers(_ values: some Sequence<Double>) -> String {
        values.map(number).joined(separator: " ")
    }

    /// A time from `--times`, to 12 significant digits so that a range's
    /// accumulated rounding (0.30000000000000004) does not show.
    static func time(_ value: Double) -> String {
        number(Double(String(printf: "%.12g", value)) ?? value)
    }

    /// `1.5`, `2` (not `2.0`), `0` (never `-0`), `1e-07`.
    static func number(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }
}
