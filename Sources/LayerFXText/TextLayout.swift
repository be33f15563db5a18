import LayerFXCore

/// Lays out a CATextLayer's string as glyph quads.
public enum TextLayout {
    /// Lays out `string` like a CATextLayer (`isWrapped` false; "\n" starts a
    /// new line, see `TextLines`) of width `boundsWidth` with `alignment` and
    /// `font` at `fontSize` points, adding any missing glyphs to `atlas`.
    ///
    /// The first line's top is at the layer's top (its baseline at the font's
    /// ascender); lines advance by the font's line height. Pens advance by the
    /// unhinted advance widths plus the face's legacy `kern` table pairs, all
    /// exact (design units scaled to points). Left, natural and justified
    /// lines start at x = 0; center and right lines are placed by their width
    /// up to the end of their last non-whitespace glyph (trailing spaces hang,
    /// as in Core Text), centred or flush right in `boundsWidth` (a wider line
    /// overhangs both sides, or the left). Glyphs without an outline (spaces)
    /// advance but give no quad; characters the font lacks draw its
    /// missing-glyph box. Returns no quads when `fontSize` is not positive and
    /// finite.
    /// - Throws: `FontError` when FreeType cannot load or rasterize a glyph.
    public static func layout(_ string: String, font: Font, fontSize: Double, alignment: TextAlignmentMode,
                              boundsWidth: Double, atlas: GlyphAtlas) throws -> [PlacedGlyph] {
        guard fontSize > 0, fontSize.isFinite else { return [] }
        let pointsPerTexel = fontSize / Double(GlyphAtlas.emSize)
        var placed: [PlacedGlyph] = []
        for (number, line) in TextLines.split(string).enumerated() {
            let run = try LineRun(line, font: font)
            let width = run.inkWidth * fontSize
            let start: Double
            switch alignment {
            case .natural, .left, .justified: start = 0
            case .center: start = (boundsWidth - width) / 2
            case .right: start = boundsWidth - width
            }
            let baseline = (font.ascender + Double(number) * font.lineHeight) * fontSize
            for (glyph, pen) in zip(run.glyphs, run.pens) {
                let entry = try atlas.entry(for: glyph, of: font)
                guard entry.width > 0 else { continue }
                let rect = Rect(x: start + pen * fontSize + Double(entry.left) * pointsPerTexel,
                                y: baseline - Double(entry.top) * pointsPerTexel,
                                width: Double(entry.width) * pointsPerTexel,
                                height: Double(entry.height) * pointsPerTexel)
                let atlasRect = SIMD4<Float>(Float(entry.x), Float(entry.y),
                                             Float(entry.x + entry.width), Float(entry.y + entry.height))
                placed.append(PlacedGlyph(rect: rect, atlasRect: atlasRect))
            }
        }
        return placed
    }
}

/// One line's glyphs and pen positions, in ems from the line's start.
struct LineRun {
    var glyphs: [UInt32] = []
    /// Each glyph's origin x.
    var pens: [Double] = []
    /// Where the advance of the last glyph that is not whitespace ends.
    var inkWidth = 0.0

    init(_ scalars: [Unicode.Scalar], font: Font) throws {
        var pen = 0.0
        for scalar in scalars {
            let glyph = try font.glyphIndex(for: scalar)
            if let previous = glyphs.last { pen += try font.kerning(previous, glyph) }
            glyphs.append(glyph)
            pens.append(pen)
            pen += try font.advance(of: glyph)
            if !scalar.properties.isWhitespace { inkWidth = pen }
        }
    }
}
