import LayerFXPrimitives

extension SVGBuilder {
    /// A glyph as its outline: atlas texels placed on the glyph's quad
    /// (texel (u0, v0) at the quad's top-left corner, `texelsPerUnit` texels
    /// per local unit), then by the primitive's transform; filled with its
    /// colour and opacity, inside its clips.
    mutating func drawGlyph(_ p: PrimitiveInstance) {
        let texelsPerUnit = p.shapeExtra.w
        guard p.opacity > 0, p.fillColor.w > 0, texelsPerUnit > 0, texelsPerUnit.isFinite,
              let outline = glyphOutlines(SIMD2(p.shapeExtra.x, p.shapeExtra.y)), !outline.elements.isEmpty else { return }
        let s = 1 / Double(texelsPerUnit)
        let ox = Double(p.shape.x) - s * Double(p.shapeExtra.x), oy = Double(p.shape.y) - s * Double(p.shapeExtra.y)
        let m = p.transform, t = p.translation
        let a = Double(m.x), b = Double(m.y), c = Double(m.z), d = Double(m.w)
        let transform = Self.matrix(a * s, b * s, c * s, d * s, a * ox + c * oy + Double(t.x), b * ox + d * oy + Double(t.y))
        let element = "<path d=\"\(outline.pathData)\"\(Self.transformAttribute(transform))\(paint("fill", p.fillColor, opacity: p.opacity))/>"
        if let clipped = clipped(element, by: p) { append(clipped) }
    }
}
