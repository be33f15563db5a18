import CEGL
import Foundation
import LayerFX
@testable import LayerFXC
@testable import LayerFXGPU
import LayerFXTestSupport
import Testing

/// The C API's host-context calls, with a context made here as a host would.
@Suite(.serialized)
struct HostContextCAPITests {
    /// Runs `body` with a fresh GLES 3 context current and a 40×30 texture framebuffer bound to nothing.
    static func withHostContext(_ body: (GLuint) throws -> Void) throws {
        let display = try HeadlessDisplay.shared.get().display
        let context = try GLContextBinding.createContext(on: display)
        defer { eglDestroyContext(display, context) }
        eglMakeCurrent(display, nil, nil, context)
        defer { eglMakeCurrent(display, nil, nil, nil) }
        var texture: GLuint = 0, framebuffer: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, 40, 30, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        try body(framebuffer)
    }

    @Test(.requiresGPU) func framebufferRenderAndItsMisuse() throws {
        let scene = try loadScene()
        defer { _ = lfx_scene_destroy(scene) }
        try Self.withHostContext { framebuffer in
            var renderer: OpaquePointer?
            try #require(Outcome(lfx_renderer_create_for_current_context(&renderer)).result == .ok)
            defer { _ = lfx_renderer_destroy(renderer) }
            var backend: Int32 = -1
            #expect(lfx_renderer_get_backend(renderer, &backend) == 0 && backend == LFXBackend.gpu.rawValue)

            let before = GLStateSnapshot.capture()
            #expect(Outcome(lfx_render_to_framebuffer(renderer, scene, framebuffer, 0, 0, 40, 30, 0)).result == .ok)
            #expect(GLStateSnapshot.capture().differences(from: before) == [])
            // The same pixels as the buffer call of the same renderer.
            var expected = [UInt8](repeating: 0, count: 40 * 30 * 4)
            #expect(lfx_render_to_buffer(renderer, scene, &expected, 40, 30, 160, 0) == 0)
            var actual = [UInt8](repeating: 0, count: 40 * 30 * 4)
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
            glReadPixels(0, 0, 40, 30, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &actual)
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), 0)
            #expect(actual == expected)

            let cases: [(Outcome, LFXResult, String)] = [
                (Outcome(lfx_render_to_framebuffer(renderer, scene, 4242, 0, 0, 40, 30, 0)), .backend,
                 "4242 is not a framebuffer object"),
                (Outcome(lfx_render_to_framebuffer(renderer, scene, framebuffer, 0, 0, 0, 30, 0)), .invalidArgument,
                 "width 0 is outside"),
                (Outcome(lfx_render_to_framebuffer(renderer, scene, framebuffer, 0, 0, 40, 99999, 0)), .invalidArgument,
                 "height 99999 is outside"),
                (Outcome(lfx_render_to_framebuffer(renderer, scene, framebuffer, 0, 0, 41, 30, 0)), .invalidArgument,
                 "the scene is 40×30 px"),
                (Outcome(lfx_render_to_framebuffer(renderer, scene, framebuffer, -1, 0, 40, 30, 0)), .invalidArgument,
                 "origin (-1, 0) is outside"),
                (Outcome(lfx_render_to_framebuffer(renderer, scene, framebuffer, 0, 0, 40, 30, LFXRenderFlag.straightAlpha)),
                 .invalidArgument, "flags 0x4"),
                (Outcome(lfx_render_to_framebuffer(renderer, nil, framebuffer, 0, 0, 40, 30, 0)), .invalidHandle, "NULL"),
            ]
            for (outcome, code, text) in cases {
                #expect(outcome.result == code, "\(outcome)")
                #expect(outcome.message.contains(text), "\(outcome)")
            }
            #expect(GLStateSnapshot.capture().differences(from: before) == [], "failed calls leave the state too")

            // Without the context current, the call fails cleanly.
            let display = eglGetCurrentDisplay(), context = eglGetCurrentContext()
            eglMakeCurrent(display, nil, nil, nil)
            let noContext = Outcome(lfx_render_to_framebuffer(renderer, scene, framebuffer, 0, 0, 40, 30, 0))
            #expect(noContext.result == .backend && noContext.message.contains("is not current"), "\(noContext)")
            eglMakeCurrent(display, nil, nil, context)
        }
    }
}
