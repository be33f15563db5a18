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
            GlyphAtlas.shared.outline(atAtlasOrigin: origin).map(SVGOutline.init)
        })
    }
}

extension SVGOutline {
    /// The same contours as `outline`.
    init(_ outline: GlyphOutline) {
        self.init(elements: outline.elements.map { element in
            switch element {
            case .move(let p): .move(p)
            case .line(let p): .line(p)
            case .quadratic(let c, let p): .quadratic(c, p)
            case .cubic(let c1, let c2, let p): .cubic(c1, c2, p)
            case .close: .close
            }
        })
    }
}
