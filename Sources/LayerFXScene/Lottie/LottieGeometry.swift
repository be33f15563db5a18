#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LayerFXCore
import LayerFXModel

/// The outlines of Lottie's shape items at a frame, as ThorVG builds them
/// (rlottie agrees but where noted in docs/lottie.md): contours of cubic
/// segments, each starting where and turning the way the players' do, which
/// is what trimming measures along.
enum LottieGeometry {
    /// The Bézier constant of a quarter ellipse.
    static let kappa = 0.5522847498

    /// A rectangle centred at `center` of `size`, corners rounded by
    /// `roundness` (at most half the shorter side): from the top right
    /// corner (below its rounding) down, or up when `reversed`.
    static func rectangle(center: Point, size: Point, roundness: Double, reversed: Bool) -> PathContour {
        let x0 = center.x - size.x / 2, x1 = center.x + size.x / 2
        let y0 = center.y - size.y / 2, y1 = center.y + size.y / 2
        let r = max(min(roundness, abs(size.x) / 2, abs(size.y) / 2), 0)
        guard r > 0 else {
            let corners = reversed ? [Point(x: x1, y: y0), Point(x: x0, y: y0), Point(x: x0, y: y1), Point(x: x1, y: y1)]
                : [Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1), Point(x: x0, y: y0)]
            return PathContour(start: corners[0], segments: (1..<4).map { .line(corners[$0 - 1], corners[$0]) }
                               + [.line(corners[3], corners[0])], isClosed: true)
        }
        let k = r * kappa
        // Clockwise: the right side, bottom right corner, bottom, and so on.
        var segments: [CubicSegment] = []
        var current = Point(x: x1, y: y0 + r)
        func line(_ p: Point) { segments.append(.line(current, p)); current = p }
        func corner(_ c1: Point, _ c2: Point, _ p: Point) {
            segments.append(CubicSegment(start: current, control1: c1, control2: c2, end: p)); current = p
        }
        line(Point(x: x1, y: y1 - r))
        corner(Point(x: x1, y: y1 - r + k), Point(x: x1 - r + k, y: y1), Point(x: x1 - r, y: y1))
        line(Point(x: x0 + r, y: y1))
        corner(Point(x: x0 + r - k, y: y1), Point(x: x0, y: y1 - r + k), Point(x: x0, y: y1 - r))
        line(Point(x: x0, y: y0 + r))
        corner(Point(x: x0, y: y0 + r - k), Point(x: x0 + r - k, y: y0), Point(x: x0 + r, y: y0))
        line(Point(x: x1 - r, y: y0))
        corner(Point(x: x1 - r + k, y: y0), Point(x: x1, y: y0 + r - k), Point(x: x1, y: y0 + r))
        let contour = PathContour(start: Point(x: x1, y: y0 + r), segments: segments, isClosed: true)
        return reversed ? contour.reversed : contour
    }

    /// An ellipse centred at `center` of `size`: from 12 o'clock clockwise
    /// (anticlockwise when `reversed`).
    static func ellipse(center: Point, size: Point, reversed: Bool) -> PathContour {
        let rx = size.x / 2, ry = size.y / 2, kx = rx * kappa, ky = ry * kappa
        let top = Point(x: center.x, y: center.y - ry), right = Point(x: center.x + rx, y: center.y)
        let bottom = Point(x: center.x, y: center.y + ry), left = Point(x: center.x - rx, y: center.y)
        let segments = [
            CubicSegment(start: top, control1: Point(x: top.x + kx, y: top.y), control2: Point(x: right.x, y: right.y - ky), end: right),
            CubicSegment(start: right, control1: Point(x: right.x, y: right.y + ky), control2: Point(x: bottom.x + kx, y: bottom.y), end: bottom),
            CubicSegment(start: bottom, control1: Point(x: bottom.x - kx, y: bottom.y), control2: Point(x: left.x, y: left.y + ky), end: left),
            CubicSegment(start: left, control1: Point(x: left.x, y: left.y - ky), control2: Point(x: top.x - kx, y: top.y), end: top),
        ]
        let contour = PathContour(start: top, segments: segments, isClosed: true)
        return reversed ? contour.reversed : contour
    }

    /// A star or polygon as ThorVG draws it (`_updateStar`,
    /// `_updatePolygon`): its first point straight up from `center` before
    /// `rotation` (degrees, clockwise), rounded by the roundness percentages.
    static func polystar(_ star: LottiePolystar, at frame: Double, reversed: Bool) -> PathContour {
        let center = point(star.position.value(at: frame))
        let rotation = AffineTransform.rotation(star.rotation.value(at: frame) * .pi / 180)
            .concatenating(.translation(center.x, center.y))
        let direction = reversed ? -1.0 : 1.0
        var points: [(Point, c1: Point, c2: Point)] = []   // (point, control out of the previous, control into it)
        var start: Point
        let count = star.points.value(at: frame)
        guard count.isFinite, count >= 1, count <= 10_000 else { return PathContour(start: center, segments: [], isClosed: false) }
        if star.isStar {
            let inner = star.innerRadius.value(at: frame), outer = star.outerRadius.value(at: frame)
            let innerRoundness = star.innerRoundness.value(at: frame) / 100
            let outerRoundness = star.outerRoundness.value(at: frame) / 100
            let magic = 0.47829 / 0.28
            var angle = -Double.pi / 2
            let perPoint = 2 * Double.pi / count, half = perPoint / 2
            let partial = count - count.rounded(.down)
            var partialRadius = 0.0
            var x: Double, y: Double
            if partial != 0 {
                angle += half * (1 - partial) * direction
                partialRadius = inner + partial * (outer - inner)
                x = partialRadius * cos(angle); y = partialRadius * sin(angle)
                angle += perPoint * partial / 2 * direction
            } else {
                x = outer * cos(angle); y = outer * sin(angle)
                angle += half * direction
            }
            start = Point(x: x, y: y)
            let pointCount = Int(count.rounded(.up)) * 2
            var long = false
            let rounded = innerRoundness != 0 || outerRoundness != 0
            for i in 0..<pointCount {
                var radius = long ? outer : inner
                var theta = half
                if partialRadius != 0 && i == pointCount - 2 { theta = perPoint * partial / 2 }
                if partialRadius != 0 && i == pointCount - 1 { radius = partialRadius }
                let previous = Point(x: x, y: y)
                x = radius * cos(angle); y = radius * sin(angle)
                if rounded {
                    let t1 = atan2(previous.y, previous.x) - .pi / 2 * direction
                    let t2 = atan2(y, x) - .pi / 2 * direction
                    let r1 = long ? inner : outer, r2 = long ? outer : inner
                    let k1 = long ? innerRoundness : outerRoundness, k2 = long ? outerRoundness : innerRoundness
                    var cp1 = Point(x: r1 * k1 * magic * cos(t1) / count, y: r1 * k1 * magic * sin(t1) / count)
                    var cp2 = Point(x: r2 * k2 * magic * cos(t2) / count, y: r2 * k2 * magic * sin(t2) / count)
                    if partial != 0 && (i == 0 || i == pointCount - 1) { cp1 = partial * cp1; cp2 = partial * cp2 }
                    points.append((Point(x: x, y: y), previous - cp1, Point(x: x, y: y) + cp2))
                } else {
                    let p = Point(x: x, y: y)
                    points.append((p, interpolate(previous, p, 1.0 / 3), interpolate(previous, p, 2.0 / 3)))
                }
                angle += theta * direction
                long.toggle()
            }
        } else {
            let n = count.rounded(.down), radius = star.outerRadius.value(at: frame)
            let roundness = star.outerRoundness.value(at: frame) / 100
            var angle = -Double.pi / 2
            let perPoint = 2 * Double.pi / n
            var x = radius * cos(angle), y = radius * sin(angle)
            start = Point(x: x, y: y)
            angle += perPoint * direction
            for _ in 0..<Int(n) {
                let previous = Point(x: x, y: y)
                x = radius * cos(angle); y = radius * sin(angle)
                let p = Point(x: x, y: y)
                if roundness != 0 {
                    let t1 = atan2(previous.y, previous.x) - .pi / 2 * direction, t2 = atan2(y, x) - .pi / 2 * direction
                    let length = radius * roundness * 0.25
                    points.append((p, previous - length * Point.unit(t1), p + length * Point.unit(t2)))
                } else {
                    points.append((p, interpolate(previous, p, 1.0 / 3), interpolate(previous, p, 2.0 / 3)))
                }
                angle += perPoint * direction
            }
        }
        var segments: [CubicSegment] = []
        var current = start
        for (p, c1, c2) in points {
            segments.append(CubicSegment(start: current, control1: c1, control2: c2, end: p))
            current = p
        }
        return PathContour(start: start, segments: segments, isClosed: true).applying(rotation)
    }

    /// The point `t` of the way from `a` to `b`.
    static func interpolate(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    /// The first two components of `vector` as a point (missing ones 0).
    static func point(_ vector: [Double]) -> Point {
        Point(x: vector.count > 0 ? vector[0] : 0, y: vector.count > 1 ? vector[1] : 0)
    }
}

extension LottieBezier {
    /// The path as one contour.
    var contour: PathContour {
        PathContour(start: vertices.first ?? .zero, segments: segments, isClosed: closed)
    }
}

extension PathContour {
    /// The contour mapped through `transform`.
    func applying(_ transform: AffineTransform) -> PathContour {
        PathContour(start: transform.apply(start), segments: segments.map {
            CubicSegment(start: transform.apply($0.start), control1: transform.apply($0.control1),
                         control2: transform.apply($0.control2), end: transform.apply($0.end))
        }, isClosed: isClosed)
    }

    /// The segments with a closed contour's closing line as one more.
    var closedSegments: [CubicSegment] {
        guard isClosed, let last = segments.last, last.end != start else { return segments }
        return segments + [.line(last.end, start)]
    }

    /// The contour walked the other way, from the same start.
    var reversed: PathContour {
        let all = closedSegments.reversed().map {
            CubicSegment(start: $0.end, control1: $0.control2, control2: $0.control1, end: $0.start)
        }
        return PathContour(start: start, segments: all, isClosed: isClosed)
    }

    /// The drawing elements of the contour, for a shape layer's path.
    var pathElements: [PathElement] {
        var elements: [PathElement] = [.move(start)]
        for segment in segments {
            elements.append(.cubic(control1: segment.control1, control2: segment.control2, end: segment.end))
        }
        if isClosed { elements.append(.close) }
        return elements
    }
}
