/// A glyph's signed distance field as the atlas stores it: one byte per texel
/// (see `GlyphAtlas.edgeValue` for the encoding), `GlyphAtlas.emSize` texels
/// per em, placed relative to the glyph origin by `left` and `top`.
///
/// Why not FreeType's own `FT_RENDER_MODE_SDF`: its outline renderer (`sdf`)
/// computes exact distances to the contours, so it gets the sign wrong where
/// contours overlap: composite glyphs such as "ç", "ą", "ş" in DejaVu Sans get
/// 5–28 texels of the wrong sign inside the cedilla/ogonek joint, and its
/// `overlaps` mode (FreeType 2.12) corrupts plain glyphs ("u", "ı"). Its bitmap
/// renderer (`bsdf`) is robust but, from a 64 px coverage bitmap, is off by up
/// to 0.8 texel, and slow at higher resolutions. So LayerFX rasterizes the
/// coverage with FreeType's smooth rasterizer (which applies the nonzero
/// winding rule, so any outline fills correctly) at `supersampling` × the
/// atlas resolution and runs an exact Euclidean distance transform on it:
/// within 0.3 texel of FreeType's exact outline distances wherever those are
/// right (mean difference 0.03 texel; see GlyphDistanceFieldTests), for any font.
struct GlyphDistanceField: Equatable {
    /// Coverage samples per texel along each axis.
    static let supersampling = 8
    /// The pixel size per em the coverage is rasterized at (and every face's FreeType size).
    static let rasterPixelsPerEm = GlyphAtlas.emSize * supersampling

    /// Width and height in texels.
    var width: Int, height: Int
    /// The field's left edge relative to the glyph origin, in texels (x right).
    var left: Int
    /// The field's top edge relative to the baseline, in texels (y up).
    var top: Int
    /// `width × height` encoded distances, top row first.
    var bytes: [UInt8]

    /// The distance field of `glyph`, or nil when it has no outline.
    init?(glyph: UInt32, of font: Font) throws {
        guard let coverage = try SupersampledCoverage(glyph: glyph, of: font) else { return nil }
        self.init(coverage: coverage)
    }

    /// Each texel holds the mean of the signed distances at the 2 × 2 samples
    /// around its centre (which lies on a sample corner), scaled to texels.
    init(coverage: SupersampledCoverage) {
        let factor = coverage.factor
        /// The two samples either side of each texel centre, along one axis.
        func samples(around count: Int) -> [Int] {
            (0..<count).flatMap { texel -> [Int] in
                let centre = texel * factor + factor / 2
                return [centre - 1, centre]
            }
        }
        let rows = samples(around: coverage.height), columns = samples(around: coverage.width)
        let distances = DistanceTransform.signedDistances(
            coverage: coverage.samples, width: coverage.width * factor, height: coverage.height * factor,
            rows: rows, columns: columns, limit: (GlyphAtlas.spread + 1) * factor)
        var bytes = [UInt8](repeating: 0, count: coverage.width * coverage.height)
        for y in 0..<coverage.height {
            for x in 0..<coverage.width {
                let top: Int = 2 * y * columns.count + 2 * x
                let bottom: Int = top + columns.count
                let sum: Float = distances[top] + distances[top + 1] + distances[bottom] + distances[bottom + 1]
                bytes[y * coverage.width + x] = GlyphAtlas.encode(distance: sum / Float(4 * factor))
            }
        }
        self.init(width: coverage.width, height: coverage.height, left: coverage.left, top: coverage.top, bytes: bytes)
    }

    init(width: Int, height: Int, left: Int, top: Int, bytes: [UInt8]) {
        self.width = width; self.height = height; self.left = left; self.top = top; self.bytes = bytes
    }
}
