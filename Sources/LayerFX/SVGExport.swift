/// SVG output with text: the glyph outlines come from the fonts of the
/// shared glyph atlas, which evaluation places glyphs in.
extension SVGDocument {
    /// The SVG document of `frame` (evaluated in this process), its glyphs
    /// outlined from their fonts.
    ///
    /// ```swift
    /// let frame = try SceneEvaluator.frame(for: scene, at: 1.5)
    /// try AtomicFile.write(SVGDocument(frame).bytes, to: "frame.svg")
    /// ```
    /// - Throws: `LayerNesting.Error` when the frame's offscreen-layer markers do not nest.
    public init(_ frame: Frame) throws {
        try self.init(frame, glyphOutlines: { origin in
            GlyphAtlas.shared.outline(atAtlasOrigin: origin)
        })
    }
}
