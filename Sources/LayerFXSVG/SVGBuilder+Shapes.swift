#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LayerFXCore
import LayerFXPrimitives

extension SVGBuilder {
    /// An ellipse, rounded rectangle or star: its element under the
    /// primitive's transform, filled (solid or gradient) and stroked (round
    /// joins, as the backends' distance-based strokes are, or a mitred star's
    /// miters), times its opacity,
    /// inside its clips.
    mutating func drawShape(_ p: PrimitiveInstance) {
        guard p.opacity > 0, let geometry = Self.geometry(of: p) else { return }
        let gradient = SVGGradient(p, table: frame.gradientStops)
        let hasFill = gradient != nil || p.fillColor.w > 0
        let hasStroke = p.strokeColor.w > 0 && p.strokeWidth > 0
        guard hasFill || hasStroke else { return }
        let transform = Self.transform(of: p)
        let fillValue = gradient.map { fill($0) } ?? .solid(p.fillColor)
        let isConic: Bool
        if case .conic = fillValue { isConic = true } else { isConic = false }
        // Fill and stroke blend as one colour before the opacity (a group
        // opacity); with only one of them the opacity is the paint's.
        let groupOpacity = (hasFill && hasStroke || isConic) && p.opacity < 1
        let paintOpacity: Float = groupOpacity ? 1 : p.opacity
        // Clips hold the shape's own element; a conic fill has them in its mask.
        guard !Self.hasEmptyClip(p), let bounds = pixelRect(p.deviceBounds) else { return }
        var drawn = ""
        if isConic, let gradient {
            // A mask rather than a clip: renderers apply a clip to each wedge
            // in turn, and the wedges' antialiased rims would add up.
            let shape = clipped("<\(geometry)\(transform) fill=\"#fff\"/>", by: p) ?? ""
            let region = SIMD4(Double(bounds.x), Double(bounds.y), Double(bounds.z), Double(bounds.w))
            let wedges = conicWedges(gradient, radius: Self.reach(of: p, from: gradient.start), opacity: 1)
            drawn += "<g mask=\"url(#\(definitions.mask(shape, region: region)))\"><g\(transform)>\(wedges)</g></g>\n"
        }
        var element = "<\(geometry)\(transform)"
        var paints = hasStroke
        switch fillValue {
        case .solid(let color) where color.w > 0:
            element += paint("fill", color, opacity: paintOpacity)
            paints = true
        case .reference(let id):
            element += " fill=\"url(#\(id))\""
            if paintOpacity < 1 { element += " fill-opacity=\"\(SVGNumber.fraction(paintOpacity))\"" }
            paints = true
        default: element += " fill=\"none\""
        }
        if hasStroke {
            element += paint("stroke", p.strokeColor, opacity: paintOpacity)
            element += " stroke-width=\"\(SVGNumber.text(Double(p.strokeWidth), decimals: 4))\""
            if p.kind == .star, p.shapeExtra.w > 0 {
                // A mitred star: every join within its miter. The limit is the longest with 1% to spare,
                // so that vertices rounded to 1/1000 unit still meet in miters.
                let limit = (Double(p.shapeExtra.w) * 101).rounded(.up) / 100
                element += " stroke-linejoin=\"miter\" stroke-miterlimit=\"\(SVGNumber.text(limit, decimals: 2))\""
            } else {
                element += " stroke-linejoin=\"round\""
            }
        }
        if paints { drawn += clipped(element + "/>", by: p) ?? "" }
        if groupOpacity { drawn = "<g opacity=\"\(SVGNumber.fraction(p.opacity))\">\n\(drawn)</g>\n" }
        append(drawn)
    }

    /// A plain device circle: a `circle` element in device pixels, its ring
    /// a stroke of width 2h centred on the radius, drawn over the fill (as
    /// the backends blend them), both under the circle's opacity.
    ///
    /// The circle carries its opacity folded into its premultiplied colours;
    /// with a ring it is the ring colour's alpha over the ring alpha, which is
    /// the colour's own.
    mutating func drawCircle(_ c: DeviceCircle) {
        guard c.fill.w > 0 || c.stroke.w > 0 else { return }
        func straight(_ color: SIMD4<Float>) -> SIMD4<Float> {
            color.w > 0 ? SIMD4(color.x / color.w, color.y / color.w, color.z / color.w, color.w) : .zero
        }
        let hasRing = c.stroke.w > 0 && c.ring.z > 0
        let opacity = hasRing ? min(c.stroke.w / c.ring.z, 1) : 1
        func n(_ v: Float) -> String { SVGNumber.coordinate(v) }
        var element = "<circle cx=\"\(n(c.geometry.x))\" cy=\"\(n(c.geometry.y))\" r=\"\(n(c.geometry.z))\""
        if c.fill.w > 0 {
            var fill = straight(c.fill)
            fill.w /= opacity
            element += paint("fill", fill, opacity: 1)
        } else {
            element += " fill=\"none\""
        }
        if hasRing {
            var ring = straight(c.stroke)
            ring.w = c.ring.z
            element += paint("stroke", ring, opacity: 1)
            element += " stroke-width=\"\(SVGNumber.text(Double(c.ring.y), decimals: 4))\""
        }
        element += "/>\n"
        append(opacity < 1 ? "<g opacity=\"\(SVGNumber.fraction(opacity))\">\n\(element)</g>\n" : element)
    }

    /// The element name and geometry attributes of a shape in local units;
    /// nil for a shape with no area.
    static func geometry(of p: PrimitiveInstance) -> String? {
        let s = p.shape
        func n(_ v: Float) -> String { SVGNumber.coordinate(v) }
        switch p.kind {
        case .ellipse:
            guard s.z > 0, s.w > 0 else { return nil }
            return "ellipse cx=\"\(n(s.x))\" cy=\"\(n(s.y))\" rx=\"\(n(s.z))\" ry=\"\(n(s.w))\""
        case .roundedRect:
            guard s.z > 0, s.w > 0 else { return nil }
            let r = min(max(p.shapeExtra.x, 0), min(s.z, s.w))
            var text = "rect x=\"\(n(s.x - s.z))\" y=\"\(n(s.y - s.w))\" width=\"\(n(2 * s.z))\" height=\"\(n(2 * s.w))\""
            if r > 0 { text += " rx=\"\(n(r))\"" }
            return text
        case .star:
            let points = Int(saturating: p.shapeExtra.x.rounded())
            guard s.z > 0, (2...maximumStarPoints).contains(points) else { return nil }
            return "polygon points=\"\(starPoints(center: SIMD2(Double(s.x), Double(s.y)), outer: Double(s.z), inner: Double(max(s.w, 0)), points: points, rotation: Double(p.shapeExtra.y)))\""
        default:
            return nil
        }
    }

    /// Most points a star is written with (more draw as a disc anyway).
    static let maximumStarPoints = 10_000

    /// The vertices of a star: the first outer point straight up (−y) from
    /// the centre, turned by `rotation`, inner points half-way between.
    private static func starPoints(center: SIMD2<Double>, outer: Double, inner: Double, points: Int, rotation: Double) -> String {
        let sector = 2 * Double.pi / Double(points)
        let cr = cos(rotation), sr = sin(rotation)
        var text: [String] = []
        for k in 0..<(2 * points) {
            let angle = Double(k) * sector / 2
            let r = k % 2 == 0 ? outer : inner
            let vx = r * sin(angle), vy = -r * cos(angle)
            let x = center.x + vx * cr - vy * sr, y = center.y + vx * sr + vy * cr
            text.append("\(SVGNumber.text(x, decimals: 3)),\(SVGNumber.text(y, decimals: 3))")
        }
        return text.joined(separator: " ")
    }

    /// How far from `point` (local units) the shape reaches, stroke included.
    static func reach(of p: PrimitiveInstance, from point: SIMD2<Float>) -> Double {
        let s = p.shape
        let extent = (p.kind == .star ? SIMD2(s.z, s.z) : SIMD2(s.z, s.w)) + SIMD2(repeating: 0.5 * max(p.strokeWidth, 0) * p.strokeReach)
        let dx = Double(abs(point.x - s.x) + extent.x), dy = Double(abs(point.y - s.y) + extent.y)
        return (dx * dx + dy * dy).squareRoot()
    }
}
