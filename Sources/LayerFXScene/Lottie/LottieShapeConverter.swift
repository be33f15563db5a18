import LayerFXCore
import LayerFXModel

/// A shape layer's draws as Core Animation layers, back to front: each draw
/// a shape layer (a fill or a stroke), or a gradient layer masked by one,
/// inside layers that carry the transforms of its groups and repeater
/// copies; its opacity the product of its paint's, its groups' and its
/// copy's (the players multiply them into each paint).
struct LottieShapeConverter {
    let clock: LottieClock
    /// Features met that are not drawn.
    var unsupported: [String] = []

    init(clock: LottieClock) { self.clock = clock }

    /// The layers of a shape layer's `items`, back to front.
    mutating func layers(_ items: [LottieShapeItem]) -> [Layer] {
        var gathering = LottieShapeGathering()
        let gathered = gathering.gather(items)
        unsupported += gathering.unsupported
        var result: [Layer] = []
        for draw in gathered.draws.reversed() {
            if let drawn = layer(draw) { result.append(drawn) }
        }
        return result
    }

    /// One draw inside the layers of its steps.
    private mutating func layer(_ draw: LottieShapeGathering.Draw) -> Layer? {
        guard !draw.paths.isEmpty else { return nil }
        let geometry = LottieDrawGeometry(clock: clock, draw: draw)
        guard var node = paintLayer(draw, geometry) else { return nil }
        for step in draw.steps {
            var outer = Layer(), inner = Layer()
            switch step {
            case .group(let transform):
                clock.apply(transform, autoOrients: false, withOpacity: false, outer: &outer, inner: &inner)
            case let .copy(repeater, copy):
                LottieRepeaterCopy(repeater: repeater, copy: copy).apply(clock, to: &outer)
            }
            inner.sublayers = [node]
            outer.sublayers = [inner]
            node = outer
        }
        return node
    }

    /// The draw's own layer, in its list's space: a shape layer, or a
    /// gradient masked by one.
    private mutating func paintLayer(_ draw: LottieShapeGathering.Draw, _ geometry: LottieDrawGeometry) -> Layer? {
        let paint = draw.paint
        var shape = Layer(kind: .shape)
        geometry.applyPath(to: &shape)
        if let stroke = paint.stroke {
            shape.properties.fillColor = nil
            shape.properties.strokeColor = .black
            applyStroke(stroke, to: &shape)
        } else {
            shape.properties.fillColor = .black
            shape.properties.fillRule = paint.evenOdd ? .evenOdd : .nonZero
        }
        var drawn: Layer
        switch paint.source {
        case .color(let color):
            let colorOf: ([Double]) -> Color = { Self.color($0) }
            if paint.stroke != nil {
                shape.properties.strokeColor = colorOf(color.initialValue)
                if let animation = clock.animation(.strokeColor, color, { .color(colorOf($0)) }) { shape.animations.append(animation) }
            } else {
                shape.properties.fillColor = colorOf(color.initialValue)
                if let animation = clock.animation(.fillColor, color, { .color(colorOf($0)) }) { shape.animations.append(animation) }
            }
            drawn = shape
        case .gradient(let gradient):
            guard let layer = LottieGradientConverter(clock: clock).layer(gradient, masking: shape, bounds: geometry.bounds(gradient))
            else { return nil }
            if gradient.highlightLength.isAnimated || gradient.highlightLength.initialValue != 0 {
                unsupported.append("radial gradient highlight")
            }
            drawn = layer
        }
        LottieOpacity(clock: clock, factors: [paint.opacity] + draw.groupOpacities, copies: draw.copies).apply(to: &drawn)
        return drawn
    }

    /// A stroke's width, caps, joins, miter limit and dashes.
    private func applyStroke(_ stroke: LottieStroke, to shape: inout Layer) {
        shape.properties.lineWidth = max(stroke.width.initialValue, 0)
        if let animation = clock.animation(.lineWidth, stroke.width, { .scalar(max($0, 0)) }) { shape.animations.append(animation) }
        shape.properties.lineCap = stroke.cap == 1 ? .butt : stroke.cap == 3 ? .square : .round
        shape.properties.lineJoin = stroke.join == 1 ? .miter : stroke.join == 3 ? .bevel : .round
        shape.properties.miterLimit = stroke.miterLimit.isFinite ? max(stroke.miterLimit, 0) : 0
        guard !stroke.dashes.isEmpty else { return }
        let dashesAt: (Double) -> [Double] = { frame in stroke.dashes.map { max($0.value(at: frame), 0) } }
        let span = LottieClock.span(stroke.dashes.map(\.keyframeTimes))
        let pattern = dashesAt(span?.lowerBound ?? 0)
        // A pattern of nothing but zeros draws the stroke solid, as the players do.
        guard pattern.contains(where: { $0 > 0 }) || span != nil else { return }
        shape.properties.lineDashPattern = NumberList(pattern)
        if let span, let animation = clock.baked(.lineDashPattern, over: span, { .numbers(NumberList(dashesAt($0))) }) {
            shape.animations.append(animation)
        }
        if let offset = stroke.dashOffset {
            shape.properties.lineDashPhase = offset.initialValue
            if let animation = clock.animation(.lineDashPhase, offset, { .scalar($0) }) { shape.animations.append(animation) }
        }
    }

    /// A Lottie colour, opaque (a fourth component is ignored): components
    /// 0…1, or 0…255 as early exporters wrote them (any above 1).
    static func color(_ components: [Double]) -> Color {
        let rgb = (0..<3).map { $0 < components.count ? components[$0] : 0 }
        let scale = rgb.contains { $0 > 1 } ? 1.0 / 255 : 1
        return Color(red: rgb[0] * scale, green: rgb[1] * scale, blue: rgb[2] * scale, alpha: 1).clamped
    }
}
