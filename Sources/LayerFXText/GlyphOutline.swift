import CFreeType
import LayerFXCore

extension GlyphAtlas {
    /// The outline of the glyph whose distance field starts at atlas texel
    /// `origin` (a ``PlacedGlyph``'s `atlasRect` origin) from its font,
    /// placed in atlas texel coordinates (x right, y down) exactly where the
    /// glyph's distance field lies, so that it draws the shape the atlas
    /// encodes; nil when no glyph of this atlas starts there or its font no
    /// longer loads it.
    public func outline(atAtlasOrigin origin: SIMD2<Float>) -> Outline? {
        guard let x = Int(exactly: origin.x), let y = Int(exactly: origin.y),
              let owner = owners.withLock({ $0[SIMD2(x, y)] }) else { return nil }
        return try? owner.font.outline(of: owner.glyph, placedAt: owner.entry)
    }

    /// Remembers which glyph `entry` holds, for `outline(atAtlasOrigin:)`.
    func recordOwner(_ entry: AtlasEntry, font: Font, glyph: UInt32) {
        guard entry.width > 0 else { return }
        owners.withLock { $0[SIMD2(entry.x, entry.y)] = GlyphOwner(font: font, glyph: glyph, entry: entry) }
    }
}

/// The glyph whose field lies at an atlas position.
struct GlyphOwner: Sendable {
    let font: Font
    let glyph: UInt32
    let entry: AtlasEntry
}

extension Font {
    /// The unhinted outline of `glyph` (the one its distance field was
    /// rasterized from) in the atlas texels of `entry`.
    func outline(of glyph: UInt32, placedAt entry: AtlasEntry) throws -> Outline {
        // The face is at `rasterPixelsPerEm`; outline units are 1/64 pixel.
        let unitsPerTexel = Float(64 * GlyphDistanceField.supersampling)
        let collector = OutlineCollector(
            origin: SIMD2(Float(entry.x - entry.left), Float(entry.y + entry.top)), scale: 1 / unitsPerTexel)
        try withFace { _, face in
            let error = FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP))
            guard error == 0 else {
                throw FontError("font \"\(path)\": glyph \(glyph) could not be loaded (\(FreeType.describe(error)))")
            }
            let slot = face.pointee.glyph!
            guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return }
            var funcs = FT_Outline_Funcs(
                move_to: { to, user in OutlineCollector.from(user).add(.move, [to]) },
                line_to: { to, user in OutlineCollector.from(user).add(.line, [to]) },
                conic_to: { control, to, user in OutlineCollector.from(user).add(.quadratic, [control, to]) },
                cubic_to: { c1, c2, to, user in OutlineCollector.from(user).add(.cubic, [c1, c2, to]) },
                shift: 0, delta: 0)
            let decomposed = withExtendedLifetime(collector) {
                FT_Outline_Decompose(&slot.pointee.outline, &funcs, Unmanaged.passUnretained(collector).toOpaque())
            }
            guard decomposed == 0 else {
                throw FontError("font \"\(path)\": glyph \(glyph) outline could not be read (\(FreeType.describe(decomposed)))")
            }
        }
        if !collector.elements.isEmpty { collector.elements.append(.close) }
        return Outline(elements: collector.elements)
    }
}

/// Gathers FreeType's outline callbacks as ``Outline`` elements.
private final class OutlineCollector {
    enum Step { case move, line, quadratic, cubic }

    let origin: SIMD2<Float>
    let scale: Float
    var elements: [Outline.Element] = []

    init(origin: SIMD2<Float>, scale: Float) { self.origin = origin; self.scale = scale }

    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineCollector {
        Unmanaged<OutlineCollector>.fromOpaque(user!).takeUnretainedValue()
    }

    /// Adds a step through `points` (FreeType's y up → atlas rows down); 0 to go on.
    func add(_ step: Step, _ points: [UnsafePointer<FT_Vector>?]) -> Int32 {
        let p = points.map { v -> SIMD2<Float> in
            guard let v else { return origin }
            return SIMD2(origin.x + Float(v.pointee.x) * scale, origin.y - Float(v.pointee.y) * scale)
        }
        switch step {
        case .move:
            if !elements.isEmpty { elements.append(.close) }
            elements.append(.move(p[0]))
        case .line: elements.append(.line(p[0]))
        case .quadratic: elements.append(.quadratic(p[0], p[1]))
        case .cubic: elements.append(.cubic(p[0], p[1], p[2]))
        }
        return 0
    }
}
