import Testing
import LayerFXCore
@testable import LayerFXText

private let context = TextContext()

private func layout(_ string: String, _ alignment: TextAlignmentMode = .left, width: Double = 300,
                    size: Double = 24, font: String? = nil) throws -> [PlacedGlyph] {
    try TextLayout.layout(string, font: context.font(named: font), fontSize: size, alignment: alignment,
                          boundsWidth: width, atlas: context.atlas)
}

/// The sum of FreeType's unhinted advances and kerning pairs of `string` at `points`.
private func referenceWidth(_ string: String, points: Double = 24, font: String = dejaVu("DejaVuSans")) throws -> Double {
    let face = try ReferenceFace(font)
    let scalars = Array(string.unicodeScalars)
    let advances = scalars.map { face.advance($0, points: points) }.reduce(0, +)
    let kerning = zip(scalars, scalars.dropFirst()).map { face.kerning($0, $1, points: points) }.reduce(0, +)
    return advances + kerning
}

@Test func aLineAdvancesByFreeTypesAdvancesAndKerning() throws {
    let text = "Find new skills"
    let left = try layout(text), right = try layout(text, .right)
    #expect(left.count == 13)  // two spaces draw nothing
    // Flush right moves every glyph by the bounds width less the line width.
    let width = try referenceWidth(text)
    #expect(abs(width - 14758.0 / 2048 * 24) < 1e-4)  // 14758 design units, "Fi" kerning (−149) included
    for (l, r) in zip(left, right) { #expect(abs((r.rect.origin.x - l.rect.origin.x) - (300 - width)) < 1e-9) }
    // The two "s" quads (same glyph, same field) lie "skill" apart.
    #expect(abs((left[12].rect.origin.x - left[7].rect.origin.x) - (try referenceWidth("skill"))) < 1e-9)
}

@Test func kerningPairsMoveTheSecondGlyph() throws {
    let face = try ReferenceFace(dejaVu("DejaVuSans"))
    let pair = try layout("AV"), alone = try layout("V")
    let kern = face.kerning("A", "V", points: 24)
    #expect(abs(kern - (-131.0 / 2048 * 24)) < 1e-12)
    #expect(abs((pair[1].rect.origin.x - alone[0].rect.origin.x) - (face.advance("A", points: 24) + kern)) < 1e-9)
}

@Test func centerAndRightAlignByTheLineWidthWithoutTrailingSpaces() throws {
    let width = try referenceWidth("Find")
    let left = try layout("Find", width: 200)
    for (alignment, offset) in [(TextAlignmentMode.center, (200 - width) / 2), (.right, 200 - width)] {
        for placed in [try layout("Find", alignment, width: 200), try layout("Find  ", alignment, width: 200)] {
            #expect(placed.count == 4)
            for (l, a) in zip(left, placed) { #expect(abs((a.rect.origin.x - l.rect.origin.x) - offset) < 1e-9) }
        }
    }
    #expect(try layout("Find", .natural, width: 200) == left)
    #expect(try layout("Find", .justified, width: 200) == left)
    // Leading spaces do count.
    let indented = try layout("  Find", width: 200)
    #expect(abs((indented[0].rect.origin.x - left[0].rect.origin.x) - 2 * (try referenceWidth(" "))) < 1e-9)
}

@Test func theFirstBaselineIsAtTheAscenderAndLinesAdvanceByTheLineHeight() throws {
    // At 64 points a texel is a point: the "l" field's top is its control box top plus the 8-texel spread.
    let box = try ReferenceFace(dejaVu("DejaVuSans")).controlBox("l")
    let l = try #require(try layout("l", size: 64).first)
    #expect(l.rect.origin.y == 1901.0 / 2048 * 64 - (box.yMax.rounded(.up) + 8))
    #expect(l.rect.size.height
            == l.rect.size.width * Double(l.atlasRect.w - l.atlasRect.y) / Double(l.atlasRect.z - l.atlasRect.x))

    let lineHeight = 2384.0 / 2048 * 24
    let twoLines = try layout("Find\nnew"), first = try layout("Find"), second = try layout("new")
    #expect(twoLines.count == 7)
    #expect(Array(twoLines.prefix(4)) == first)
    for (a, b) in zip(twoLines.dropFirst(4), second) {
        #expect(a.rect.origin.x == b.rect.origin.x)
        #expect(abs(a.rect.origin.y - (b.rect.origin.y + lineHeight)) < 1e-9)
        #expect(a.atlasRect == b.atlasRect)
    }
    #expect(try layout("Find\r\nnew") == twoLines)
    #expect(try layout("Find\u{2028}new") == twoLines)
    // Centered lines center separately.
    let centered = try layout("Find\nnew", .center, width: 200)
    #expect(abs((centered[4].rect.origin.x - second[0].rect.origin.x) - (200 - (try referenceWidth("new"))) / 2) < 1e-9)
}

@Test func invisibleCharactersTakeNoRoomAndTabsAreSpaces() throws {
    #expect(try layout("ne\u{200D}w\u{FEFF}") == layout("new"))
    #expect(try layout("a\tb") == layout("a b"))
    #expect(try layout("").isEmpty)
    #expect(try layout("   ").isEmpty)
    #expect(try layout("new", size: 0).isEmpty)
    #expect(try layout("new", size: -3).isEmpty)
}

@Test func quadsScaleWithTheFontSizeAndShareTheAtlasField() throws {
    let small = try layout("k", size: 12), large = try layout("k", size: 48)
    #expect(small[0].atlasRect == large[0].atlasRect)
    #expect(large[0].rect.size.width == 4 * small[0].rect.size.width)
    #expect(large[0].rect.origin.x == 4 * small[0].rect.origin.x)
    #expect(large[0].rect.origin.y == 4 * small[0].rect.origin.y)
    #expect(Double(small[0].atlasRect.z - small[0].atlasRect.x) * 12 / 64 == small[0].rect.size.width)
}

@Test func layoutIsDeterministic() throws {
    let text = "Find new skills\nwith ç and Ω"
    let first = try layout(text, .center, font: "system-heavy")
    let second = try layout(text, .center, font: "system-heavy")
    #expect(first == second)
    let snapshot = context.atlas.snapshot()
    #expect(first.map { fieldBytes(of: $0, in: snapshot) } == second.map { fieldBytes(of: $0, in: snapshot) })
}

/// A context keeps what it laid out: the same text gives the same glyphs as
/// a fresh layout, and a change to any input lays it out again.
@Test func aContextKeepsItsLayouts() throws {
    let text = TextContext()
    let font = try text.font(named: nil)
    let first = try text.layout("Kept text", font: font, fontSize: 24, alignment: .center, boundsWidth: 300)
    #expect(first == (try TextLayout.layout("Kept text", font: font, fontSize: 24, alignment: .center,
                                             boundsWidth: 300, atlas: text.atlas)))
    let generation = text.atlas.snapshot().generation
    let again = try text.layout("Kept text", font: font, fontSize: 24, alignment: .center, boundsWidth: 300)
    #expect(again == first)
    #expect(text.atlas.snapshot().generation == generation)  // nothing new was rasterized
    // Each input is part of the key.
    let wider = try text.layout("Kept text", font: font, fontSize: 24, alignment: .center, boundsWidth: 400)
    #expect(wider[0].rect.origin.x - first[0].rect.origin.x == 50)
    let left = try text.layout("Kept text", font: font, fontSize: 24, alignment: .left, boundsWidth: 300)
    #expect(left[0].rect.origin.x < first[0].rect.origin.x)
    let larger = try text.layout("Kept text", font: font, fontSize: 48, alignment: .center, boundsWidth: 300)
    #expect(larger[0].rect.size.width == 2 * first[0].rect.size.width)
    #expect(try text.layout("Kept", font: font, fontSize: 24, alignment: .center, boundsWidth: 300).count == 4)
}

/// More layouts than a context keeps start the cache afresh, and each is still right.
@Test func aContextKeepsABoundedNumberOfLayouts() throws {
    let text = TextContext()
    let font = try text.font(named: nil)
    for size in 0...TextContext.layoutsKept {
        let fontSize = 10 + Double(size) / 16
        let glyphs = try text.layout("a", font: font, fontSize: fontSize, alignment: .left, boundsWidth: 100)
        #expect(glyphs == (try TextLayout.layout("a", font: font, fontSize: fontSize, alignment: .left,
                                                  boundsWidth: 100, atlas: text.atlas)))
    }
    #expect(text.layouts.withLock(\.count) == 1)
}
