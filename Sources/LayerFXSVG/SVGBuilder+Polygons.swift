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
            guard band.kind == .path, sharesPaint(band, first), band.follows(previous) else { break }
            previous = band
            i += 1
        }
        return i
    }

    /// Same colour or gradient (and its placement), opacity, winding rule and clips.
    private static func sharesPaint(_ a: PrimitiveInstance, _ b: PrimitiveInstance) -> Bool {
        a.fillColor == b.fillColor && a.shapeExtra.z == b.shapeExtra.z && a.shapeExtra.w == b.shapeExtra.w
            && a.clip0Linear == b.clip0Linear && a.clip0Offset == b.clip0Offset && a.clip1Linear == b.clip1Linear
            && a.clip1Offset == b.clip1Offset && a.clipRadii == b.clipRadii
            && a.transform == b.transform && a.translation.x == b.translation.x && a.translation.y == b.translation.y
            && a.paint0 == b.paint0 && a.paint1 == b.paint1 && a.paint2 == b.paint2
            && a.stops0 == b.stops0 && a.stops1 == b.stops1
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
    ///
    /// Bands with a gradient paint are filled with it under their transform.
    mutating func drawPolygon(_ bands: ArraySlice<PrimitiveInstance>) {
        guard let first = bands.first, first.opacity > 0 else { return }
        let gradient = SVGGradient(first, table: frame.gradientStops)
        guard gradient != nil || first.fillColor.w > 0 else { return }
        let rule = WindingRule(rawValue: Int(saturating: first.shapeExtra.w)) ?? .nonZero
        var data = PathData()
        var union = SIMD4<Float>(.infinity, .infinity, -.infinity, -.infinity)
        for band in bands {
            union = SIMD4(min(union.x, band.shape.x), min(union.y, band.shape.y),
                          max(union.z, band.shape.z), max(union.w, band.shape.w))
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
        let path = "<path d=\"\(data.text)\"" + (rule == .evenOdd ? " fill-rule=\"evenodd\"" : "")
        guard let gradient else {
            if let clipped = clipped(path + paint("fill", first.fillColor, opacity: first.opacity) + "/>", by: first) {
                append(clipped)
            }
            return
        }
        let m = first.transform, t = first.translation
        let placement = Self.matrix(Double(m.x), Double(m.y), Double(m.z), Double(m.w), Double(t.x), Double(t.y))
        switch fill(gradient, placement: placement) {
        case .solid(let color):
            if let clipped = clipped(path + paint("fill", color, opacity: first.opacity) + "/>", by: first) { append(clipped) }
        case .reference(let id):
            var element = path + " fill=\"url(#\(id))\""
            if first.opacity < 1 { element += " fill-opacity=\"\(SVGNumber.fraction(first.opacity))\"" }
            if let clipped = clipped(element + "/>", by: first) { append(clipped) }
        case .conic:
            // Wedges under the placement, masked by the path (as a conic shape's).
            guard !Self.hasEmptyClip(first), let bounds = pixelRect(union) else { return }
            let shape = clipped(path + " fill=\"#fff\"/>", by: first) ?? ""
            let region = SIMD4(Double(bounds.x), Double(bounds.y), Double(bounds.z), Double(bounds.w))
            let wedges = conicWedges(gradient, radius: Self.localReach(of: union, placedBy: first, from: gradient.start),
                                     opacity: first.opacity)
            append("<g mask=\"url(#\(definitions.mask(shape, region: region)))\"><g\(Self.transformAttribute(placement))>\(wedges)</g></g>\n")
        }
    }

    /// The farthest a corner of device rectangle `rect` lies from local
    /// point `point` of `p`'s local space (0 when the transform has no inverse).
    private static func localReach(of rect: SIMD4<Float>, placedBy p: PrimitiveInstance, from point: SIMD2<Float>) -> Double {
        let a = Double(p.transform.x), b = Double(p.transform.y), c = Double(p.transform.z), d = Double(p.transform.w)
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return 0 }
        var reach = 0.0
        for (x, y) in [(rect.x, rect.y), (rect.z, rect.y), (rect.x, rect.w), (rect.z, rect.w)] {
            let dx = Double(x) - Double(p.translation.x), dy = Double(y) - Double(p.translation.y)
            let lx = (d * dx - c * dy) / det - Double(point.x), ly = (-b * dx + a * dy) / det - Double(point.y)
            reach = max(reach, (lx * lx + ly * ly).squareRoot())
        }
        return reach.isFinite ? reach : 0
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
