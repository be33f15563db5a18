import Foundation
import LayerFX
import LayerFXTestSupport
import Testing

/// Every parity scene and every example, written as SVG and drawn by an
/// independent renderer (rsvg-convert), matches the CPU renderer's pixels
/// within a mean channel difference of 1/255.
@Suite(.serialized, .enabled(if: SVGRasterizer.executable != nil, Comment(rawValue: SVGRasterizer.missingReason)))
struct SVGOutputTests {
    static let meanTolerance = 1.0

    @Test(arguments: Fixtures.sceneNames)
    func sceneMatchesCPU(_ name: String) throws {
        for (scene, time) in try Fixtures.renderings(of: name) {
            try compare("\(name) ×\(scene.scale.formatted()) t=\(time)", scene, at: time)
        }
    }

    @Test(arguments: ExampleRenderTests.times.keys.sorted())
    func exampleMatchesCPU(_ name: String) throws {
        let scene = try SceneLoader.load(contentsOfFile: Repository.example(name))
        for time in ExampleRenderTests.times[name] ?? [] {
            try compare("\(name) t=\(time)", scene, at: time)
        }
    }

    private func compare(_ label: String, _ scene: Scene, at time: Double) throws {
        let evaluator = SceneEvaluator()
        let frame = try evaluator.frame(for: scene, at: time)
        let svg = try SVGDocument(frame, textContext: evaluator.textContext)
        let drawn = try SVGRasterizer.render(svg)
        let cpu = try CPURenderer().render(frame)
        try #require(drawn.width == cpu.width && drawn.height == cpu.height, "\(label): size differs")
        let diff = ImageDifference(drawn, cpu)
        print("svg \(label): \(diff), \(svg.bytes.count) bytes")
        #expect(diff.mean <= Self.meanTolerance, "\(label): \(diff)")
    }
}
