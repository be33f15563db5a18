import LayerFXCore
import LayerFXModel

/// A gradient fill or stroke as a gradient layer masked by the shape it
/// paints: the layer spans a box around the shape (`bounds`), its points in
/// unit coordinates of that box; a radial gradient's circle of radius
/// |end − start| reaches its end point that far along each axis. Colour and
/// opacity stops merge as ThorVG merges them, straight colours interpolated.
struct LottieGradientConverter {
    let clock: LottieClock

    /// The gradient layer, `mask` its mask (a shape layer in the same space).
    func layer(_ gradient: LottieGradient, masking mask: Layer, bounds: Rect) -> Layer? {
        guard bounds.size.width > 0, bounds.size.height > 0 else { return nil }
        var layer = Layer(kind: .gradient)
        layer.properties.bounds = bounds
        layer.properties.anchorPoint = .zero
        layer.properties.position = bounds.origin
        layer.properties.gradientType = gradient.isRadial ? .radial : .axial
        let pointsAt: (Double) -> (Point, Point) = { frame in
            let s = LottieGeometry.point(gradient.start.value(at: frame)), e = LottieGeometry.point(gradient.end.value(at: frame))
            let start = unit(s)
            guard gradient.isRadial else { return (start, unit(e)) }
            let radius = (e - s).length
            return (start, Point(x: start.x + radius / bounds.size.width, y: start.y + radius / bounds.size.height))
        }
        func unit(_ p: Point) -> Point {
            Point(x: (p.x - bounds.origin.x) / bounds.size.width, y: (p.y - bounds.origin.y) / bounds.size.height)
        }
        let pointSpan = LottieClock.span([gradient.start.keyframeTimes, gradient.end.keyframeTimes])
        (layer.properties.startPoint, layer.properties.endPoint) = pointsAt(pointSpan?.lowerBound ?? 0)
        if let span = pointSpan {
            layer.animations += [clock.baked(.startPoint, over: span) { .point(pointsAt($0).0) },
                                 clock.baked(.endPoint, over: span) { .point(pointsAt($0).1) }].compactMap { $0 }
        }
        let stopsAt: (Double) -> [(location: Double, color: Color)] = {
            Self.stops(gradient.stops.value(at: $0), colorStops: gradient.colorStops)
        }
        let first = stopsAt(gradient.stops.keyframeTimes.first ?? 0)
        guard !first.isEmpty else { return nil }
        layer.properties.colors = first.map(\.color)
        layer.properties.locations = NumberList(first.map(\.location))
        if let span = LottieClock.span([gradient.stops.keyframeTimes]) {
            let steady = Set(gradient.stops.keyframeTimes.map { stopsAt($0).count }).count == 1
            layer.animations += [
                clock.baked(.colors, over: span, discrete: !steady) { .colors(stopsAt($0).map(\.color)) },
                clock.baked(.locations, over: span, discrete: !steady) { .numbers(NumberList(stopsAt($0).map(\.location))) },
            ].compactMap { $0 }
        }
        layer.mask = mask
        return layer
    }

    /// The stops of a gradient's data (`[offset, r, g, b] × colorStops`,
    /// then `[offset, alpha]` pairs), colour and opacity stops merged in
    /// offset order: at a colour stop the alpha between the last stop and
    /// the next opacity stop, at an opacity stop the colour between the last
    /// stop and the next colour stop (ThorVG's `LottieGradient::populate`).
    static func stops(_ data: [Double], colorStops: Int) -> [(location: Double, color: Color)] {
        let count = colorStops > 0 ? min(colorStops, data.count / 4) : data.count / 4
        var colors: [(location: Double, r: Double, g: Double, b: Double)] = []
        for i in 0..<count { colors.append((data[4 * i], data[4 * i + 1], data[4 * i + 2], data[4 * i + 3])) }
        var alphas: [(location: Double, a: Double)] = []
        var index = 4 * count
        while index + 1 < data.count {
            alphas.append((data[index], data[index + 1]))
            index += 2
        }
        func stop(_ location: Double, _ r: Double, _ g: Double, _ b: Double, _ a: Double) -> (location: Double, color: Color) {
            (min(max(location, 0), 1), Color(red: r, green: g, blue: b, alpha: a).clamped)
        }
        guard !alphas.isEmpty else { return colors.map { stop($0.location, $0.r, $0.g, $0.b, 1) } }
        var output: [(location: Double, color: Color)] = []
        var c = 0, o = 0
        while c < colors.count && o < alphas.count {
            let color = colors[c], alpha = alphas[o]
            if color.location == alpha.location {
                output.append(stop(color.location, color.r, color.g, color.b, alpha.a))
                c += 1; o += 1
            } else if color.location < alpha.location {
                var a = alpha.a
                if let last = output.last, alpha.location != last.location {
                    let t = (color.location - last.location) / (alpha.location - last.location)
                    a = last.color.alpha + (alpha.a - last.color.alpha) * t
                }
                output.append(stop(color.location, color.r, color.g, color.b, a))
                c += 1
            } else {
                var (r, g, b) = (color.r, color.g, color.b)
                if let last = output.last, color.location != last.location {
                    let t = (alpha.location - last.location) / (color.location - last.location)
                    r = last.color.red + (color.r - last.color.red) * t
                    g = last.color.green + (color.g - last.color.green) * t
                    b = last.color.blue + (color.b - last.color.blue) * t
                }
                output.append(stop(alpha.location, r, g, b, alpha.a))
                o += 1
            }
        }
        while c < colors.count {
            let color = colors[c]
            output.append(stop(color.location, color.r, color.g, color.b, output.last?.color.alpha ?? 1))
            c += 1
        }
        while o < alphas.count, let last = output.last {
            output.append(stop(alphas[o].location, last.color.red, last.color.green, last.color.blue, alphas[o].a))
            o += 1
        }
        // Locations never decrease.
        for i in output.indices.dropFirst() where output[i].location < output[i - 1].location {
            output[i].location = output[i - 1].location
        }
        return output
    }
}
