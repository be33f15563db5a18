import LayerFXCore
import LayerFXPrimitives

extension FrameBuilder {
    /// Draws a gradient layer masked by a filled or stroked path (how a
    /// shape is filled with a gradient: Core Animation has no gradient paint
    /// for paths) as the mask's polygon bands painted with the gradient,
    /// instead of an offscreen layer and its mask composited together.
    ///
    /// It applies when `layer`'s content is one gradient rectangle (no
    /// stroke), its mask an alpha mask of solid polygon bands without clips
    /// in reading order (so that no two share a pixel: one path's bands, or
    /// several paths' that do not meet), and its composite carries no clips. Each
    /// band then takes the rectangle's gradient and transform, and the
    /// opacity of the mask band, of the rectangle and of the layer; the
    /// rectangle's clips come along, and the rectangle itself becomes a clip
    /// unless every band lies a pixel or more inside it. Returns false,
    /// changing nothing, when it does not apply (or more than two clips
    /// would be needed).
    mutating func foldGradientMask(_ layer: OffscreenLayer, opacity: Double, compositeClips: ClipStack) -> Bool {
        guard let maskBegin = layer.maskBegin, layer.maskCoverage == .alpha, compositeClips.count == 0, opacity > 0,
              maskBegin == layer.begin + 2, let rect = order.instance(at: layer.begin + 1),
              rect.kind == .roundedRect, rect.paint0.x > 0.5, !(rect.strokeColor.w > 0 && rect.strokeWidth > 0),
              let toLocal = Self.inverse(of: rect)
        else { return false }
        // The bands, checked where they lie (collecting them would allocate).
        let bandRange = (maskBegin + 1)..<order.count
        guard !bandRange.isEmpty else { return false }
        var previous: PrimitiveInstance? = nil, needsRectClip = false
        for position in bandRange {
            guard let band = order.instance(at: position), band.kind == .path, band.paint0.x < 0.5,
                  band.clipRadii.z < 0.5, previous.map({ band.follows($0) }) ?? true else { return false }
            needsRectClip = needsRectClip || !Self.lies(deviceRect: band.shape, wellInside: rect, toLocal: toLocal)
            previous = band
        }
        let rectClips = Int(saturating: rect.clipRadii.z, rounding: .toNearestOrAwayFromZero)
        guard rectClips + (needsRectClip ? 1 : 0) <= ClipStack.capacity else { return false }

        order.removeInstance(at: maskBegin)
        order.removeInstance(at: layer.begin + 1)
        order.removeInstance(at: layer.begin)
        let fade = rect.opacity * Float(opacity)
        for position in layer.begin..<(layer.begin + bandRange.count) {
            guard let mask = order.instance(at: position) else { continue }
            var band = mask
            band.transform = rect.transform
            band.translation.x = rect.translation.x
            band.translation.y = rect.translation.y
            (band.paint0, band.paint1, band.paint2, band.stops0, band.stops1) =
                (rect.paint0, rect.paint1, rect.paint2, rect.stops0, rect.stops1)
            band.fillColor = .zero
            band.shapeExtra.z = mask.opacity * min(max(mask.fillColor.w, 0), 1) * fade
            (band.clip0Linear, band.clip0Offset, band.clip1Linear, band.clip1Offset, band.clipRadii) =
                (rect.clip0Linear, rect.clip0Offset, rect.clip1Linear, rect.clip1Offset, rect.clipRadii)
            if needsRectClip { Self.addClip(of: rect, toLocal: toLocal, to: &band) }
            order.replaceInstance(at: position, with: band)
        }
        shapeCount = layer.shapesBefore + 1
        return true
    }

    /// The device → local map of an analytic primitive, nil when its transform has no inverse.
    private static func inverse(of p: PrimitiveInstance) -> AffineTransform? {
        AffineTransform(a: Double(p.transform.x), b: Double(p.transform.y), c: Double(p.transform.z),
                        d: Double(p.transform.w), tx: Double(p.translation.x), ty: Double(p.translation.y)).inverted
    }

    /// Whether every point of device rectangle `r` lies inside rounded
    /// rectangle `rect`, farther than a device pixel (and its corner radius)
    /// from its sides: its coverage is 1 throughout.
    private static func lies(deviceRect r: SIMD4<Float>, wellInside rect: PrimitiveInstance,
                             toLocal: AffineTransform) -> Bool {
        // One device pixel in local units: the inverse's largest stretch bounds it.
        let m = toLocal
        let pixel = (m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d).squareRoot()
        let margin = pixel + Double(max(rect.shapeExtra.x, 0))
        let cx = Double(rect.shape.x), cy = Double(rect.shape.y)
        let hw = Double(rect.shape.z) - margin, hh = Double(rect.shape.w) - margin
        guard hw > 0, hh > 0 else { return false }
        func inside(_ x: Float, _ y: Float) -> Bool {
            let p = m.apply(Point(x: Double(x), y: Double(y)))
            return abs(p.x - cx) <= hw && abs(p.y - cy) <= hh
        }
        return inside(r.x, r.y) && inside(r.z, r.y) && inside(r.x, r.w) && inside(r.z, r.w)
    }

    /// Adds rounded rectangle `rect` as the next clip of `band` (a free
    /// place is there): the clip's local space is the rectangle's, centred.
    private static func addClip(of rect: PrimitiveInstance, toLocal: AffineTransform, to band: inout PrimitiveInstance) {
        let clip = Clip(deviceToClip: toLocal.concatenating(.translation(-Double(rect.shape.x), -Double(rect.shape.y))),
                        halfWidth: Double(rect.shape.z), halfHeight: Double(rect.shape.w),
                        radius: max(Double(rect.shapeExtra.x), 0))
        let (linear, offset, radius) = clip.fields
        if band.clipRadii.z < 0.5 {
            band.clip0Linear = linear; band.clip0Offset = offset; band.clipRadii.x = radius
        } else {
            band.clip1Linear = linear; band.clip1Offset = offset; band.clipRadii.y = radius
        }
        band.clipRadii.z += 1
    }
}
