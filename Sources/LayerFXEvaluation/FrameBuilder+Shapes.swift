import LayerFXCore
import LayerFXModel
import LayerFXPrimitives

extension FrameBuilder {
    /// Appends one analytic primitive for `subpath` (an ellipse, rounded
    /// rectangle or star), or nothing when it cannot be seen, its stroke
    /// turning corners by `joins` (a star's miters: ``AnalyticJoins``). `paint`, when
    /// given, fills instead of `fill`. A shape reaching far beyond the frame
    /// is first cut to what can show, or drawn as polygons (`farGeometry`).
    mutating func emit(_ subpath: Subpath, fill: Color?, stroke: Color?, lineWidth: Double,
                       joins: AnalyticJoins = .round, transform: AffineTransform, clips: ClipStack,
                       paint: GradientPaint? = nil, checksReach: Bool = true) {
        let fill = fill.map(\.clamped).flatMap { $0.alpha > 0 ? $0 : nil }
        // An infinite width (from an animation running away) strokes nothing; finite ones of any size are cut.
        let stroke = lineWidth > 0 && lineWidth.isFinite ? stroke.map(\.clamped).flatMap { $0.alpha > 0 ? $0 : nil } : nil
        guard fill != nil || stroke != nil || paint != nil, abs(transform.determinant) > 1e-12 else { return }
        if checksReach {
            switch farGeometry(subpath, outset: stroke == nil ? 0 : lineWidth / 2 * joins.reach, transform: transform) {
            case .asIs(let x0, let y0, let x1, let y1):
                guard chargePixels(x0: x0 - 1, y0: y0 - 1, x1: x1 + 1, y1: y1 + 1) else { return }
            case .notAnalytic: break
            case .invisible: return
            case .cut(let cut, let recentred, let origin, let scale):
                // The cut covers the whole frame, or most of it.
                guard chargePixels(x0: 0, y0: 0, x1: Double(width), y1: Double(height)) else { return }
                return emit(cut, fill: fill, stroke: stroke, lineWidth: lineWidth * scale, joins: joins, transform: recentred,
                            clips: clips, paint: paint?.mapped(scale: scale, origin: origin), checksReach: false)
            case .polygons:
                // Gradient paints only fill rectangles, which are cut instead.
                guard paint == nil else { return }
                return emitAsPolygons(subpath, fill: fill, stroke: stroke, style: joins.style(lineWidth: lineWidth),
                                      transform: transform, clips: clips)
            }
        }

        var kind: ShapeKind
        var shape: SIMD4<Float>
        var extra = SIMD4<Float>(0, 0, 1, 0)
        switch subpath {
        case .ellipse(let rect):
            let r = rect.standardized
            guard r.size.width > 0, r.size.height > 0 else { return }
            kind = .ellipse
            shape = SIMD4(Float(r.midX), Float(r.midY), Float(r.size.width / 2), Float(r.size.height / 2))
            if paint == nil, clips.count == 0 {
                return emitEllipse(shape, fill: fill.map(Self.vector) ?? .zero, stroke: stroke.map(Self.vector) ?? .zero,
                                   strokeWidth: stroke == nil ? 0 : Float(lineWidth), transform: transform)
            }
        case .roundedRect(let rect, let cornerRadius) where Self.isCircle(rect.standardized.size, cornerRadius):
            // A square rounded all the way (the radius is at most half a side)
            // is a circle: drawn as one, by the circle paths when plain.
            let r = rect.standardized
            kind = .ellipse
            shape = SIMD4(Float(r.midX), Float(r.midY), Float(r.size.width / 2), Float(r.size.height / 2))
        case .roundedRect(let rect, let cornerRadius):
            let r = rect.standardized
            guard r.size.width > 0 || r.size.height > 0 else { return }
            kind = .roundedRect
            shape = SIMD4(Float(r.midX), Float(r.midY), Float(r.size.width / 2), Float(r.size.height / 2))
            extra.x = Float(max(cornerRadius, 0))
        case .star(let center, let points, let outerRadius, let innerRadius, let rotation):
            guard points >= 2, outerRadius > 0, innerRadius >= 0 else { return }
            kind = .star
            shape = SIMD4(Float(center.x), Float(center.y), Float(outerRadius), Float(innerRadius))
            extra.x = Float(points); extra.y = Float(rotation)
            if stroke != nil, case .mitred(let reach, _) = joins { extra.w = Float(reach) }
        case .elements:
            return  // general paths are polygons (emitShapeLayer)
        }
        var instance = PrimitiveInstance(
            transform: SIMD4(Float(transform.a), Float(transform.b), Float(transform.c), Float(transform.d)),
            translation: SIMD4(Float(transform.tx), Float(transform.ty), Float(kind.rawValue),
                               stroke == nil ? 0 : Float(lineWidth)),
            shape: shape, shapeExtra: extra,
            fillColor: fill.map(Self.vector) ?? .zero,
            strokeColor: stroke.map(Self.vector) ?? .zero, paint: paint)
        clips.apply(to: &instance)
        // Single precision must still describe the shape and its inverse transform.
        let t = instance.transform
        guard (t.x * t.w - t.y * t.z).isNormal, instance.isFinite else { return }
        if let circle = DeviceCircle(instance) { order.append(circle) } else { order.append(instance) }
        shapeCount += 1
    }

    /// Appends the unclipped, unpainted ellipse `shape` (centre and radii)
    /// as the general path above does: the same checks, and the same
    /// ``DeviceCircle`` (or instance, when the ellipse is no device circle),
    /// without building the instance for a circle. `fill` and `stroke` are
    /// the resolved colours' single-precision vectors (zero for none),
    /// `strokeWidth` 0 without a stroke.
    mutating func emitEllipse(_ shape: SIMD4<Float>, fill: SIMD4<Float>, stroke: SIMD4<Float>, strokeWidth: Float,
                              transform: AffineTransform) {
        let t = SIMD4(Float(transform.a), Float(transform.b), Float(transform.c), Float(transform.d))
        let translation = SIMD2(Float(transform.tx), Float(transform.ty))
        // The instance's `isFinite`, on the fields that are not constants here.
        let zero = SIMD4<Float>.zero
        let probe = t * zero + SIMD4(translation.x, translation.y, 0, strokeWidth) * zero + shape * zero
            + fill * zero + stroke * zero
        guard (t.x * t.w - t.y * t.z).isNormal, probe == zero else { return }
        if let circle = DeviceCircle(ellipse: shape, transform: t, translation: translation, strokeWidth: strokeWidth,
                                     fillColor: fill, strokeColor: stroke, opacity: 1) {
            order.append(circle)
        } else {
            order.append(PrimitiveInstance(
                transform: t, translation: SIMD4(translation.x, translation.y, Float(ShapeKind.ellipse.rawValue), strokeWidth),
                shape: shape, shapeExtra: SIMD4(0, 0, 1, 0), fillColor: fill, strokeColor: stroke))
        }
        shapeCount += 1
    }

    /// Whether a rounded rectangle of `size` and `cornerRadius` is a circle:
    /// a square whose radius (at most half a side) reaches half a side.
    static func isCircle(_ size: Size, _ cornerRadius: Double) -> Bool {
        size.width == size.height && size.width > 0 && cornerRadius >= size.width / 2
    }

    /// The single-precision vector (r, g, b, a) of a colour.
    static func vector(_ c: Color) -> SIMD4<Float> {
        SIMD4(Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha))
    }
}

