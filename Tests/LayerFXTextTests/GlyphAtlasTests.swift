import Foundation
import LayerFXCore
import Testing
@testable import LayerFXText

@Test func theGenerationChangesOnlyWhenGlyphsAreAdded() throws {
    let atlas = GlyphAtlas(), font = try TextContext().font(named: nil)
    func layout(_ string: String) throws {
        _ = try TextLayout.layout(string, font: font, fontSize: 24, alignment: .left, boundsWidth: 100, atlas: atlas)
    }
    let empty = atlas.snapshot()
    #expect((empty.width, empty.height) == (1024, 256))
    #expect(empty.bytes == [UInt8](repeating: 0, count: 1024 * 256))
    try layout("ab")
    let ab = atlas.snapshot().generation
    #expect(ab != empty.generation)
    try layout("ba ba")
    try layout("ab")
    #expect(atlas.snapshot().generation == ab)  // nothing new; a space adds no pixels
    try layout("abc")
    #expect(![empty.generation, ab].contains(atlas.snapshot().generation))
    #expect(empty.bytes.allSatisfy { $0 == 0 })  // snapshots are values
}

@Test func twoAtlasesNeverShowTheSameGeneration() throws {
    let font = try TextContext().font(named: nil)
    let first = GlyphAtlas(), second = GlyphAtlas()
    #expect(first.snapshot().generation != second.snapshot().generation)
    // The same glyphs added to both: same pixels, still told apart.
    for atlas in [first, second] {
        _ = try TextLayout.layout("ab", font: font, fontSize: 24, alignment: .left, boundsWidth: 100, atlas: atlas)
    }
    #expect(first.snapshot().bytes == second.snapshot().bytes)
    #expect(first.snapshot().generation != second.snapshot().generation)
}

@Test func aGlyphsBytesDoNotDependOnItsPlaceInTheAtlas() throws {
    let font = try TextContext().font(named: nil)
    let first = GlyphAtlas(), second = GlyphAtlas()
    let ab = try TextLayout.layout("ab", font: font, fontSize: 24, alignment: .left, boundsWidth: 100, atlas: first)
    let ba = try TextLayout.layout("ba", font: font, fontSize: 24, alignment: .left, boundsWidth: 100, atlas: second)
    #expect(ab[0].atlasRect != ba[1].atlasRect)
    #expect(fieldBytes(of: ab[0], in: first.snapshot()) == fieldBytes(of: ba[1], in: second.snapshot()))
    #expect(fieldBytes(of: ab[1], in: first.snapshot()) == fieldBytes(of: ba[0], in: second.snapshot()))
}

@Test func eachFieldHasABorderOfZeros() throws {
    let atlas = GlyphAtlas()
    let placed = try TextLayout.layout("Find new skills", font: TextContext().font(named: nil), fontSize: 24, alignment: .left,
                                       boundsWidth: 100, atlas: atlas)
    let image = atlas.snapshot()
    for glyph in placed {
        let (u0, v0, u1, v1) = (Int(glyph.atlasRect.x), Int(glyph.atlasRect.y), Int(glyph.atlasRect.z), Int(glyph.atlasRect.w))
        for u in (u0 - 1)...u1 { #expect(image.bytes[(v0 - 1) * image.width + u] == 0 && image.bytes[v1 * image.width + u] == 0) }
        for v in v0..<v1 { #expect(image.bytes[v * image.width + u0 - 1] == 0 && image.bytes[v * image.width + u1] == 0) }
    }
}

@Test func theAtlasDoublesInHeightAndKeepsWhatItHolds() throws {
    let atlas = GlyphAtlas()
    let fields = (0..<40).map { n in
        GlyphDistanceField(width: 120, height: 100, left: 0, top: 0, bytes: [UInt8](repeating: UInt8(n + 1), count: 120 * 100))
    }
    var entries: [AtlasEntry] = []
    var heights: [Int] = [], generations: Set<Int> = [atlas.snapshot().generation]
    for (n, field) in fields.enumerated() {
        entries.append(try atlas.add(field, for: GlyphKey(fontPath: "test", glyph: UInt32(n))))
        heights.append(atlas.snapshot().height)
        generations.insert(atlas.snapshot().generation)
    }
    // 8 fields (122 × 102 texels with their borders) per 104-texel shelf: the
    // third shelf (field 16) ends at row 312, the fifth (field 32) at 520.
    #expect(Set(heights) == [256, 512, 1024])
    #expect(heights.firstIndex(of: 512) == 16 && heights.firstIndex(of: 1024) == 32)
    let image = atlas.snapshot()
    #expect(generations.count == 41)  // each field added made a new one
    for (n, entry) in entries.enumerated() {
        #expect(image.bytes[entry.y * image.width + entry.x] == UInt8(n + 1))
        #expect(image.bytes[(entry.y + 99) * image.width + entry.x + 119] == UInt8(n + 1))
    }
    #expect(throws: FontError.self) {
        try atlas.add(GlyphDistanceField(width: 1023, height: 1, left: 0, top: 0, bytes: [UInt8](repeating: 1, count: 1023)),
                      for: GlyphKey(fontPath: "test", glyph: 99))
    }
}

@Test func concurrentLayoutsGiveTheSameGlyphsAsSequentialOnes() throws {
    let font = try TextContext().font(named: "DejaVu Sans Bold")
    let strings = ["Find", "new", "skills", "kind", "seen", "dine", "wind", "fine"]
    let sequentialAtlas = GlyphAtlas()
    let sequential = try strings.map {
        try TextLayout.layout($0, font: font, fontSize: 24, alignment: .left, boundsWidth: 100, atlas: sequentialAtlas)
    }
    let concurrentAtlas = GlyphAtlas()
    let results = LockedValue<[Int: Result<[PlacedGlyph], any Error>]>([:])
    DispatchQueue.concurrentPerform(iterations: strings.count * 4) { n in
        let index = n % strings.count
        let placed = Result {
            try TextLayout.layout(strings[index], font: font, fontSize: 24, alignment: .left, boundsWidth: 100,
                                  atlas: concurrentAtlas)
        }
        if n < strings.count { results.withLock { $0[index] = placed } }
    }
    let sequentialImage = sequentialAtlas.snapshot(), concurrentImage = concurrentAtlas.snapshot()
    // No glyph was stored twice: the atlases hold as many field texels.
    #expect(concurrentImage.bytes.count { $0 != 0 } == sequentialImage.bytes.count { $0 != 0 })
    for (index, expected) in sequential.enumerated() {
        let placed = try #require(try results.withLock { $0[index] }?.get())
        #expect(placed.map(\.rect) == expected.map(\.rect))
        #expect(placed.map { fieldBytes(of: $0, in: concurrentImage) } == expected.map { fieldBytes(of: $0, in: sequentialImage) })
    }
}
