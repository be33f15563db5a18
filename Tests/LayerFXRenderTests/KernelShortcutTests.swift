import Foundation
import LayerFX
@testable import LayerFXCPU
import LayerFXTestSupport
import Testing

/// The CPU kernels skip or fill whole blocks, and draw a masked layer's
/// content only where its mask covers, only where that provably changes no
/// byte: every test scene and example, at each of its parity times and at
/// two scales, gives exactly the bytes of shading every pixel in order.
struct KernelShortcutTests {
    static let everyPixel = CPURenderer(bandHeight: 16, shadesEveryPixel: true)

    @Test(arguments: Fixtures.sceneNames)
    func sceneShortcutsChangeNoByte(_ name: String) throws {
        try expectSameBytes(name, scene: Fixtures.scene(name), times: Fixtures.times(for: name))
    }

    @Test(arguments: ExampleRenderTests.times.keys.sorted())
    func exampleShortcutsChangeNoByte(_ name: String) throws {
        try expectSameBytes(name, scene: SceneLoader.load(contentsOfFile: Repository.example(name)),
                            times: ExampleRenderTests.times[name] ?? [])
    }

    /// Lottie files draw most of their shapes as polygon bands: curves cut
    /// into short edges, strokes, even-odd fills, masks and mattes.
    @Test(arguments: ["lottie-ios/9squares_AlBoardman", "lottie-web/bodymovin", "lottie-ios/TypeFace_G",
                      "lottie-ios/LottieFiles_settings_slider", "lottie-ios/Switch_States"])
    func lottieShortcutsChangeNoByte(_ name: String) throws {
        let scene = try SceneLoader.load(contentsOfFile: Repository.url("Tests/LayerFXLottieCorpus/\(name).json").path)
        try expectSameBytes(name, scene: scene, times: [0.5])
    }

    private func expectSameBytes(_ name: String, scene: Scene, times: [Double]) throws {
        var scaled = scene
        for scale in [1, 2.5] {
            scaled.scale = scale
            for time in times {
                let frame = try SceneEvaluator().frame(for: scaled, at: time)
                let fast = try CPURenderer().render(frame), reference = try Self.everyPixel.render(frame)
                let difference = ImageDifference(fast, reference)
                #expect(difference.differingPixels == 0, "\(name) ×\(scale) t=\(time): \(difference)")
            }
        }
    }
}
