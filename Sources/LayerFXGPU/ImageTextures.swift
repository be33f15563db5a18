import CEGL
import LayerFXCore

/// The layer contents images frames draw, as RGBA8 textures (premultiplied
/// texels as the image holds them, nearest filtering: the shader samples
/// them with `texelFetch` and blends the four texels itself, in highp
/// float, as the CPU does; hardware bilinear weights have only 8 bits on
/// many GPUs).
///
/// A texture is made the first time a frame draws its image and kept while
/// the image lives (a scene's images live as long as the scene), so a
/// sequence uploads each image once; the textures of images freed since are
/// deleted when the next frame begins.
struct ImageTextures {
    /// The texture unit image primitives sample (`u_image`), after the
    /// gradient stop table's (`FrameTextures.stopUnit`) and before the tile
    /// passes' set-up unit (`TileComputePass.setUpUnit`).
    static let unit: GLenum = 5

    private struct Entry {
        weak var image: ContentsImage?
        var texture: GLuint
    }

    private var entries: [ObjectIdentifier: Entry] = [:]

    /// Deletes the textures of images that no longer exist (call with the context current).
    mutating func dropFreed() {
        for (key, entry) in entries where entry.image == nil {
            var texture = entry.texture
            glDeleteTextures(1, &texture)
            entries[key] = nil
        }
    }

    /// Binds `image`'s texture to ``unit``, uploading it first when it has none.
    /// - Throws: `GPUError` when the image is larger than the GPU's textures may be.
    mutating func bind(_ image: ContentsImage) throws {
        let key = ObjectIdentifier(image)
        glActiveTexture(GLenum(GL_TEXTURE0) + Self.unit)
        if let entry = entries[key], entry.image === image {
            glBindTexture(GLenum(GL_TEXTURE_2D), entry.texture)
            return
        }
        var limit: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &limit)
        guard image.width <= Int(limit), image.height <= Int(limit) else {
            throw GPUError("a \(image.width)×\(image.height) image exceeds this GPU's limit of \(limit) px per side for textures")
        }
        // An identifier of a freed image may have been reused: replace its texture.
        var texture = entries[key]?.texture ?? 0
        if texture == 0 { glGenTextures(1, &texture) }
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        for parameter in [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_NEAREST)
        }
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(image.width), GLsizei(image.height), 0,
                     GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), image.bytes.baseAddress)
        entries[key] = Entry(image: image, texture: texture)
    }

    /// Deletes every texture (in the renderer's context).
    mutating func delete() {
        for entry in entries.values {
            var texture = entry.texture
            glDeleteTextures(1, &texture)
        }
        entries = [:]
    }
}
