import LayerFXCore

/// One glyph quad of laid-out text.
public struct PlacedGlyph: Hashable, Sendable {
    /// The quad, in the text layer's own coordinates (points, y down): the
    /// glyph's whole distance field, including its `GlyphAtlas.spread` texels
    /// of padding, scaled to the font size (fontSize / `GlyphAtlas.emSize`
    /// points per texel).
    public var rect: Rect
    /// The field in the atlas, (u0, v0, u1, v1) in atlas texels (not
    /// normalized; v down, like the atlas rows): (u0, v0) is the quad's
    /// top-left corner and (u1, v1) its bottom-right, so u − u0 = (x −
    /// rect.origin.x) · (u1 − u0) / rect.size.width, and likewise for v.
    public var atlasRect: SIMD4<Float>

    public init(rect: Rect, atlasRect: SIMD4<Float>) {
        self.rect = rect; self.atlasRect = atlasRect
    }
}
