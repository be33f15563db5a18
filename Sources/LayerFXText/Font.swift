import CFreeType

/// A font face file loaded with FreeType (face 0 of the file).
///
/// Thread-safe: FreeType faces are not, so every use of `face` goes through
/// the lock of the FreeType library that loaded it. Fonts come from
/// `TextContext.font(named:relativeTo:)`, which loads each file once per
/// context; a font is unloaded when its context and the glyph atlases that
/// use it are gone.
public final class Font: @unchecked Sendable {
    /// The canonical absolute path of the font file (symbolic links resolved).
    public let path: String
    /// The face's family name, e.g. "DejaVu Sans".
    public let familyName: String
    /// The face's style name, e.g. "Bold".
    public let styleName: String
    /// Design units per em (2048 for DejaVu Sans).
    public let unitsPerEm: Int
    /// Distance from the baseline up to the top of a line, in ems (the hhea
    /// ascender; 1901/2048 ≈ 0.928 for DejaVu Sans). Multiply by the font size
    /// for points.
    public let ascender: Double
    /// Distance from the baseline down to the bottom of a line, in ems, negative
    /// (the hhea descender; −483/2048 for DejaVu Sans).
    public let descender: Double
    /// Baseline-to-baseline distance, in ems (the hhea line height: ascender −
    /// descender + line gap; 2384/2048 ≈ 1.164 for DejaVu Sans).
    public let lineHeight: Double

    private let face: FT_Face
    private let hasKerning: Bool
    /// The library that made `face`, whose lock guards every use of it.
    private let freeType: FreeType

    /// Loads face 0 of the file at `path` (already canonical) with `freeType`
    /// and sets its size to the distance-field supersampling resolution.
    init(loading path: String, with freeType: FreeType) throws {
        let face: FT_Face = try freeType.withLibrary { library in
            var face: FT_Face?
            var error = FT_New_Face(library, path, 0, &face)
            guard error == 0, let face else { throw FontError.unreadable(path, error) }
            error = FT_Set_Pixel_Sizes(face, 0, UInt32(GlyphDistanceField.rasterPixelsPerEm))
            guard error == 0, face.pointee.units_per_EM > 0 else {
                FT_Done_Face(face)
                throw FontError.unreadable(path, error)
            }
            return face
        }
        self.face = face
        self.freeType = freeType
        self.path = path
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        unitsPerEm = Int(face.pointee.units_per_EM)
        let em = Double(unitsPerEm)
        ascender = Double(face.pointee.ascender) / em
        descender = Double(face.pointee.descender) / em
        lineHeight = Double(face.pointee.height) / em
        hasKerning = layerfx_ft_has_kerning(face) != 0
    }

    deinit {
        let face = self.face
        _ = try? freeType.withLibrary { _ in FT_Done_Face(face) }  // the library exists: it made `face`
    }

    /// The glyph index for `scalar` through the face's Unicode character map;
    /// 0 (.notdef, drawn as the font's missing-glyph box) when the face lacks it.
    func glyphIndex(for scalar: Unicode.Scalar) throws -> UInt32 {
        try withFace { _, face in FT_Get_Char_Index(face, FT_ULong(scalar.value)) }
    }

    /// The unhinted advance width of `glyph`, in ems (exact: design units / units per em).
    func advance(of glyph: UInt32) throws -> Double {
        let units = try withFace { _, face in
            var advance: FT_Fixed = 0
            let error = FT_Get_Advance(face, glyph, FT_Int32(FT_LOAD_NO_SCALE), &advance)
            guard error == 0 else {
                throw FontError("font \"\(path)\": glyph \(glyph) has no advance (\(FreeType.describe(error)))")
            }
            return advance
        }
        return Double(units) / Double(unitsPerEm)
    }

    /// The kerning from `left` to `right` in ems (negative brings them closer),
    /// from the face's legacy `kern` table; 0 when it has none or no such pair
    /// (GPOS kerning needs shaping, which LayerFX does not do).
    func kerning(_ left: UInt32, _ right: UInt32) throws -> Double {
        guard hasKerning else { return 0 }
        let units = try withFace { _, face in
            var kerning = FT_Vector()
            return FT_Get_Kerning(face, left, right, FT_KERNING_UNSCALED.rawValue, &kerning) == 0 ? kerning.x : 0
        }
        return Double(units) / Double(unitsPerEm)
    }

    /// Runs `body` with the face while holding the FreeType lock. The face's
    /// size is `GlyphDistanceField.rasterPixelsPerEm` pixels per em.
    func withFace<Result>(_ body: (FT_Library, FT_Face) throws -> Result) throws -> Result {
        let face = self.face
        return try freeType.withLibrary { library in try body(library, face) }
    }
}
