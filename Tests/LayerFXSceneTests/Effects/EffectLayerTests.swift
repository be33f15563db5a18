import Testing
import LayerFXCore
import LayerFXModel
import LayerFXScene

/// What every effect layer shares: the effect's name, its CALayer keys,
/// where generated layers go, and the errors.
@Suite struct EffectLayerTests {
    @Test func calayerKeysWorkOnTheContainer() throws {
        let scene = try decodeScene(sceneWithLayers(##"""
        {"type": "effect", "effect": "pulse", "name": "p", "bounds": [0, 0, 20, 20], "position": [5, 6],
         "opacity": 0.5, "transform": {"rotation": 1}, "backgroundColor": "#FF0000", "beginTime": 2,
         "animations": [{"keyPath": "position.x", "toValue": 9}],
         "sublayers": [{"name": "above"}], "mask": {"name": "m"}}
        """##))
        let host = scene.layers[0]
        #expect(host.kind == .plain && host.name == "p")
        #expect(host.properties.opacity == 0.5 && host.properties.transform.rotation == 1)
        #expect(host.properties.position == Point(x: 5, y: 6) && host.timing.beginTime == 2)
        #expect(host.animations.count == 1 && host.mask?.name == "m")
        #expect(host.sublayers.map(\.name) == ["p.ring0", "p.ring1", "p.ring2", "above"])
        // The layer's beginTime shifts the rings' time.
        let ring1 = try namedLayer("p.ring1", in: scene)
        #expect(abs(ring1.presentation(at: 3.5).transform.scaleX - 1.093345) < 1e-6)
    }

    @Test func effectsNestAndMasksResolveAcrossThem() throws {
        let scene = try decodeScene(sceneWithLayers(##"""
        {"name": "outer", "mask": "r.ripple0"},
        {"type": "effect", "effect": "ripple", "name": "r", "bounds": [0, 0, 10, 10],
         "sublayers": [{"type": "effect", "effect": "shimmer", "bounds": [0, 0, 10, 10]}]}
        """##))
        // A generated layer can be named as another layer's mask (it moves there).
        #expect(scene.layers[0].mask?.name == "r.ripple0")
        #expect(scene.layers[1].sublayers.map(\.name) == [nil])
        #expect(scene.layer(named: "shimmer.text")?.layer.kind == .text)
    }

    @Test func unknownAndMissingEffects() {
        expectRejected(sceneWithLayers(##"{"type": "effect", "effect": "pluse"}"##), path: "layers[0].effect",
                       message: "unknown effect \"pluse\"; did you mean \"pulse\"?", at: "\"pluse\"")
        expectRejected(sceneWithLayers(##"{"type": "effect", "effect": "sparkle"}"##), path: "layers[0].effect",
                       message: "unknown effect \"sparkle\"; expected one of ripple, waves, shimmer, typingDots, pulse",
                       at: "\"sparkle\"")
        expectRejected(sceneWithLayers(##"{"type": "effect", "name": "x"}"##), path: "layers[0]",
                       message: "missing required key \"effect\"", at: "{\"type\"")
        expectRejected(sceneWithLayers(##"{"type": "effect", "effect": 3}"##), path: "layers[0].effect",
                       message: "expected a string, found a number", at: "3}")
        expectRejected(sceneWithLayers(##"{"type": "efect"}"##), path: "layers[0].type",
                       message: "unknown layer type \"efect\"; expected one of layer, shape, gradient, replicator, text, effect",
                       at: "\"efect\"")
    }

    @Test func keysThatBelongElsewhere() {
        expectRejected(sceneWithLayers(##"{"type": "effect", "effect": "ripple", "path": null}"##), path: "layers[0]",
                       message: "unknown key \"path\" (path belongs to shape layers, not to ripple effects)",
                       at: "\"path\"")
        expectRejected(sceneWithLayers(##"{"type": "effect", "effect": "ripple", "numPulse": 2}"##), path: "layers[0]",
                       message: "unknown key \"numPulse\" (numPulse is a parameter of pulse effects, not of ripple effects)",
                       at: "\"numPulse\"")
        expectRejected(sceneWithLayers(##"{"type": "effect", "effect": "ripple", "opactiy": 1}"##), path: "layers[0]",
                       message: "unknown key \"opactiy\"; did you mean \"opacity\"?", at: "\"opactiy\"")
        expectRejected(sceneWithLayers(##"{"effect": "ripple"}"##), path: "layers[0]",
                       message: "unknown key \"effect\" (effect belongs to effect layers; add \"type\": \"effect\")",
                       at: "\"effect\"")
    }

    @Test func effectsNeedAViewSize() {
        expectRejected(sceneWithLayers(##"{"type": "effect", "effect": "waves", "position": [1, 2]}"##), path: "layers[0]",
                       message: "a waves effect needs \"bounds\" with a positive width and height (the view it fills)",
                       at: "{\"type\"")
        expectRejected(sceneWithLayers(##"{"type": "effect", "effect": "shimmer", "bounds": [0, 0, 0, 5]}"##),
                       path: "layers[0].bounds",
                       message: "a shimmer effect needs \"bounds\" with a positive width and height (the view it fills)",
                       at: "[0, 0, 0, 5]")
    }

    @Test func errorsInsideEffectsNameTheEffectLayer() {
        let error = sceneError(sceneWithLayers(##"{"type": "effect", "effect": "pulse", "name": "rings", "radius": -2}"##))
        #expect(error?.layerName == "rings")
        #expect(error?.path == "layers[0].radius")
        #expect(error?.message == "must be greater than 0 (got -2)")
    }
}
