import Benchmark
import LayerFX

/// The ripple field at 1920×1080 (1k and 10k ripples, the peers' scenes):
/// evaluation alone, then a whole frame (evaluate + draw + read back) on the
/// CPU and on the GPU. Compare GPU and CPU as ratios within one run.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .cpuTotal, .peakMemoryResident],
                                           maxDuration: .seconds(5), maxIterations: 50)
    for count in [1_000, 10_000] {
        guard let scene = try? PeerRippleScene.load(count: count) else {
            print("ripple-\(count): could not load or generate the peers' scene; skipped")
            continue
        }
        Benchmark("evaluate ripples-\(count)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(SceneEvaluator.frame(for: scene, at: 0))
            }
        }
        Benchmark("cpu frame ripples-\(count)") { benchmark in
            let renderer = CPURenderer()
            for _ in benchmark.scaledIterations {
                blackHole(try renderer.render(SceneEvaluator.frame(for: scene, at: 0)))
            }
        }
        if let gpu = try? GPURenderer() {
            Benchmark("gpu frame ripples-\(count) [\(gpu.info.renderer)]") { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(try gpu.render(SceneEvaluator.frame(for: scene, at: 0)))
                }
            }
        } else {
            print("gpu frame ripples-\(count): no EGL display; skipped")
        }
    }
}
