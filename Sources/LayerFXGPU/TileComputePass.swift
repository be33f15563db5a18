import CEGL
import LayerFXPrimitives

/// Tile compositing on the GPU (`Compositing.tiles`): a frame of circles is
/// binned into tiles on the CPU (``TileBins``, the CPU's lists), the circles
/// and lists go up as shader storage buffers, and `Shaders/tiles.comp.glsl`
/// composites each pixel once, front to back, into an RGBA8 texture that is
/// then read back. Needs OpenGL ES 3.1 (``make()`` says whether the context
/// has it). Its arrays and buffers are kept from frame to frame.
final class TileComputePass {
    private let program: ShaderProgram
    private let backgroundUniform: GLint, sizeUniform: GLint, columnsUniform: GLint
    private var buffers = [GLuint](repeating: 0, count: 3)
    private var texture: GLuint = 0, framebuffer: GLuint = 0
    private var textureSize = (width: 0, height: 0)
    private var bins = TileBins()
    /// `bins.offsets` as the shader reads them.
    private var offsets32: [UInt32] = []

    /// The pass, built in the current context; nil when the context has no
    /// OpenGL ES 3.1 compute shaders or the program does not build.
    static func make() -> TileComputePass? {
        var major: GLint = 0, minor: GLint = 0
        glGetIntegerv(GLenum(GL_MAJOR_VERSION), &major)
        glGetIntegerv(GLenum(GL_MINOR_VERSION), &minor)
        guard (major, minor) >= (3, 1) else { return nil }
        return try? TileComputePass()
    }

    private init() throws {
        program = try ShaderProgram(compute: "tiles.comp.glsl")
        backgroundUniform = glGetUniformLocation(program.id, "u_background")
        sizeUniform = glGetUniformLocation(program.id, "u_size")
        columnsUniform = glGetUniformLocation(program.id, "u_columns")
        glGenBuffers(3, &buffers)
        glGenFramebuffers(1, &framebuffer)
    }

    /// Composites `frame` (circles only) into the pass's texture and leaves
    /// its framebuffer bound for reading back (row 0 the frame's top row);
    /// false, with nothing drawn, when its lists would hold more than
    /// `TileBins.maximumEntries` entries.
    func draw(_ frame: Frame) -> Bool {
        let width = frame.width, height = frame.height
        guard bins.bin(frame.circles, width: width, height: height) else { return false }
        // Within `TileBins.maximumEntries`, every offset fits 32 bits.
        offsets32.resize(to: bins.offsets.count) { 0 }
        for i in bins.offsets.indices { offsets32[i] = UInt32(truncatingIfNeeded: bins.offsets[i]) }
        upload(frame.circles, to: 0)
        upload(offsets32, to: 1)
        upload(bins.entries, to: 2)
        prepareTexture(width: width, height: height)
        glUseProgram(program.id)
        let bg = frame.background
        glUniform4f(backgroundUniform, bg.x * bg.w, bg.y * bg.w, bg.z * bg.w, bg.w)
        glUniform2i(sizeUniform, GLint(width), GLint(height))
        glUniform1i(columnsUniform, GLint(bins.columns))
        for index in 0..<3 {
            glBindBufferBase(GLenum(GL_SHADER_STORAGE_BUFFER), GLuint(index), buffers[index])
        }
        glBindImageTexture(0, texture, 0, GLboolean(GL_FALSE), 0, GLenum(GL_WRITE_ONLY), GLenum(GL_RGBA8))
        glDispatchCompute(GLuint(bins.columns), GLuint(bins.rows), 1)
        glMemoryBarrier(GLbitfield(GL_FRAMEBUFFER_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        return true
    }

    /// Sends `array` into shader storage buffer `index` (at least one byte: an empty list is still a buffer).
    private func upload<T>(_ array: [T], to index: Int) {
        glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), buffers[index])
        array.withUnsafeBytes { raw in
            if raw.isEmpty {
                var zero: UInt32 = 0
                glBufferData(GLenum(GL_SHADER_STORAGE_BUFFER), 4, &zero, GLenum(GL_STREAM_DRAW))
            } else {
                glBufferData(GLenum(GL_SHADER_STORAGE_BUFFER), raw.count, raw.baseAddress, GLenum(GL_STREAM_DRAW))
            }
        }
    }

    /// An RGBA8 texture of the frame's size attached to the pass's framebuffer (remade when the size changes).
    private func prepareTexture(width: Int, height: Int) {
        guard textureSize != (width, height) else { return }
        if texture != 0 { glDeleteTextures(1, &texture) }
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        textureSize = (width, height)
    }

    /// Deletes the program, buffers, texture and framebuffer (context current).
    func delete() {
        glDeleteBuffers(3, &buffers)
        if texture != 0 { glDeleteTextures(1, &texture) }
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteProgram(program.id)
    }
}
