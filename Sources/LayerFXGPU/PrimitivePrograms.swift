import CEGL
import LayerFXCore
import LayerFXPrimitives

/// The general primitive program compiled once per variant it is used for
/// (WebRender's model: one shader skeleton, `Shaders/primitive.frag.glsl`,
/// specialised with defines), so that no program carries the code of kinds,
/// clips or paints it never draws; llvmpipe runs every branch a program has.
/// Programs are built on first use and kept for the renderer's life.
struct PrimitivePrograms {
    /// What a primitive needs of the fragment shader.
    struct Variant: Hashable {
        /// The `ShapeKind` raw value (`VARIANT_KIND`).
        var kind: Int
        /// How many clips it has, 0…2 (`VARIANT_CLIPS`).
        var clips: Int
        /// Its fill (`VARIANT_GRADIENT`; analytic shapes and polygon bands
        /// only): 0 solid, 1 a gradient of inline stops, 2 one whose stops
        /// are in the frame's table.
        var gradient: Int

        /// The variant that draws `primitive`, decided as the shader decides at run time.
        init(_ primitive: PrimitiveInstance) {
            kind = Int(Int32(saturating: primitive.translation.z))
            let clipCount = primitive.clipRadii.z
            clips = clipCount > 1.5 ? 2 : (clipCount > 0.5 ? 1 : 0)
            let painted = kind <= ShapeKind.path.rawValue && primitive.paint0.x > 0.5
            gradient = !painted ? 0 : primitive.paint0.y > Float(GradientPaint.inlineStopCapacity) ? 2 : 1
        }

        var defines: [(String, Int)] {
            [("VARIANT_KIND", kind), ("VARIANT_CLIPS", clips), ("VARIANT_GRADIENT", gradient)]
        }
    }

    /// The uniforms every variant reads, set on a program when it is used.
    struct Uniforms: Equatable {
        /// The target's size in device pixels (`u_viewport`).
        var viewport = SIMD2<Float>.zero
        /// Window position of device pixel (0, 0) (`u_origin`).
        var origin = SIMD2<Float>.zero
        /// The glyph atlas's (edge value, distance range) (`u_atlasDecode`).
        var atlasDecode = SIMD2<Float>.zero
        /// The device rectangle of the offscreen layer a composite samples
        /// (`u_layerRect`, see `LayerRect.sampled`).
        var layerRect = SIMD4<Float>.zero
        /// The stops in the frame's gradient stop table (`u_stopCount`).
        var stopCount: Int32 = 0
    }

    private struct Entry {
        let program: ShaderProgram
        let viewport: GLint, origin: GLint, atlasDecode: GLint, layerRect: GLint, stopCount: GLint
        var uploaded: Uniforms?
    }

    private var entries: [Variant: Entry] = [:]

    /// Makes the program of `variant` current (building it on first use) with `uniforms` set.
    mutating func use(_ variant: Variant, _ uniforms: Uniforms) throws {
        if entries[variant] == nil { entries[variant] = try Self.build(variant) }
        let entry = entries[variant]!
        glUseProgram(entry.program.id)
        guard entry.uploaded != uniforms else { return }
        glUniform2f(entry.viewport, uniforms.viewport.x, uniforms.viewport.y)
        glUniform2f(entry.origin, uniforms.origin.x, uniforms.origin.y)
        glUniform2f(entry.atlasDecode, uniforms.atlasDecode.x, uniforms.atlasDecode.y)
        let rect = uniforms.layerRect
        glUniform4f(entry.layerRect, rect.x, rect.y, rect.z, rect.w)
        glUniform1i(entry.stopCount, uniforms.stopCount)
        entries[variant]!.uploaded = uniforms
    }

    /// Deletes every program (in the renderer's context).
    mutating func delete() {
        for entry in entries.values { glDeleteProgram(entry.program.id) }
        entries = [:]
    }

    private static func build(_ variant: Variant) throws -> Entry {
        let program = try ShaderProgram(vertex: "primitive.vert.glsl", fragment: "primitive.frag.glsl",
                                        defines: variant.defines)
        glUseProgram(program.id)
        for (name, unit) in [("u_edges", FrameTextures.edgeUnit), ("u_atlas", FrameTextures.atlasUnit),
                             ("u_layer", OffscreenLayerPool.layerUnit), ("u_mask", OffscreenLayerPool.maskUnit),
                             ("u_stops", FrameTextures.stopUnit), ("u_image", ImageTextures.unit)] {
            glUniform1i(glGetUniformLocation(program.id, name), GLint(unit))
        }
        return Entry(program: program, viewport: glGetUniformLocation(program.id, "u_viewport"),
                     origin: glGetUniformLocation(program.id, "u_origin"),
                     atlasDecode: glGetUniformLocation(program.id, "u_atlasDecode"),
                     layerRect: glGetUniformLocation(program.id, "u_layerRect"),
                     stopCount: glGetUniformLocation(program.id, "u_stopCount"), uploaded: nil)
    }
}
