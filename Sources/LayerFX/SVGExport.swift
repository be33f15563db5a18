/// SVG output with text: the glyph outlines come from the fonts of the
/// glyph atlas of the text context that evaluated the frame.
extension SVGDocument {
    /// The SVG document of `frame`, evaluated with `textContext`, its glyphs
    /// outlined from their fonts.
    ///
    /// ```swift
    /// let evaluator = SceneEvaluator()
    /// let frame = try evaluator.frame(for: scene, at: 1.5)
    /// try AtomicFile.write(SVGDocument(frame, textContext: evaluator.textContext).bytes, to: "frame.svg")
    /// ```
    /// - Throws: `LayerNesting.Error` when the frame's offscreen-layer markers do not nest.
    public init(_ frame: Frame, textContext: TextContext) throws {
        let atlas = textContext.atlas
        try self.init(frame, glyphOutlines: { origin in atlas.outline(atAtlasOrigin: origin) })
    }
}
