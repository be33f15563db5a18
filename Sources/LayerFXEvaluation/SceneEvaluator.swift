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
        (FrameSize.pixels(scene.size.width, scale: scene.scale), FrameSize.pixels(scene.size.height, scale: scene.scale))
    }

    /// ``pixelSize(of:)`` before it becomes an integer: `size × scale`
    /// rounded up, whatever its size, for checking a scale against a limit
    /// and naming the size in a message (`1e+301`).
    public static func pixelExtent(of scene: Scene) -> (width: Double, height: Double) {
        (FrameSize.extent(scene.size.width, scale: scene.scale), FrameSize.extent(scene.size.height, scale: scene.scale))
    }

    /// Top-level layers per parallel task: below twice this, one thread walks the tree.
    static let layersPerTask = 2048

    /// The frame for `scene` at scene time `time` (seconds).
    ///
    /// Scenes with thousands of top-level layers are walked in parallel, in
    /// contiguous runs of layers whose primitives are then joined in order:
    /// the frame is the same as one thread makes, byte for byte.
    ///
    /// Throws ``WorkBudgetExceeded`` as soon as the frame would cost more
    /// than `budget` allows (replicators are counted before they expand).
    public func frame(for scene: Scene, at time: Double, budget: WorkBudget = WorkBudget()) throws -> Frame {
        try frame(for: scene, at: time, budget: budget, layersPerTask: Self.layersPerTask)
    }

    /// The frame for the scene `compiled` holds at scene time `time`: the
    /// frame `frame(for:at:budget:)` makes of that scene, byte
    /// for byte, with the compiled layers evaluated from their channels.
    public func frame(for compiled: CompiledScene, at time: Double, budget: WorkBudget = WorkBudget()) throws -> Frame {
        try frame(for: compiled.scene, compiled: compiled, at: time, budget: budget, layersPerTask: Self.layersPerTask)
    }

    /// `frame(for:at:budget:)` with `layersPerTask` top-level layers per parallel task.
    func frame(for scene: Scene, at time: Double, budget: WorkBudget = WorkBudget(),
               layersPerTask: Int) throws -> Frame {
        try frame(for: scene, compiled: nil, at: time, budget: budget, layersPerTask: layersPerTask)
    }

    /// The frame for `scene`, whose top-level layers `compiled` (made from
    /// it, when given) has compiled are drawn from their compiled form.
    func frame(for scene: Scene, compiled: CompiledScene?, at time: Double, budget: WorkBudget,
               layersPerTask: Int) throws -> Frame {
        let (width, height) = Self.pixelSize(of: scene)
        geometryCache?.beginFrame()
        let root = AffineTransform.scale(scene.scale, scene.scale)
        let layers = scene.layers
        let taskCount = min(max(layers.count / max(layersPerTask, 1), 1), 4 * max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1))
        let empty = FrameBuilder(width: width, height: height, budget: budget, time: time, textContext: textContext,
                                 geometryCache: geometryCache, baseDirectory: scene.baseDirectory)
        var builders = [FrameBuilder](repeating: empty, count: taskCount)
        builders.withUnsafeMutableBufferPointer { builders in
            let results = UnsafeSendableBuilders(builders)
            DispatchQueue.concurrentPerform(iterations: taskCount) { task in
                let range = (layers.count * task / taskCount)..<(layers.count * (task + 1) / taskCount)
                var builder = empty
                // At least one primitive a layer: no regrowth for flat scenes.
                builder.order.reserveCapacity(min(range.count, budget[.primitives]) + 64)
                let leafIndex = compiled?.leafIndex ?? []
                compiled.withChannels { leaves, channels in
                    for i in range where !builder.failed {
                        if !leafIndex.isEmpty, leafIndex[i] >= 0 {
                            builder.visit(leaves.baseAddress! + Int(leafIndex[i]), channels: channels, step: .layer(i),
                                          parentTime: time, parentToDevice: root)
                        } else {
                            builder.visit(layers[i], step: .layer(i), parentTime: time, parentToDevice: root,
                                          tint: .white, clips: ClipStack())
                        }
                    }
                }
                results.base[task] = builder
            }
        }
        let builder = taskCount == 1 ? builders[0] : FrameBuilder(joining: builders)
        if let exceeded = builder.exceeded { throw exceeded }
        let bg = scene.backgroundColor.clamped
        return Frame(width: width, height: height,
                     background: SIMD4(Float(bg.red), Float(bg.green), Float(bg.blue), Float(bg.alpha)),
                     circles: builder.order.circles, instances: builder.order.instances, runs: builder.order.runs,
                     pathEdges: builder.pathEdges,
                     glyphAtlas: builder.usesGlyphs ? GlyphAtlasImage(textContext.atlas) : nil)
    }
}

extension Optional where Wrapped == CompiledScene {
    /// `body` with the compiled leaves and channels (empty when nil), borrowed.
    fileprivate func withChannels<T>(_ body: (UnsafeBufferPointer<CompiledShapeLeaf>,
                                              UnsafeBufferPointer<ScalarChannel>) throws -> T) rethrows -> T {
        guard let self else { return try body(UnsafeBufferPointer(start: nil, count: 0), UnsafeBufferPointer(start: nil, count: 0)) }
        return try self.leaves.withUnsafeBufferPointer { leaves in
            try self.channels.withUnsafeBufferPointer { try body(leaves, $0) }
        }
    }
}

/// The per-task builders, each written by one task only.
private struct UnsafeSendableBuilders: @unchecked Sendable {
    let base: UnsafeMutablePointer<FrameBuilder>
    init(_ buffer: UnsafeMutableBufferPointer<FrameBuilder>) { base = buffer.baseAddress! }
}

#if canImport(Glibc)
import Glibc
#endif
