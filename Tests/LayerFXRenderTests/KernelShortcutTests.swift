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

    /// Bands of more than 64 edges are accumulated a run of columns at a
    /// time: star polygons of 151 points (every band crosses dozens of
    /// edges, many of them ending inside a row), filled by either rule,
    /// solid and with a gradient, clipped by a rounded parent, wider than
    /// one run of 512 columns at both scales.
    @Test func manyEdgeBandsChangeNoByte() throws {
        func star(cx: Double, cy: Double, radius: Double, step: Int) -> String {
            let points = 151
            let corners = (0..<points).map { k -> String in
                let angle = Double(k * step % points) * 2 * Double.pi / Double(points) + 0.1
                return "\(cx + radius * cos(angle)) \(cy + radius * 0.8 * sin(angle))"
            }
            return "M" + corners.joined(separator: " L") + " Z"
        }
        let scene = try SceneLoader.decode("""
            {"version": 1, "size": [460, 200], "backgroundColor": "#F4F1EA", "layers": [
              {"type": "shape", "fillColor": "#C62828", "fillRule": "evenOdd",
               "path": {"svg": "\(star(cx: 110, cy: 100, radius: 105, step: 70))"}},
              {"type": "shape", "fillColor": [0.1, 0.4, 0.8, 0.7], "fillRule": "nonZero",
               "path": {"svg": "\(star(cx: 250, cy: 100, radius: 110, step: 53))"}},
              {"type": "layer", "bounds": [0, 0, 180, 170], "position": [360, 100], "cornerRadius": 40,
               "masksToBounds": true, "sublayers": [
                {"type": "gradient", "bounds": [0, 0, 220, 200], "position": [90, 85],
                 "colors": ["#E53935", "#FDD835", "#43A047", "#1E88E5", "#8E24AA", "#F4511E", "#00897B"],
                 "startPoint": [0, 0], "endPoint": [1, 1],
                 "mask": {"type": "shape", "bounds": [0, 0, 220, 200], "position": [110, 100],
                          "fillColor": "#000000", "fillRule": "evenOdd",
                          "path": {"svg": "\(star(cx: 110, cy: 100, radius: 100, step: 47))"}}}]}]}
            """)
        try expectSameBytes("151-point stars", scene: scene, times: [0])
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
