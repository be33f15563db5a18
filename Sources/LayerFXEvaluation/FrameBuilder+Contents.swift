import LayerFXCore
import LayerFXPrimitives

extension FrameBuilder {
    /// A layer's `contents`: one ``ShapeKind/image`` primitive filling
    /// `bounds` with `image` stretched (`contentsGravity` `resize`), tinted
    /// (a replicator's `instanceColor`), inside `clips`; it counts as one
    /// shape. An image reaching far beyond the frame is first cut to the
    /// part that can show, in a local space centred on the frame (its texel
    /// mapping moved with it), so that single precision still holds it
    /// (``ImageView/init(cutting:texelsPerUnit:transform:frameWidth:frameHeight:)``).
    mutating func emitContents(_ image: ContentsImage, bounds: Rect, tint: Color, transform: AffineTransform,
                               clips: ClipStack) {
        let tint = tint.clamped
        let r = bounds.standardized
        guard tint.alpha > 0, r.size.width > 0, r.size.height > 0, abs(transform.determinant) > 1e-12 else { return }
        let texelsPerUnit = (x: Double(image.width) / r.size.width, y: Double(image.height) / r.size.height)
        var view = ImageView(rect: r, origin: r.origin, texelsPerUnit: texelsPerUnit, toDevice: transform)
        switch reach(ofLocalBounds: r, transform: transform) {
        case .invisible: return
        case .asIs(let x0, let y0, let x1, let y1):
            guard chargePixels(x0: x0 - 1, y0: y0 - 1, x1: x1 + 1, y1: y1 + 1) else { return }
        case .beyond:
            guard let cut = ImageView(cutting: r, texelsPerUnit: texelsPerUnit, transform: transform,
                                      frameWidth: Double(width), frameHeight: Double(height)) else { return }
            // The cut covers the whole frame, or most of it.
            guard chargePixels(x0: 0, y0: 0, x1: Double(width), y1: Double(height)) else { return }
            view = cut
        }
        let (rect, origin, perUnit, toDevice) = (view.rect, view.origin, view.texelsPerUnit, view.toDevice)
        var instance = PrimitiveInstance.image(
            rect: SIMD4(Float(rect.midX), Float(rect.midY), Float(rect.size.width / 2), Float(rect.size.height / 2)),
            transform: SIMD4(Float(toDevice.a), Float(toDevice.b), Float(toDevice.c), Float(toDevice.d)),
            translation: SIMD2(Float(toDevice.tx), Float(toDevice.ty)), index: imageIndex(of: image),
            mapping: SIMD4(Float(origin.x), Float(origin.y), Float(perUnit.x), Float(perUnit.y)),
            tint: SIMD4(Float(tint.red), Float(tint.green), Float(tint.blue), Float(tint.alpha)), opacity: 1)
        clips.apply(to: &instance)
        // Single precision must still describe the rectangle and its inverse transform.
        let t = instance.transform
        guard (t.x * t.w - t.y * t.z).isNormal, instance.isFinite else { return }
        order.append(instance)
        shapeCount += 1
    }

    /// The index of `image` in the images this builder's primitives show, listed on first use.
    private mutating func imageIndex(of image: ContentsImage) -> Int {
        let key = ObjectIdentifier(image)
        if let index = imageIndices[key] { return index }
        images.append(image)
        imageIndices[key] = images.count - 1
        return images.count - 1
    }
}
