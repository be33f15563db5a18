import CEGL
import CLayerFXLayout
import LayerFXPrimitives

/// The textures a frame's primitives read: polygon edges (RGBA32F,
/// ``edgeRowLength`` edges per row, `LFX_EDGE_ROW_LENGTH` of `lfx_layout.h`
/// as the fragment shader reads them), the gradient stop table (RG32UI, a
/// stop's location bits and colour, ``stopRowLength`` a row) and the glyph
/// atlas (R8, re-sent only when its generation changes). All are sampled
/// with `texelFetch`, so filtering never applies.
struct FrameTextures {
    static let edgeUnit: GLenum = 0
    static let atlasUnit: GLenum = 1
    /// The stop table's unit, after the offscreen layers' two (`u_stops`).
    static let stopUnit: GLenum = 4
    /// Edges per texture row, `LFX_EDGE_ROW_LENGTH`.
    static let edgeRowLength = Int(LFX_EDGE_ROW_LENGTH)
    /// Stops per texture row, `LFX_STOP_ROW_LENGTH`.
    static let stopRowLength = Int(LFX_STOP_ROW_LENGTH)

    private var edgeTexture: GLuint = 0
    private var edgeRows = 0
    private var stopTexture: GLuint = 0
    private var stopRows = 0
    private var atlasTexture: GLuint = 0
    private var atlasGeneration: Int? = nil

    mutating func upload(edges: [SIMD4<Float>], atlas: GlyphAtlasImage?) throws {
        if !edges.isEmpty { try uploadEdges(edges) }
        if let atlas, atlas.generation != atlasGeneration { try uploadAtlas(atlas) }
    }

    /// Sends the frame's gradient stop table (when it has one) and leaves it
    /// bound to ``stopUnit``.
    mutating func upload(stops: [GradientStop]) throws {
        guard !stops.isEmpty else { return }
        let width = Self.stopRowLength
        let rows = (stops.count + width - 1) / width
        try Self.checkSize(width: width, height: rows, what: "\(stops.count) gradient stops")
        bind(&stopTexture, unit: Self.stopUnit)
        if rows > stopRows {
            stopRows = max(rows, stopRows * 2)
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RG32UI, GLsizei(width), GLsizei(stopRows), 0,
                         GLenum(GL_RG_INTEGER), GLenum(GL_UNSIGNED_INT), nil)
        }
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        // `GradientStop` is `lfx_gradient_stop`: the location's bits and the colour, two 32-bit words.
        stops.withUnsafeBufferPointer { buffer in
            let full = stops.count / width, rest = stops.count % width
            if full > 0 {
                glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(full),
                                GLenum(GL_RG_INTEGER), GLenum(GL_UNSIGNED_INT), buffer.baseAddress)
            }
            if rest > 0 {
                glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, GLint(full), GLsizei(rest), 1,
                                GLenum(GL_RG_INTEGER), GLenum(GL_UNSIGNED_INT), buffer.baseAddress! + full * width)
            }
        }
    }

    private mutating func uploadEdges(_ edges: [SIMD4<Float>]) throws {
        let width = Self.edgeRowLength
        let rows = (edges.count + width - 1) / width
        try Self.checkSize(width: width, height: rows, what: "\(edges.count) polygon edges")
        bind(&edgeTexture, unit: Self.edgeUnit)
        if rows > edgeRows {
            edgeRows = max(rows, edgeRows * 2)
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(width), GLsizei(edgeRows), 0,
                         GLenum(GL_RGBA), GLenum(GL_FLOAT), nil)
        }
        edges.withUnsafeBufferPointer { buffer in
            let full = edges.count / width, rest = edges.count % width
            if full > 0 {
                glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(full),
                                GLenum(GL_RGBA), GLenum(GL_FLOAT), buffer.baseAddress)
            }
            if rest > 0 {
                glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, GLint(full), GLsizei(rest), 1,
                                GLenum(GL_RGBA), GLenum(GL_FLOAT), buffer.baseAddress! + full * width)
            }
        }
    }

    private mutating func uploadAtlas(_ atlas: GlyphAtlasImage) throws {
        try Self.checkSize(width: atlas.width, height: atlas.height, what: "the glyph atlas")
        bind(&atlasTexture, unit: Self.atlasUnit)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        atlas.bytes.withUnsafeBytes { raw in
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(atlas.width), GLsizei(atlas.height), 0,
                         GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), raw.baseAddress)
        }
        atlasGeneration = atlas.generation
    }

    /// Binds the edge, atlas and stop textures to their units again (the tile
    /// compositor's passes read the atlas after other textures were bound).
    func bindForSampling() {
        for (texture, unit) in [(edgeTexture, Self.edgeUnit), (atlasTexture, Self.atlasUnit), (stopTexture, Self.stopUnit)]
        where texture != 0 {
            glActiveTexture(GLenum(GL_TEXTURE0) + unit)
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        }
    }

    /// Binds `texture` (created on first use, nearest filtering) to `unit`.
    private func bind(_ texture: inout GLuint, unit: GLenum) {
        glActiveTexture(GLenum(GL_TEXTURE0) + unit)
        if texture == 0 {
            glGenTextures(1, &texture)
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            for parameter in [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER] {
                glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_NEAREST)
            }
        } else {
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        }
    }

    private static func checkSize(width: Int, height: Int, what: String) throws {
        var limit: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &limit)
        guard width <= Int(limit), height <= Int(limit) else {
            throw GPUError("\(what) need a \(width)×\(height) texture, over this GPU's limit of \(limit) px per side")
        }
    }

    mutating func delete() {
        glDeleteTextures(1, &edgeTexture)
        glDeleteTextures(1, &stopTexture)
        glDeleteTextures(1, &atlasTexture)
    }
}
