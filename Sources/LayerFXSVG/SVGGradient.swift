#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LayerFXCore
import LayerFXPrimitives

/// A primitive's gradient fill as the backends read it from the instance
/// (stop colours from their 8-bit packing), and the same colour function.
struct SVGGradient {
    let kind: PaintKind
    let start: SIMD2<Float>
    let delta: SIMD2<Float>
    let locations: [Float]
    let colors: [SIMD4<Float>]

    /// The gradient of `p`, nil for a solid fill; a gradient of more than
    /// `GradientPaint.inlineStopCapacity` stops reads them from `table`
    /// (its frame's), and is nil when they are not all there.
    init?(_ p: PrimitiveInstance, table: [GradientStop]) {
        guard p.paint0.x > 0.5 else { return nil }
        kind = PaintKind(rawValue: Int(saturating: p.paint0.x)) ?? .conic
        start = SIMD2(p.paint0.z, p.paint0.w)
        delta = SIMD2(p.paint1.x, p.paint1.y) - start
        if let range = p.gradientTableRange {
            guard range.count <= table.count, range.lowerBound <= table.count - range.count else { return nil }
            let stops = table[range]
            locations = stops.map(\.location)
            colors = stops.map { Self.unpack($0.color) }
            return
        }
        let count = min(max(Int(saturating: p.paint0.y), 1), GradientPaint.inlineStopCapacity)
        let inlineLocations: [Float] = [p.paint1.z, p.paint1.w, p.paint2.x, p.paint2.y, p.paint2.z, p.paint2.w]
        let packed: [UInt32] = [p.stops0.x, p.stops0.y, p.stops0.z, p.stops0.w, p.stops1.x, p.stops1.y]
        locations = Array(inlineLocations.prefix(count))
        colors = packed.prefix(count).map(Self.unpack)
    }

    /// An RGBA8 colour, red in the low byte, as straight-alpha floats in 0…1.
    private static func unpack(_ bits: UInt32) -> SIMD4<Float> {
        SIMD4(Float(bits & 255), Float(bits >> 8 & 255), Float(bits >> 16 & 255), Float(bits >> 24 & 255)) / 255
    }

    /// The straight-alpha colour at gradient parameter `t` (as the backends
    /// compute it: their bisection of a table's stops finds the stop this
    /// loop finds, the locations never decreasing).
    func color(at t: Float) -> SIMD4<Float> {
        if t <= locations[0] { return colors[0] }
        for i in 1..<locations.count where t <= locations[i] {
            let lo = locations[i - 1], hi = locations[i]
            let u = hi > lo ? (t - lo) / (hi - lo) : 1
            return colors[i - 1] * (1 - u) + colors[i] * u
        }
        return colors[colors.count - 1]
    }

    /// The `stop` elements of the parameter range `a`…`b` (b > a) mapped to
    /// offsets 0…1: the colours at both ends and every stop between. Between
    /// stops whose alpha differs, intermediate stops follow the backends'
    /// straight-alpha interpolation (SVG renderers often interpolate
    /// premultiplied). `color` writes a stop's colour (``SVGBuilder/colorValue(_:)``).
    func stops(from a: Float, to b: Float, color value: (SIMD4<Float>) -> String) -> String {
        var points: [(t: Float, color: SIMD4<Float>)] = [(a, color(at: a))]
        for (t, c) in zip(locations, colors) where t >= a && t <= b { points.append((t, c)) }
        points.append((b, color(at: b)))
        // A stop repeating the one before adds nothing.
        points = points.enumerated().filter { i, p in i == 0 || p.t != points[i - 1].t || p.color != points[i - 1].color }.map(\.element)
        var text = ""
        func stop(_ t: Float, _ c: SIMD4<Float>) {
            let offset = SVGNumber.fraction((t - a) / (b - a))
            text += "<stop offset=\"\(offset)\" stop-color=\"\(value(c))\""
            if c.w < 1 { text += " stop-opacity=\"\(SVGNumber.fraction(c.w))\"" }
            text += "/>"
        }
        for (i, point) in points.enumerated() {
            if i > 0, point.color.w != points[i - 1].color.w, point.t > points[i - 1].t {
                let lo = points[i - 1].t, steps = 8
                for k in 1..<steps {
                    let t = lo + (point.t - lo) * Float(k) / Float(steps)
                    stop(t, color(at: t))
                }
            }
            stop(point.t, point.color)
        }
        return text
    }

    /// The angle (radians, local units) at which a conic gradient's parameter is 0.
    var conicStartAngle: Double { atan2(Double(delta.y), Double(delta.x)) }
}

extension SVGBuilder {
    /// What fills a shape with gradient `gradient`.
    enum GradientFillValue {
        /// A uniform colour (a degenerate gradient).
        case solid(SIMD4<Float>)
        /// A gradient definition's id.
        case reference(String)
        /// A conic gradient, drawn as wedges.
        case conic
    }

    /// The fill of `gradient`: a `linearGradient` or `radialGradient` in the
    /// shape's local units (placed by `placement`, a `matrix` value, when the
    /// element using it is drawn in device pixels), a solid colour where the
    /// gradient is uniform, or `.conic`.
    mutating func fill(_ gradient: SVGGradient, placement: String? = nil) -> GradientFillValue {
        let first = gradient.locations[0], last = gradient.locations[gradient.locations.count - 1]
        switch gradient.kind {
        case .solid, .conic:
            return .conic
        case .axial:
            let d = gradient.delta
            guard d.x * d.x + d.y * d.y > 0 else { return .solid(gradient.color(at: 0)) }
            // The vector from parameter `first` to `last` (one step past when they meet).
            let a = first, b = last > first ? last : first + 1e-3
            let p0 = gradient.start + d * a, p1 = gradient.start + d * b
            var attributes = " x1=\"\(SVGNumber.coordinate(p0.x))\" y1=\"\(SVGNumber.coordinate(p0.y))\" x2=\"\(SVGNumber.coordinate(p1.x))\" y2=\"\(SVGNumber.coordinate(p1.y))\""
            if let placement { attributes += " gradientTransform=\"\(placement)\"" }
            return .reference(definitions.gradient("linearGradient", attributes: attributes,
                                                   stops: gradient.stops(from: a, to: b, color: colorValue)))
        case .radial:
            let rx = abs(gradient.delta.x), ry = abs(gradient.delta.y)
            guard rx > 0, ry > 0 else { return .solid(gradient.color(at: 1)) }
            // The parameter is 0 at the centre and grows outwards: circles of radius b map to it.
            let b = max(last, 1e-3)
            let s = gradient.start
            let transform = SVGBuilder.matrix(Double(rx * b), 0, 0, Double(ry * b), Double(s.x), Double(s.y))
            let attributes = " cx=\"0\" cy=\"0\" r=\"1\" gradientTransform=\"\(placement.map { $0 + " " } ?? "")\(transform)\""
            return .reference(definitions.gradient("radialGradient", attributes: attributes,
                                                   stops: gradient.stops(from: 0, to: b, color: colorValue)))
        }
    }

    /// Sectors about the conic gradient's centre reaching `radius` local
    /// units, `wedgeCount` of them in order, each the colour at its first
    /// wedge's middle angle. When every colour is opaque each sector runs on
    /// for half a turn (to the gradient's end at most), so that every pixel
    /// is covered by earlier sectors before the next one's antialiased edge
    /// blends over it: no background shows through between wedges. With
    /// translucent colours sectors are one wedge wide (overlapping ones would
    /// add up), so their seams let a little of the background through.
    func conicWedges(_ gradient: SVGGradient, radius: Double, opacity: Float) -> String {
        let count = Self.wedgeCount
        let step = 2 * Double.pi / Double(count)
        let opaque = gradient.colors.allSatisfy { $0.w >= 1 }
        // Arc points at most an eighth of a turn apart, far enough out that the chords clear the radius.
        let arcStep = Double.pi / 8
        let reach = radius / cos(arcStep / 2) + 1
        let cx = Double(gradient.start.x), cy = Double(gradient.start.y)
        let start = gradient.conicStartAngle, end = start + 2 * Double.pi
        func point(_ angle: Double) -> String {
            "\(SVGNumber.text(cx + reach * cos(angle), decimals: 3)),\(SVGNumber.text(cy + reach * sin(angle), decimals: 3))"
        }
        var text = ""
        for k in 0..<count {
            let a0 = start + Double(k) * step
            let a1 = opaque ? min(a0 + Double.pi, end) : a0 + step
            var points = ["\(SVGNumber.text(cx, decimals: 3)),\(SVGNumber.text(cy, decimals: 3))", point(a0)]
            var angle = a0 + arcStep
            while angle < a1 { points.append(point(angle)); angle += arcStep }
            points.append(point(a1))
            let color = gradient.color(at: (Float(k) + 0.5) / Float(count))
            text += "<polygon points=\"\(points.joined(separator: " "))\"\(paint("fill", color, opacity: opacity))/>"
        }
        return text
    }

    /// Wedges a conic gradient is approximated with: 1.4° each.
    static let wedgeCount = 256
}
