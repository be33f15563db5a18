import CEGL
import LayerFXPrimitives
#if canImport(Glibc)
import Glibc
#endif

/// Renders frames with OpenGL ES 3.0 into an offscreen RGBA8 framebuffer on a
/// headless EGL display, and reads the pixels back.
///
/// All primitives of a frame go up in one instance buffer and share one SDF
/// program; each run of drawn primitives between offscreen-layer markers is
/// one instanced draw call. Offscreen layers are RGBA8 textures the size of
/// the frame, taken from a pool; a composite samples them. Polygon edges go up
/// in an RGBA32F texture, the glyph atlas in an R8 texture (re-sent only when
/// its generation changes). The context is made current only for the duration
/// of `render(_:)`, so a renderer can be used from any thread; calls are
/// serialized.
public final class GPURenderer: RenderBackend, @unchecked Sendable {
    private let display: HeadlessDisplay
    private let context: EGLContext
    private let lock = NSLockLike()
    private var program: ShaderProgram!
    private var viewportUniform: GLint = -1
    private var atlasDecodeUniform: GLint = -1
    private var vertexArray: GLuint = 0
    private var instanceBuffer: GLuint = 0
    private var framebuffer: GLuint = 0
    private var colorBuffer: GLuint = 0
    private var targetSize = (width: 0, height: 0)
    private var textures = FrameTextures()
    private var layers = OffscreenLayerPool()
    /// The display platform, renderer and driver version.
    public private(set) var info: GPUInfo!

    /// Opens (or reuses) the headless display and creates a GLES 3 context on it.
    /// Throws when no display or context can be made (then use the CPU backend).
    public init() throws {
        display = try HeadlessDisplay.shared.get()
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
        eglChooseConfig(display.display, &configAttributes, &config, 1, &configCount)
        let extensions = eglQueryString(display.display, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        if configCount == 0 && !extensions.contains("EGL_KHR_no_config_context") {
            throw GPUError("no EGL config supports OpenGL ES 3 with RGBA8")
        }
        guard extensions.contains("EGL_KHR_surfaceless_context") else {
            throw GPUError("the EGL display lacks EGL_KHR_surfaceless_context")
        }
        var contextAttributes: [EGLint] = [
            EGLint(EGL_CONTEXT_MAJOR_VERSION), 3, EGLint(EGL_CONTEXT_MINOR_VERSION), 0, EGLint(EGL_NONE),
        ]
        guard let context = eglCreateContext(display.display, configCount > 0 ? config : nil, nil, &contextAttributes) else {
            throw GPUError("eglCreateContext for OpenGL ES 3.0 failed (EGL error 0x\(String(eglGetError(), radix: 16)))")
        }
        self.context = context
        try withCurrentContext {
            program = try ShaderProgram(vertex: "primitive.vert.glsl", fragment: "primitive.frag.glsl")
            viewportUniform = glGetUniformLocation(program.id, "u_viewport")
            atlasDecodeUniform = glGetUniformLocation(program.id, "u_atlasDecode")
            glUseProgram(program.id)
            for (name, unit) in [("u_edges", FrameTextures.edgeUnit), ("u_atlas", FrameTextures.atlasUnit),
                                 ("u_layer", OffscreenLayerPool.layerUnit), ("u_mask", OffscreenLayerPool.maskUnit)] {
                glUniform1i(glGetUniformLocation(program.id, name), GLint(unit))
            }
            glUseProgram(0)
            setUpVertexArray()
            info = GPUInfo(platform: display.platform, renderer: Self.string(GL_RENDERER),
                           version: Self.string(GL_VERSION), vendor: Self.string(GL_VENDOR),
                           skippedPlatforms: display.notes)
        }
    }

    deinit {
        _ = try? withCurrentContext {
            glDeleteBuffers(1, &instanceBuffer)
            glDeleteVertexArrays(1, &vertexArray)
            glDeleteFramebuffers(1, &framebuffer)
            glDeleteRenderbuffers(1, &colorBuffer)
            textures.delete()
            layers.delete()
            glDeleteProgram(program.id)
        }
        eglDestroyContext(display.display, context)
    }

    /// Draws `frame` and returns its pixels, top row first, premultiplied.
    public func render(_ frame: Frame) throws -> PixelBuffer {
        let compositeIndices: [Int: Int]
        do { compositeIndices = try LayerNesting.compositeIndices(of: frame.primitives.map(\.kind)) } catch {
            throw GPUError("malformed frame: \(error)")
        }
        return try withCurrentContext {
            try prepareTarget(width: frame.width, height: frame.height)
            glViewport(0, 0, GLsizei(frame.width), GLsizei(frame.height))
            let bg = frame.background
            glClearColor(bg.x * bg.w, bg.y * bg.w, bg.z * bg.w, bg.w)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            if !frame.primitives.isEmpty {
                try draw(frame, compositeIndices: compositeIndices)
            }
            var bytes = [UInt8](repeating: 0, count: frame.width * frame.height * 4)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
            glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
            bytes.withUnsafeMutableBytes { raw in
                glReadPixels(0, 0, GLsizei(frame.width), GLsizei(frame.height),
                             GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), raw.baseAddress)
            }
            let error = glGetError()
            guard error == GLenum(GL_NO_ERROR) else {
                throw GPUError("OpenGL error 0x\(String(error, radix: 16)) while rendering")
            }
            return PixelBuffer(width: frame.width, height: frame.height, bytes: bytes)
        }
    }

    /// Draws the primitives in order: each run of drawn primitives with one
    /// instanced call, markers switching between offscreen layers.
    private func draw(_ frame: Frame, compositeIndices: [Int: Int]) throws {
        glUseProgram(program.id)
        glUniform2f(viewportUniform, Float(frame.width), Float(frame.height))
        try textures.upload(edges: frame.pathEdges, atlas: frame.glyphAtlas)
        if let atlas = frame.glyphAtlas { glUniform2f(atlasDecodeUniform, atlas.edgeValue, atlas.distanceRange) }
        layers.prepare(width: frame.width, height: frame.height)
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        frame.primitives.withUnsafeBytes { raw in
            glBufferData(GLenum(GL_ARRAY_BUFFER), raw.count, raw.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        var open: [OffscreenLayerPool.Target] = []
        var runStart = 0
        func flush(upTo end: Int) {
            if end > runStart { drawInstances(runStart..<end) }
        }
        for (i, primitive) in frame.primitives.enumerated() {
            let kind = primitive.kind
            if kind.isDrawn && kind != .composite { continue }
            flush(upTo: i)
            runStart = i + 1
            switch kind {
            case .beginLayer, .beginMask:
                let target = try layers.acquire()
                open.append(target)
                layers.bindClearing(target, bounds: primitive.shape)
            case .composite:
                let mask = primitive.shapeExtra.x > 0.5 ? open.popLast() : nil
                guard let content = open.popLast() else { break }
                glBindFramebuffer(GLenum(GL_FRAMEBUFFER), open.last?.framebuffer ?? framebuffer)
                layers.bindForSampling(content: content, mask: mask ?? content)
                drawInstances(i..<(i + 1))
                layers.unbindSampling()
                layers.release(content)
                if let mask { layers.release(mask) }
            default:
                break
            }
        }
        flush(upTo: frame.primitives.count)
        glBindVertexArray(0)
    }

    /// One instanced draw of `range`: the attributes point at its first instance
    /// (OpenGL ES 3.0 has no base instance).
    private func drawInstances(_ range: Range<Int>) {
        pointAttributes(atInstance: range.lowerBound)
        glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(range.count))
    }

    private func setUpVertexArray() {
        glGenVertexArrays(1, &vertexArray)
        glGenBuffers(1, &instanceBuffer)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        for attribute in PrimitiveInstance.attributes {
            let location = GLuint(attribute.location)
            glEnableVertexAttribArray(location)
            glVertexAttribDivisor(location, 1)
        }
        pointAttributes(atInstance: 0)
        glBindVertexArray(0)
    }

    /// Points every instance attribute at instance `first` of the bound buffer.
    private func pointAttributes(atInstance first: Int) {
        let stride = MemoryLayout<PrimitiveInstance>.stride
        for attribute in PrimitiveInstance.attributes {
            let location = GLuint(attribute.location)
            let offset = UnsafeRawPointer(bitPattern: first * stride + attribute.offset)
            if attribute.isInteger {
                glVertexAttribIPointer(location, GLint(attribute.components), GLenum(GL_UNSIGNED_INT),
                                       GLsizei(stride), offset)
            } else {
                glVertexAttribPointer(location, GLint(attribute.components), GLenum(GL_FLOAT), GLboolean(GL_FALSE),
                                      GLsizei(stride), offset)
            }
        }
    }

    private func prepareTarget(width: Int, height: Int) throws {
        if framebuffer == 0 {
            glGenFramebuffers(1, &framebuffer)
            glGenRenderbuffers(1, &colorBuffer)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        guard targetSize != (width, height) else { return }
        var maxSize: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_RENDERBUFFER_SIZE), &maxSize)
        guard width <= Int(maxSize), height <= Int(maxSize) else {
            throw GPUError("a \(width)×\(height) framebuffer exceeds this GPU's limit of \(maxSize) px per side")
        }
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colorBuffer)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0),
                                  GLenum(GL_RENDERBUFFER), colorBuffer)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            targetSize = (0, 0)
            throw GPUError("framebuffer of \(width)×\(height) is incomplete (0x\(String(status, radix: 16)))")
        }
        targetSize = (width, height)
    }

    private func withCurrentContext<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        guard eglMakeCurrent(display.display, nil, nil, context) == EGLBoolean(EGL_TRUE) else {
            throw GPUError("eglMakeCurrent failed (EGL error 0x\(String(eglGetError(), radix: 16)))")
        }
        defer { eglMakeCurrent(display.display, nil, nil, nil) }
        return try body()
    }

    private static func string(_ name: Int32) -> String {
        glGetString(GLenum(name)).map { String(cString: $0) } ?? "unknown"
    }
}

/// A pthread mutex (avoids pulling Foundation into the GL module).
final class NSLockLike: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func lock() { pthread_mutex_lock(&mutex) }
    func unlock() { pthread_mutex_unlock(&mutex) }
}
