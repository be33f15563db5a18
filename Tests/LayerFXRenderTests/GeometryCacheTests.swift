import Dispatch
import LayerFX
@testable import LayerFXEvaluation
import LayerFXTestSupport
import Testing

/// Paths' polygon bands kept across frames by the evaluator's geometry cache:
/// frames drawn from it are the frames made without it, byte for byte, its
/// budget charges are the same, static paths hit, animating ones miss, and
/// its memory stays within its limit.
struct GeometryCacheTests {
    /// Scenes with general paths (fills, strokes, dashes, trimming), each with
    /// the times it is drawn at.
    static let scenes: [String: [Double]] = [
        "31-balloon.json": [0, 0.25, 0.6, 1.1],
        "32-svg-commands.json": [0, 1],
        "33-fill-rules.json": [0, 1],
        "34-joins-caps.json": [0, 1],
        "35-dashes-trim.json": [0.5, 1.5, 0.5, 1.9],
        "typing-dots.json": [0.05, 0.25, 0.8, 1.3],
    ]

    static func scene(_ name: String) throws -> Scene {
        name.hasPrefix("typing") ? try SceneLoader.load(contentsOfFile: Repository.example(name)) : try Fixtures.scene(name)
    }

    /// The bytes of `values` as they lie in memory (so -0 and 0 differ).
    static func bytes<T>(_ values: [T]) -> [UInt8] {
        values.withUnsafeBytes { Array($0) }
    }

    /// What evaluating `scene` at `time` within `budget` makes: the error's
    /// message, or the frame's primitives and edges as bytes.
    static func outcome(_ evaluator: SceneEvaluator, _ scene: Scene, at time: Double,
                        budget: WorkBudget = WorkBudget()) -> [UInt8] {
        do {
            let frame = try evaluator.frame(for: scene, at: time, budget: budget)
            return bytes(frame.instances) + [0xFF] + bytes(frame.circles) + [0xFF] + bytes(frame.pathEdges)
        } catch {
            return Array("\(error)".utf8)
        }
    }

    @Test(arguments: scenes.keys.sorted())
    func cachedFramesAreFreshFrames(_ name: String) throws {
        let scene = try Self.scene(name)
        let warm = SceneEvaluator()
        for round in 0..<3 {
            for time in Self.scenes[name]! {
                let cached = try warm.frame(for: scene, at: time)
                let fresh = try SceneEvaluator(geometryCache: nil).frame(for: scene, at: time)
                #expect(cached.instances.contains { $0.kind == .path }, "\(name) draws no path")
                #expect(Self.bytes(cached.instances) == Self.bytes(fresh.instances), "\(name) t=\(time) round \(round)")
                #expect(cached.circles == fresh.circles && cached.runs == fresh.runs, "\(name) t=\(time) round \(round)")
                #expect(Self.bytes(cached.pathEdges) == Self.bytes(fresh.pathEdges), "\(name) t=\(time) round \(round)")
                #expect(try CPURenderer().render(cached).bytes == CPURenderer().render(fresh).bytes,
                        "\(name) t=\(time) round \(round)")
            }
        }
        let statistics = try #require(warm.geometryCache).statistics
        #expect(statistics.hits > statistics.misses, "\(name): \(statistics)")
    }

    @Test func threadsSharingOneCacheGetTheFramesOfOneThread() throws {
        let jobs = try Self.scenes.keys.sorted().flatMap { name in
            try Self.scenes[name]!.map { (scene: try Self.scene(name), time: $0) }
        }
        let expected = jobs.map { Self.outcome(SceneEvaluator(geometryCache: nil), $0.scene, at: $0.time) }
        let shared = SceneEvaluator()
        let results = LockedValue<[Int: [UInt8]]>([:])
        DispatchQueue.concurrentPerform(iterations: jobs.count * 4) { n in
            let job = jobs[n % jobs.count]
            let outcome = Self.outcome(shared, job.scene, at: job.time)
            if n >= jobs.count * 3 { results.withLock { $0[n % jobs.count] = outcome } }
        }
        for (index, outcome) in expected.enumerated() {
            #expect(results.withLock { $0[index] } == outcome, "job \(index) at t=\(jobs[index].time)")
        }
        #expect(try #require(shared.geometryCache).statistics.hits > 0)
    }

    @Test func aStaticPathHitsOnItsSecondFrame() throws {
        let scene = try Fixtures.scene("31-balloon.json")
        let evaluator = SceneEvaluator()
        let cache = try #require(evaluator.geometryCache)
        _ = try evaluator.frame(for: scene, at: 0)
        // The balloon's fill and its stroke.
        #expect(cache.statistics == GeometryCache.Statistics(hits: 0, misses: 2, entries: 2, bytes: cache.statistics.bytes))
        _ = try evaluator.frame(for: scene, at: 0.25)
        #expect(cache.statistics == GeometryCache.Statistics(hits: 2, misses: 2, entries: 2, bytes: cache.statistics.bytes))
        #expect(cache.statistics.bytes > 0)
    }

    @Test func anAnimatingPathMisses() throws {
        let scene = try Fixtures.scene("35-dashes-trim.json")
        let evaluator = SceneEvaluator()
        let cache = try #require(evaluator.geometryCache)
        _ = try evaluator.frame(for: scene, at: 0.5)
        let first = cache.statistics
        // Four strokes (the ellipse's dashes are polygons too), none seen before.
        #expect(first.hits == 0 && first.misses == 4, "\(first)")
        _ = try evaluator.frame(for: scene, at: 1.5)
        // Three strokes are still; the arc's strokeEnd moved.
        #expect(cache.statistics.hits == 3 && cache.statistics.misses == 5, "\(cache.statistics)")
        _ = try evaluator.frame(for: scene, at: 0.5)
        #expect(cache.statistics.hits == 7 && cache.statistics.misses == 5, "\(cache.statistics)")
    }

    /// A triangle filled red; `animation`, if any, on its layer.
    static func triangle(animation: String = "") throws -> Scene {
        try SceneLoader.decode(Array(##"""
            {"size": [50, 50], "layers": [{"type": "shape", "position": [10, 10], "fillColor": "#FF0000",
             "path": {"svg": "M0 0 L30 5 L10 25 Z"}\##(animation)}]}
            """##.utf8), source: "triangle.json")
    }

    @Test func aMovingPathMisses() throws {
        let moving = try Self.triangle(animation: ##", "animations": [{"keyPath": "position.x", "fromValue": 0, "toValue": 20, "duration": 1}]"##)
        let still = try Self.triangle()
        let evaluator = SceneEvaluator()
        let cache = try #require(evaluator.geometryCache)
        for i in 0..<4 { _ = try evaluator.frame(for: moving, at: Double(i) / 8) }
        #expect(cache.statistics.hits == 0 && cache.statistics.misses == 4, "\(cache.statistics)")
        for i in 0..<4 { _ = try evaluator.frame(for: still, at: Double(i) / 8) }
        #expect(cache.statistics.hits == 3 && cache.statistics.misses == 5, "\(cache.statistics)")
    }

    @Test func anAnimatingPathKeepsAFewFramesOfGeometry() throws {
        let scene = try Fixtures.scene("35-dashes-trim.json")
        let evaluator = SceneEvaluator()
        let cache = try #require(evaluator.geometryCache)
        for frame in 0..<100 {
            _ = try evaluator.frame(for: scene, at: Double(frame) / 50)
            // The three still strokes, and the arc's of this frame and the frames kept before it.
            #expect(cache.statistics.entries <= 3 + 1 + Int(GeometryCache.framesKept), "frame \(frame): \(cache.statistics)")
        }
        // The still strokes hit every frame after the first; the arc's stroke
        // (drawn once strokeEnd, running from 0 to 1, passes its strokeStart
        // of 0.1) missed every frame it was drawn in.
        #expect(cache.statistics.hits == 3 * 99, "\(cache.statistics)")
        #expect(cache.statistics.misses >= 3 + 85, "\(cache.statistics)")
    }

    @Test func theCacheStaysWithinItsByteLimit() throws {
        // Replicated arcs whose strokeEnd animates: new geometry every frame, more than the limit holds.
        let arc = ##"{"type": "shape", "fillColor": null, "strokeColor": "#EF6C00", "lineWidth": 6, "lineCap": "round", "path": {"arcCenter": [20, 20], "radius": 15, "startAngle": 0, "endAngle": 4.5, "clockwise": true}, "animations": [{"keyPath": "strokeEnd", "fromValue": 0.2, "toValue": 1, "duration": 2}]}"##
        let scene = try SceneLoader.decode(Array(##"""
            {"size": [400, 60], "layers": [{"type": "replicator", "instanceCount": 10,
             "instanceTransform": {"translation": [40, 0]}, "sublayers": [\##(arc)]}]}
            """##.utf8), source: "arcs.json")
        let limit = 64 << 10
        let evaluator = SceneEvaluator(geometryCache: GeometryCache(byteLimit: limit))
        let cache = try #require(evaluator.geometryCache)
        var largest = 0
        for frame in 0..<100 {
            _ = try evaluator.frame(for: scene, at: Double(frame) / 50)
            largest = max(largest, cache.statistics.bytes)
            #expect(cache.statistics.bytes <= limit, "frame \(frame): \(cache.statistics)")
        }
        #expect(largest > limit / 2, "the limit was reached: \(largest) bytes")
        #expect(cache.statistics.misses == 1000 && cache.statistics.hits == 0, "\(cache.statistics)")
        // Fewer than the frames kept would hold: the byte limit dropped the rest.
        #expect(cache.statistics.entries < 10 * (1 + Int(GeometryCache.framesKept)), "\(cache.statistics)")
    }

    @Test func aWarmCacheSpendsTheBudgetAsACold() throws {
        let keys: [WorkBudget.Key] = [.vertices, .strokePieces, .bandEdges, .pixels, .edgeTests, .primitives]
        for name in ["34-joins-caps.json", "35-dashes-trim.json", "33-fill-rules.json"] {
            let scene = try Fixtures.scene(name)
            let warm = SceneEvaluator()
            _ = try warm.frame(for: scene, at: 0.5)
            var messages = Set<String>()
            for key in keys {
                for limit in [0, 3, 30, 300, 3000, 30000, 300_000] {
                    var budget = WorkBudget()
                    budget[key] = limit
                    let cold = Self.outcome(SceneEvaluator(geometryCache: nil), scene, at: 0.5, budget: budget)
                    #expect(Self.outcome(warm, scene, at: 0.5, budget: budget) == cold,
                            "\(name) \(key.rawValue)=\(limit): \(String(decoding: cold.prefix(200), as: UTF8.self))")
                    if cold.starts(with: Array("at t=".utf8)) { messages.insert(String(decoding: cold, as: UTF8.self)) }
                }
            }
            // Frames failed at many points: every key, at several counts.
            #expect(messages.count >= 20, "\(name): \(messages.sorted())")
            if name != "33-fill-rules.json" {
                #expect(messages.contains { $0.contains("stroke outlines need more than") }, "\(name): \(messages.sorted())")
            }
        }
    }
}
