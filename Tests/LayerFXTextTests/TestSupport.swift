import CFreeType
import Testing
@testable import LayerFXText

/// The path of a face of fonts-dejavu-core, e.g. `dejaVu("DejaVuSans-Bold")`.
func dejaVu(_ name: String) -> String {
    "/usr/share/fonts/truetype/dejavu/\(name).ttf"
}

/// The bytes of a placed glyph's distance field, cut out of `image` by its atlasRect.
func fieldBytes(of glyph: PlacedGlyph, in image: AtlasImage) -> [UInt8] {
    let (u0, v0, u1, v1) = (Int(glyph.atlasRect.x), Int(glyph.atlasRect.y), Int(glyph.atlasRect.z), Int(glyph.atlasRect.w))
    return (v0..<v1).flatMap { row in image.bytes[(row * image.width + u0)..<(row * image.width + u1)] }
}

/// A private FreeType library and face, to compute what LayerFXText should
/// produce independently of it (one test's use only: not thread-safe).
final class ReferenceFace {
    private var library: FT_Library?
    let face: FT_Face

    init(_ path: String) throws {
        var library: FT_Library?
        try #require(FT_Init_FreeType(&library) == 0)
        var face: FT_Face?
        try #require(FT_New_Face(library, path, 0, &face) == 0)
        self.library = library
        self.face = try #require(face)
    }

    deinit { FT_Done_FreeType(library) }

    var unitsPerEm: Double { Double(face.pointee.units_per_EM) }

    func glyph(_ character: Unicode.Scalar) -> UInt32 {
        FT_Get_Char_Index(face, FT_ULong(character.value))
    }

    /// FreeType's unhinted (linear) advance of `character` at `points` (72 dpi), in points.
    func advance(_ character: Unicode.Scalar, points: Double) -> Double {
        FT_Set_Char_Size(face, 0, FT_F26Dot6(points * 64), 72, 72)
        FT_Load_Glyph(face, glyph(character), FT_Int32(FT_LOAD_NO_HINTING))
        return Double(face.pointee.glyph.pointee.linearHoriAdvance) / 65536
    }

    /// The `kern` table pair value from `left` to `right` at `points`, in points.
    func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar, points: Double) -> Double {
        var kerning = FT_Vector()
        FT_Get_Kerning(face, glyph(left), glyph(right), FT_KERNING_UNSCALED.rawValue, &kerning)
        return Double(kerning.x) * points / unitsPerEm
    }

    /// The control box of `character`'s unhinted outline at 64 pixels per em, in pixels (y up).
    func controlBox(_ character: Unicode.Scalar) -> (xMin: Double, yMin: Double, xMax: Double, yMax: Double) {
        FT_Set_Pixel_Sizes(face, 0, 64)
        FT_Load_Glyph(face, glyph(character), FT_Int32(FT_LOAD_NO_HINTING))
        var box = FT_BBox()
        FT_Outline_Get_CBox(&face.pointee.glyph.pointee.outline, &box)
        return (Double(box.xMin) / 64, Double(box.yMin) / 64, Double(box.xMax) / 64, Double(box.yMax) / 64)
    }

    /// A rendering of `character` at 64 pixels per em in `mode`: its bytes (top
    /// row first), size, and left/top relative to the origin (y up).
    func render(_ character: Unicode.Scalar, mode: FT_Render_Mode, spread: Int32 = 8)
        -> (bytes: [UInt8], width: Int, height: Int, left: Int, top: Int) {
        var spread = spread
        FT_Property_Set(library, "sdf", "spread", &spread)
        FT_Set_Pixel_Sizes(face, 0, 64)
        FT_Load_Glyph(face, glyph(character), FT_Int32(FT_LOAD_NO_HINTING))
        FT_Render_Glyph(face.pointee.glyph, mode)
        let slot = face.pointee.glyph.pointee, bitmap = slot.bitmap
        let (width, height) = (Int(bitmap.width), Int(bitmap.rows))
        let bytes = (0..<height).flatMap { row in
            (0..<width).map { bitmap.buffer[row * Int(bitmap.pitch) + $0] }
        }
        return (bytes, width, height, Int(slot.bitmap_left), Int(slot.bitmap_top))
    }
}
