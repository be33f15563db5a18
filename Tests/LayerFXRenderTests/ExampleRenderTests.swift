import Foundation
import LayerFX
import LayerFXTestSupport
import Testing

/// Every scene in `Examples/` (one preset each) renders on both backends
/// within the parity tolerance, at instants across its cycle.
@Suite(.serialized)
struct ExampleRenderTests {
    static let times: [String: [Double]] = [
        "pulsing-rings.json": [0.5, 1.5, 2.25, 4.2],
        "ripple.json": [0.25, 0.875, 1.1],
        "shimmer.json": [0.75, 1.5, 3.5],
        "typing-dots.json": [0.05, 0.25, 0.8],
        "waves.json": [0, 2, 5.5],
    ]

    @Test(.requiresGPU, arguments: times.keys.sorted())
    func gpuMatchesCPU(_ name: String) throws {
        let gpu = try GPUAvailability.renderer.get()
        let scene = try SceneLoader.load(contentsOfFile: Repository.example(name))
        for time in Self.times[name] ?? [] {
            let frame = try SceneEvaluator().frame(for: scene, at: time)
            #expect(!frame.runs.isEmpty, "\(name) at t=\(time) draws nothing")
            let cpu = try CPURenderer().render(frame)
            let diff = ImageDifference(try gpu.render(frame), cpu)
            print("example \(name) t=\(time) [\(gpu.info.renderer)]: \(diff)")
            #expect(diff.max <= ParityTests.maxTolerance, "\(name) t=\(time): \(diff)")
            #expect(diff.mean <= ParityTests.meanTolerance, "\(name) t=\(time): \(diff)")
        }
    }
}
