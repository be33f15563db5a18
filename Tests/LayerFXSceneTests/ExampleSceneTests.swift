import Foundation
import Testing
import LayerFXCore
import LayerFXModel
import LayerFXScene
import LayerFXTestSupport

/// The example scenes in `Examples/` decode to the seed effects' values.
@Suite struct ExampleSceneTests {
    /// Each example is a one-line preset (`"type": "effect"`) in a small scene;
    /// what it expands to is tested in `Effects/` (PulseEffectTests, …).
    @Test(arguments: ["pulsing-rings.json", "ripple.json", "shimmer.json", "typing-dots.json", "waves.json"])
    func examplesArePresets(_ name: String) throws {
        let text = try String(contentsOfFile: Repository.example(name), encoding: .utf8)
        #expect(text.components(separatedBy: "\"type\": \"effect\"").count == 2)
        let scene = try SceneLoader.load(contentsOfFile: Repository.example(name))
        #expect(scene.scale == 2 && scene.backgroundColor.alpha == 1)
        #expect(scene.layers.count == 1 && !scene.layers[0].sublayers.isEmpty)
    }

    @Test func pulsingRings() throws {
        let scene = try SceneLoader.load(contentsOfFile: Repository.example("pulsing-rings.json"))
        #expect(scene.size == Size(width: 300, height: 300))
        #expect(scene.backgroundColor.red < 0.2)
        let container = scene.layers[0]
        #expect(container.properties.position == Point(x: 150, y: 150))
        #expect(container.sublayers.map(\.name) == ["pulse.ring0", "pulse.ring1", "pulse.ring2"])
    }

    @Test func ripple() throws {
        let scene = try SceneLoader.load(contentsOfFile: Repository.example("ripple.json"))
        #expect(scene.size == Size(width: 240, height: 160))
        #expect(scene.backgroundColor == .white)

        let host = scene.layers[0]
        #expect(host.properties.masksToBounds)
        #expect(host.properties.cornerRadius == 16)
        #expect(host.sublayers.map(\.name) == ["button.ripple0", "button.ripple1", "label"])

        let ripple = host.sublayers[0]
        #expect(ripple.kind == .shape)
        #expect(ripple.properties.bounds == .zero)
        #expect(ripple.properties.position == .zero)
        #expect(ripple.properties.fillColor == Color(red: 0, green: 0, blue: 0, alpha: 0.2))
        #expect(ripple.properties.strokeColor == nil)

        let grow = ripple.animations[0]
        #expect(grow.keyPath == .path)
        // Touch at (60, 50): radius 0.1 → 50.
        #expect(grow.kind == .basic(
            from: .path(ShapePath([.ellipse(in: Rect(x: 59.9, y: 49.9, width: 0.2, height: 0.2))])),
            to: .path(ShapePath([.ellipse(in: Rect(x: 10, y: 0, width: 100, height: 100))])),
            by: nil))
        #expect(grow.timing.duration == 1)
        #expect(grow.timingFunction == .easeOut)
        #expect(grow.timing.fillMode == .forwards)
        #expect(grow.removedOnCompletion == false)

        let fade = ripple.animations[1]
        #expect(fade.keyPath == .opacity)
        #expect(fade.kind == .basic(from: .scalar(1), to: .scalar(0), by: nil))
        #expect(fade.timing.beginTime == 0.75)
        #expect(fade.timing.duration == 0.25)
        #expect(fade.timingFunction == .linear)
        #expect(fade.timing.fillMode == .both)

        // The second tap, 0.6 s later at (150, 85).
        let second = host.sublayers[1].animations
        #expect(second[0].timing.beginTime == 0.6 && second[1].timing.beginTime == 0.6 + 0.75)
    }
}
