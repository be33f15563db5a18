import CEGL
import Foundation
import LayerFXPrimitives

/// Tile compositing on the GPU (`Compositing.tiles`): the circles of a
/// frame of circles go up as a shader storage buffer of ``TileCircle``s and are binned into
/// tiles on the GPU (``GPUTileBinning``), or on the CPU (``TileBins``, the
/// CPU's lists, uploaded) when ``binning`` says so or a list is too long
/// for the GPU's sort. A frame that also holds analytic shapes (ellipses,
/// rounded rectangles, stars) or glyphs is binned on the CPU, each listed
/// in every tile of its quad's pixel box, and its instances go up too. Then
/// `Shaders/tiles.comp.glsl` (its circles-only build for a frame with no
/// instances) composites each pixel once, front to back, into an RGBA8 texture that is read back. Needs
/// OpenGL ES 3.1 (``make(for:)`` says whether the context has it). Its arrays
/// and buffers are kept from frame to frame. Runs in other frames:
/// `TileComputePass+Runs.swift`.
final class TileComputePass {
    /// The whole-frame compositor for lists of circles, analytic shapes and glyphs.
    private let program: FrameProgram
    /// The same built with `CIRCLES_ONLY`, for frames of circles alone.
    private let circleProgram: FrameProgram
    /// Circles (packed), tile offsets, tile entries, instances.
    var buffers = [GLuint](repeating: 0, count: 4)
    /// The frame's circles as the shaders read them, kept from frame to frame.
    private var packedCircles: [TileCircle] = []
    private var texture: GLuint = 0, framebuffer: GLuint = 0
    private var textureSize = (width: 0, height: 0)
    var bins = TileBins()
    /// `bins.offsets` as the shader reads them.
    private var offsets32: [UInt32] = []
    /// The GPU's binning passes; nil where they do not build.
    private let gpuBinning: GPUTileBinning?
    /// Where frames are binned (the GPU unless a test asks for the CPU).
    var binning: TileBinning = .gpu
    /// Where the last frame drawn was binned.
    private(set) var lastBinning: TileBinning?

    /// The texture unit the pass binds its textures to while making them:
    /// one no program samples, so the frame's textures stay where they are.
    static let setUpUnit: GLenum = 6

    /// How many pixels of a tile row one invocation composites (``columnsPerInvocation(for:)``).
    let columnsPerInvocation: Int
    /// The programs that composite runs over a target, for lists with
    /// shapes (false) and of circles alone (true), each made on first use
    /// (nil inside when it does not build), and their frame-sized RGBA16F
    /// texture (see `TileComputePass+Runs.swift`).
    var runPrograms: [Bool: RunProgram?] = [:]
    var runTexture: GLuint = 0, runTextureSize = (width: 0, height: 0)

    /// The pass, built in the current context (which `gpu` describes); nil
    /// when the context has no OpenGL ES 3.1 compute shaders or the program
    /// does not build.
    static func make(for gpu: GPUInfo) -> TileComputePass? {
        var major: GLint = 0, minor: GLint = 0
        glGetIntegerv(GLenum(GL_MAJOR_VERSION), &major)
        glGetIntegerv(GLenum(GL_MINOR_VERSION), &minor)
        guard (major, minor) >= (3, 1) else { return nil }
        return try? TileComputePass(columnsPerInvocation: columnsPerInvocation(for: gpu))
    }

    /// How many consecutive pixels of a tile row one invocation composites:
    /// one on a GPU; on a software rasterizer, which runs an invocation in
    /// a SIMD lane and reads each list entry and record as a gather,
    /// ``softwareColumns`` pixels share those reads.
    static func columnsPerInvocation(for gpu: GPUInfo) -> Int {
        gpu.isSoftwareRasterizer ? softwareColumns : 1
    }

    /// Pixels per invocation on a software rasterizer: on llvmpipe (2 cores,
    /// the 100,000-ripple field, circles only) 4 took about half the time of
    /// 1 and 40% less than a whole 16-pixel row, whose invocations are too
    /// few to fill the lanes; 2 was as fast as 4, 8 slower.
    static let softwareColumns = 4

    private init(columnsPerInvocation: Int) throws {
        self.columnsPerInvocation = columnsPerInvocation
        let layout = [("COLUMNS", columnsPerInvocation), ("INVOCATIONS_X", TileBins.tileSize / columnsPerInvocation)]
        program = try FrameProgram(defines: layout)
        circleProgram = try FrameProgram(defines: layout + [("CIRCLES_ONLY", 1)])
        glGenBuffers(4, &buffers)
        glGenFramebuffers(1, &framebuffer)
        gpuBinning = GPUTileBinning.make()
    }

    /// Composites `frame` (circles, analytic shapes and glyphs only) into
    /// the pass's texture and leaves its framebuffer bound for reading back
    /// (row 0 the frame's top row); false, with nothing drawn, when its lists
    /// would hold more than `TileBins.maximumEntries` entries. Glyphs sample
    /// the atlas bound to `FrameTextures.atlasUnit`, decoded with
    /// `atlasDecode`; gradients the stop table bound to `FrameTextures.stopUnit`.
    func draw(_ frame: Frame, atlasDecode: SIMD2<Float>) -> Bool {
        let width = frame.width, height = frame.height
        uploadPrimitives(of: frame)
        glBindBufferBase(GLenum(GL_SHADER_STORAGE_BUFFER), 0, buffers[0])
        var columns = 0, rows = 0
        if binning == .gpu, frame.instances.isEmpty, let gpuBinning {
            switch gpuBinning.bin(circleCount: frame.circles.count, width: width, height: height,
                                  offsets: buffers[1], entries: buffers[2]) {
            case let .binned(c, r): (columns, rows) = (c, r)
            case .tooManyEntries: return false
            case .listTooLong: break
            }
        }
        if columns > 0 {
            lastBinning = .gpu
        } else {
            // A shape's tiles are those of its quad's pixel box: the shader finds what it covers.
            let binned = frame.instances.isEmpty ? bins.bin(frame.circles, width: width, height: height)
                : bins.bin(frame) { _, _ in .edge }
            guard binned else { return false }
            uploadLists()
            (columns, rows) = (bins.columns, bins.rows)
            lastBinning = .cpu
        }
        prepareTexture(width: width, height: height)
        (frame.instances.isEmpty ? circleProgram : program).use(for: frame, columns: columns, atlasDecode: atlasDecode)
        for index in 0..<4 {
            glBindBufferBase(GLenum(GL_SHADER_STORAGE_BUFFER), GLuint(index), buffers[index])
        }
        glBindImageTexture(0, texture, 0, GLboolean(GL_FALSE), 0, GLenum(GL_WRITE_ONLY), GLenum(GL_RGBA8))
        glDispatchCompute(GLuint(columns), GLuint(rows), 1)
        glMemoryBarrier(GLbitfield(GL_FRAMEBUFFER_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        return true
    }

    /// A build of the whole-frame compositor and its uniforms.
    private struct FrameProgram {
        let shader: ShaderProgram
        let backgroundUniform: GLint, sizeUniform: GLint, columnsUniform: GLint
        let frameTextureUniforms: FrameTextureUniforms

        init(defines: [(String, Int)]) throws {
            shader = try ShaderProgram(compute: "tiles.comp.glsl", defines: defines)
            backgroundUniform = glGetUniformLocation(shader.id, "u_background")
            sizeUniform = glGetUniformLocation(shader.id, "u_size")
            columnsUniform = glGetUniformLocation(shader.id, "u_columns")
            frameTextureUniforms = FrameTextureUniforms(shader)
        }

        /// Makes it current with its uniforms set for `frame`, a grid `columns` tiles wide.
        func use(for frame: Frame, columns: Int, atlasDecode: SIMD2<Float>) {
            glUseProgram(shader.id)
            let bg = frame.background
            glUniform4f(backgroundUniform, bg.x * bg.w, bg.y * bg.w, bg.z * bg.w, bg.w)
            glUniform2i(sizeUniform, GLint(frame.width), GLint(frame.height))
            glUniform1i(columnsUniform, GLint(columns))
            frameTextureUniforms.set(frame, atlasDecode: atlasDecode)
        }
    }

    /// A tile program's uniforms for the frame's textures: the glyph atlas's
    /// decoding and the gradient stop table's length.
    struct FrameTextureUniforms {
        let atlasDecode: GLint, stopCount: GLint

        /// Points `program`'s `u_atlas` and `u_stops` at the frame textures' units.
        init(_ program: ShaderProgram) {
            glUseProgram(program.id)
            glUniform1i(glGetUniformLocation(program.id, "u_atlas"), GLint(FrameTextures.atlasUnit))
            glUniform1i(glGetUniformLocation(program.id, "u_stops"), GLint(FrameTextures.stopUnit))
            atlasDecode = glGetUniformLocation(program.id, "u_atlasDecode")
            stopCount = glGetUniformLocation(program.id, "u_stopCount")
        }

        /// Sets them for `frame` (the program current).
        func set(_ frame: Frame, atlasDecode decode: SIMD2<Float>) {
            glUniform2f(atlasDecode, decode.x, decode.y)
            glUniform1i(stopCount, GLint(clamping: frame.gradientStops.count))
        }
    }

    /// Sends `frame`'s circles, packed as ``TileCircle``s, and its instances
    /// into their shader storage buffers (0 and 3).
    func uploadPrimitives(of frame: Frame) {
        TileCircle.pack(frame.circles, into: &packedCircles)
        upload(packedCircles, to: 0)
        upload(frame.instances, to: 3)
    }

    /// Sends the lists of ``bins`` into the offsets' and entries' buffers.
    func uploadLists() {
        // Within `TileBins.maximumEntries`, every offset fits 32 bits.
        offsets32.resize(to: bins.offsets.count) { 0 }
        for i in bins.offsets.indices { offsets32[i] = UInt32(truncatingIfNeeded: bins.offsets[i]) }
        upload(offsets32, to: 1)
        upload(bins.entries, to: 2)
        gpuBinning?.entriesReplaced()
    }

    /// Sends `array` into shader storage buffer `index` (at least one byte: an empty list is still a buffer).
    func upload<T>(_ array: [T], to index: Int) {
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
        Self.remake(&texture, format: GL_RGBA8, width: width, height: height)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        textureSize = (width, height)
    }

    /// Replaces `texture` (0: none yet) by a new one of `format` and that
    /// size, made on ``setUpUnit`` and left bound there.
    static func remake(_ texture: inout GLuint, format: Int32, width: Int, height: Int) {
        if texture != 0 { glDeleteTextures(1, &texture) }
        glGenTextures(1, &texture)
        glActiveTexture(GLenum(GL_TEXTURE0) + setUpUnit)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(format), GLsizei(width), GLsizei(height))
    }

    /// Deletes the program, buffers, texture and framebuffer (context current).
    func delete() {
        gpuBinning?.delete()
        glDeleteBuffers(4, &buffers)
        if texture != 0 { glDeleteTextures(1, &texture) }
        if runTexture != 0 { glDeleteTextures(1, &runTexture) }
        for case let run? in runPrograms.values { glDeleteProgram(run.program.id) }
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteProgram(program.shader.id)
        glDeleteProgram(circleProgram.shader.id)
    }
}

/// Where tile compositing's lists are made.
enum TileBinning: Sendable {
    /// By the compute passes of ``GPUTileBinning``.
    case gpu
    /// By ``TileBins``, and uploaded.
    case cpu

    /// The GPU's passes, except on a software rasterizer (`GL_RENDERER`
    /// naming llvmpipe, softpipe or swrast): there the sort's barriers make
    /// them slower than binning on the CPU (about 230 against 90 ms a frame
    /// of 10,000 ripples at 640×360 on llvmpipe, two cores).
    static func preferred(for gpu: GPUInfo) -> TileBinning {
        gpu.isSoftwareRasterizer ? .cpu : .gpu
    }
}
