import LayerFXCore

/// One contour of a path as it is walked: where it starts, its drawing
/// elements as cubic segments, and whether it is closed.
public struct PathContour: Hashable, Sendable {
    /// Where the contour starts (its `move`).
    public var start: Point
    /// The drawing elements in order, each starting where the previous one
    /// ends (the first at `start`). A closed contour's closing line is not
    /// among them.
    public var segments: [CubicSegment]
    /// Whether a `close` ends the contour: a line from its last point back to
    /// `start` completes it.
    public var isClosed: Bool

    /// A contour from `start` through `segments`, closed back to `start` when `isClosed`.
    public init(start: Point, segments: [CubicSegment], isClosed: Bool) {
        self.start = start; self.segments = segments; self.isClosed = isClosed
    }

    /// Where the drawing elements end (before any closing line).
    public var end: Point { segments.last?.end ?? start }
}

extension ShapePath {
    /// The contours of all subpaths, in order.
    ///
    /// A `move` starts a contour (a move followed by another move or by
    /// nothing is a contour without segments). A drawing element when no
    /// contour is open starts one at the current point: the start of the
    /// contour closed last (as in SVG), or (0, 0) at the beginning of a
    /// subpath. A `close` closes the open contour; with none open it does
    /// nothing.
    public var contours: [PathContour] {
        var result: [PathContour] = []
        for subpath in subpaths {
            var start = Point.zero, current = Point.zero
            var segments: [CubicSegment] = []
            var isOpen = false
            func finish(closed: Bool) {
                if isOpen { result.append(PathContour(start: start, segments: segments, isClosed: closed)) }
                segments = []
                isOpen = false
            }
            for element in subpath.pathElements {
                let segment: CubicSegment
                switch element {
                case .move(let point):
                    finish(closed: false)
                    start = point; current = point; isOpen = true
                    continue
                case .close:
                    guard isOpen else { continue }
                    finish(closed: true)
                    current = start
                    continue
                case .line(let end):
                    segment = .line(current, end)
                case .quad(let control, let end):
                    segment = .quad(current, control: control, end)
                case .cubic(let control1, let control2, let end):
                    segment = CubicSegment(start: current, control1: control1, control2: control2, end: end)
                }
                if !isOpen { start = current; isOpen = true }
                segments.append(segment)
                current = segment.end
            }
            finish(closed: false)
        }
        return result
    }
}
