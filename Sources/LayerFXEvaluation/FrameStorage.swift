import LayerFXCore
import LayerFXPrimitives
import LayerFXText

/// The arrays a sequence of frames reuses. Evaluate each frame with the
/// same storage and hand the frame back with ``recycle(_:)`` once it is
/// drawn: once the arrays have grown to the frames' size, evaluating a frame
/// allocates nothing, and touches no fresh memory.
///
/// ```swift
/// var storage = FrameStorage()
/// for time in times {
///     let frame = try evaluator.frame(for: compiled, at: time, storage: &storage)
///     try renderer.render(frame, into: &pixels)
///     storage.recycle(frame)
/// }
/// ```
///
/// A frame that is not handed back is simply kept by its owner; the next
/// frame then gets new arrays. A storage belongs to one sequence at a time.
public struct FrameStorage: Sendable {
    /// Each parallel task's builder from the last frame (their arrays are reused).
    var builders: [FrameBuilder] = []
    /// A recycled frame's arrays: its circles and instances as they were
    /// (the next frame overwrites them), its runs and edges emptied.
    var circles: [DeviceCircle] = []
    var instances: [PrimitiveInstance] = []
    var runs: [DrawRun] = []
    var pathEdges: [SIMD4<Float>] = []
    var gradientStops: [GradientStop] = []
    var images: [ContentsImage] = []

    /// Empty storage: the first frame evaluated with it allocates its arrays.
    public init() {}

    /// Takes `frame`'s arrays back for the next frame.
    public mutating func recycle(_ frame: consuming Frame) {
        circles = frame.circles
        instances = frame.instances
        runs = frame.runs
        pathEdges = frame.pathEdges
        gradientStops = frame.gradientStops
        images = frame.images
        _ = consume frame
        runs.removeAll(keepingCapacity: true)
        pathEdges.removeAll(keepingCapacity: true)
        gradientStops.removeAll(keepingCapacity: true)
        images.removeAll(keepingCapacity: true)
    }

    /// Makes ``builders`` hold at least `count` builders for a frame of
    /// these settings (the first `count` restarted, their arrays reused).
    mutating func prepareBuilders(_ count: Int, width: Int, height: Int, budget: WorkBudget, time: Double,
                                  textContext: TextContext, geometryCache: GeometryCache?, baseDirectory: String?) {
        for i in 0..<min(count, builders.count) {
            builders[i].restart(width: width, height: height, budget: budget, time: time, textContext: textContext,
                                geometryCache: geometryCache, baseDirectory: baseDirectory)
        }
        while builders.count < count {
            builders.append(FrameBuilder(width: width, height: height, budget: budget, time: time,
                                         textContext: textContext, geometryCache: geometryCache,
                                         baseDirectory: baseDirectory))
        }
    }

    /// Draws a frame of the top-level `layers` at scene time `time` under
    /// `root` in `taskCount` parallel tasks (``FrameTasks``), task k in
    /// builder k (made ready by
    /// ``prepareBuilders(_:width:height:budget:time:textContext:geometryCache:baseDirectory:)``),
    /// then joins what they drew, in order, into the frame: as one builder
    /// walking the layers in order would have drawn it (polygon bands' edge
    /// indices and gradients' table indices moved past the edges and stops
    /// of the parts before, images' indices past their images; an image two
    /// parts show is listed twice), in the recycled
    /// arrays. Throws the first task's error, or the budget the tasks
    /// together go over.
    ///
    /// When every layer draws at most one circle (compiled leaves only) and
    /// the primitive budget allows one a layer, each task writes its circles
    /// straight into the frame's array at its first layer's index, and
    /// joining only closes the gaps left by layers that drew none.
    mutating func drawFrame(_ layers: TopLevelLayers, taskCount: Int, time: Double, root: AffineTransform,
                            background: SIMD4<Float>, glyphAtlas: () -> GlyphAtlasImage?) throws -> Frame {
        // Direct writes need a circle's place for every layer: only when the
        // budget allows that many primitives, so memory stays within it.
        let direct = layers.drawsOneCircleEach && layers.count <= builders[0].primitiveLimit
        var circles = self.circles
        self.circles = []
        if direct {
            circles.resize(to: layers.count, filling: { DeviceCircle.placeholder })
        } else {
            circles.removeAll(keepingCapacity: true)
        }
        // However the frame ends, no order keeps pointing into `circles`.
        defer { for task in 0..<taskCount { builders[task].order.forgetSink() } }
        var placed = 0
        try circles.withUnsafeMutableBufferPointer { frameCircles in
            let tasks = builders.withUnsafeMutableBufferPointer { builders in
                let tasks = FrameTasks(layers: layers, builders: builders.baseAddress!,
                                       circles: direct ? frameCircles : nil, taskCount: taskCount, time: time, root: root)
                tasks.run()
                return tasks
            }
            try checkJoinedBudget(taskCount)
            guard direct else { return }
            // A task whose circles outgrew their place moved them into an array
            // of its own; a compiled layer draws one circle at most, so it never does.
            guard builders[..<taskCount].allSatisfy(\.order.usesSink) else { throw FrameJoinError() }
            // Close the gaps: each task's circles follow the ones before.
            for task in 0..<taskCount {
                let count = builders[task].order.circleCount
                let start = tasks.range(task).lowerBound
                if start != placed, count > 0 {
                    (frameCircles.baseAddress! + placed).update(from: frameCircles.baseAddress! + start, count: count)
                }
                placed += count
            }
        }
        if direct { circles.removeLast(circles.count - placed) }
        return join(taskCount, circles: consume circles, background: background, glyphAtlas: glyphAtlas)
    }

    /// Throws the first task's error, or the budget the first `taskCount`
    /// builders together go over (each part kept within the whole budget;
    /// together they may not).
    private func checkJoinedBudget(_ taskCount: Int) throws {
        let parts = builders[..<taskCount]
        let first = parts[parts.startIndex]
        if let exceeded = parts.lazy.compactMap(\.exceeded).first { throw exceeded }
        func exceeded(_ key: WorkBudget.Key, _ count: Int) -> WorkBudgetExceeded {
            WorkBudgetExceeded(key: key, count: Double(count), limit: first.budget[key], layerPath: "layers",
                               time: first.time, verb: "the frame needs")
        }
        let instancesVisited = parts.reduce(0) { $0 + $1.instancesVisited }
        if instancesVisited > first.instanceLimit { throw exceeded(.instances, instancesVisited) }
        for key in WorkBudget.Key.allCases {
            var sum = 0
            for part in parts {
                let (total, overflow) = sum.addingReportingOverflow(part.spent[key])
                sum = overflow ? .max : total
            }
            if sum > first.budget[key] { throw exceeded(key, sum) }
        }
        let primitives = parts.reduce(0) { $0 + $1.order.count }
        if primitives > first.primitiveLimit { throw exceeded(.primitives, primitives) }
    }

    /// The frame of the first `taskCount` builders, their circles appended
    /// to `circles` (unless already there), their instances, runs, edges
    /// and gradient stops to the recycled arrays.
    private mutating func join(_ taskCount: Int, circles: consuming [DeviceCircle], background: SIMD4<Float>,
                               glyphAtlas: () -> GlyphAtlasImage?) -> Frame {
        // `circles` is consumed, so held once: appending to it does not copy it.
        var instances = self.instances, runs = self.runs, pathEdges = self.pathEdges, stops = self.gradientStops
        var images = self.images
        (self.instances, self.runs, self.pathEdges, self.gradientStops, self.images) = ([], [], [], [], [])
        instances.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        pathEdges.removeAll(keepingCapacity: true)
        stops.removeAll(keepingCapacity: true)
        images.removeAll(keepingCapacity: true)
        var circleBase = 0
        for task in 0..<taskCount {
            let order = builders[task].order
            order.appendRuns(to: &runs, circleBase: circleBase, instanceBase: instances.count)
            circleBase += order.circleCount
            order.append(to: &circles, &instances, edgeOffset: Float(pathEdges.count),
                         imageOffset: UInt32(truncatingIfNeeded: images.count), stopOffset: stops.count)
            pathEdges += builders[task].pathEdges
            stops += builders[task].gradientStops
            images += builders[task].images
        }
        let first = builders[0]
        return Frame(width: first.width, height: first.height, background: background, circles: circles,
                     instances: instances, runs: runs, pathEdges: pathEdges, gradientStops: stops,
                     glyphAtlas: builders[..<taskCount].contains(where: \.usesGlyphs) ? glyphAtlas() : nil,
                     images: images)
    }
}

/// A task's circles outgrew their place in the frame (a compiled layer
/// drew more than one circle), which the compiled layers never do.
struct FrameJoinError: Error, CustomStringConvertible {
    var description: String { "internal error: a compiled layer drew more than one circle" }
}
