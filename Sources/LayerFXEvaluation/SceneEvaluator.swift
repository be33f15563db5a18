import Dispatch
import LayerFXCore
import LayerFXModel
import LayerFXPrimitives
import LayerFXText

/// Flattens a scene at one instant into the frame the backends draw: every
/// visible layer's background, shape and border become primitives in Core
/// Animation's drawing order, with transforms, opacity and clips resolved.
///
/// ```swift
/// let evaluator = SceneEvaluator()
/// let frame = try evaluator.frame(for: scene, at: 1.5)
/// let pixels = try CPURenderer().render(frame)
/// ```
///
/// Order within one layer: background → content (gradient, shape path fill
/// then stroke, text) → sublayers (back to front) → border. A layer with a
/// `mask`, or with opacity below 1 over more than one shape, is drawn into an
/// offscreen layer composited with its opacity (Core Animation's group
/// opacity); a layer with one shape gets the opacity on that shape, which is
/// the same picture.
///
/// Text is laid out with the evaluator's ``textContext``: its fonts are
/// resolved once and its glyphs rasterized once into the context's atlas,
/// which frames with text carry a snapshot of. Paths that are flattened,
/// stroked and cut into polygon bands keep their bands in the evaluator's
/// geometry cache: a later frame drawing a path with the same value, device
/// transform and fill rule or stroke style takes them from there, and draws
/// the same primitives. Evaluate the frames of one run with one evaluator (or
/// evaluators sharing a context). An evaluator is a value that only holds its
/// context and cache: copies share them, and it may be used from several
/// threads at once.
public struct SceneEvaluator: Sendable {
    /// The fonts and glyph atlas text layers are drawn with.
    public let textContext: TextContext
    /// Paths' polygon bands kept across frames; nil: made anew every frame.
    let geometryCache: GeometryCache?

    /// An evaluator drawing text with `textContext` (by default a new
    /// context, which this evaluator and its copies own), with a geometry
    /// cache of its own.
    public init(textContext: TextContext = TextContext()) {
        self.init(textContext: textContext, geometryCache: GeometryCache())
    }

    /// An evaluator keeping paths' bands in `geometryCache` (none when nil).
    init(textContext: TextContext = TextContext(), geometryCache: GeometryCache?) {
        self.textContext = textContext
        self.geometryCache = geometryCache
    }

    /// The pixel size of a scene's frame: `size × scale`, rounded up (at
    /// least 1; sizes beyond `Int` saturate, so callers compare with their limit).
    public static func pixelSize(of scene: Scene) -> (width: Int, height: Int) {
        pixelSize(scene.size, scale: scene.scale)
    }

    /// The pixel size of a frame of `size` points at `scale` (see ``pixelSize(of:)``).
    static func pixelSize(_ size: Size, scale: Double) -> (width: Int, height: Int) {
        (FrameSize.pixels(size.width, scale: scale), FrameSize.pixels(size.height, scale: scale))
    }

    /// ``pixelSize(of:)`` before it becomes an integer: `size × scale`
    /// rounded up, whatever its size, for checking a scale against a limit
    /// and naming the size in a message (`1e+301`).
    public static func pixelExtent(of scene: Scene) -> (width: Double, height: Double) {
        (FrameSize.extent(scene.size.width, scale: scene.scale), FrameSize.extent(scene.size.height, scale: scene.scale))
    }

    /// Top-level layers per parallel task: below twice this, one thread walks the tree.
    static let layersPerTask = 2048

    /// The frame for `scene` at scene time `time` (seconds): the scene is
    /// compiled (``CompiledScene``) and the frame evaluated from that. To
    /// evaluate many frames of one scene, compile it once and use
    /// ``frame(for:at:budget:)-(CompiledScene,_,_)``.
    ///
    /// Scenes with thousands of top-level layers are evaluated in parallel,
    /// in contiguous runs of layers whose primitives are then joined in
    /// order: the frame is the same as one thread makes, byte for byte.
    ///
    /// Throws ``WorkBudgetExceeded`` as soon as the frame would cost more
    /// than `budget` allows (replicators are counted before they expand).
    public func frame(for scene: Scene, at time: Double, budget: WorkBudget = WorkBudget()) throws -> Frame {
        try frame(for: CompiledScene(scene), at: time, budget: budget)
    }

    /// The frame for the scene `compiled` was made from at scene time
    /// `time`: the frame the tree walk makes of that scene, byte for byte,
    /// evaluated from the compiled records and arrays.
    public func frame(for compiled: CompiledScene, at time: Double, budget: WorkBudget = WorkBudget()) throws -> Frame {
        var storage = FrameStorage()
        return try frame(for: compiled, at: time, budget: budget, storage: &storage)
    }

    /// ``frame(for:at:budget:)-(CompiledScene,_,_)`` in `storage`'s arrays: once they have grown to the
    /// frames' size (and each frame is handed back with ``FrameStorage/recycle(_:)``),
    /// evaluating allocates nothing.
    public func frame(for compiled: CompiledScene, at time: Double, budget: WorkBudget = WorkBudget(),
                      storage: inout FrameStorage) throws -> Frame {
        try frame(for: compiled, at: time, budget: budget, layersPerTask: Self.layersPerTask, storage: &storage)
    }

    /// `frame(for:at:budget:storage:)` of a compiled scene with `layersPerTask` top-level layers per parallel task.
    func frame(for compiled: CompiledScene, at time: Double, budget: WorkBudget, layersPerTask: Int,
               storage: inout FrameStorage) throws -> Frame {
        try compiled.withBuffers { buffers in
            func frame(splitAtTopLevel: Bool) throws -> Frame {
                try self.frame(size: compiled.size, scale: compiled.scale, background: compiled.backgroundColor,
                               baseDirectory: compiled.baseDirectory,
                               layers: .compiled(compiled, buffers, splitAtTopLevel: splitAtTopLevel), at: time,
                               budget: budget, layersPerTask: layersPerTask, storage: &storage)
            }
            guard !compiled.containers.isEmpty else { return try frame(splitAtTopLevel: true) }
            do {
                return try frame(splitAtTopLevel: false)
            } catch is WorkBudgetExceeded {
                // Tasks split inside containers go over a budget in other places than
                // the walk's, split between top-level layers: split so, the frame fails as the walk's does.
                return try frame(splitAtTopLevel: true)
            }
        }
    }

    /// The frame of `scene` made by walking its `Layer` values, with
    /// `layersPerTask` top-level layers per parallel task: the reference
    /// the compiled frames are tested against (it evaluates nothing from
    /// compiled records).
    func referenceFrame(for scene: Scene, at time: Double, budget: WorkBudget = WorkBudget(),
                        layersPerTask: Int = layersPerTask) throws -> Frame {
        var storage = FrameStorage()
        return try frame(size: scene.size, scale: scene.scale, background: scene.backgroundColor,
                         baseDirectory: scene.baseDirectory, layers: .scene(scene.layers), at: time, budget: budget,
                         layersPerTask: layersPerTask, storage: &storage)
    }

    /// The frame of a scene with these settings and top-level `layers`, in
    /// parallel runs of `layersPerTask` layers, in `storage`'s arrays.
    private func frame(size: Size, scale: Double, background: Color, baseDirectory: String?, layers: TopLevelLayers,
                       at time: Double, budget: WorkBudget, layersPerTask: Int,
                       storage: inout FrameStorage) throws -> Frame {
        let (width, height) = Self.pixelSize(size, scale: scale)
        geometryCache?.beginFrame()
        let taskCount = min(max(layers.splittableCount / max(layersPerTask, 1), 1),
                            4 * max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1))
        storage.prepareBuilders(taskCount, width: width, height: height, budget: budget, time: time,
                                textContext: textContext, geometryCache: geometryCache, baseDirectory: baseDirectory)
        let bg = background.clamped
        return try storage.drawFrame(layers, taskCount: taskCount, time: time, root: .scale(scale, scale),
                                     background: SIMD4(Float(bg.red), Float(bg.green), Float(bg.blue), Float(bg.alpha)),
                                     glyphAtlas: { GlyphAtlasImage(textContext.atlas) })
    }
}

#if canImport(Glibc)
import Glibc
#endif
