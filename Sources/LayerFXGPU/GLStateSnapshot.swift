import CEGL

/// One row of ``GLStateSnapshot/items``: a piece of OpenGL ES state that
/// LayerFX may change while it works in a host's context, how it is read and
/// set, and the value LayerFX needs before it draws.
public struct GLStateItem: Sendable {
    /// The GL query names of this state, as docs/embedding.md lists them,
    /// e.g. `GL_BLEND_EQUATION_RGB, GL_BLEND_EQUATION_ALPHA`.
    public let state: String
    /// The call that sets it again, e.g. `glBlendEquationSeparate`.
    public let setter: String
    /// The value LayerFX puts in place before drawing (the OpenGL ES default),
    /// in words; `nil` when LayerFX sets the state itself as part of drawing.
    public let neutralDescription: String?

    let read: @Sendable () -> [Double]
    let write: @Sendable ([Double]) -> Void
    let neutral: [Double]?
}

/// The OpenGL ES state of the current context that LayerFX touches, saved in
/// one go and put back in one go.
///
/// A renderer made for the host's context (``GLContextOwner/host``) captures
/// a snapshot before each call, sets the state it depends on to the values in
/// the table (so a host's scissor box, colour mask, blend equation or pixel
/// pack buffer cannot change what LayerFX draws), does its work and restores
/// the snapshot, unless the host opts out with
/// ``FramebufferRenderOptions/skipStateRestore``.
///
/// ``items`` is the single list of that state; ``markdownTable`` renders it for
/// docs/embedding.md, and a test checks that page quotes it. Anything the GPU
/// renderer changes must be in this table.
///
/// Hosts can use the type directly as well, around their own code:
///
/// ```swift
/// let saved = GLStateSnapshot.capture()   // a context must be current
/// // ... calls that change GL state ...
/// saved.restore()
/// ```
public struct GLStateSnapshot: Sendable {
    /// Texture units whose 2D texture and sampler bindings are saved: 0…6
    /// (edges, glyph atlas, offscreen layer, mask, gradient stop table,
    /// layer contents image, the tile passes' set-up unit). LayerFX binds
    /// textures only on these units.
    public static let savedTextureUnits = 7

    /// Every piece of state saved and restored, in restore order.
    public static let items: [GLStateItem] = [
        binding("GL_CURRENT_PROGRAM", GL_CURRENT_PROGRAM, setter: "glUseProgram") { glUseProgram(GLuint($0)) },
        binding("GL_ARRAY_BUFFER_BINDING", GL_ARRAY_BUFFER_BINDING, setter: "glBindBuffer") {
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint($0))
        },
        // The element array binding belongs to the vertex array: restore the VAO first.
        binding("GL_VERTEX_ARRAY_BINDING", GL_VERTEX_ARRAY_BINDING, setter: "glBindVertexArray") {
            glBindVertexArray(GLuint($0))
        },
        binding("GL_ELEMENT_ARRAY_BUFFER_BINDING", GL_ELEMENT_ARRAY_BUFFER_BINDING,
                setter: "glBindBuffer, after the vertex array") { glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), GLuint($0)) },
        ints("GL_PIXEL_PACK_BUFFER_BINDING, GL_PIXEL_UNPACK_BUFFER_BINDING",
             [GL_PIXEL_PACK_BUFFER_BINDING, GL_PIXEL_UNPACK_BUFFER_BINDING], setter: "glBindBuffer",
             neutral: ([0, 0], "0, 0")) {
            glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), GLuint($0[0]))
            glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), GLuint($0[1]))
        },
        perTextureUnit("GL_TEXTURE_BINDING_2D, texture units 0–6", GL_TEXTURE_BINDING_2D,
                       setter: "glActiveTexture, glBindTexture", neutral: nil) { unit, name in
            glActiveTexture(GLenum(GL_TEXTURE0 + unit))
            glBindTexture(GLenum(GL_TEXTURE_2D), name)
        },
        perTextureUnit("GL_SAMPLER_BINDING, texture units 0–6", GL_SAMPLER_BINDING,
                       setter: "glBindSampler", neutral: 0) { unit, name in glBindSampler(GLuint(unit), name) },
        // After the per-unit rows, which switch units.
        ints("GL_ACTIVE_TEXTURE", [GL_ACTIVE_TEXTURE], setter: "glActiveTexture",
             neutral: ([Double(GL_TEXTURE0)], "GL_TEXTURE0")) { glActiveTexture(GLenum($0[0])) },
        ints("GL_DRAW_FRAMEBUFFER_BINDING, GL_READ_FRAMEBUFFER_BINDING",
             [GL_DRAW_FRAMEBUFFER_BINDING, GL_READ_FRAMEBUFFER_BINDING], setter: "glBindFramebuffer") {
            glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLuint($0[0]))
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint($0[1]))
        },
        binding("GL_RENDERBUFFER_BINDING", GL_RENDERBUFFER_BINDING, setter: "glBindRenderbuffer") {
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), GLuint($0))
        },
        ints("GL_VIEWPORT", [GL_VIEWPORT], count: 4, setter: "glViewport") {
            glViewport(GLint($0[0]), GLint($0[1]), GLsizei($0[2]), GLsizei($0[3]))
        },
        capability("GL_SCISSOR_TEST", GL_SCISSOR_TEST),
        ints("GL_SCISSOR_BOX", [GL_SCISSOR_BOX], count: 4, setter: "glScissor") {
            glScissor(GLint($0[0]), GLint($0[1]), GLsizei($0[2]), GLsizei($0[3]))
        },
        capability("GL_BLEND", GL_BLEND),
        ints("GL_BLEND_SRC_RGB, GL_BLEND_DST_RGB, GL_BLEND_SRC_ALPHA, GL_BLEND_DST_ALPHA",
             [GL_BLEND_SRC_RGB, GL_BLEND_DST_RGB, GL_BLEND_SRC_ALPHA, GL_BLEND_DST_ALPHA],
             setter: "glBlendFuncSeparate",
             neutral: ([Double(GL_ONE), Double(GL_ZERO), Double(GL_ONE), Double(GL_ZERO)], "GL_ONE, GL_ZERO, GL_ONE, GL_ZERO")) {
            glBlendFuncSeparate(GLenum($0[0]), GLenum($0[1]), GLenum($0[2]), GLenum($0[3]))
        },
        ints("GL_BLEND_EQUATION_RGB, GL_BLEND_EQUATION_ALPHA", [GL_BLEND_EQUATION_RGB, GL_BLEND_EQUATION_ALPHA],
             setter: "glBlendEquationSeparate",
             neutral: ([Double(GL_FUNC_ADD), Double(GL_FUNC_ADD)], "GL_FUNC_ADD, GL_FUNC_ADD")) {
            glBlendEquationSeparate(GLenum($0[0]), GLenum($0[1]))
        },
        floats("GL_BLEND_COLOR", GL_BLEND_COLOR, setter: "glBlendColor", neutral: ([0, 0, 0, 0], "0, 0, 0, 0")) {
            glBlendColor(GLfloat($0[0]), GLfloat($0[1]), GLfloat($0[2]), GLfloat($0[3]))
        },
        capability("GL_DEPTH_TEST", GL_DEPTH_TEST),
        booleans("GL_DEPTH_WRITEMASK", GL_DEPTH_WRITEMASK, count: 1, setter: "glDepthMask",
                 neutral: ([1], "GL_TRUE")) { glDepthMask(GLboolean($0[0])) },
        ints("GL_DEPTH_FUNC", [GL_DEPTH_FUNC], setter: "glDepthFunc", neutral: ([Double(GL_LESS)], "GL_LESS")) {
            glDepthFunc(GLenum($0[0]))
        },
        capability("GL_STENCIL_TEST", GL_STENCIL_TEST),
        ints("GL_STENCIL_FUNC, GL_STENCIL_REF, GL_STENCIL_VALUE_MASK",
             [GL_STENCIL_FUNC, GL_STENCIL_REF, GL_STENCIL_VALUE_MASK], setter: "glStencilFuncSeparate(GL_FRONT, …)",
             neutral: ([Double(GL_ALWAYS), 0, -1], "GL_ALWAYS, 0, all ones")) {
            glStencilFuncSeparate(GLenum(GL_FRONT), GLenum($0[0]), GLint($0[1]), mask($0[2]))
        },
        ints("GL_STENCIL_BACK_FUNC, GL_STENCIL_BACK_REF, GL_STENCIL_BACK_VALUE_MASK",
             [GL_STENCIL_BACK_FUNC, GL_STENCIL_BACK_REF, GL_STENCIL_BACK_VALUE_MASK],
             setter: "glStencilFuncSeparate(GL_BACK, …)",
             neutral: ([Double(GL_ALWAYS), 0, -1], "GL_ALWAYS, 0, all ones")) {
            glStencilFuncSeparate(GLenum(GL_BACK), GLenum($0[0]), GLint($0[1]), mask($0[2]))
        },
        ints("GL_STENCIL_FAIL, GL_STENCIL_PASS_DEPTH_FAIL, GL_STENCIL_PASS_DEPTH_PASS",
             [GL_STENCIL_FAIL, GL_STENCIL_PASS_DEPTH_FAIL, GL_STENCIL_PASS_DEPTH_PASS],
             setter: "glStencilOpSeparate(GL_FRONT, …)",
             neutral: ([Double(GL_KEEP), Double(GL_KEEP), Double(GL_KEEP)], "GL_KEEP ×3")) {
            glStencilOpSeparate(GLenum(GL_FRONT), GLenum($0[0]), GLenum($0[1]), GLenum($0[2]))
        },
        ints("GL_STENCIL_BACK_FAIL, GL_STENCIL_BACK_PASS_DEPTH_FAIL, GL_STENCIL_BACK_PASS_DEPTH_PASS",
             [GL_STENCIL_BACK_FAIL, GL_STENCIL_BACK_PASS_DEPTH_FAIL, GL_STENCIL_BACK_PASS_DEPTH_PASS],
             setter: "glStencilOpSeparate(GL_BACK, …)",
             neutral: ([Double(GL_KEEP), Double(GL_KEEP), Double(GL_KEEP)], "GL_KEEP ×3")) {
            glStencilOpSeparate(GLenum(GL_BACK), GLenum($0[0]), GLenum($0[1]), GLenum($0[2]))
        },
        ints("GL_STENCIL_WRITEMASK, GL_STENCIL_BACK_WRITEMASK", [GL_STENCIL_WRITEMASK, GL_STENCIL_BACK_WRITEMASK],
             setter: "glStencilMaskSeparate", neutral: ([-1, -1], "all ones")) {
            glStencilMaskSeparate(GLenum(GL_FRONT), mask($0[0]))
            glStencilMaskSeparate(GLenum(GL_BACK), mask($0[1]))
        },
        capability("GL_CULL_FACE", GL_CULL_FACE),
        ints("GL_CULL_FACE_MODE, GL_FRONT_FACE", [GL_CULL_FACE_MODE, GL_FRONT_FACE], setter: "glCullFace, glFrontFace",
             neutral: ([Double(GL_BACK), Double(GL_CCW)], "GL_BACK, GL_CCW")) {
            glCullFace(GLenum($0[0]))
            glFrontFace(GLenum($0[1]))
        },
        booleans("GL_COLOR_WRITEMASK", GL_COLOR_WRITEMASK, count: 4, setter: "glColorMask",
                 neutral: ([1, 1, 1, 1], "GL_TRUE ×4")) {
            glColorMask(GLboolean($0[0]), GLboolean($0[1]), GLboolean($0[2]), GLboolean($0[3]))
        },
        floats("GL_COLOR_CLEAR_VALUE", GL_COLOR_CLEAR_VALUE, setter: "glClearColor", neutral: nil) {
            glClearColor(GLfloat($0[0]), GLfloat($0[1]), GLfloat($0[2]), GLfloat($0[3]))
        },
        capability("GL_DITHER", GL_DITHER, neutral: true),
        capability("GL_RASTERIZER_DISCARD", GL_RASTERIZER_DISCARD),
        capability("GL_SAMPLE_ALPHA_TO_COVERAGE", GL_SAMPLE_ALPHA_TO_COVERAGE),
        capability("GL_SAMPLE_COVERAGE", GL_SAMPLE_COVERAGE),
        capability("GL_POLYGON_OFFSET_FILL", GL_POLYGON_OFFSET_FILL),
        pixelStore("GL_PACK_ALIGNMENT", GL_PACK_ALIGNMENT, neutral: 4),
        pixelStore("GL_PACK_ROW_LENGTH", GL_PACK_ROW_LENGTH, neutral: 0),
        pixelStore("GL_PACK_SKIP_ROWS", GL_PACK_SKIP_ROWS, neutral: 0),
        pixelStore("GL_PACK_SKIP_PIXELS", GL_PACK_SKIP_PIXELS, neutral: 0),
        pixelStore("GL_UNPACK_ALIGNMENT", GL_UNPACK_ALIGNMENT, neutral: 4),
        pixelStore("GL_UNPACK_ROW_LENGTH", GL_UNPACK_ROW_LENGTH, neutral: 0),
        pixelStore("GL_UNPACK_IMAGE_HEIGHT", GL_UNPACK_IMAGE_HEIGHT, neutral: 0),
        pixelStore("GL_UNPACK_SKIP_ROWS", GL_UNPACK_SKIP_ROWS, neutral: 0),
        pixelStore("GL_UNPACK_SKIP_PIXELS", GL_UNPACK_SKIP_PIXELS, neutral: 0),
        pixelStore("GL_UNPACK_SKIP_IMAGES", GL_UNPACK_SKIP_IMAGES, neutral: 0),
    ]

    /// The saved values, one array per item of ``items``.
    let values: [[Double]]

    /// Reads every item of ``items`` from the context current on this thread.
    public static func capture() -> GLStateSnapshot {
        GLStateSnapshot(values: items.map { $0.read() })
    }

    /// Sets every item back to the captured value, in table order.
    public func restore() {
        for (item, value) in zip(Self.items, values) { item.write(value) }
    }

    /// Puts every item that has a neutral value (the OpenGL ES default) in
    /// place: what LayerFX does before drawing in a host's context.
    public static func applyNeutralState() {
        for item in items { if let neutral = item.neutral { item.write(neutral) } }
    }

    /// The names of the items whose values differ between two snapshots
    /// (for tests and for hosts checking their own state).
    public func differences(from other: GLStateSnapshot) -> [String] {
        zip(Self.items, zip(values, other.values)).compactMap { item, pair in pair.0 == pair.1 ? nil : item.state }
    }

    /// ``items`` as a Markdown table: state, setter, and what LayerFX sets it to
    /// before drawing. docs/embedding.md quotes it verbatim.
    public static var markdownTable: String {
        var lines = ["| GL state | restored with | before drawing, LayerFX sets |", "|---|---|---|"]
        for item in items {
            lines.append("| \(item.state) | \(item.setter) | \(item.neutralDescription ?? "its own value") |")
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - Table builders

    private static func mask(_ value: Double) -> GLuint { GLuint(bitPattern: GLint(value)) }

    private static func getIntegers(_ names: [Int32], count: Int) -> [Double] {
        names.flatMap { name -> [Double] in
            var buffer = [GLint](repeating: 0, count: count)
            glGetIntegerv(GLenum(name), &buffer)
            return buffer.map(Double.init)
        }
    }

    private static func binding(_ state: String, _ name: Int32, setter: String,
                                _ write: @escaping @Sendable (Double) -> Void) -> GLStateItem {
        GLStateItem(state: state, setter: setter, neutralDescription: nil,
                    read: { getIntegers([name], count: 1) }, write: { write($0[0]) }, neutral: nil)
    }

    private static func ints(_ state: String, _ names: [Int32], count: Int = 1, setter: String,
                             neutral: ([Double], String)? = nil,
                             _ write: @escaping @Sendable ([Double]) -> Void) -> GLStateItem {
        GLStateItem(state: state, setter: setter, neutralDescription: neutral?.1,
                    read: { getIntegers(names, count: count) }, write: write, neutral: neutral?.0)
    }

    private static func floats(_ state: String, _ name: Int32, setter: String, neutral: ([Double], String)?,
                               _ write: @escaping @Sendable ([Double]) -> Void) -> GLStateItem {
        GLStateItem(state: state, setter: setter, neutralDescription: neutral?.1,
                    read: {
                        var buffer = [GLfloat](repeating: 0, count: 4)
                        glGetFloatv(GLenum(name), &buffer)
                        return buffer.map(Double.init)
                    },
                    write: write, neutral: neutral?.0)
    }

    private static func booleans(_ state: String, _ name: Int32, count: Int, setter: String,
                                 neutral: ([Double], String),
                                 _ write: @escaping @Sendable ([Double]) -> Void) -> GLStateItem {
        GLStateItem(state: state, setter: setter, neutralDescription: neutral.1,
                    read: {
                        var buffer = [GLboolean](repeating: 0, count: count)
                        glGetBooleanv(GLenum(name), &buffer)
                        return buffer.map { $0 == 0 ? 0 : 1 }
                    },
                    write: write, neutral: neutral.0)
    }

    private static func capability(_ state: String, _ cap: Int32, neutral: Bool = false) -> GLStateItem {
        GLStateItem(state: state, setter: "glEnable, glDisable",
                    neutralDescription: neutral ? "enabled" : "disabled",
                    read: { [glIsEnabled(GLenum(cap)) == 0 ? 0 : 1] },
                    write: { $0[0] == 0 ? glDisable(GLenum(cap)) : glEnable(GLenum(cap)) },
                    neutral: [neutral ? 1 : 0])
    }

    private static func pixelStore(_ state: String, _ name: Int32, neutral: Int) -> GLStateItem {
        GLStateItem(state: state, setter: "glPixelStorei", neutralDescription: "\(neutral)",
                    read: { getIntegers([name], count: 1) },
                    write: { glPixelStorei(GLenum(name), GLint($0[0])) }, neutral: [Double(neutral)])
    }

    /// One value per texture unit 0…6; reading switches units and switches back.
    private static func perTextureUnit(_ state: String, _ name: Int32, setter: String, neutral: GLuint?,
                                       _ write: @escaping @Sendable (Int32, GLuint) -> Void) -> GLStateItem {
        let units = Int32(savedTextureUnits)
        return GLStateItem(
            state: state, setter: setter, neutralDescription: neutral.map { "\($0) on units 0–6" },
            read: {
                var active: GLint = 0
                glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &active)
                defer { glActiveTexture(GLenum(active)) }
                return (0..<units).map { unit in
                    glActiveTexture(GLenum(GL_TEXTURE0 + unit))
                    var value: GLint = 0
                    glGetIntegerv(GLenum(name), &value)
                    return Double(value)
                }
            },
            write: { values in
                var active: GLint = 0
                glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &active)
                defer { glActiveTexture(GLenum(active)) }
                for unit in 0..<units { write(unit, GLuint(values[Int(unit)])) }
            },
            neutral: neutral.map { [Double](repeating: Double($0), count: Int(units)) })
    }
}
