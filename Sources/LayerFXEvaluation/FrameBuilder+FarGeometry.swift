import LayerFXCore
import LayerFXGeometry
import LayerFXModel
import LayerFXPrimitives

/// Shapes reaching far beyond the frame (a layer at 1e30 points, bounds a
/// billion pixels wide, a stroke wider than the scene): their coordinates
/// would lose all precision, or overflow, in the single-precision display
/// list, so they are reduced to what can show before they are emitted.
extension FrameBuilder {
    /// How far outside the frame, in device pixels, an analytic shape may
    /// reach and still be drawn as it is.
    static let analyticReach = Double(1 << 20)

    /// What to do with `subpath` (outset by `outset` for its stroke) under
    /// `transform`: draw it as it is, draw `cut` under `transform` instead
    /// (the same map from local to device, described from a new local space
    /// where the old point p is `scale`·p + `origin`), draw it as polygons,
    /// or draw nothing.
    enum FarGeometry {
        /// Drawn as it is; its device box, for the budget.
        case asIs(x0: Double, y0: Double, x1: Double, y1: Double)
        /// A general path: not an analytic shape.
        case notAnalytic
        case cut(Subpath, AffineTransform, origin: Point, scale: Double)
        case polygons
        case invisible
    }

    /// Where an analytic shape whose local bounds (grown by its stroke) are
    /// `local` lands under `transform`: near enough to be drawn as it is
    /// (its device box), nowhere to be seen, or far beyond the frame (its
    /// device box; see ``farGeometry(_:outset:transform:)``).
    enum Reach {
        case asIs(x0: Double, y0: Double, x1: Double, y1: Double)
        case invisible
        case beyond(x0: Double, y0: Double, x1: Double, y1: Double)
    }

    /// The ``Reach`` of the local box `local` under `transform`.
    @inline(__always)
    func reach(ofLocalBounds local: Rect, transform: AffineTransform) -> Reach {
        let device = Self.boundingBox(of: local, transform)
        guard device.x0.isFinite, device.y0.isFinite, device.x1.isFinite, device.y1.isFinite else {
            return .invisible
        }
        let reach = Self.analyticReach, w = Double(width), h = Double(height)
        if device.x0 >= -reach, device.y0 >= -reach, device.x1 <= w + reach, device.y1 <= h + reach {
            return .asIs(x0: device.x0, y0: device.y0, x1: device.x1, y1: device.y1)
        }
        let margin = 2.0
        if device.x1 < -margin || device.y1 < -margin || device.x0 > w + margin || device.y0 > h + margin {
            return .invisible
        }
        return .beyond(x0: device.x0, y0: device.y0, x1: device.x1, y1: device.y1)
    }

    func farGeometry(_ subpath: Subpath, outset: Double, transform: AffineTransform) -> FarGeometry {
        guard let local = Self.localBounds(of: subpath, outset: outset) else { return .notAnalytic }
        let device: (x0: Double, y0: Double, x1: Double, y1: Double)
        switch reach(ofLocalBounds: local, transform: transform) {
        case .asIs(let x0, let y0, let x1, let y1): return .asIs(x0: x0, y0: y0, x1: x1, y1: y1)
        case .invisible: return .invisible
        case .beyond(let x0, let y0, let x1, let y1): device = (x0, y0, x1, y1)
        }
        let w = Double(width), h = Double(height), margin = 2.0
        // A rectangle whose sides stay parallel to the frame's is cut in
        // device space, where its near edges are exact: to the frame grown by
        // the corner radius and the stroke (so no cut edge, rounded corner or
        // its stroke comes near a pixel), then described from a local origin
        // at the cut's centre, in device units when the scale is uniform, so
        // every number is small again.
        guard case .roundedRect(_, let cornerRadius) = subpath, transform.b == 0, transform.c == 0
        else { return .polygons }
        let grow = (max(cornerRadius, 0) + outset) * max(abs(transform.a), abs(transform.d)) + margin
        let x0 = max(device.x0, -grow), y0 = max(device.y0, -grow)
        let x1 = min(device.x1, w + grow), y1 = min(device.y1, h + grow)
        guard x0 < x1, y0 < y1 else { return .invisible }
        let center = Point(x: (x0 + x1) / 2, y: (y0 + y1) / 2)
        let scale = abs(transform.a) == abs(transform.d) ? abs(transform.a) : 1
        let a = transform.a / scale, d = transform.d / scale
        let half = (x: (x1 - x0) / 2 / abs(a), y: (y1 - y0) / 2 / abs(d))
        guard half.x.isFinite, half.y.isFinite else { return .invisible }
        let recentred = AffineTransform(a: a, b: 0, c: 0, d: d, tx: center.x, ty: center.y)
        // Where the old local origin lies in the new local space (for paints).
        let origin = Point(x: (transform.tx - center.x) / a, y: (transform.ty - center.y) / d)
        let cut = Rect(x: -half.x, y: -half.y, width: 2 * half.x, height: 2 * half.y)
        return .cut(.roundedRect(cut, cornerRadius: cornerRadius * scale), recentred, origin: origin, scale: scale)
    }

    /// An analytic shape as polygons: its fill (nonzero) and its stroke by
    /// `style` (the analytic field's joins), clipped to the frame by
    /// ``polygonBands(of:rule:)``.
    mutating func emitAsPolygons(_ subpath: Subpath, fill: Color?, stroke: Color?, style: StrokeStyle,
                                 transform: AffineTransform, clips: ClipStack) {
        let path = ShapePath([subpath])
        if let fill { emitFill(of: path, rule: .nonZero, color: fill, transform: transform, clips: clips) }
        if let stroke { emitStroke(of: path, style: style, color: stroke, transform: transform, clips: clips) }
    }

    /// The shape's local bounds grown by `outset`; nil for general paths.
    @inline(__always)
    private static func localBounds(of subpath: Subpath, outset: Double) -> Rect? {
        switch subpath {
        case .ellipse(let rect), .roundedRect(let rect, _):
            return bounds(of: rect, outset: outset)
        case .star(let center, _, let outerRadius, let innerRadius, _):
            let radius = max(outerRadius, innerRadius) + outset
            return Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        case .elements:
            return nil
        }
    }

    /// The local bounds of an ellipse or rounded rectangle in `rect`, grown by `outset`.
    @inline(__always)
    static func bounds(of rect: Rect, outset: Double) -> Rect {
        let r = rect.standardized
        return Rect(x: r.origin.x - outset, y: r.origin.y - outset,
                    width: r.size.width + 2 * outset, height: r.size.height + 2 * outset)
    }

    /// The axis-aligned box around `rect`'s corners mapped by `transform`
    /// (NaN when a corner is NaN, so callers see it as non-finite).
    @inline(__always)
    private static func boundingBox(of rect: Rect, _ transform: AffineTransform)
        -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        let t = transform
        let nan = (x0: Double.nan, y0: Double.nan, x1: Double.nan, y1: Double.nan)
        // Products of finite numbers are never NaN, so NaN can only come from the sums, checked below.
        guard t.isFinite, rect.origin.x.isFinite, rect.origin.y.isFinite, rect.size.width.isFinite,
              rect.size.height.isFinite else { return nan }
        let x0 = rect.origin.x, y0 = rect.origin.y, x1 = x0 + rect.size.width, y1 = y0 + rect.size.height
        // Each device coordinate is extreme at one corner: take the larger and smaller term per axis.
        let ax0 = t.a * x0, ax1 = t.a * x1, cy0 = t.c * y0, cy1 = t.c * y1
        let bx0 = t.b * x0, bx1 = t.b * x1, dy0 = t.d * y0, dy1 = t.d * y1
        let box = (x0: min(ax0, ax1) + min(cy0, cy1) + t.tx, y0: min(bx0, bx1) + min(dy0, dy1) + t.ty,
                   x1: max(ax0, ax1) + max(cy0, cy1) + t.tx, y1: max(bx0, bx1) + max(dy0, dy1) + t.ty)
        return box.x0.isNaN || box.y0.isNaN || box.x1.isNaN || box.y1.isNaN ? nan : box
    }
}

extension GradientPaint {
    /// The paint in a new local space where the old point p is
    /// `scale`·p + `origin`.
    func mapped(scale: Double, origin: Point) -> GradientPaint {
        func map(_ p: SIMD2<Float>) -> SIMD2<Float> {
            SIMD2(Float(scale * Double(p.x) + origin.x), Float(scale * Double(p.y) + origin.y))
        }
        var moved = self
        moved.start = map(start)
        moved.end = map(end)
        return moved
    }
}
