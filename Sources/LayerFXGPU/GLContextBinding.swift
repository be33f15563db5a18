import CEGL

/// Who owns the EGL/OpenGL ES context a ``GPURenderer`` draws with.
public enum GLContextOwner: Sendable, Equatable {
    /// The renderer creates its own OpenGL ES 3.0 context on LayerFX's
    /// headless EGL display (see ``GPUDeviceSelection``) and makes it current only inside its calls; the
    /// calling thread's current context (if any) is current again afterwards.
    case renderer
    /// The host's context, current on the calling thread when the renderer is
    /// created and whenever it is used. LayerFX creates no EGL objects; it
    /// saves the GL state it touches (``GLStateSnapshot``) and restores it
    /// after every call.
    case host
}

/// The context a ``GPURenderer`` uses, and how it gets current: the one place
/// that knows whether LayerFX or the host owns it.
final class GLContextBinding: @unchecked Sendable {
    let owner: GLContextOwner
    let display: EGLDisplay
    let context: EGLContext

    private init(owner: GLContextOwner, display: EGLDisplay, context: EGLContext) {
        self.owner = owner; self.display = display; self.context = context
    }

    /// The host's EGL context, current on the calling thread (``GLContextOwner/host``).
    static func adoptingHostContext() throws -> GLContextBinding {
        guard let context = eglGetCurrentContext(), let display = eglGetCurrentDisplay() else {
            throw GPUError("no EGL context is current on this thread; make the host's OpenGL ES 3 context current first")
        }
        guard eglQueryAPI() == EGLenum(EGL_OPENGL_ES_API) else {
            throw GPUError("the current EGL API is not OpenGL ES (eglBindAPI(EGL_OPENGL_ES_API) before making the context current)")
        }
        return GLContextBinding(owner: .host, display: display, context: context)
    }

    /// A new OpenGL ES 3 context of LayerFX's own on the initialised `display`
    /// (``GLContextOwner/renderer``), destroyed with the binding.
    convenience init(ownContextOn display: EGLDisplay) throws {
        self.init(owner: .renderer, display: display, context: try Self.createContext(on: display))
    }

    deinit {
        if owner == .renderer { eglDestroyContext(display, context) }
    }

    /// Runs `body` with the context current and, for a host's context, the GL
    /// state LayerFX depends on set to neutral values (see ``GLStateSnapshot``),
    /// restoring the host's state afterwards when `preservingHostState` is true.
    func withCurrent<T>(preservingHostState: Bool = true, _ body: () throws -> T) throws -> T {
        switch owner {
        case .host:
            guard eglGetCurrentContext() == context else {
                throw GPUError("the host's EGL context this renderer was created for is not current on this thread")
            }
            // Errors the host left pending would be reported as LayerFX's own.
            for _ in 0..<16 where glGetError() != GLenum(GL_NO_ERROR) {}
            let saved = preservingHostState ? GLStateSnapshot.capture() : nil
            defer { saved?.restore() }
            GLStateSnapshot.applyNeutralState()
            return try body()
        case .renderer:
            // Leave the thread as we found it: a host may have its own context current.
            let previousAPI = eglQueryAPI()
            let previous = (display: eglGetCurrentDisplay(), draw: eglGetCurrentSurface(EGLint(EGL_DRAW)),
                            read: eglGetCurrentSurface(EGLint(EGL_READ)), context: eglGetCurrentContext())
            if previousAPI != EGLenum(EGL_OPENGL_ES_API) { eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) }
            defer {
                if let previousDisplay = previous.display, let previousContext = previous.context {
                    eglMakeCurrent(previousDisplay, previous.draw, previous.read, previousContext)
                } else {
                    eglMakeCurrent(display, nil, nil, nil)
                }
                if previousAPI != EGLenum(EGL_OPENGL_ES_API) { eglBindAPI(previousAPI) }
            }
            guard eglMakeCurrent(display, nil, nil, context) == EGLBoolean(EGL_TRUE) else {
                let error = eglGetError()
                if error == EGL_CONTEXT_LOST { throw GPUError("the GL context was lost (EGL_CONTEXT_LOST from eglMakeCurrent)") }
                throw GPUError("eglMakeCurrent failed (EGL error 0x\(String(error, radix: 16)))")
            }
            return try body()
        }
    }

    /// A new OpenGL ES 3.0 context on `display` (also what the tests use as a "host" context).
    static func createContext(on display: EGLDisplay) throws -> EGLContext {
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE) else {
            throw GPUError("eglBindAPI(EGL_OPENGL_ES_API) failed")
        }
        var configAttributes: [EGLint] = [
            EGLint(EGL_RENDERABLE_TYPE), EGLint(EGL_OPENGL_ES3_BIT),
            EGLint(EGL_RED_SIZE), 8, EGLint(EGL_GREEN_SIZE), 8, EGLint(EGL_BLUE_SIZE), 8,
            EGLint(EGL_ALPHA_SIZE), 8, EGLint(EGL_NONE),
        ]
        var config: EGLConfig?
        var configCount: EGLint = 0
        eglChooseConfig(display, &configAttributes, &config, 1, &configCount)
        let extensions = eglQueryString(display, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        if configCount == 0 && !extensions.contains("EGL_KHR_no_config_context") {
            throw GPUError("no EGL config supports OpenGL ES 3 with RGBA8")
        }
        guard extensions.contains("EGL_KHR_surfaceless_context") else {
            throw GPUError("the EGL display lacks EGL_KHR_surfaceless_context")
        }
        let version = [EGLint(EGL_CONTEXT_MAJOR_VERSION), 3, EGLint(EGL_CONTEXT_MINOR_VERSION), 0]
        // Ask to be told of GPU resets (glGetGraphicsResetStatus, GL_CONTEXT_LOST) where the
        // display can; a driver that refuses gets the plain context.
        let resetNotification = [EGLint(EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT), EGLint(EGL_LOSE_CONTEXT_ON_RESET_EXT)]
        let attempts = extensions.contains("EGL_EXT_create_context_robustness")
            ? [version + resetNotification, version] : [version]
        for var attributes in attempts {
            attributes.append(EGLint(EGL_NONE))
            if let context = eglCreateContext(display, configCount > 0 ? config : nil, nil, &attributes) { return context }
        }
        throw GPUError("eglCreateContext for OpenGL ES 3.0 failed (EGL error 0x\(String(eglGetError(), radix: 16)))")
    }
}
