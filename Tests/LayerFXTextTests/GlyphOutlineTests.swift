import Testing
@testable import LayerFXText

/// A glyph's outline lies where its distance field puts the edge, in atlas texels.
struct GlyphOutlineTests {
    /// "ç" is composite: where the cedilla's contour overlaps the "c", its
    /// points lie inside the filled union, never outside.
    @Test(arguments: ["H", "o", "&", "ç"])
    func outlinePointsLieOnTheFieldsEdge(_ text: String) throws {
        let atlas = GlyphAtlas(), font = try TextContext().font(named: nil)
        let placed = try TextLayout.layout(text, font: font, fontSize: 24, alignment: .left, boundsWidth: 100, atlas: atlas)
        let glyph = try #require(placed.first)
        let outline = try #require(atlas.outline(atAtlasOrigin: SIMD2(glyph.atlasRect.x, glyph.atlasRect.y)))
        let image = atlas.snapshot()
        var onCurve: [SIMD2<Float>] = []
        for element in outline.elements {
            switch element {
            case .move(let p), .line(let p), .quadratic(_, let p), .cubic(_, _, let p): onCurve.append(p)
            case .close: break
            }
        }
        #expect(onCurve.count >= 4)
        var worst: Float = 0
        for p in onCurve {
            #expect(p.x > glyph.atlasRect.x && p.x < glyph.atlasRect.z && p.y > glyph.atlasRect.y && p.y < glyph.atlasRect.w)
            // The field's distance at an outline point, in texels (0 on the edge, positive inside).
            let distance = GlyphAtlas.signedDistance(texelValue: image.value(u: p.x, v: p.y))
            worst = max(worst, text == "ç" ? -distance : abs(distance))
        }
        // Corners are rounded in the field (bilinear sampling of distances): half a texel at most.
        #expect(worst <= 0.5, "\(text): an outline point lies \(worst) texel from the field's edge")
        #expect(outline.elements.last == .close)
    }

    @Test func noGlyphStartsAtAnEmptyTexel() {
        #expect(GlyphAtlas().outline(atAtlasOrigin: SIMD2(3, 4)) == nil)
        #expect(GlyphAtlas().outline(atAtlasOrigin: SIMD2(.nan, 4)) == nil)
    }
}
