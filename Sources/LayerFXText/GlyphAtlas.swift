import LayerFXCore

/// A thread-safe atlas of signed-distance glyph bitmaps (8-bit, one
/// channel), shared by the text layers evaluated with one `TextContext`
/// (which owns it) and the backends that draw their frames.
///
/// Each glyph is rasterized once, at `emSize` texels per em whatever size it
/// is drawn at, into a field that extends `spread` texels beyond the glyph's
/// control box; the atlas surrounds each field with one more texel of value 0
/// (farthest outside), so bilinear sampling anywhere inside a glyph's
/// `atlasRect` never reads another glyph. The image is `width` texels wide and
/// starts `initialHeight` tall; it doubles in height when full (rows are only
/// ever added, so a glyph never moves). A glyph's bytes depend only on the
/// font file and glyph, not on where it lands or what else is in the atlas.
///
/// Sampling (what both backends do): at atlas texel coordinate (u, v), texel
/// (i, j)'s centre being (i + 0.5, j + 0.5), interpolate the four nearest
/// texel values bilinearly (clamping to the image edge), decode with
/// `signedDistance(texelValue:)` (or by the formula on `edgeValue`) to a
/// distance in texels, multiply by the quad's device pixels per texel (its
/// device width ÷ the `atlasRect` width, under a uniform scale), and take
/// coverage = clamp(0.5 + d, 0, 1).
public final class GlyphAtlas: Sendable {
    /// Texels per em: glyphs are rasterized as if drawn at 64 pixels per em.
    public static let emSize = 64
    /// How far (in texels) the field extends beyond each glyph's control box,
    /// and the largest distance it encodes: 8.
    public static let spread = 8
    /// The encoded value of the glyph's edge, as a fraction of 255: 0.5.
    ///
    /// Texel value v (0…255) ↔ signed distance d = (v/255 − edgeValue) ·
    /// distanceRange in atlas texels, positive INSIDE the glyph; so v = 0 is
    /// 8 or more texels outside, v = 255 is 8 or more inside, and one step of
    /// v is 16/255 ≈ 0.063 texel.
    public static let edgeValue: Float = 0.5
    /// The span of distances the 256 texel values cover, in texels: 16
    /// (−8 … +8, twice `spread`). See `edgeValue`.
    public static let distanceRange: Float = 16
    /// The atlas image width in texels: 1024.
    public static let width = 1024
    /// The atlas image height before it first grows: 256.
    public static let initialHeight = 256

    private let state = LockedValue(AtlasState())
    /// Which glyph each field's top-left texel belongs to (for `outline(atAtlasOrigin:)`).
    let owners = LockedValue([SIMD2<Int>: GlyphOwner]())

    /// An empty atlas; text layers use their `TextContext`'s.
    public init() {}

    /// The signed distance in texels, positive inside, that texel value `value`
    /// encodes: (value/255 − `edgeValue`) · `distanceRange`.
    public static func signedDistance(texelValue value: Float) -> Float {
        (value / 255 - edgeValue) * distanceRange
    }

    /// The texel value for signed distance `distance` (texels, positive
    /// inside), rounded and clamped to 0…255.
    static func encode(distance: Float) -> UInt8 {
        UInt8(saturating: max(0, min(255, ((distance / distanceRange + edgeValue) * 255).rounded())))
    }

    /// A copy of the atlas pixels right now. Snapshots are values: later
    /// glyphs never change one already taken.
    public func snapshot() -> AtlasImage {
        state.withLock { state in
            AtlasImage(width: Self.width, height: state.height, bytes: state.pixels, generation: state.generation)
        }
    }

    /// Where `glyph` of `font` lies in the atlas, rasterizing and adding it
    /// on first use. Rasterizing happens outside the atlas lock; when two
    /// threads race for one glyph the first one stored wins and the other's
    /// identical bytes are dropped.
    func entry(for glyph: UInt32, of font: Font) throws -> AtlasEntry {
        let key = GlyphKey(fontPath: font.path, glyph: glyph)
        if let entry = state.withLock({ $0.entries[key] }) { return entry }
        let entry = try add(GlyphDistanceField(glyph: glyph, of: font), for: key)
        recordOwner(entry, font: font, glyph: glyph)
        return entry
    }

    /// Stores `field` (nil: a glyph with nothing to draw) as `key`'s, unless
    /// `key` has one already, and returns where `key`'s field lies. Adding
    /// pixels gives the atlas a new generation.
    func add(_ field: GlyphDistanceField?, for key: GlyphKey) throws -> AtlasEntry {
        try state.withLock { state in
            if let entry = state.entries[key] { return entry }
            let entry = try state.add(field)
            state.entries[key] = entry
            return entry
        }
    }
}

/// The pixels of a `GlyphAtlas` at one moment.
public struct AtlasImage: Sendable, Equatable {
    /// Width in texels (`GlyphAtlas.width`).
    public let width: Int
    /// Height in texels (a power-of-two multiple of `GlyphAtlas.initialHeight`).
    public let height: Int
    /// `width × height` encoded distances, row-major, top row first.
    public let bytes: [UInt8]
    /// Names these pixels: it changes whenever glyphs with pixels are added,
    /// and no two atlases of the process ever have the same one (each new
    /// atlas and each change takes the next number of one process-wide
    /// counter, `AtlasGeneration`), so a backend that draws frames of several
    /// contexts re-uploads its texture exactly when this differs from the
    /// last one.
    public let generation: Int

    /// The bilinearly interpolated texel value (0…255) at atlas texel
    /// coordinate (u, v), texel (i, j)'s centre being (i + 0.5, j + 0.5),
    /// clamped to the image edge: the reference for the backends' sampling.
    public func value(u: Float, v: Float) -> Float {
        let x = u - 0.5, y = v - 0.5
        let x0 = x.rounded(.down), y0 = y.rounded(.down)
        let fx = x - x0, fy = y - y0
        func texel(_ i: Float, _ j: Float) -> Float {
            let column = min(width - 1, max(0, Int(saturating: i))), row = min(height - 1, max(0, Int(saturating: j)))
            return Float(bytes[row * width + column])
        }
        let top = texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx
        let bottom = texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }
}

/// One glyph of one font file.
struct GlyphKey: Hashable {
    var fontPath: String
    var glyph: UInt32
}

/// Where a glyph's distance field lies in the atlas (nil for a glyph with no
/// outline), and how it sits relative to the glyph origin.
struct AtlasEntry: Sendable {
    /// The field's top-left texel in the atlas.
    var x: Int, y: Int
    /// The field's size, left edge (x right) and top edge (y up, from the
    /// baseline), in texels; width 0 for a glyph with nothing to draw.
    var width: Int, height: Int, left: Int, top: Int

    static let empty = AtlasEntry(x: 0, y: 0, width: 0, height: 0, left: 0, top: 0)
}

/// The atlas's mutable state, guarded by its lock.
private struct AtlasState {
    var pixels = [UInt8](repeating: 0, count: GlyphAtlas.width * GlyphAtlas.initialHeight)
    var height = GlyphAtlas.initialHeight
    var generation = AtlasGeneration.next()
    var entries: [GlyphKey: AtlasEntry] = [:]
    var packer = ShelfPacker(width: GlyphAtlas.width)

    /// Packs `field` (with its one-texel border of zeros) into the image,
    /// doubling its height as often as needed.
    mutating func add(_ field: GlyphDistanceField?) throws -> AtlasEntry {
        guard let field else { return .empty }
        guard let corner = packer.place(width: field.width + 2, height: field.height + 2) else {
            throw FontError("a glyph \(field.width) texels wide does not fit the \(GlyphAtlas.width)-texel glyph atlas")
        }
        while packer.usedHeight > height {
            pixels.append(contentsOf: repeatElement(0, count: GlyphAtlas.width * height))
            height *= 2
        }
        let (x, y) = (corner.x + 1, corner.y + 1)
        for row in 0..<field.height {
            let source = row * field.width, target = (y + row) * GlyphAtlas.width + x
            pixels.replaceSubrange(target..<(target + field.width), with: field.bytes[source..<(source + field.width)])
        }
        generation = AtlasGeneration.next()
        return AtlasEntry(x: x, y: y, width: field.width, height: field.height, left: field.left, top: field.top)
    }
}

/// The source of atlas generations: one counter for the whole process, so a
/// generation names one atlas's pixels at one moment. It holds no atlas
/// state, only the last number handed out.
private enum AtlasGeneration {
    private static let last = LockedValue(0)

    /// A number no atlas has had before.
    static func next() -> Int {
        last.withLock { last in
            last &+= 1
            return last
        }
    }
}
