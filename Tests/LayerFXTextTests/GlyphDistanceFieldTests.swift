import CFreeType
import Testing
@testable import LayerFXText

/// DejaVu Sans "l" is one vertical stem: across its middle row the field must
/// be the distance to the nearer stem side, and zero exactly on the sides.
@Test func theStemOfAnLMeasuresItsHalfWidth() throws {
    let font = try TextContext().font(named: nil)
    let box = try ReferenceFace(font.path).controlBox("l")
    let atlas = GlyphAtlas()
    // At 64 points one point is one texel and the glyph origin is x = 0.
    let glyph = try #require(try TextLayout.layout("l", font: font, fontSize: 64, alignment: .left,
                                                   boundsWidth: 100, atlas: atlas).first)
    let image = atlas.snapshot()
    let halfWidth = (box.xMax - box.xMin) / 2, centre = (box.xMin + box.xMax) / 2
    #expect(halfWidth > 2.5 && halfWidth < 3.5)
    let v = Float(glyph.atlasRect.y + glyph.atlasRect.w) / 2
    func distance(atX x: Double) -> Double {  // x in texels from the glyph origin
        let u = glyph.atlasRect.x + Float(x - glyph.rect.origin.x)
        return Double(GlyphAtlas.signedDistance(texelValue: image.value(u: u, v: v)))
    }
    #expect(abs(distance(atX: box.xMin)) < 0.1)
    #expect(abs(distance(atX: box.xMax)) < 0.1)
    // Texel centres (bilinear interpolation between them cuts the tent's peak).
    var deepest = -Double.infinity
    for column in 0..<Int(glyph.atlasRect.z - glyph.atlasRect.x) {
        let x = glyph.rect.origin.x + Double(column) + 0.5
        let expected = halfWidth - abs(x - centre)
        deepest = max(deepest, distance(atX: x))
        guard expected > -7 else { continue }
        #expect(abs(distance(atX: x) - expected) < 0.1, "texel column \(column)")
    }
    #expect(deepest > halfWidth - 0.5 - 0.1)
    // Far outside: the field's corners and the atlas border around it.
    #expect(GlyphAtlas.signedDistance(texelValue: image.value(u: glyph.atlasRect.x + 0.5, v: glyph.atlasRect.y + 0.5)) < -7)
    #expect(image.value(u: glyph.atlasRect.x - 0.5, v: v) == 0)
    #expect(GlyphAtlas.signedDistance(texelValue: 0) == -8)
    #expect(GlyphAtlas.signedDistance(texelValue: 255) == 8)
}

/// Where FreeType's own outline SDF renderer is right (glyphs without
/// overlapping contours), the fields agree to a fraction of a texel and cover
/// the same texels.
@Test func fieldsAgreeWithFreeTypesSDFRenderer() throws {
    let font = try TextContext().font(named: nil)
    let reference = try ReferenceFace(font.path)
    var worst = 0.0, total = 0.0, count = 0
    for character in "Fidnewskl@&3".unicodeScalars {
        let field = try #require(try GlyphDistanceField(glyph: font.glyphIndex(for: character), of: font))
        let sdf = reference.render(character, mode: FT_RENDER_MODE_SDF)
        #expect([field.width, field.height, field.left, field.top] == [sdf.width, sdf.height, sdf.left, sdf.top])
        for (mine, theirs) in zip(field.bytes, sdf.bytes) {
            let expected = (Double(theirs) - 128) / 128 * 8
            guard abs(expected) < 7 else { continue }
            let error = abs(Double(GlyphAtlas.signedDistance(texelValue: Float(mine))) - expected)
            worst = max(worst, error); total += error; count += 1
        }
    }
    #expect(worst < 0.35)
    #expect(total / Double(count) < 0.05)
}

/// Composite glyphs whose parts overlap ("ç" is "c" plus a cedilla crossing
/// it) must keep the right sign: every texel wholly inside the glyph's
/// coverage is inside by half a texel (less the field's error), and every
/// texel wholly outside is outside.
@Test("overlapping contours keep the distance sign", arguments: ["ç", "Ą", "ş", "Ø", "a"])
func overlappingContoursKeepTheSign(character: Unicode.Scalar) throws {
    let font = try TextContext().font(named: "DejaVu Sans Bold")
    let field = try #require(try GlyphDistanceField(glyph: font.glyphIndex(for: character), of: font))
    let coverage = try ReferenceFace(font.path).render(character, mode: FT_RENDER_MODE_NORMAL)
    var checked = 0
    for row in 0..<field.height {
        for column in 0..<field.width {
            let (x, y) = (column + field.left - coverage.left, row - field.top + coverage.top)
            let covered = (0..<coverage.width).contains(x) && (0..<coverage.height).contains(y)
                ? coverage.bytes[y * coverage.width + x] : 0
            guard covered == 0 || covered == 255 else { continue }
            let distance = GlyphAtlas.signedDistance(texelValue: Float(field.bytes[row * field.width + column]))
            #expect(covered == 255 ? distance > 0.2 : distance < -0.2, "texel (\(column), \(row))")
            checked += 1
        }
    }
    #expect(checked > field.width * field.height / 2)
}

@Test func aSpaceHasNoField() throws {
    let font = try TextContext().font(named: nil)
    #expect(try GlyphDistanceField(glyph: font.glyphIndex(for: " "), of: font) == nil)
}

@Test func distancesEncodeRoundedAndClamped() {
    #expect(GlyphAtlas.encode(distance: 0) == 128)
    #expect(GlyphAtlas.encode(distance: -8) == 0)
    #expect(GlyphAtlas.encode(distance: -20) == 0)
    #expect(GlyphAtlas.encode(distance: 8) == 255)
    #expect(GlyphAtlas.encode(distance: 3) == 175)  // (3/16 + 0.5) · 255 = 175.3
    #expect(abs(GlyphAtlas.signedDistance(texelValue: 175) - 2.980) < 0.001)
}
