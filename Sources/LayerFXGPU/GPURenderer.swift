import CEGL
import LayerFXCore
import LayerFXPrimitives
#if canImport(Glibc)
import Glibc
#endif

/// Renders frames with OpenGL ES 3.0 into an offscreen RGBA8 framebuffer on a
/// headless EGL display, and reads the pixels back.
///
/// A frame's instances go up in one instance buffer. They are drawn by
/// variants of one SDF program (``PrimitivePrograms``: one per kind, clip
/// count and paint in use, so that llvmpipe never runs code for another
/// kind); each run of consecutive drawn primitives of one variant between
/// offscreen-layer markers is one instanced draw call. The frame's plain device circles (`DeviceCircle`) go
/// up in a second buffer and are drawn by a program of their own (`CirclePass`), a call per run.
/// Offscreen layers are RGBA8 textures as large as the layer's rectangle,
/// taken from a pool; a composite samples them. Polygon edges go up
/// in an RGBA32F texture, the gradient stop table in an RG32UI texture, the
/// glyph atlas in an R8 texture (re-sent only when
/// its generation changes), each layer contents image in an RGBA8 texture of
/// its own, kept while the image lives (``ImageTextures``); a run of image
/// primitives is drawn one call per image. The context is made current only for the duration
/// of `render(_:)`, so a renderer can be used from any thread; calls are
/// serialized. The rule for hosts is simpler: one renderer per thread.
///
/// A renderer made with ``init(context:)`` and ``GLContextOwner/host`` draws
/// with the host's current context instead, into the host's framebuffer
/// (``render(_:intoFramebuffer:origin:options:)``), saving and restoring the
/// GL state it touches (``GLStateSnapshot``).
public final class GPURenderer: RenderBackend, @unchecked Sendable {
    private let context: GLContextBinding
    private let lock = NSLockLike()
    private var programs = PrimitivePrograms()
    private var circlePass: CirclePass!
    private var vertexArray: GLuint = 0
    private var instanceBuffer: GLuint = 0
    /// The one composite instance that blends a tiled run over its target.
    private var runCompositeBuffer: GLuint = 0
    private var framebuffer: GLuint = 0
    private var colorBuffer: GLuint = 0
    private var targetSize = (width: 0, height: 0)
    private var textures = FrameTextures()
    private var images = ImageTextures()
    private var layers = OffscreenLayerPool()
    /// The pixel-buffer objects of `renderSequence` (double-buffered readback).
    var readback = ReadbackBuffers()
    /// Asks the GL after drawing and after reading back whether the work happened.
    var failureCheck: GLFailureCheck!
    /// The display platform, renderer and driver version.
    public private(set) var info: GPUInfo!
    /// How frames are composited (``Compositing``): tiles, where they pay
    /// (the default) or wherever they can be, draw frames of circles and
    /// analytic shapes (ellipses, rounded rectangles, stars) and glyphs, and
    /// runs of them between other primitives (see ``TiledRuns``), as an
    /// OpenGL ES 3.1 compute shader where the context offers one (otherwise
    /// in order), in single frames and sequences. Host framebuffers are
    /// drawn in order. Set it before rendering.
    public var compositing: Compositing = .automatic
    /// Tile compositing's compute pass, made on first use; nil inside when
    /// the context cannot run it.
    private var tilePass: TileComputePass??
    /// Where tile compositing bins frames (see ``TileBinning/preferred(for:)``;
    /// the tests set it to compare the two).
    lazy var tileBinning: TileBinning = .preferred(for: info)
    /// Where the last frame composited in tiles was binned.
    var lastTileBinning: TileBinning? {
        if case let pass?? = tilePass { return pass.lastBinning }
        return nil
    }

    /// Who owns the context: the renderer, or the host.
    public var contextOwner: GLContextOwner { context.owner }

    /// With ``GLContextOwner/renderer`` (the default), opens (or reuses) the
    /// headless display the process's `LAYERFX_EGL_PLATFORM` and
    /// `LAYERFX_EGL_DEVICE` select (see ``GPUDeviceSelection``) and creates a
    /// GLES 3 context on it; throws when no display or context can be made
    /// (then use the CPU backend), or when a variable holds a bad value.
    /// With ``GLContextOwner/host``, adopts the EGL context current on the
    /// calling thread (OpenGL ES 3.0 or later) and builds LayerFX's program and
    /// buffers in it, leaving the host's GL state as it was.
    public convenience init(context owner: GLContextOwner = .renderer) throws {
        switch owner {
        case .host: try self.init(binding: .adoptingHostContext(), display: nil)
        case .renderer: try self.init(device: .resolve(deviceOption: nil))
        }
    }

    /// Opens (or reuses) the headless display for `selection` and creates a
    /// GLES 3 context of the renderer's own on it; throws when the selected
    /// platform or device cannot be opened.
    public convenience init(device selection: GPUDeviceSelection) throws {
        let display = try HeadlessDisplay.display(for: selection).get()
        try self.init(binding: GLContextBinding(ownContextOn: display.display), display: display)
    }

    private init(binding: GLContextBinding, display: HeadlessDisplay?) throws {
        context = binding
        try withCurrentContext {
            circlePass = try CirclePass()
            setUpVertexArray()
            failureCheck = GLFailureCheck()
            info = GPUInfo(platform: display?.platform, device: display?.device, renderer: Self.string(GL_RENDERER),
                           version: Self.string(GL_VERSION), vendor: Self.string(GL_VENDOR),
                           skippedPlatforms: display?.notes ?? [])
        }
    }

    deinit {
        _ = try? withCurrentContext {
            glDeleteBuffers(1, &instanceBuffer)
            glDeleteBuffers(1, &runCompositeBuffer)
            glDeleteVertexArrays(1, &vertexArray)
            glDeleteFramebuffers(1, &framebuffer)
            glDeleteRenderbuffers(1, &colorBuffer)
            textures.delete()
            images.delete()
            layers.delete()
            programs.delete()
            circlePass?.delete()
            readback.delete()
            if case let pass?? = tilePass { pass.delete() }
        }
    }

    /// ``Backend/gpu``.
    public var backend: Backend { .gpu }

    /// Draws `frame` into the renderer's own framebuffer and reads it back
    /// into `pixels`, rows `rowBytes` apart (`glReadPixels` with
    /// `GL_PACK_ROW_LENGTH` when `rowBytes` is a whole number of pixels,
    /// otherwise row by row).
    public func render(_ frame: Frame, into pixels: UnsafeMutableRawPointer, rowBytes: Int) throws {
        let width = frame.width, height = frame.height
        guard width > 0, height > 0 else { return }
        precondition(rowBytes >= width * 4, "rowBytes must be at least width × 4")
        try withCurrentContext {
            if try !drawInTiles(frame) { try drawIntoOwnTarget(frame) }
            glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
            if rowBytes % 4 == 0 {
                glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(clamping: rowBytes / 4))
                glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels)
                glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0)
            } else {
                for row in 0..<height {
                    glReadPixels(0, GLint(row), GLsizei(width), 1, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                                 pixels + row * rowBytes)
                }
            }
            try failureCheck.check(while: "reading back a \(width)×\(height) frame")
        }
    }

    /// With tile compositing, a frame of circles, analytic shapes and glyphs only, and a context that
    /// runs compute shaders: composites `frame` with the compute pass,
    /// checks that the GL did it, and leaves the pass's framebuffer bound for
    /// reading back. False, with nothing drawn, otherwise. Call with the
    /// context current.
    func drawInTiles(_ frame: Frame) throws -> Bool {
        guard frame.instances.allSatisfy({ TileBins.tiledKinds.contains($0.kind) }), compositing.tiles(frame)
        else { return false }
        if tilePass == nil { tilePass = .some(TileComputePass.make(for: info)) }
        guard case let pass?? = tilePass else { return false }
        pass.binning = tileBinning
        try textures.upload(edges: [], atlas: frame.glyphAtlas)
        try textures.upload(stops: frame.gradientStops)
        textures.bindForSampling()
        let decode = frame.glyphAtlas.map { SIMD2($0.edgeValue, $0.distanceRange) } ?? .zero
        guard pass.draw(frame, atlasDecode: decode) else { return false }
        try failureCheck.check(while: "compositing a \(frame.width)×\(frame.height) frame in tiles")
        return true
    }

    /// Draws `frame` into the renderer's own framebuffer (sized to the frame),
    /// checks that the GL did it, and leaves that framebuffer bound for
    /// reading back. Call with the context current.
    func drawIntoOwnTarget(_ frame: Frame) throws {
        try prepareTarget(width: frame.width, height: frame.height)
        try drawFrame(frame, framebuffer: framebuffer, x: 0, y: 0, clear: true)
        try failureCheck.check(while: "drawing a \(frame.width)×\(frame.height) frame")
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
    }

    /// Draws `frame` into `framebuffer` at pixel (`x`, `y`) (GL window
    /// coordinates, the frame's top row at `y`), clearing the frame's rectangle
    /// to its background first when `clear` is set. Shared by the own-target and
    /// host-framebuffer paths; nothing outside the rectangle is touched.
    func drawFrame(_ frame: Frame, framebuffer: GLuint, x: Int, y: Int, clear: Bool) throws {
        do { try LayerNesting.check(frame.instances.map(\.kind)) } catch {
            throw GPUError("malformed frame: \(error)")
        }
        let target = FinalTarget(framebuffer: framebuffer, x: x, y: y, width: frame.width, height: frame.height)
        target.bind()
        glEnable(GLenum(GL_SCISSOR_TEST))
        if clear {
            let bg = frame.background
            glClearColor(bg.x * bg.w, bg.y * bg.w, bg.z * bg.w, bg.w)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        if !frame.runs.isEmpty {
            try draw(frame, into: target)
        }
        glDisable(GLenum(GL_SCISSOR_TEST))
    }

    /// Draws the frame's runs in order: each run of circles with one
    /// instanced call of the circle program, each stretch of other instances
    /// between offscreen-layer markers with one call per program variant,
    /// markers switching between offscreen layers; and each run the CPU would
    /// composite in tiles (``TiledRuns``), where the context runs compute
    /// shaders and the renderer owns it, with the tile compositor
    /// (`TileComputePass+Runs.swift`) and a composite of its result.
    private func draw(_ frame: Frame, into target: FinalTarget) throws {
        var state = OrderedDrawing()
        state.uniforms.viewport = SIMD2<Float>(Float(frame.width), Float(frame.height))
        try textures.upload(edges: frame.pathEdges, atlas: frame.glyphAtlas)
        images.dropFreed()
        try textures.upload(stops: frame.gradientStops)
        state.uniforms.stopCount = Int32(clamping: frame.gradientStops.count)
        if let atlas = frame.glyphAtlas { state.uniforms.atlasDecode = SIMD2(atlas.edgeValue, atlas.distanceRange) }
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        if !frame.circles.isEmpty { circlePass.upload(frame.circles) }
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        if !frame.instances.isEmpty {
            frame.instances.withUnsafeBytes { raw in
                glBufferData(GLenum(GL_ARRAY_BUFFER), raw.count, raw.baseAddress, GLenum(GL_STREAM_DRAW))
            }
        }
        // Where the bound target's device pixel (0, 0) is.
        state.uniforms.origin = SIMD2<Float>(Float(target.x), Float(target.y))
        var tiled = context.owner == .renderer ? TiledRuns(frame: frame, compositing: compositing).runs : []
        var next = 0, position = 0
        for run in frame.runs {
            // The run in parts: stretches drawn in order, and the tiled runs' items in it.
            var start = run.range.lowerBound
            while start < run.range.upperBound {
                let at = position + start - run.range.lowerBound
                let tiledRun = next < tiled.count ? tiled[next].items : Int.max...Int.max
                if tiledRun.contains(at) {
                    let end = min(run.range.upperBound, start + tiledRun.upperBound + 1 - at)
                    if at == tiledRun.lowerBound, try !composite(tiledRun, of: frame, isFirst: next == 0, &state, target) {
                        // Too many entries: this run in order, its own way.
                        tiled.removeSubrange(next...next)
                        continue
                    }
                    if end - start == tiledRun.upperBound + 1 - at { next += 1 }
                    start = end
                    continue
                }
                let end = tiledRun.lowerBound - at >= run.range.upperBound - start ? run.range.upperBound
                    : start + tiledRun.lowerBound - at
                if run.kind == .instances {
                    try drawInstances(start..<end, of: frame, &state, target)
                } else {
                    circlePass.draw(start..<end, viewport: state.uniforms.viewport, origin: state.uniforms.origin)
                    glBindVertexArray(vertexArray)
                    glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
                }
                start = end
            }
            position += run.range.count
        }
        glBindVertexArray(0)
    }

    /// What drawing in order keeps from one stretch of instances to the next.
    private struct OrderedDrawing {
        var uniforms = PrimitivePrograms.Uniforms()
        /// The offscreen layers open, innermost last.
        var open: [(target: OffscreenLayerPool.Target, rect: LayerRect)] = []
    }

    /// Draws instances `range` of `frame` in order, opening and closing
    /// offscreen layers at their markers.
    private func drawInstances(_ range: Range<Int>, of frame: Frame, _ state: inout OrderedDrawing,
                               _ target: FinalTarget) throws {
        var drawnStart = range.lowerBound
        for i in range {
            let primitive = frame.instances[i]
            let kind = primitive.kind
            if kind.isDrawn && kind != .composite { continue }
            try drawInstances(drawnStart..<i, of: frame.instances, images: frame.images, state.uniforms)
            drawnStart = i + 1
            switch kind {
            case .beginLayer, .beginMask:
                let rect = LayerRect(primitive.shape, frameWidth: frame.width, frameHeight: frame.height)
                let layer = try layers.acquire(for: rect)
                state.open.append((layer, rect))
                layers.bindClearing(layer, rect: rect, frameWidth: frame.width, frameHeight: frame.height)
                state.uniforms.origin = rect.drawingOrigin
            case .composite:
                let mask = primitive.maskCoverage != nil ? state.open.popLast()?.target : nil
                guard let (content, rect) = state.open.popLast() else { break }
                state.uniforms.layerRect = rect.sampled
                if let below = state.open.last {
                    layers.bind(below.target, rect: below.rect, frameWidth: frame.width, frameHeight: frame.height)
                    state.uniforms.origin = below.rect.drawingOrigin
                } else {
                    target.bind()
                    state.uniforms.origin = SIMD2(Float(target.x), Float(target.y))
                }
                layers.bindForSampling(content: content, mask: mask ?? content)
                try drawInstances(i..<(i + 1), of: frame.instances, images: frame.images, state.uniforms)
                layers.unbindSampling()
                layers.release(content)
                if let mask { layers.release(mask) }
            default:
                break
            }
        }
        try drawInstances(drawnStart..<range.upperBound, of: frame.instances, images: frame.images, state.uniforms)
    }

    /// Composites the tiled run at positions `items` of `frame`'s drawing
    /// order over the bound target (the frame or the innermost open layer):
    /// the compute pass writes the run's colour and coverage, a composite
    /// instance blends it. False, with nothing drawn, when the compute pass
    /// cannot (then the run is drawn in order); `isFirst` uploads the
    /// frame's primitives for the pass.
    private func composite(_ items: ClosedRange<Int>, of frame: Frame, isFirst: Bool, _ state: inout OrderedDrawing,
                           _ target: FinalTarget) throws -> Bool {
        if tilePass == nil { tilePass = .some(TileComputePass.make(for: info)) }
        guard case let pass?? = tilePass else { return false }
        textures.bindForSampling()
        let (box, drawn) = pass.composite(run: items, of: frame, uploadingPrimitives: isFirst,
                                          atlasDecode: state.uniforms.atlasDecode)
        guard drawn else { return false }
        if let box {
            var composite = [PrimitiveInstance.composite(bounds: box, opacity: 1, mask: nil)]
            var uniforms = state.uniforms
            uniforms.layerRect = SIMD4(0, 0, Float(frame.width), Float(frame.height))
            glBindVertexArray(vertexArray)
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), runCompositeBuffer)
            glBufferData(GLenum(GL_ARRAY_BUFFER), MemoryLayout<PrimitiveInstance>.stride, &composite,
                         GLenum(GL_STREAM_DRAW))
            glActiveTexture(GLenum(GL_TEXTURE0) + OffscreenLayerPool.layerUnit)
            glBindTexture(GLenum(GL_TEXTURE_2D), pass.runTexture)
            try drawInstances(0..<1, of: composite, images: [], uniforms)
            glBindTexture(GLenum(GL_TEXTURE_2D), 0)
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
            pointAttributes(atInstance: 0)
        }
        try failureCheck.check(while: "compositing a run of \(items.count) primitives in tiles")
        return true
    }

    /// Draws `range` of `primitives`: one instanced draw per run of
    /// consecutive primitives of one program variant (and, for images, of
    /// one image of `images`, whose texture it binds), in order. The
    /// attributes point at each run's first instance (OpenGL ES 3.0 has no
    /// base instance). An image primitive whose index is not in `images`
    /// draws nothing.
    private func drawInstances(_ range: Range<Int>, of primitives: [PrimitiveInstance], images contents: [ContentsImage],
                               _ uniforms: PrimitivePrograms.Uniforms) throws {
        var start = range.lowerBound
        while start < range.upperBound {
            let variant = PrimitivePrograms.Variant(primitives[start])
            let image = primitives[start].imageIndex
            var end = start + 1
            while end < range.upperBound && PrimitivePrograms.Variant(primitives[end]) == variant
                    && primitives[end].imageIndex == image { end += 1 }
            defer { start = end }
            if let image {
                guard image < contents.count else { continue }
                try images.bind(contents[image])
            }
            try programs.use(variant, uniforms)
            pointAttributes(atInstance: start)
            glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(end - start))
        }
    }

    private func setUpVertexArray() {
        glGenVertexArrays(1, &vertexArray)
        glGenBuffers(1, &instanceBuffer)
        glGenBuffers(1, &runCompositeBuffer)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        InstanceAttributes.enable(PrimitiveInstance.attributes)
        pointAttributes(atInstance: 0)
        glBindVertexArray(0)
    }

    /// Points every instance attribute at instance `first` of the bound buffer.
    private func pointAttributes(atInstance first: Int) {
        InstanceAttributes.point(PrimitiveInstance.attributes, stride: MemoryLayout<PrimitiveInstance>.stride,
                                 atInstance: first)
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

    /// Runs `body` under the renderer's lock with its context current (see
    /// `GLContextBinding.withCurrent`: in a host's context, GL state is saved
    /// and neutral values set first, and the state restored afterwards).
    func withCurrentContext<T>(preservingHostState: Bool = true, _ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try context.withCurrent(preservingHostState: preservingHostState, body)
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
