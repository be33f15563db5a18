import LayerFXCore

extension MotionPath {
    /// The path `path` describes, walked contour by contour (`ShapePath.contours`)
    /// in the element order of `Subpath.pathElements`: every drawing element is
    /// a segment, and so is a closing line unless it has zero length; the step
    /// from one contour to the next is a straight segment when their points
    /// differ. Nil for a path without contours.
    public init?(_ path: ShapePath) {
        var segments: [Segment] = []
        var start: Point? = nil
        var current = Point.zero
        for contour in path.contours {
            if start == nil { start = contour.start } else if contour.start != current {
                segments.append(.line(current, contour.start))
            }
            segments += contour.segments
            current = contour.end
            if contour.isClosed, current != contour.start {
                segments.append(.line(current, contour.start))
                current = contour.start
            }
        }
        guard let start else { return nil }
        self.init(start: start, segments: segments)
    }
}
