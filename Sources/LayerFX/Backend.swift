/// Which backend renders a frame.
public enum BackendChoice: String, CaseIterable, Sendable {
    /// The GPU when an EGL display opens, otherwise the CPU.
    case auto
    /// OpenGL ES 3 through EGL; fails when no display can be made.
    case gpu
    /// The CPU reference rasterizer.
    case cpu
}

/// Renders scenes with the backend a ``BackendChoice`` resolves to.
///
/// ```swift
/// let renderer = try Renderer(.auto)
/// let scene = try SceneLoader.load(contentsOfFile: "rings.json", textContext: renderer.textContext)
/// let pixels = try renderer.render(scene, at: 1.5)
/// try PNGEncoder.write(pixels, to: "rings.png")
/// ```
///
/// ## Threads
///
/// Use one renderer per thread. A GPU renderer has its own OpenGL ES context,
/// which it makes current only inside its calls (and it serializes calls, so
/// sharing one is safe, just not parallel); renderers on different threads
/// render in parallel and produce the same bytes as when run one after
/// another. `Scene`, `Frame` and `PixelBuffer` are values and can be shared
/// freely. A renderer made with ``usingCurrentGLContext()`` belongs to the
/// thread on which the host's context is current.
///
/// ## Text
///
/// A renderer evaluates scenes with its own ``evaluator``, whose
/// `TextContext` (made with the renderer unless one is passed in) keeps the
/// fonts and the glyph atlas for all its frames: each font is resolved and
/// each glyph rasterized once. Load scenes with ``textContext`` so that their
/// fonts are checked and loaded in the same context; renderers may share one.
public final class Renderer: @unchecked Sendable {
    private var engine: any RenderBackend
    /// Evaluates scenes for ``render(_:at:)``; its context is ``textContext``.
    public let evaluator: SceneEvaluator
    /// The fonts and glyph atlas this renderer draws text with.
    public var textContext: TextContext { evaluator.textContext }
    /// The backend actually used (`.auto` resolves to one of the two).
    public var backend: Backend { engine.backend }
    /// Set when `.auto` fell back to the CPU: why the GPU was not used.
    public let fallbackReason: String?
    /// The limits on each frame's work (see `WorkBudget`); a scene that
    /// would exceed one throws `WorkBudgetExceeded` instead of rendering.
    /// Set it before rendering, not while another thread renders with this renderer.
    public var budget = WorkBudget()

    /// How frames are composited (see ``Compositing``): in tiles where they
    /// pay (``Compositing/automatic``) unless the renderer was made, or set
    /// since, otherwise. Set it before
    /// rendering, not while another thread renders with this renderer.
    public var compositing: Compositing {
        get {
            if let gpu = engine as? GPURenderer { return gpu.compositing }
            return (engine as? CPURenderer)?.compositing ?? .automatic
        }
        set {
            if let gpu = engine as? GPURenderer {
                gpu.compositing = newValue
            } else if var cpu = engine as? CPURenderer {
                cpu.compositing = newValue
                engine = cpu
            }
        }
    }

    /// Resolves `choice` to a backend. `.gpu` throws when no EGL display or
    /// context can be made; `.auto` then falls back to the CPU, unless
    /// `device` (or, when it is `nil`, `LAYERFX_EGL_DEVICE`) names an EGL
    /// device: a device asked for that fails is an error. With `device` nil
    /// the GPU backend takes its selection from the process's
    /// `LAYERFX_EGL_PLATFORM` and `LAYERFX_EGL_DEVICE`
    /// (`GPUDeviceSelection.resolve(deviceOption:)`); a bad value there
    /// throws. `device` is not used by `.cpu`. Frames are composited as
    /// `compositing` says (see ``Compositing``). Text is drawn with
    /// `textContext` (by default a new one, owned by this renderer).
    public init(_ choice: BackendChoice, device: GPUDeviceSelection? = nil, compositing: Compositing = .automatic,
                textContext: TextContext = TextContext()) throws {
        evaluator = SceneEvaluator(textContext: textContext)
        func gpu(_ selection: GPUDeviceSelection) throws -> GPURenderer {
            let renderer = try GPURenderer(device: selection)
            renderer.compositing = compositing
            return renderer
        }
        switch choice {
        case .cpu:
            engine = CPURenderer(compositing: compositing); fallbackReason = nil
        case .gpu:
            engine = try gpu(device ?? .resolve(deviceOption: nil)); fallbackReason = nil
        case .auto:
            let selection = try device ?? .resolve(deviceOption: nil)
            do {
                engine = try gpu(selection); fallbackReason = nil
            } catch where !selection.namesDevice {
                engine = CPURenderer(compositing: compositing); fallbackReason = "\(error)"
            }
        }
    }

    private init(engine: any RenderBackend, textContext: TextContext) {
        self.engine = engine; fallbackReason = nil
        evaluator = SceneEvaluator(textContext: textContext)
    }

    /// A CPU renderer that composites as `compositing` says (in tiles, for
    /// frames of circles and analytic shapes; see ``Compositing``), counting what tile
    /// compositing does into `tileStatistics` when given.
    public static func cpu(compositing: Compositing, tileStatistics: TileStatistics? = nil,
                           textContext: TextContext = TextContext()) -> Renderer {
        Renderer(engine: CPURenderer(compositing: compositing, tileStatistics: tileStatistics), textContext: textContext)
    }

    /// A GPU renderer that draws with the host's EGL/OpenGL ES 3 context,
    /// current on the calling thread, instead of its own (see
    /// `GLContextOwner.host`). Use it on that thread while that context is
    /// current; ``render(_:at:intoFramebuffer:origin:options:)`` draws into the
    /// host's framebuffer objects, and ``render(_:at:)`` still returns pixels.
    /// Text is drawn with `textContext` (by default a new one).
    public static func usingCurrentGLContext(textContext: TextContext = TextContext()) throws -> Renderer {
        Renderer(engine: try GPURenderer(context: .host), textContext: textContext)
    }

    /// The GPU backend's EGL platform and OpenGL ES renderer; `nil` on the CPU.
    public var gpuInfo: GPUInfo? { (engine as? GPURenderer)?.info }

    /// True for a renderer made with ``usingCurrentGLContext()``.
    public var usesHostGLContext: Bool { (engine as? GPURenderer)?.contextOwner == .host }

    /// Evaluates `scene` at `time` seconds and draws it. Throws
    /// `WorkBudgetExceeded` when the frame would cost more than ``budget``
    /// allows; a GPU failure (context lost, out of memory) names the time:
    /// `at t=1.5 s: …`.
    public func render(_ scene: Scene, at time: Double) throws -> PixelBuffer {
        let frame = try evaluator.frame(for: scene, at: time, budget: budget)
        return try naming(time) { try engine.render(frame) }
    }

    /// Evaluates `scene` at `time` seconds and draws it into `buffer`,
    /// reusing its storage when it has the frame's size (a sequence drawn
    /// into one buffer allocates no pixels per frame); errors as
    /// ``render(_:at:)``.
    public func render(_ scene: Scene, at time: Double, into buffer: inout PixelBuffer) throws {
        let frame = try evaluator.frame(for: scene, at: time, budget: budget)
        try naming(time) { try engine.render(frame, into: &buffer) }
    }

    /// Evaluates `scene` at `time` seconds and draws it into caller memory:
    /// `SceneEvaluator.pixelSize(of:)` rows of premultiplied RGBA8 pixels,
    /// top row first, `rowBytes` apart (at least the width × 4); errors as
    /// ``render(_:at:)``.
    public func render(_ scene: Scene, at time: Double, into pixels: UnsafeMutableRawPointer, rowBytes: Int) throws {
        let frame = try evaluator.frame(for: scene, at: time, budget: budget)
        try naming(time) { try engine.render(frame, into: pixels, rowBytes: rowBytes) }
    }

    /// Evaluates and draws `scene` at each of `times` in order, handing frame
    /// i's pixels to `deliver(i, pixels)` in order (see
    /// `RenderBackend.renderSequence`: on the GPU, frame i is read back while
    /// frame i + 1 is drawn). The buffer may be reused for a later frame.
    /// The next frame is evaluated while one is drawn, in the arrays of the
    /// frame two before it (``SequenceFrameStorage``). Errors as
    /// ``render(_:at:)``; a GPU failure names the time of the first frame
    /// not yet delivered.
    public func renderSequence(_ scene: Scene, times: [Double],
                               deliver: (Int, PixelBuffer) throws -> Void) throws {
        var drawing = 0
        let budget = self.budget, evaluator = self.evaluator
        let compiled = CompiledScene(scene)
        let storage = SequenceFrameStorage()
        do {
            try renderSequence(count: times.count, frame: { index in
                try storage.frame(index) {
                    try evaluator.frame(for: compiled, at: times[index], budget: budget, storage: &$0)
                }
            }, deliver: { index, pixels in
                drawing = index + 1
                try deliver(index, pixels)
            })
        } catch let error as GPUError {
            throw GPUError("at t=\(times[min(drawing, times.count - 1)].numberText) s: \(error.description)")
        }
    }

    /// Draws the frames `frame(0)`, `frame(1)`, … `frame(count − 1)` in order
    /// and hands frame i's pixels to `deliver(i, pixels)` in order (see
    /// `RenderBackend.renderSequence`).
    public func renderSequence(count: Int, frame: @escaping @Sendable (Int) throws -> Frame,
                               deliver: (Int, PixelBuffer) throws -> Void) throws {
        try engine.renderSequence(count: count, frame: frame, deliver: deliver)
    }

    /// Draws an already evaluated frame.
    public func render(_ frame: Frame) throws -> PixelBuffer {
        try engine.render(frame)
    }

    /// Draws an already evaluated frame into `buffer`, reusing its storage
    /// when it has the frame's size.
    public func render(_ frame: Frame, into buffer: inout PixelBuffer) throws {
        try engine.render(frame, into: &buffer)
    }

    /// `body`, with a GPU failure's message prefixed by the frame's time.
    private func naming<T>(_ time: Double, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as GPUError {
            throw GPUError("at t=\(time.numberText) s: \(error.description)")
        }
    }

    /// Evaluates `scene` at `time` seconds and draws it into the host's
    /// framebuffer object `framebuffer`, its top-left pixel at GL window
    /// coordinates `origin` (see
    /// `GPURenderer.render(_:intoFramebuffer:origin:options:)`), saving and
    /// restoring the host's GL state unless `options` says otherwise.
    /// Throws unless the renderer was made with ``usingCurrentGLContext()``.
    public func render(_ scene: Scene, at time: Double, intoFramebuffer framebuffer: UInt32,
                       origin: (x: Int, y: Int) = (0, 0), options: FramebufferRenderOptions = []) throws {
        try render(evaluator.frame(for: scene, at: time, budget: budget), intoFramebuffer: framebuffer,
                   origin: origin, options: options)
    }

    /// Draws an already evaluated frame into the host's framebuffer object;
    /// see ``render(_:at:intoFramebuffer:origin:options:)``.
    public func render(_ frame: Frame, intoFramebuffer framebuffer: UInt32,
                       origin: (x: Int, y: Int) = (0, 0), options: FramebufferRenderOptions = []) throws {
        guard let gpu = engine as? GPURenderer, gpu.contextOwner == .host else {
            throw GPUError("rendering into a framebuffer needs a renderer made with Renderer.usingCurrentGLContext()")
        }
        try gpu.render(frame, intoFramebuffer: framebuffer, origin: origin, options: options)
    }
}
