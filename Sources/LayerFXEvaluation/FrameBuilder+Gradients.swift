import LayerFXCore
import LayerFXModel
import LayerFXPrimitives

extension FrameBuilder {
    /// A gradient layer's content: its gradient filling its `bounds` (rounded
    /// only by the clips), under `transform`. The stops of a gradient too
    /// long for one instance go into the frame's stop table, and come out
    /// again when the gradient draws nothing.
    mutating func emitGradient(_ p: LayerProperties, tint: Color, transform: AffineTransform, clips: ClipStack) {
        let tableCount = gradientStops.count, drawn = order.count
        guard let paint = gradientPaint(p, tint: tint) else { return }
        emit(.roundedRect(p.bounds, cornerRadius: 0), fill: nil, stroke: nil, lineWidth: 0,
             transform: transform, clips: clips, paint: paint)
        if order.count == drawn { gradientStops.removeSubrange(tableCount...) }
    }

    /// A gradient layer's content paint (core-animation.md §8): start and end
    /// from unit coordinates of the bounds; `locations` when there is one per
    /// colour, else evenly spaced, each taken as at least the one before (only
    /// an animation can make them decrease); colours tinted. Up to
    /// `GradientPaint.inlineStopCapacity` stops are held in the paint; more go
    /// into the frame's stop table, charged to the `gradient-stops` budget.
    /// Nil without colours, when every stop is transparent, when a location
    /// is beyond single precision, or when the stops go over the budget.
    mutating func gradientPaint(_ p: LayerProperties, tint: Color) -> GradientPaint? {
        guard let colors = p.colors, !colors.isEmpty, colors.contains(where: { $0.tinted(tint).alpha > 0 }) else {
            return nil
        }
        let n = colors.count
        let locations = p.locations.flatMap { $0.count == n ? $0 : nil }
        func local(_ u: Point) -> SIMD2<Float> {
            SIMD2(Float(p.bounds.origin.x + u.x * p.bounds.size.width),
                  Float(p.bounds.origin.y + u.y * p.bounds.size.height))
        }
        let kind: PaintKind = switch p.gradientType {
        case .axial: .axial
        case .radial: .radial
        case .conic: .conic
        }
        let start = local(p.startPoint), end = local(p.endPoint)
        // Stop i's location as given, before it is kept from going below the one before it.
        func given(_ i: Int) -> Float { locations.map { Float($0[i]) } ?? (n == 1 ? 0 : Float(Double(i) / Double(n - 1))) }
        // (Plain loops, not closures that change captured variables: those would be boxed, an allocation a gradient.)
        var previous = -Float.infinity, finite = true
        if n <= GradientPaint.inlineStopCapacity {
            var inline = SIMD8<Float>()
            for i in 0..<n {
                previous = max(given(i), previous)
                finite = finite && previous.isFinite
                inline[i] = previous
            }
            guard finite else { return nil }
            // The paint holds its stops inline: nothing is allocated.
            let kept = inline
            return GradientPaint(kind: kind, start: start, end: end, count: n) { i in
                (kept[i], Self.vector(colors[i].tinted(tint)))
            }
        }
        guard charge(.gradientStops, n) else { return nil }
        let first = gradientStops.count
        for i in 0..<n {
            previous = max(given(i), previous)
            finite = finite && previous.isFinite
            gradientStops.append(GradientStop(location: previous, color: GradientPaint.pack(Self.vector(colors[i].tinted(tint)))))
        }
        guard finite else {
            gradientStops.removeSubrange(first...)
            return nil
        }
        return GradientPaint(kind: kind, start: start, end: end, tableStart: first, count: n)
    }
}
