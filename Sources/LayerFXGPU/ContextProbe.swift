import CEGL

/// What trying one EGL display found: it initialises, names its vendor, and
/// takes an OpenGL ES 3 context that can be made current. The device and GBM
/// loops keep the first display whose probe succeeded; `layerfx info
/// --devices` shows every probe.
struct ContextProbe {
    /// The initialised display, when `eglInitialize` succeeded.
    let display: EGLDisplay?
    /// `EGL_VENDOR` of the initialised display.
    let eglVendor: String?
    /// `GL_RENDERER` of a context made on it.
    let glRenderer: String?
    /// Why the display cannot be used; `nil` when it opened.
    let failure: GPUError?

    /// A probe that failed before any display was initialised.
    init(failure: GPUError) {
        display = nil; eglVendor = nil; glRenderer = nil; self.failure = failure
    }

    private init(display: EGLDisplay?, eglVendor: String?, glRenderer: String?, failure: GPUError?) {
        self.display = display; self.eglVendor = eglVendor; self.glRenderer = glRenderer; self.failure = failure
    }

    /// The display when the probe succeeded, otherwise why not.
    var result: Result<EGLDisplay, GPUError> {
        if let failure { return .failure(failure) }
        guard let display else { return .failure(GPUError("no display")) }
        return .success(display)
    }

    /// Initialises `display` and makes, uses and destroys one OpenGL ES 3
    /// context on it. The display is left initialised (never terminated).
    static func run(on display: EGLDisplay) -> ContextProbe {
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
            let error = GPUError("eglInitialize failed (EGL error 0x" + String(eglGetError(), radix: 16) + ")")
            return ContextProbe(failure: error)
        }
        let vendor = eglQueryString(display, EGLint(EGL_VENDOR)).map { String(cString: $0) }
        do {
            let binding = try GLContextBinding(ownContextOn: display)
            let renderer = try binding.withCurrent { glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "unknown" }
            return ContextProbe(display: display, eglVendor: vendor, glRenderer: renderer, failure: nil)
        } catch let error as GPUError {
            return ContextProbe(display: display, eglVendor: vendor, glRenderer: nil, failure: error)
        } catch {
            return ContextProbe(display: display, eglVendor: vendor, glRenderer: nil, failure: GPUError("\(error)"))
        }
    }
}
