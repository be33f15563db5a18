import Benchmark
import Foundation
import LayerFX

/// Evaluating 100,000 animated layers at one instant on one core (issue #3's
/// target: 10 ms, ~100 ns a layer). Each layer is one of seed 004's pulsing
/// rings: a repeating group of a `transform.scale` basic animation and a
/// four-keyframe `backgroundColor` animation with the default curve, begun at
/// a different time. The baseline is the same tree with no animations, so the
/// ratio is the cost of CA timing and interpolation.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
                                           maxDuration: .seconds(5), maxIterations: 100)
    let count = 100_000
    let animated = AnimatedLayers.scene(count: count, animated: true)
    let still = AnimatedLayers.scene(count: count, animated: false)

    Benchmark("baseline: presentation, 100k still layers") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(AnimatedLayers.presentAll(still, at: 1.7)) }
    }
    Benchmark("presentation, 100k animated layers") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(AnimatedLayers.presentAll(animated, at: 1.7)) }
    }
    Benchmark("frame (presentation + primitives), 100k animated layers") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try SceneEvaluator().frame(for: animated, at: 1.7)) }
    }
    // Each example's frames, compiled once and evaluated in recycled storage
    // as `layerfx render` evaluates a sequence (#13's target: 0.2 ms a frame).
    for name in ["pulsing-rings", "ripple", "shimmer", "typing-dots", "waves"] {
        Benchmark("evaluate example \(name)") { benchmark in
            let scene = try SceneLoader.load(contentsOfFile: examples.appending(path: "\(name).json").path)
            let compiled = CompiledScene(scene), evaluator = SceneEvaluator(), budget = WorkBudget()
            var storage = FrameStorage()
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations {
                let frame = try evaluator.frame(for: compiled, at: Double(iteration % 180) / 60, budget: budget,
                                                storage: &storage)
                blackHole(frame.runs.count)
                storage.recycle(frame)
            }
        }
    }
}

/// The repository's Examples folder.
let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Examples")

enum AnimatedLayers {
    /// `count` ring layers on a 1000 × 1000 frame, each under the root.
    static func scene(count: Int, animated: Bool) -> Scene {
        let colors = [Color(red: 1, green: 0.847, blue: 0.341, alpha: 0.5),
                      Color(red: 1, green: 0.906, blue: 0.596, alpha: 0.5),
                      Color(red: 1, green: 0.945, blue: 0.773, alpha: 0.5),
                      Color(red: 1, green: 0.945, blue: 0.773, alpha: 0)]
        var layers: [Layer] = []
        layers.reserveCapacity(count)
        for i in 0..<count {
            var properties = LayerProperties()
            properties.bounds = Rect(x: 0, y: 0, width: 8, height: 8)
            properties.position = Point(x: Double(i % 1000), y: Double(i / 100 % 1000))
            properties.cornerRadius = 4
            properties.backgroundColor = colors[0]
            var animations: [Animation] = []
            if animated {
                let scale = Animation(keyPath: .transformScale, kind: .basic(from: .scalar(1), to: .scalar(1.423), by: nil))
                let color = Animation(keyPath: .backgroundColor, kind: .keyframe(
                    values: colors.map(AnimatableValue.color), keyTimes: [0.3, 0.6, 0.9, 1],
                    timingFunctions: nil, calculationMode: .linear))
                var group = Animation(keyPath: nil, kind: .group([scale, color]), timingFunction: .default)
                group.timing.duration = 3
                group.timing.repeatCount = .infinity
                group.timing.beginTime = Double(i % 3)
                animations = [group]
            }
            layers.append(Layer(properties: properties, animations: animations))
        }
        return Scene(size: Size(width: 1000, height: 1000), layers: layers)
    }

    /// Every layer's presentation state at `time`, reduced to one number so
    /// the work cannot be optimised away.
    static func presentAll(_ scene: Scene, at time: Double) -> Double {
        var sum = 0.0
        scene.layers.withUnsafeBufferPointer { layers in  // no per-layer copy of the tree
            for i in layers.indices {
                let p = layers[i].presentationProperties(at: time)
                sum += p.transform.scaleX + (p.backgroundColor?.alpha ?? 0)
            }
        }
        return sum
    }
}
