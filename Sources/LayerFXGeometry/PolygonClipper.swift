import LayerFXCore

/// Clips closed polygons to a rectangle (Sutherland–Hodgman, one side at a
/// time), so that coordinates far outside the frame (a layer at 1e30 points,
/// a stroke a billion pixels wide) reach the rasterizers as small numbers.
///
/// Clipping a closed contour to a half-plane keeps the winding number of
/// every point inside it: what is cut off is replaced by a path along the
/// boundary line, and the loop formed by the two lies in the other half-plane,
/// which cannot wind around a point inside. Four half-planes give the same
/// for the rectangle, so filling the clipped contours by either rule draws
/// the same pixels inside it as filling the originals.
public enum PolygonClipper {
    /// `contour` (implicitly closed) clipped to `rect`; empty when nothing of
    /// it lies inside. Non-finite points are dropped first.
    public static func clip(_ contour: [Point], to rect: Rect) -> [Point] {
        var points = contour.filter { $0.x.isFinite && $0.y.isFinite }
        let x0 = rect.origin.x, y0 = rect.origin.y
        let x1 = x0 + rect.size.width, y1 = y0 + rect.size.height
        points = clip(points, inside: { $0.x >= x0 }, crossing: { a, b in a.x == b.x ? 0 : (x0 - a.x) / (b.x - a.x) })
        points = clip(points, inside: { $0.x <= x1 }, crossing: { a, b in a.x == b.x ? 0 : (x1 - a.x) / (b.x - a.x) })
        points = clip(points, inside: { $0.y >= y0 }, crossing: { a, b in a.y == b.y ? 0 : (y0 - a.y) / (b.y - a.y) })
        points = clip(points, inside: { $0.y <= y1 }, crossing: { a, b in a.y == b.y ? 0 : (y1 - a.y) / (b.y - a.y) })
        return points
    }

    /// Whether every point of `contour` lies inside `rect`.
    public static func contains(_ contour: [Point], in rect: Rect) -> Bool {
        let x1 = rect.origin.x + rect.size.width, y1 = rect.origin.y + rect.size.height
        return contour.allSatisfy { $0.x >= rect.origin.x && $0.x <= x1 && $0.y >= rect.origin.y && $0.y <= y1 }
    }

    /// One half-plane: keeps the points `inside` it and puts a point where
    /// each edge crosses its boundary (`crossing` gives the edge parameter).
    private static func clip(_ points: [Point], inside: (Point) -> Bool,
                             crossing: (Point, Point) -> Double) -> [Point] {
        guard let last = points.last else { return [] }
        var result: [Point] = []
        result.reserveCapacity(points.count + 4)
        var previous = last
        var previousInside = inside(previous)
        for point in points {
            let pointInside = inside(point)
            if pointInside != previousInside {
                let t = min(max(crossing(previous, point), 0), 1)
                result.append(Point(x: previous.x + (point.x - previous.x) * t,
                                    y: previous.y + (point.y - previous.y) * t))
            }
            if pointInside { result.append(point) }
            previous = point
            previousInside = pointInside
        }
        return result
    }
}
