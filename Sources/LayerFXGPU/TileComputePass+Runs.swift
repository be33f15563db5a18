import CEGL
import LayerFXPrimitives

/// Runs of circles, analytic shapes and glyphs in frames that also hold other
/// primitives (``TiledRuns``): the run's primitives are binned on the CPU
/// and `Shaders/tiles.comp.glsl`, built with `OVER`, composites each pixel of
/// the tiles they reach front to back into a frame-sized RGBA16F texture as
/// (C, 1 − T); the renderer then draws a composite of that texture over its
/// current target (the frame or an offscreen layer), which blends
/// C + T·(what is there), as the CPU's `lfx_tiles_composite_over` does.
extension TileComputePass {
    /// The run variant of the tile compositor and its uniforms.
    struct RunProgram {
        let program: ShaderProgram
        let sizeUniform: GLint, columnsUniform: GLint, firstTileUniform: GLint
        let frameTextureUniforms: FrameTextureUniforms
    }

    /// Composites the primitives at positions `items` of `frame`'s drawing
    /// order into the run texture, leaving it ready to be sampled, and
    /// returns the device box of the tiles written (x0, y0, x1, y1; nil when
    /// the run touches no tile); glyphs sample the atlas bound to
    /// `FrameTextures.atlasUnit`, decoded with `atlasDecode`. The frame's circles and instances go up first
    /// when `uploadingPrimitives` is set (once a frame). Nil too, with
    /// nothing drawn and the second result false, when the lists would hold
    /// more than `TileBins.maximumEntries` entries or the program does not
    /// build: then draw the run in order.
    func composite(run items: ClosedRange<Int>, of frame: Frame, uploadingPrimitives: Bool,
                   atlasDecode: SIMD2<Float>) -> (box: SIMD4<Float>?, drawn: Bool) {
        let width = frame.width, height = frame.height
        if uploadingPrimitives { uploadPrimitives(of: frame) }
        // A shape's tiles are those of its quad's pixel box: the shader finds what it covers.
        guard bins.bin(frame, items: items, coverage: { _, _ in .edge }) else { return (nil, false) }
        guard let tiles = bins.listedTiles else { return (nil, true) }
        // Lists of circles alone take the circles-only build (see `TileComputePass.circleProgram`).
        let circlesOnly = !bins.listsShapes
        if runPrograms[circlesOnly] == nil { runPrograms[circlesOnly] = .some(makeRunProgram(circlesOnly: circlesOnly)) }
        guard case let run?? = runPrograms[circlesOnly] else { return (nil, false) }
        uploadLists()
        prepareRunTexture(width: width, height: height)
        glUseProgram(run.program.id)
        glUniform2i(run.sizeUniform, GLint(width), GLint(height))
        glUniform1i(run.columnsUniform, GLint(bins.columns))
        glUniform2i(run.firstTileUniform, GLint(tiles.x0), GLint(tiles.y0))
        run.frameTextureUniforms.set(frame, atlasDecode: atlasDecode)
        for index in 0..<4 {
            glBindBufferBase(GLenum(GL_SHADER_STORAGE_BUFFER), GLuint(index), buffers[index])
        }
        glBindImageTexture(0, runTexture, 0, GLboolean(GL_FALSE), 0, GLenum(GL_WRITE_ONLY), GLenum(GL_RGBA16F))
        glDispatchCompute(GLuint(tiles.x1 - tiles.x0 + 1), GLuint(tiles.y1 - tiles.y0 + 1), 1)
        glMemoryBarrier(GLbitfield(GL_TEXTURE_FETCH_BARRIER_BIT))
        let size = TileBins.tileSize
        let box = SIMD4<Float>(Float(tiles.x0 * size), Float(tiles.y0 * size),
                               Float(min((tiles.x1 + 1) * size, width)), Float(min((tiles.y1 + 1) * size, height)))
        return (box, true)
    }

    private func makeRunProgram(circlesOnly: Bool) -> RunProgram? {
        guard let program = try? ShaderProgram(
            compute: "tiles.comp.glsl",
            defines: [("COLUMNS", columnsPerInvocation), ("INVOCATIONS_X", TileBins.tileSize / columnsPerInvocation),
                      ("OVER", 1)] + (circlesOnly ? [("CIRCLES_ONLY", 1)] : []))
        else { return nil }
        return RunProgram(program: program, sizeUniform: glGetUniformLocation(program.id, "u_size"),
                          columnsUniform: glGetUniformLocation(program.id, "u_columns"),
                          firstTileUniform: glGetUniformLocation(program.id, "u_firstTile"),
                          frameTextureUniforms: FrameTextureUniforms(program))
    }

    /// An RGBA16F texture of the frame's size (remade when the size changes).
    private func prepareRunTexture(width: Int, height: Int) {
        guard runTextureSize != (width, height) else { return }
        Self.remake(&runTexture, format: GL_RGBA16F, width: width, height: height)
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        runTextureSize = (width, height)
    }
}
