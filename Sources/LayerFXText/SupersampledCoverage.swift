import CFreeType

/// A glyph's anti-aliased coverage at `factor` × the atlas resolution, over
/// the texel rectangle its distance field will cover: the glyph's control box
/// rounded out to whole texels, plus `GlyphAtlas.spread` texels on every side.
struct SupersampledCoverage {
    /// Width and height of the distance field, in texels.
    var width: Int, height: Int
    /// The field's left edge relative to the glyph origin, in texels (x right).
    var left: Int
    /// The field's top edge relative to the baseline, in texels (y up).
    var top: Int
    /// Coverage samples per texel along each axis.
    var factor: Int
    /// `(width·factor) × (height·factor)` coverage bytes (0 outside … 255
    /// inside), top row first.
    var samples: [UInt8]

    /// Rasterizes `glyph` of `font` unhinted with FreeType's smooth rasterizer
    /// (nonzero winding: overlapping contours and composite glyphs fill
    /// correctly); nil when the glyph has no outline (a space, or a bitmap-only glyph).
    init?(glyph: UInt32, of font: Font) throws {
        let factor = GlyphDistanceField.supersampling
        let texel = FT_Pos(64 * factor)  // one texel in 26.6 raster pixels
        let pad = GlyphAtlas.spread
        let raster: (width: Int, height: Int, left: Int, top: Int, samples: [UInt8])? = try font.withFace { library, face in
            var error = FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP))
            guard error == 0 else {
                throw FontError("font \"\(font.path)\": glyph \(glyph) could not be loaded (\(FreeType.describe(error)))")
            }
            let slot = face.pointee.glyph!
            guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE, slot.pointee.outline.n_points > 0 else { return nil }
            var box = FT_BBox()
            FT_Outline_Get_CBox(&slot.pointee.outline, &box)
            let left = Int(floorDivide(box.xMin, texel)) - pad
            let right = Int(ceilDivide(box.xMax, texel)) + pad
            let bottom = Int(floorDivide(box.yMin, texel)) - pad
            let top = Int(ceilDivide(box.yMax, texel)) + pad
            let (width, height) = (right - left, top - bottom)
            FT_Outline_Translate(&slot.pointee.outline, -FT_Pos(left) * texel, -FT_Pos(bottom) * texel)
            var samples = [UInt8](repeating: 0, count: width * factor * height * factor)
            error = samples.withUnsafeMutableBufferPointer { buffer in
                var bitmap = FT_Bitmap()
                bitmap.width = UInt32(width * factor)
                bitmap.rows = UInt32(height * factor)
                bitmap.pitch = Int32(width * factor)
                bitmap.buffer = buffer.baseAddress
                bitmap.num_grays = 256
                bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
                return FT_Outline_Get_Bitmap(library, &slot.pointee.outline, &bitmap)
            }
            guard error == 0 else {
                throw FontError("font \"\(font.path)\": glyph \(glyph) could not be rasterized (\(FreeType.describe(error)))")
            }
            return (width, height, left, top, samples)
        }
        guard let raster else { return nil }
        self.init(width: raster.width, height: raster.height, left: raster.left, top: raster.top,
                  factor: factor, samples: raster.samples)
    }

    init(width: Int, height: Int, left: Int, top: Int, factor: Int, samples: [UInt8]) {
        precondition(samples.count == width * factor * height * factor, "coverage needs (width·factor) × (height·factor) samples")
        self.width = width; self.height = height; self.left = left; self.top = top
        self.factor = factor; self.samples = samples
    }
}

private func floorDivide(_ a: FT_Pos, _ b: FT_Pos) -> FT_Pos {
    a >= 0 ? a / b : -((-a + b - 1) / b)
}

private func ceilDivide(_ a: FT_Pos, _ b: FT_Pos) -> FT_Pos {
    -floorDivide(-a, b)
}
