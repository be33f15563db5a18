#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LayerFXCore

extension Subpath {
    /// The elements Core Graphics builds for this subpath, in its order: the
    /// one description of every kind's outline that motion paths, flattening
    /// and stroking share.
    ///
    /// An ellipse starts at its rightmost point and runs clockwise on screen
    /// in four quarter curves (`CGPathAddEllipseInRect`); a rectangle starts
    /// at its top-left corner (rounded: just right of it) and runs clockwise,
    /// with a quarter curve per rounded corner and no edges of zero length; a
    /// star starts at its first outer vertex and runs clockwise. All three are
    /// closed. `.elements` are returned as they are.
    public var pathElements: [PathElement] {
        switch self {
        case .ellipse(let rect): Self.ellipseElements(rect)
        case .roundedRect(let rect, let cornerRadius): Self.roundedRectElements(rect, cornerRadius: cornerRadius)
        case .star(let center, let points, let outerRadius, let innerRadius, let rotation):
            Self.starElements(center: center, points: points, outerRadius: outerRadius, innerRadius: innerRadius,
                              rotation: rotation)
        case .elements(let elements): elements
        }
    }

    /// 4/3·(√2 − 1): the control distance of a quarter-circle Bézier.
    static let kappa = 0.5522847498307936

    private static func ellipseElements(_ rect: Rect) -> [PathElement] {
        let cx = rect.midX, cy = rect.midY, rx = abs(rect.size.width) / 2, ry = abs(rect.size.height) / 2
        let k = kappa
        let right = Point(x: cx + rx, y: cy), bottom = Point(x: cx, y: cy + ry)
        let left = Point(x: cx - rx, y: cy), top = Point(x: cx, y: cy - ry)
        return [
            .move(right),
            .cubic(control1: Point(x: cx + rx, y: cy + k * ry), control2: Point(x: cx + k * rx, y: cy + ry), end: bottom),
            .cubic(control1: Point(x: cx - k * rx, y: cy + ry), control2: Point(x: cx - rx, y: cy + k * ry), end: left),
            .cubic(control1: Point(x: cx - rx, y: cy - k * ry), control2: Point(x: cx - k * rx, y: cy - ry), end: top),
            .cubic(control1: Point(x: cx + k * rx, y: cy - ry), control2: Point(x: cx + rx, y: cy - k * ry), end: right),
            .close,
        ]
    }

    private static func roundedRectElements(_ rect: Rect, cornerRadius: Double) -> [PathElement] {
        let minX = min(rect.origin.x, rect.origin.x + rect.size.width)
        let minY = min(rect.origin.y, rect.origin.y + rect.size.height)
        let maxX = minX + abs(rect.size.width), maxY = minY + abs(rect.size.height)
        let r = max(0, min(cornerRadius, (maxX - minX) / 2, (maxY - minY) / 2))
        // Corner centres clockwise from top-right, each with the unit
        // direction from the centre to its quarter arc's start; the arc
        // turns that direction a quarter clockwise (exact, no trigonometry,
        // so edges of zero length are recognised).
        let corners = [
            (Point(x: maxX - r, y: minY + r), Point(x: 0, y: -1)),
            (Point(x: maxX - r, y: maxY - r), Point(x: 1, y: 0)),
            (Point(x: minX + r, y: maxY - r), Point(x: 0, y: 1)),
            (Point(x: minX + r, y: minY + r), Point(x: -1, y: 0)),
        ]
        let first = Point(x: minX + r, y: minY)
        var elements: [PathElement] = [.move(first)]
        var current = first
        for (center, from) in corners {
            let to = Point(x: -from.y, y: from.x)
            let arcStart = Point(x: center.x + r * from.x, y: center.y + r * from.y)
            if arcStart != current { elements.append(.line(arcStart)) }
            current = arcStart
            if r > 0 {
                let arcEnd = Point(x: center.x + r * to.x, y: center.y + r * to.y)
                let k = kappa * r
                elements.append(.cubic(control1: Point(x: arcStart.x + k * to.x, y: arcStart.y + k * to.y),
                                       control2: Point(x: arcEnd.x + k * from.x, y: arcEnd.y + k * from.y),
                                       end: arcEnd))
                current = arcEnd
            }
        }
        // The last edge back to the start is the close itself, as in CGPathAddRect.
        if elements.last == .line(first) { elements.removeLast() }
        elements.append(.close)
        return elements
    }

    private static func starElements(center: Point, points: Int, outerRadius: Double, innerRadius: Double,
                                     rotation: Double) -> [PathElement] {
        let vertices = (0..<(2 * max(points, 1))).map { i -> Point in
            let angle = rotation + Double(i) * .pi / Double(max(points, 1))
            let radius = i.isMultiple(of: 2) ? outerRadius : innerRadius
            return Point(x: center.x + radius * sin(angle), y: center.y - radius * cos(angle))
        }
        return [.move(vertices[0])] + vertices.dropFirst().map(PathElement.line) + [.close]
    }
}
