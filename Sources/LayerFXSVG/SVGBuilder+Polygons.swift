import LayerFXCore
import LayerFXPrimitives

/// Consecutive ``ShapeKind/path`` bands that belong to one polygon, or to
/// polygons that share every paint and clip value and never share a pixel:
/// bands in reading order (rows down, then columns right), so the run can be
/// written as one `path`.
enum PolygonRun {
    /// The index after the last band of the run starting at `range`'s
    /// start (and ending inside it).
    static func end(of primitives: [PrimitiveInstance], in range: Range<Int>) -> Int {
        let first = primitives[range.lowerBound]
        var previous = first
        var i = range.lowerBound + 1
        while i < range.upperBound {
            let band = primitives[i]
            guard band.kind == .path, sharesPaint(band, first), follows(band, previous) else { break }
            previous = band
            i += 1
        }
        return i
    }

    /// Same colour, opacity, winding rule and clips.
    private static func sharesPaint(_ a: PrimitiveInstance, _ b: PrimitiveInstance) -> Bool {
        a.fillColor == b.fillColor && a.shapeExtra.z == b.shapeExtra.z && a.shapeExtra.w == b.shapeExtra.w
            && a.clip0Linear == b.clip0Linear && a.clip0Offset == b.clip0Offset && a.clip1Linear == b.clip1Linear
            && a.clip1Offset == b.clip1Offset && a.clipRadii == b.clipRadii
    }

    /// Whether `band` starts a later row, or lies right of `previous` in the same rows.
    private static func follows(_ band: PrimitiveInstance, _ previous: PrimitiveInstance) -> Bool {
        band.shape.y >= previous.shape.w || (band.shape.y == previous.shape.y && band.shape.w == previous.shape.w
                                             && band.shape.x >= previous.shape.z)
    }
}

extension SVGBuilder {
    /// A run of polygon bands as one `path` filled by their winding rule.
    ///
    /// A band fills the pixels of its rectangle where its winding offset
    /// plus the crossings of its edges to the right (a ray towards +x) is
    /// inside. Each edge, cut to the band's rows and its x kept inside the
    /// rectangle, is closed into the region between it and the rectangle's
    /// left side (winding ±1 exactly where the edge lies to the right), and
    /// the offset adds copies of the rectangle; every such subpath stays
    /// inside its band, so the bands of one path never interfere, and the
    /// sides where bands meet cancel.
    mutating func drawPolygon(_ bands: ArraySlice<PrimitiveInstance>) {
        guard let first = bands.first, first.opacity > 0, first.fillColor.w > 0 else { return }
        let rule = WindingRule(rawValue: Int(saturating: first.shapeExtra.w)) ?? .nonZero
        var data = PathData()
        for band in bands {
            let rect = SIMD4(Double(band.shape.x), Double(band.shape.y), Double(band.shape.z), Double(band.shape.w))
            guard rect.x < rect.z, rect.y < rect.w else { continue }
            let firstEdge = min(max(Int(saturating: band.shapeExtra.x), 0), frame.pathEdges.count)
            let count = min(max(Int(saturating: band.shapeExtra.y), 0), frame.pathEdges.count - firstEdge)
            var edgeCount = 0
            for edge in frame.pathEdges[firstEdge..<(firstEdge + count)] where data.addEdge(edge, in: rect) {
                edgeCount += 1
            }
            let offset = Int(Int32(saturating: band.translation.w))
            // Only whether the sum is inside matters: for even-odd its parity,
            // for non-zero whether it can reach 0 (past the edge count it cannot).
            let copies = rule == .evenOdd ? offset & 1 : min(abs(offset), edgeCount + 1)
            for _ in 0..<copies { data.addRectangle(rect, reversed: rule == .nonZero && offset < 0) }
        }
        guard !data.text.isEmpty else { return }
        var element = "<path d=\"\(data.text)\"\(paint("fill", first.fillColor, opacity: first.opacity))"
        if rule == .evenOdd { element += " fill-rule=\"evenodd\"" }
        element += "/>"
        if let clipped = clipped(element, by: first) { append(clipped) }
    }
}

/// Path data in device pixels.
struct PathData {
    private(set) var text = ""

    private mutating func add(_ points: [SIMD2<Double>]) {
        for (i, p) in points.enumerated() {
            text += (i == 0 ? "M" : "L") + "\(SVGNumber.text(p.x, decimals: 3)) \(SVGNumber.text(p.y, decimals: 3))"
        }
    }

    /// The region between `edge` (cut to the rows of `rect`, its x kept in
    /// `rect`) and the rectangle's left side, traversed so that a downward
    /// edge winds +1 like a downward rectangle side; false when the edge
    /// crosses none of the rows.
    mutating func addEdge(_ edge: SIMD4<Float>, in rect: SIMD4<Double>) -> Bool {
        let ax = Double(edge.x), ay = Double(edge.y), bx = Double(edge.z), by = Double(edge.w)
        guard ay != by, ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite else { return false }
        let t0 = max(min((rect.y - ay) / (by - ay), (rect.w - ay) / (by - ay)), 0)
        let t1 = min(max((rect.y - ay) / (by - ay), (rect.w - ay) / (by - ay)), 1)
        guard t0 < t1 else { return false }
        // Parameters where x meets the rectangle's sides split the edge so
        // that keeping x inside bends it along those sides.
        var ts = [t0, t1]
        if bx != ax {
            for side in [rect.x, rect.z] {
                let t = (side - ax) / (bx - ax)
                if t > t0 && t < t1 { ts.append(t) }
            }
        }
        ts.sort()
        let points = ts.map { t in
            SIMD2(min(max(ax + (bx - ax) * t, rect.x), rect.z), t == t0 || t == t1 ? cut(ay + (by - ay) * t, rect) : ay + (by - ay) * t)
        }
        guard let top = points.first, let bottom = points.last else { return false }
        add(points + [SIMD2(rect.x, bottom.y), SIMD2(rect.x, top.y)])
        text += "Z"
        return true
    }

    /// A y at the end of a cut edge: a row boundary when it is within rounding of one.
    private func cut(_ y: Double, _ rect: SIMD4<Double>) -> Double {
        abs(y - rect.y) < 1e-9 ? rect.y : abs(y - rect.w) < 1e-9 ? rect.w : y
    }

    /// `rect` traversed like a downward edge at its right side (winding +1),
    /// or the other way round (−1).
    mutating func addRectangle(_ rect: SIMD4<Double>, reversed: Bool) {
        let corners = [SIMD2(rect.z, rect.y), SIMD2(rect.z, rect.w), SIMD2(rect.x, rect.w), SIMD2(rect.x, rect.y)]
        add(reversed ? corners.reversed() : corners)
        text += "Z"
    }
}
