import CLayerFXParallel
import LayerFXCore
import LayerFXModel
import LayerFXPrimitives

/// The top-level layers a frame draws: a scene's, walked, or a compiled
/// scene's (its records borrowed for the frame), whose entries are split
/// between the tasks anywhere, or, with `splitAtTopLevel`, only between
/// top-level layers, as the walk splits the scene.
enum TopLevelLayers {
    case scene([Layer])
    case compiled(CompiledScene, CompiledBuffers, splitAtTopLevel: Bool)

    /// How many entries there are (a scene's: its top-level layers), each with a place for one circle.
    var count: Int {
        switch self {
        case .scene(let layers): layers.count
        case .compiled(let compiled, _, _): compiled.entries.count
        }
    }

    /// How many parts the work can be split into.
    var splittableCount: Int {
        switch self {
        case .scene(let layers): layers.count
        case .compiled(let compiled, _, let atTopLevel): atTopLevel ? compiled.layerCount : compiled.entries.count
        }
    }

    /// The entries of part `part` of `count` (contiguous, in order).
    func range(part: Int, of count: Int) -> Range<Int> {
        let n = splittableCount
        let (first, end) = (n * part / count, n * (part + 1) / count)
        guard case .compiled(let compiled, _, true) = self, !compiled.topLevelEntries.isEmpty else { return first..<end }
        func entry(_ layer: Int) -> Int {
            layer < compiled.topLevelEntries.count ? Int(compiled.topLevelEntries[layer]) : compiled.entries.count
        }
        return entry(first)..<entry(end)
    }

    /// Whether every layer draws at most one circle (compiled leaves only),
    /// so that the tasks may write their circles straight into the frame.
    var drawsOneCircleEach: Bool {
        if case .compiled(let compiled, _, _) = self { compiled.walked.count == 0 } else { false }
    }
}

/// A frame's parallel tasks: task k draws its contiguous run of the
/// top-level layers with builder k. A plain value handed to the worker
/// threads by pointer, so running the tasks allocates nothing.
struct FrameTasks {
    let layers: TopLevelLayers
    let builders: UnsafeMutablePointer<FrameBuilder>
    /// The frame's circles, when the tasks write them straight there (each
    /// task from its first layer's index on); nil otherwise.
    let circles: UnsafeMutableBufferPointer<DeviceCircle>?
    let taskCount: Int
    /// The scene time, and the root transform (points to pixels).
    let time: Double, root: AffineTransform

    /// Task `task`'s layers (entries, of a compiled scene).
    func range(_ task: Int) -> Range<Int> { layers.range(part: task, of: taskCount) }

    /// Runs every task on the worker threads, returning when all are done.
    func run() {
        var tasks = self
        withUnsafeMutablePointer(to: &tasks) { tasks in
            lfx_parallel_for(taskCount, tasks) { context, task in
                context!.assumingMemoryBound(to: FrameTasks.self).pointee.run(Int(task))
            }
        }
    }

    /// Runs task `task`.
    private func run(_ task: Int) {
        let builder = builders + task
        let range = range(task)
        if let circles { builder.pointee.order.attachSink(UnsafeMutableBufferPointer(rebasing: circles[range])) }
        // At least one primitive a layer: no regrowth for flat scenes.
        builder.pointee.order.reserveCapacity(min(range.count, builder.pointee.primitiveLimit) + 64)
        switch layers {
        case .scene(let layers):
            for i in range where !builder.pointee.failed {
                builder.pointee.visit(layers[i], in: LayerValues(), step: .layer(i), parentTime: time,
                                      parentToDevice: root, tint: .white, clips: ClipStack())
            }
        case .compiled(let compiled, let buffers, _):
            builder.pointee.visit(range, of: compiled, buffers, time: time, root: root)
        }
    }
}
