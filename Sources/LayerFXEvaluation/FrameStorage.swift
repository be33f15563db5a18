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
    /// A recycled frame's arrays, emptied.
    var circles: [DeviceCircle] = []
    var instances: [PrimitiveInstance] = []
    var runs: [DrawRun] = []
    var pathEdges: [SIMD4<Float>] = []

    /// Empty storage: the first frame evaluated with it allocates its arrays.
    public init() {}

    /// Takes `frame`'s arrays back for the next frame (emptied, their room kept).
    public mutating func recycle(_ frame: consuming Frame) {
        circles = frame.circles
        instances = frame.instances
        runs = frame.runs
        pathEdges = frame.pathEdges
        _ = consume frame
        circles.removeAll(keepingCapacity: true)
        instances.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        pathEdges.removeAll(keepingCapacity: true)
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

    /// The frame the first `taskCount` builders drew, one after the other,
    /// as one builder walking their runs of layers in order would have drawn
    /// it (polygon bands' edge indices moved past the edges of the parts
    /// before), in the recycled arrays. Throws the first task's error, or
    /// the budget the tasks together go over.
    mutating func frame(joining taskCount: Int, background: SIMD4<Float>,
                        glyphAtlas: () -> GlyphAtlasImage?) throws -> Frame {
        let parts = builders[..<taskCount]
        let first = parts[0]
        if let exceeded = parts.lazy.compactMap(\.exceeded).first { throw exceeded }
        // Each part kept within the whole budget; together they may not.
        func exceeded(_ key: WorkBudget.Key, _ count: Int) -> WorkBudgetExceeded {
            WorkBudgetExceeded(key: key, count: Double(count), limit: first.budget[key], layerPath: "layers",
                               time: first.time, verb: "the frame needs")
        }
        let instancesVisited = parts.reduce(0) { $0 + $1.instancesVisited }
        if instancesVisited > first.instanceLimit { throw exceeded(.instances, instancesVisited) }
        for key in WorkBudget.Key.allCases {
            var sum = 0
            for part in parts {
                let (total, overflow) = sum.addingReportingOverflow(part.spent[key.index])
                sum = overflow ? .max : total
            }
            if sum > first.budget[key] { throw exceeded(key, sum) }
        }
        let primitives = parts.reduce(0) { $0 + $1.order.count }
        if primitives > first.primitiveLimit { throw exceeded(.primitives, primitives) }

        var circles = self.circles, instances = self.instances, runs = self.runs, pathEdges = self.pathEdges
        (self.circles, self.instances, self.runs, self.pathEdges) = ([], [], [], [])
        circles.reserveCapacity(parts.reduce(0) { $0 + $1.order.circles.count })
        instances.reserveCapacity(parts.reduce(0) { $0 + $1.order.instances.count })
        for part in parts {
            part.order.append(to: &circles, &instances, runs: &runs, edgeOffset: Float(pathEdges.count))
            pathEdges += part.pathEdges
        }
        return Frame(width: first.width, height: first.height, background: background, circles: circles,
                     instances: instances, runs: runs, pathEdges: pathEdges,
                     glyphAtlas: parts.contains(where: \.usesGlyphs) ? glyphAtlas() : nil)
    }
}
