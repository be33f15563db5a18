import Benchmark
import LayerFX

/// The many-concurrent-ripples frame (1920×1080, N translucent ringed circles)
/// at 1k, 10k, 100k and 1M ripples, the field Cairo, Skia, Blend2D and ThorVG
/// are measured on (`scripts/compare-peers` runs them side by side):
///
/// - `cpu|gpu ripples-N`: one frame of the field drawn and read back (the field
///   generated in-process, the same numbers `Benchmarks/Peers/gen_ripples.py`
///   writes for the peers);
/// - `animated cpu|gpu ripples-N`: N animated ripple layers, compiled once
///   (`CompiledScene`), evaluated at a new instant and drawn, so evaluation
///   is counted;
/// - `evaluate animated ripples-N`: the evaluation alone, in recycled
///   `FrameStorage` (its malloc count is 0 once warm);
/// - `evaluate rooted ripples-N` (up to 100k): the same layers under one
///   root layer, as scene files often hold them (the root compiles as a
///   container, so this should take what the line above takes).
///
/// Compare backends as ratios within one run; the machine is shared and noisy.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .instructions, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 20)
    let gpu = try? GPURenderer()
    if gpu == nil { print("GPU benchmarks skipped: no EGL display") }
    for count in [1_000, 10_000, 100_000, 1_000_000] {
        // Loaded by the setup hook of the benchmark that runs, so registering
        // all of them stays cheap and peak memory is that benchmark's own.
        let fixture = RippleFixture(count: count)
        let configuration = Benchmark.Configuration(
            warmupIterations: count >= 1_000_000 ? 0 : 1, maxDuration: .seconds(count >= 100_000 ? 30 : 10),
            maxIterations: count >= 1_000_000 ? 2 : 20, setup: { try fixture.load() }, teardown: { fixture.unload() })
        let name = "ripples-\(count)"
        Benchmark("cpu \(name)", configuration: configuration) { benchmark in
            let renderer = CPURenderer(), frame = fixture.still!
            for _ in benchmark.scaledIterations { blackHole(try renderer.render(frame)) }
        }
        Benchmark("evaluate animated \(name)", configuration: configuration) { benchmark in
            try evaluateFrames(of: fixture.animated!, benchmark)
        }
        if count <= 100_000 {
            Benchmark("evaluate rooted \(name)", configuration: configuration) { benchmark in
                try evaluateFrames(of: fixture.rooted!, benchmark)
            }
        }
        Benchmark("animated cpu \(name)", configuration: configuration) { benchmark in
            let renderer = CPURenderer(), scene = fixture.animated!
            for iteration in benchmark.scaledIterations {
                blackHole(try renderer.render(try SceneEvaluator().frame(for: scene, at: Double(iteration) / 60)))
            }
        }
        if let gpu {
            Benchmark("gpu \(name) [\(gpu.info.renderer)]", configuration: configuration) { benchmark in
                let frame = fixture.still!
                for _ in benchmark.scaledIterations { blackHole(try gpu.render(frame)) }
            }
            Benchmark("animated gpu \(name) [\(gpu.info.renderer)]", configuration: configuration) { benchmark in
                let scene = fixture.animated!
                for iteration in benchmark.scaledIterations {
                    blackHole(try gpu.render(try SceneEvaluator().frame(for: scene, at: Double(iteration) / 60)))
                }
            }
        }
    }
}

/// Evaluates `scene` at a new instant each iteration with one evaluator and
/// recycled storage, as a sequence evaluates: no allocation once warm.
func evaluateFrames(of scene: CompiledScene, _ benchmark: Benchmark) throws {
    let evaluator = SceneEvaluator(), budget = WorkBudget()
    var storage = FrameStorage()
    storage.recycle(try evaluator.frame(for: scene, at: 0, budget: budget, storage: &storage))
    benchmark.startMeasurement()
    for iteration in benchmark.scaledIterations {
        let frame = try evaluator.frame(for: scene, at: Double(iteration) / 60, budget: budget, storage: &storage)
        blackHole(frame.circles.count)
        storage.recycle(frame)
    }
}

/// One field's still frame and compiled animated scene (and, up to 100k
/// ripples, the same under a root layer), built when a benchmark of that
/// size starts and dropped when it ends.
final class RippleFixture: @unchecked Sendable {
    let count: Int
    private(set) var still: Frame?
    private(set) var animated: CompiledScene?
    private(set) var rooted: CompiledScene?

    init(count: Int) { self.count = count }

    func load() throws {
        let field = RippleField(count: count)
        still = try SceneEvaluator().frame(for: field.scene(), at: 0)
        animated = field.compiledAnimatedScene()
        if count <= 100_000 {
            let scene = field.animatedScene()
            var root = LayerProperties()
            root.bounds = Rect(x: 0, y: 0, width: scene.size.width, height: scene.size.height)
            root.position = Point(x: scene.size.width / 2, y: scene.size.height / 2)
            rooted = CompiledScene(Scene(size: scene.size, backgroundColor: scene.backgroundColor,
                                         layers: [Layer(kind: .plain, properties: root, sublayers: scene.layers)]))
        }
    }

    func unload() { still = nil; animated = nil; rooted = nil }
}
