import CEGL
import Foundation
import LayerFX
@testable import LayerFXGPU
import LayerFXTestSupport
import Testing

/// A stand-in for a host program: its own GLES 3 context (on LayerFX's
/// headless display), current on the test's thread while `body` runs, with an
/// RGBA8 texture framebuffer of `width × height`.
enum TestHost {
    struct Context {
        let context: EGLContext
        let framebuffer: GLuint
        let width: Int, height: Int

        /// The framebuffer's pixels, GL row 0 first.
        func readPixels() -> [UInt8] {
            let saved = GLStateSnapshot.capture()
            defer { saved.restore() }
            GLStateSnapshot.applyNeutralState()
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
            var bytes = [UInt8](repeating: 0, count: width * height * 4)
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &bytes)
            return bytes
        }
    }

    static func run(width: Int = 320, height: Int = 240, _ body: (Context) throws -> Void) throws {
        let display = try HeadlessDisplay.shared.get().display
        let context = try GLContextBinding.createContext(on: display)
        defer { eglDestroyContext(display, context) }
        #expect(eglMakeCurrent(display, nil, nil, context) == EGLBoolean(EGL_TRUE))
        defer { eglMakeCurrent(display, nil, nil, nil) }
        var texture: GLuint = 0, framebuffer: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0,
                     GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        try body(Context(context: context, framebuffer: framebuffer, width: width, height: height))
    }

    /// Host state unlike GL's defaults in every row of the snapshot table.
    static func setDistinctiveState(framebuffer: GLuint) {
        var names = [GLuint](repeating: 0, count: 4)
        glGenBuffers(4, &names)
        var vertexArray: GLuint = 0, sampler: GLuint = 0, renderbuffer: GLuint = 0, other: GLuint = 0
        glGenVertexArrays(1, &vertexArray)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), names[0])
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), names[1])
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), names[2])
        glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), names[3])
        var textures = [GLuint](repeating: 0, count: 5)
        glGenTextures(5, &textures)
        glGenSamplers(1, &sampler)
        glActiveTexture(GLenum(GL_TEXTURE0)); glBindTexture(GLenum(GL_TEXTURE_2D), textures[0])
        glBindSampler(0, sampler)
        // The stop table's, the images' and the tile passes' units (4, 5 and 6) hold textures of the host's too.
        for (unit, texture) in zip(4..., textures[2...]) {
            glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit))); glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        }
        glActiveTexture(GLenum(GL_TEXTURE2)); glBindTexture(GLenum(GL_TEXTURE_2D), textures[1])
        glGenRenderbuffers(1, &renderbuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
        glGenFramebuffers(1, &other)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), other)
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
        let vs = "#version 300 es\nvoid main() { gl_Position = vec4(0.0); }\n"
        let fs = "#version 300 es\nprecision mediump float;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"
        let program = glCreateProgram()
        for (type, source) in [(GL_VERTEX_SHADER, vs), (GL_FRAGMENT_SHADER, fs)] {
            let shader = glCreateShader(GLenum(type))
            source.withCString { text in
                var pointer: UnsafePointer<GLchar>? = text
                glShaderSource(shader, 1, &pointer, nil)
            }
            glCompileShader(shader)
            glAttachShader(program, shader)
        }
        glLinkProgram(program)
        glUseProgram(program)
        glViewport(3, 5, 77, 99)
        glEnable(GLenum(GL_SCISSOR_TEST)); glScissor(1, 2, 30, 40)
        glEnable(GLenum(GL_BLEND))
        glBlendFuncSeparate(GLenum(GL_SRC_COLOR), GLenum(GL_DST_ALPHA), GLenum(GL_ONE_MINUS_DST_COLOR), GLenum(GL_CONSTANT_ALPHA))
        glBlendEquationSeparate(GLenum(GL_FUNC_SUBTRACT), GLenum(GL_MAX))
        glBlendColor(0.1, 0.2, 0.3, 0.4)
        glEnable(GLenum(GL_DEPTH_TEST)); glDepthMask(GLboolean(GL_FALSE)); glDepthFunc(GLenum(GL_GEQUAL))
        glEnable(GLenum(GL_STENCIL_TEST))
        glStencilFuncSeparate(GLenum(GL_FRONT), GLenum(GL_NOTEQUAL), 3, 0x0F)
        glStencilFuncSeparate(GLenum(GL_BACK), GLenum(GL_LESS), 1, 0xF0)
        glStencilOpSeparate(GLenum(GL_FRONT), GLenum(GL_INCR), GLenum(GL_DECR), GLenum(GL_INVERT))
        glStencilOpSeparate(GLenum(GL_BACK), GLenum(GL_ZERO), GLenum(GL_REPLACE), GLenum(GL_INCR_WRAP))
        glStencilMaskSeparate(GLenum(GL_FRONT), 0x33); glStencilMaskSeparate(GLenum(GL_BACK), 0x55)
        glEnable(GLenum(GL_CULL_FACE)); glCullFace(GLenum(GL_FRONT)); glFrontFace(GLenum(GL_CW))
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_FALSE), GLboolean(GL_TRUE), GLboolean(GL_FALSE))
        glClearColor(0.25, 0.5, 0.75, 1)
        glDisable(GLenum(GL_DITHER))
        glEnable(GLenum(GL_RASTERIZER_DISCARD))
        glEnable(GLenum(GL_SAMPLE_ALPHA_TO_COVERAGE)); glEnable(GLenum(GL_SAMPLE_COVERAGE))
        glEnable(GLenum(GL_POLYGON_OFFSET_FILL))
        for (name, value) in [(GL_PACK_ALIGNMENT, 2), (GL_PACK_ROW_LENGTH, 7), (GL_PACK_SKIP_ROWS, 1),
                              (GL_PACK_SKIP_PIXELS, 2), (GL_UNPACK_ALIGNMENT, 8), (GL_UNPACK_ROW_LENGTH, 3),
                              (GL_UNPACK_IMAGE_HEIGHT, 4), (GL_UNPACK_SKIP_ROWS, 5), (GL_UNPACK_SKIP_PIXELS, 6),
                              (GL_UNPACK_SKIP_IMAGES, 7)] {
            glPixelStorei(GLenum(name), GLint(value))
        }
        #expect(glGetError() == GLenum(GL_NO_ERROR))
    }
}

/// LayerFX in a host's OpenGL ES context: the state snapshot, drawing into the
/// host's framebuffer, and leaving the host's context and state as found.
@Suite(.serialized)
struct HostContextTests {
    static let sceneName = "17-pulsing-rings.json"

    /// A small frame of the pulsing rings (scale lowered to keep it quick).
    static func frame() throws -> Frame {
        var scene = try Fixtures.scene(sceneName)
        scene.scale = 0.5
        return try SceneEvaluator().frame(for: scene, at: 1.5)
    }

    @Test(.requiresGPU) func snapshotRestoresEveryItem() throws {
        try TestHost.run { host in
            TestHost.setDistinctiveState(framebuffer: host.framebuffer)
            let before = GLStateSnapshot.capture()
            GLStateSnapshot.applyNeutralState()
            let neutral = GLStateSnapshot.capture()
            // Every row with a neutral value was distinctive and is now the default.
            let neutralized = GLStateSnapshot.items.filter { $0.neutralDescription != nil }.map(\.state)
            let changed = Set(neutral.differences(from: before))
            #expect(neutralized.filter { !changed.contains($0) }.isEmpty,
                    "rows the test state does not exercise: \(neutralized.filter { !changed.contains($0) })")
            before.restore()
            #expect(GLStateSnapshot.capture().differences(from: before) == [])
            #expect(glGetError() == GLenum(GL_NO_ERROR))
        }
    }

    @Test(.requiresGPU) func framebufferRenderMatchesBufferAndKeepsHostState() throws {
        let frame = try Self.frame()
        try TestHost.run(width: frame.width + 40, height: frame.height + 30) { host in
            let renderer = try GPURenderer(context: .host)
            let expected = try renderer.render(frame)       // the buffer path, in the host's context
            #expect(expected == (try GPURenderer().render(frame)), "host and own contexts draw the same bytes")

            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), host.framebuffer)
            glClearColor(0, 1, 0, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            TestHost.setDistinctiveState(framebuffer: host.framebuffer)
            let before = GLStateSnapshot.capture()
            let origin = (x: 25, y: 11)
            try renderer.render(frame, intoFramebuffer: host.framebuffer, origin: origin)
            #expect(GLStateSnapshot.capture().differences(from: before) == [])
            #expect(glGetError() == GLenum(GL_NO_ERROR))

            let pixels = host.readPixels()
            var mismatches = 0
            for row in 0..<frame.height {
                let start = ((origin.y + row) * host.width + origin.x) * 4
                if Array(pixels[start..<start + frame.width * 4]) != Array(expected.bytes[row * frame.width * 4..<(row + 1) * frame.width * 4]) {
                    mismatches += 1
                }
            }
            #expect(mismatches == 0, "\(mismatches) rows differ from the buffer render")
            #expect(Array(pixels[0..<4]) == [0, 255, 0, 255], "a pixel outside the rectangle changed")
            let right = ((origin.y + 5) * host.width + origin.x + frame.width) * 4
            #expect(Array(pixels[right..<right + 4]) == [0, 255, 0, 255], "the pixel right of the rectangle changed")
        }
    }

    /// The texture units LayerFX binds textures to are each its own, and all
    /// among those the snapshot saves.
    @Test func theSnapshotSavesEveryTextureUnitLayerFXBinds() {
        let units = [FrameTextures.edgeUnit, FrameTextures.atlasUnit, OffscreenLayerPool.layerUnit,
                     OffscreenLayerPool.maskUnit, FrameTextures.stopUnit, ImageTextures.unit, TileComputePass.setUpUnit]
        #expect(Set(units).count == units.count)
        #expect(units.allSatisfy { Int($0) < GLStateSnapshot.savedTextureUnits }, "\(units)")
    }

    /// Frames that bind the gradient stop table (unit 4), layer contents
    /// images (unit 5) and masks draw into the host's framebuffer as into
    /// the renderer's own, and leave the host's state, its textures on those
    /// units included, as found.
    @Test(.requiresGPU) func stopTablesAndImagesKeepTheHostsTextures() throws {
        for name in ["40-gradient-stops.json", "42-image-masks.json"] {
            var scene = try Fixtures.scene(name)
            scene.scale = 1
            let frame = try SceneEvaluator().frame(for: scene, at: 0.5)
            #expect(!frame.gradientStops.isEmpty || !frame.images.isEmpty, "\(name)")
            try TestHost.run(width: frame.width, height: frame.height) { host in
                let renderer = try GPURenderer(context: .host)
                let expected = try renderer.render(frame)
                TestHost.setDistinctiveState(framebuffer: host.framebuffer)
                let before = GLStateSnapshot.capture()
                try renderer.render(frame, intoFramebuffer: host.framebuffer)
                #expect(GLStateSnapshot.capture().differences(from: before) == [], "\(name)")
                #expect(glGetError() == GLenum(GL_NO_ERROR))
                let pixels = host.readPixels()
                var mismatches = 0
                for row in 0..<frame.height {
                    let start = row * frame.width * 4
                    if Array(pixels[start..<start + frame.width * 4])
                        != Array(expected.bytes[row * frame.width * 4..<(row + 1) * frame.width * 4]) { mismatches += 1 }
                }
                #expect(mismatches == 0, "\(name): \(mismatches) rows differ from the buffer render")
            }
        }
    }

    @Test(.requiresGPU) func keepContentsDrawsOverTheHostsPixels() throws {
        let frame = try Self.frame()
        try TestHost.run(width: frame.width, height: frame.height) { host in
            let renderer = try GPURenderer(context: .host)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), host.framebuffer)
            glClearColor(0, 0, 1, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            try renderer.render(frame, intoFramebuffer: host.framebuffer, options: .keepContents)
            let pixels = host.readPixels()
            // The corner holds no layer: the host's blue shows (the scene background is not drawn)…
            #expect(Array(pixels[0..<4]) == [0, 0, 255, 255])
            // …and the centre is the rings drawn over it.
            let centre = (frame.height / 2 * frame.width + frame.width / 2) * 4
            #expect(Array(pixels[centre..<centre + 4]) != [0, 0, 255, 255])
        }
    }

    @Test(.requiresGPU) func skipStateRestoreLeavesLayerFXsState() throws {
        let frame = try Self.frame()
        try TestHost.run(width: frame.width, height: frame.height) { host in
            let renderer = try GPURenderer(context: .host)
            TestHost.setDistinctiveState(framebuffer: host.framebuffer)
            let before = GLStateSnapshot.capture()
            try renderer.render(frame, intoFramebuffer: host.framebuffer, options: .skipStateRestore)
            #expect(GLStateSnapshot.capture().differences(from: before).contains("GL_SCISSOR_BOX"))
        }
    }

    @Test(.requiresGPU) func ownContextRendererLeavesTheHostsContextCurrent() throws {
        let frame = try Self.frame()
        try TestHost.run { host in
            let renderer = try GPURenderer()
            _ = try renderer.render(frame)
            #expect(eglGetCurrentContext() == host.context)
        }
        #expect(eglGetCurrentContext() == nil)
    }

    @Test(.requiresGPU) func hostRendererNeedsItsContextCurrent() throws {
        #expect(throws: GPUError.self) { try GPURenderer(context: .host) }
        let frame = try Self.frame()
        try TestHost.run { host in
            let renderer = try GPURenderer(context: .host)
            let display = eglGetCurrentDisplay()
            eglMakeCurrent(display, nil, nil, nil)
            #expect(throws: GPUError.self) { try renderer.render(frame, intoFramebuffer: host.framebuffer) }
            eglMakeCurrent(display, nil, nil, host.context)
            #expect(throws: GPUError.self) { try renderer.render(frame, intoFramebuffer: 4242) }
            #expect(throws: GPUError.self) { try GPURenderer().render(frame, intoFramebuffer: host.framebuffer) }
        }
    }

    /// The "GL state saved and restored" table of docs/embedding.md is the snapshot's table.
    @Test func documentationQuotesTheStateTable() throws {
        let page = Repository.url("docs/embedding.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        #expect(text.contains(GLStateSnapshot.markdownTable),
                "paste GLStateSnapshot.markdownTable into docs/embedding.md:\n\(GLStateSnapshot.markdownTable)")
    }
}
