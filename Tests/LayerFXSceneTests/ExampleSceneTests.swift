import Foundation
import Testing
import LayerFXModel
import LayerFXScene

/// The example scenes in `Examples/` decode to the seed effects' values.
@Suite struct ExampleSceneTests {
    /// `Examples/<name>` relative to this file (`Tests/LayerFXSceneTests/`).
    static func examplePath(_ name: String) -> String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples").appendingPathComponent(name).path
    }

    /// RGBA(255, 216, 87, 0.5) and the other keyframe colors of seed 004.
    static let ringColors = [
        Color(red: 1, green: 0.84706, blue: 0.34118, alpha: 0.5),
        Color(red: 1, green: 0.90588, blue: 0.59608, alpha: 0.5),
        Color(red: 1, green: 0.94510, blue: 0.77255, alpha: 0.5),
        Color(red: 1, green: 0.94510, blue: 0.77255, alpha: 0),
    ]

    @Test func pulsingRings() throws {
        let scene = try SceneLoader.load(contentsOfFile: Self.examplePath("pulsing-rings.json"))
        #expect(scene.size == Size(width: 300, height: 300))
        #expect(scene.scale == 2)
        #expect(scene.backgroundColor.alpha == 1)
        #expect(scene.backgroundColor.red < 0.2)

        let container = scene.layers[0]
        #expect(container.name == "animationLayer")
        #expect(container.properties.bounds == .zero)
        #expect(container.properties.position == Point(x: 50, y: 50))
        #expect(container.sublayers.count == 3)

        for (i, ring) in container.sublayers.enumerated() {
            #expect(ring.name == "ring\(i)")
            let p = ring.properties
            #expect(p.bounds == Rect(x: 0, y: 0, width: 200, height: 200))
            #expect(p.position == Point(x: 100, y: 100))
            #expect(p.cornerRadius == 100)
            #expect(p.borderWidth == 0.5)
            #expect(p.borderColor == Self.ringColors[0])
            #expect(p.backgroundColor == nil)

            #expect(ring.animations.count == 1)
            let group = ring.animations[0]
            #expect(group.keyPath == nil)
            #expect(group.timing.beginTime == Double(i))
            #expect(group.timing.duration == 3)
            #expect(group.timing.repeatCount == .infinity)
            #expect(group.timing.fillMode == .removed)
            #expect(group.removedOnCompletion == false)
            #expect(group.timingFunction == .default)
            guard case .group(let children) = group.kind else {
                Issue.record("ring \(i): expected a group")
                continue
            }
            #expect(children.count == 3)
            #expect(children[0].keyPath == .transformScale)
            #expect(children[0].kind == .basic(from: .scalar(1), to: .scalar(1.423), by: nil))
            #expect(children[0].timing.duration == 0)
            for (child, keyPath) in zip(children[1...], [AnimatableKeyPath.backgroundColor, .borderColor]) {
                #expect(child.keyPath == keyPath)
                #expect(child.kind == .keyframe(values: Self.ringColors.map(AnimatableValue.color),
                                                keyTimes: [0.3, 0.6, 0.9, 1], timingFunctions: nil,
                                                calculationMode: .linear))
            }
        }
    }

    @Test func ripple() throws {
        let scene = try SceneLoader.load(contentsOfFile: Self.examplePath("ripple.json"))
        #expect(scene.size == Size(width: 240, height: 160))
        #expect(scene.backgroundColor == .white)

        let host = scene.layers[0]
        #expect(host.properties.masksToBounds)
        #expect(host.properties.cornerRadius == 16)
        #expect(host.sublayers.count == 2)

        let ripple = host.sublayers[0]
        #expect(ripple.kind == .shape)
        #expect(ripple.name == "ripple")
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
        #expect(grow.timing.fillMode == .both)
        #expect(grow.removedOnCompletion == false)

        let fade = ripple.animations[1]
        #expect(fade.keyPath == .opacity)
        #expect(fade.kind == .basic(from: .scalar(1), to: .scalar(0), by: nil))
        #expect(fade.timing.beginTime == 0.75)
        #expect(fade.timing.duration == 0.25)
        #expect(fade.timingFunction == .linear)
        #expect(fade.timing.fillMode == .both)
    }
}
