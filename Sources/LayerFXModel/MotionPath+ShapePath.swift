#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension MotionPath {
    /// The elements Core Graphics builds for `path`, in its order: an
    /// ellipse starts at its rightmost point and runs clockwise on screen in
    /// four quarter curves (`CGPathAddEllipseInRect`); a rectangle starts at
    /// its top-left corner (rounded: just right of it) and runs clockwise; a
    /// star starts at its first outer vertex and runs clockwise. Closing lines
    /// of zero length add no keyframe; the step from one subpath to the next is
    /// a straight element. Nil for an empty path.
    public init?(_ path: ShapePath) {
        var segments: [Segment] = []
        var start: Point? = nil
        var current = Point.zero
        for subpath in path.subpaths {
            let (first, elements) = Self.elements(of: subpath)
            if start == nil { start = first } else if first != current { segments.append(.line(current, first)) }
            segments += elements
            current = elements.last?.end ?? first
        }
        guard let start else { return nil }
        self.init(start: start, segments: segments)
    }

    /// 4/3·(√2 − 1): the control distance of a quarter-circle Bézier.
    static let kappa = 0.5522847498307936

    private static func elements(of subpath: Subpath) -> (start: Point, segments: [Segment]) {
        switch subpath {
        case .ellipse(let rect):
            let cx = rect.midX, cy = rect.midY, rx = abs(rect.size.width) / 2, ry = abs(rect.size.height) / 2
            let k = kappa
            let right = Point(x: cx + rx, y: cy), bottom = Point(x: cx, y: cy + ry)
            let left = Point(x: cx - rx, y: cy), top = Point(x: cx, y: cy - ry)
            return (right, [
                Segment(start: right, control1: Point(x: cx + rx, y: cy + k * ry),
                        control2: Point(x: cx + k * rx, y: cy + ry), end: bottom),
                Segment(start: bottom, control1: Point(x: cx - k * rx, y: cy + ry),
                        control2: Point(x: cx - rx, y: cy + k * ry), end: left),
                Segment(start: left, control1: Point(x: cx - rx, y: cy - k * ry),
                        control2: Point(x: cx - k * rx, y: cy - ry), end: top),
                Segment(start: top, control1: Point(x: cx + k * rx, y: cy - ry),
                        control2: Point(x: cx + rx, y: cy - k * ry), end: right),
            ])
        case .roundedRect(let rect, let cornerRadius):
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
            var segments: [Segment] = []
            var current = first
            for (center, from) in corners {
                let to = Point(x: -from.y, y: from.x)
                let arcStart = Point(x: center.x + r * from.x, y: center.y + r * from.y)
                if arcStart != current { segments.append(.line(current, arcStart)) }
                current = arcStart
                if r > 0 {
                    let arcEnd = Point(x: center.x + r * to.x, y: center.y + r * to.y)
                    let k = kappa * r
                    segments.append(Segment(
                        start: arcStart,
                        control1: Point(x: arcStart.x + k * to.x, y: arcStart.y + k * to.y),
                        control2: Point(x: arcEnd.x + k * from.x, y: arcEnd.y + k * from.y),
                        end: arcEnd))
                    current = arcEnd
                }
            }
            if current != first { segments.append(.line(current, first)) }
            return (first, segments)
        case .star(let center, let points, let outerRadius, let innerRadius, let rotation):
            let vertices = (0..<(2 * max(points, 1))).map { i -> Point in
                let angle = rotation + Double(i) * .pi / Double(max(points, 1))
                let radius = i.isMultiple(of: 2) ? outerRadius : innerRadius
                return Point(x: center.x + radius * sin(angle), y: center.y - radius * cos(angle))
            }
            var segments = zip(vertices, vertices.dropFirst()).map { Segment.line($0, $1) }
            segments.append(.line(vertices[vertices.count - 1], vertices[0]))
            return (vertices[0], segments)
        }
    }
}
