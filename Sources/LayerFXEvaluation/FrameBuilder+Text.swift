import LayerFXCore
import LayerFXModel
import LayerFXPrimitives
import LayerFXText

extension FrameBuilder {
    /// A text layer's glyphs (CATextLayer, not wrapped): laid out from the top
    /// of the bounds with the layer's alignment, one ``ShapeKind/glyph``
    /// primitive each, coloured by `foregroundColor`; they count as one shape.
    /// The font is resolved in the builder's text context (once per context,
    /// relative paths in the scene's folder), its glyphs are rasterized
    /// into that context's atlas, and the layout is kept there for the next frame. The font was checked when the scene was
    /// loaded; one that fails to load now draws nothing.
    mutating func emitText(_ p: LayerProperties, tint: Color, transform: AffineTransform, clips: ClipStack) {
        guard !p.string.isEmpty, charge(.textLength, p.string.unicodeScalars.count),
              let color = p.foregroundColor?.tinted(tint), color.alpha > 0,
              let font = try? textContext.font(named: p.font, relativeTo: baseDirectory),
              let glyphs = try? textContext.layout(p.string, font: font, fontSize: p.fontSize,
                                                   alignment: p.alignmentMode, boundsWidth: p.bounds.size.width)
        else { return }
        guard charge(.glyphs, glyphs.count) else { return }
        let linear = SIMD4(Float(transform.a), Float(transform.b), Float(transform.c), Float(transform.d))
        let translation = SIMD2(Float(transform.tx), Float(transform.ty))
        let vector = SIMD4(Float(color.red), Float(color.green), Float(color.blue), Float(color.alpha))
        var emitted = false
        for glyph in glyphs where glyph.rect.size.width > 0 {
            let x0 = p.bounds.origin.x + glyph.rect.origin.x, y0 = p.bounds.origin.y + glyph.rect.origin.y
            var instance = PrimitiveInstance.glyph(
                quad: SIMD4(Float(x0), Float(y0), Float(x0 + glyph.rect.size.width),
                            Float(y0 + glyph.rect.size.height)),
                transform: linear, translation: translation,
                atlasOrigin: SIMD2(glyph.atlasRect.x, glyph.atlasRect.y),
                texelsPerUnit: (glyph.atlasRect.z - glyph.atlasRect.x) / Float(glyph.rect.size.width),
                color: vector, opacity: 1)
            clips.apply(to: &instance)
            let box = instance.deviceBounds
            guard instance.isFinite, chargePixels(x0: Double(box.x), y0: Double(box.y), x1: Double(box.z),
                                                  y1: Double(box.w)) else { continue }
            order.append(instance)
            emitted = true
        }
        if emitted {
            shapeCount += 1
            usesGlyphs = true
        }
    }
}

extension GlyphAtlasImage {
    /// `atlas` as it is now.
    init(_ atlas: GlyphAtlas) {
        let atlas = atlas.snapshot()
        self.init(width: atlas.width, height: atlas.height, bytes: atlas.bytes, generation: atlas.generation,
                  edgeValue: GlyphAtlas.edgeValue, distanceRange: GlyphAtlas.distanceRange)
    }
}
