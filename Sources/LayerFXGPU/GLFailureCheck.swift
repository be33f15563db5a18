import CEGL
#if canImport(Glibc)
import Glibc
#endif

/// Asks the GL, after drawing and after reading back, whether the work
/// happened: `GL_OUT_OF_MEMORY`, `GL_CONTEXT_LOST`, a graphics reset
/// (`glGetGraphicsResetStatus`, where offered) or any other GL error becomes a
/// ``GPUError``, so a failed frame is never returned as if it had been drawn.
struct GLFailureCheck {
    /// `glGetGraphicsResetStatus` (OpenGL ES 3.2) or its `KHR`/`EXT` form.
    private let resetStatus: (@convention(c) () -> GLenum)?
    /// An error code reported as if `glGetError` had returned it, so that
    /// tests drive the failure path deterministically (debug builds also read
    /// it from `LAYERFX_DEBUG_GL_ERROR`, e.g. `0x505`, for the CLI tests).
    private let injected: GLenum?

    /// Looks up the reset query of the current context; `injected` is
    /// reported as if `glGetError` had returned it (tests).
    init(injecting injected: GLenum? = GLFailureCheck.injectedFromEnvironment()) {
        var major: GLint = 0, minor: GLint = 0
        glGetIntegerv(GLenum(GL_MAJOR_VERSION), &major)
        glGetIntegerv(GLenum(GL_MINOR_VERSION), &minor)
        if major > 3 || (major == 3 && minor >= 2) {
            resetStatus = glGetGraphicsResetStatus
        } else {
            var count: GLint = 0
            glGetIntegerv(GLenum(GL_NUM_EXTENSIONS), &count)
            let extensions = Set((0..<max(count, 0)).compactMap { index in
                glGetStringi(GLenum(GL_EXTENSIONS), GLuint(index)).map { String(cString: $0) }
            })
            resetStatus = extensions.contains("GL_KHR_robustness")
                ? loadEGLProc("glGetGraphicsResetStatusKHR", as: PFNGLGETGRAPHICSRESETSTATUSKHRPROC.self)
                : extensions.contains("GL_EXT_robustness")
                ? loadEGLProc("glGetGraphicsResetStatusEXT", as: PFNGLGETGRAPHICSRESETSTATUSEXTPROC.self) : nil
        }
        self.injected = injected
    }

    /// Throws when the GL reports a reset or an error; `activity` completes
    /// "… while", e.g. "drawing a 600×600 frame".
    func check(while activity: String) throws {
        if let status = resetStatus?(), status != GLenum(GL_NO_ERROR) {
            throw GPUError("the GL context was lost while \(activity) (\(Self.name(of: status)))")
        }
        var errors: [GLenum] = injected.map { [$0] } ?? []
        for _ in 0..<16 {
            let error = glGetError()
            if error == GLenum(GL_NO_ERROR) { break }
            errors.append(error)
        }
        if errors.contains(GLenum(GL_CONTEXT_LOST)) {
            throw GPUError("the GL context was lost while \(activity) (GL_CONTEXT_LOST)")
        }
        if errors.contains(GLenum(GL_OUT_OF_MEMORY)) {
            throw GPUError("the GPU ran out of memory while \(activity) (GL_OUT_OF_MEMORY)")
        }
        if let first = errors.first {
            throw GPUError("OpenGL error 0x\(String(first, radix: 16)) (\(Self.name(of: first))) while \(activity)")
        }
    }

    /// `LAYERFX_DEBUG_GL_ERROR` (hexadecimal with 0x, or decimal) in debug
    /// builds; always `nil` in release builds.
    static func injectedFromEnvironment() -> GLenum? {
        #if DEBUG
        guard let value = getenv("LAYERFX_DEBUG_GL_ERROR") else { return nil }
        let text = String(cString: value)
        return text.hasPrefix("0x") ? GLenum(text.dropFirst(2), radix: 16) : GLenum(text)
        #else
        return nil
        #endif
    }

    private static func name(of code: GLenum) -> String {
        switch Int32(bitPattern: code) {
        case GL_INVALID_ENUM: "GL_INVALID_ENUM"
        case GL_INVALID_VALUE: "GL_INVALID_VALUE"
        case GL_INVALID_OPERATION: "GL_INVALID_OPERATION"
        case GL_INVALID_FRAMEBUFFER_OPERATION: "GL_INVALID_FRAMEBUFFER_OPERATION"
        case GL_OUT_OF_MEMORY: "GL_OUT_OF_MEMORY"
        case GL_CONTEXT_LOST: "GL_CONTEXT_LOST"
        case GL_GUILTY_CONTEXT_RESET: "GL_GUILTY_CONTEXT_RESET"
        case GL_INNOCENT_CONTEXT_RESET: "GL_INNOCENT_CONTEXT_RESET"
        case GL_UNKNOWN_CONTEXT_RESET: "GL_UNKNOWN_CONTEXT_RESET"
        default: "unknown"
        }
    }
}
