import Foundation
import LayerFX
import LayerFXTestSupport
import Testing

/// Every scene of the suite renders on both backends; llvmpipe (or a real GPU)
/// and the CPU rasterizer must agree within max 2/255 and mean 0.05/255.
@Suite(.serialized)
struct ParityTests {
    static let maxTolerance = 2
    static let meanTolerance = 0.05

    @Test func suiteCoversAtLeastFifteenScenes() {
        #expect(Fixtures.sceneNames.count >= 15)
    }

    @Test func newLayerKindsHaveFifteenScenes() {
        #expect(Fixtures.sceneNames.filter { (Int($0.prefix(2)) ?? 0) >= 21 }.count >= 15)
    }

    @Test(.requiresGPU, arguments: Fixtures.sceneNames)
    func gpuMatchesCPU(_ name: String) throws {
        var scene = try Fixtures.scene(name)
        for scale in try Fixtures.scales(for: name, scene: scene) {
            scene.scale = scale
            try compare(name: name, scene: scene)
        }
    }

    private func compare(name file: String, scene: Scene) throws {
        let gpu = try GPUAvailability.renderer.get()
        let name = "\(file) ×\(scene.scale.formatted())"
        for time in try Fixtures.times(for: file) {
            let frame = try SceneEvaluator().frame(for: scene, at: time)
            let cpu = try CPURenderer().render(frame)
            // Something is drawn: the suite would prove nothing with blank frames.
            let background = try CPURenderer().render(Frame(width: frame.width, height: frame.height,
                                                            background: frame.background, primitives: []))
            #expect(cpu != background, "\(name) at t=\(time) draws nothing")

            let diff = ImageDifference(try gpu.render(frame), cpu)
            print("parity \(name) t=\(time) [\(gpu.info.renderer)]: \(diff)")
            #expect(diff.max <= Self.maxTolerance, "\(name) t=\(time): \(diff)")
            #expect(diff.mean <= Self.meanTolerance, "\(name) t=\(time): \(diff)")
        }
    }
}
