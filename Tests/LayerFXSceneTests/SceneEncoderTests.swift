import Foundation
import Testing
import LayerFXCore
import LayerFXModel
import LayerFXScene
import LayerFXTestSupport

/// `SceneEncoder` (what `layerfx expand` prints): decoding its output gives
/// back an equal scene, and encoding that again gives the same text.
@Suite struct SceneEncoderTests {
    /// Decodes `text`, encodes, decodes again: equal scenes, stable text.
    static func expectRoundTrip(_ text: String, source: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let scene = try SceneLoader.decode(Array(text.utf8), source: source)
        let encoded = SceneEncoder.encode(scene)
        let decoded = try SceneLoader.decode(Array(encoded.utf8), source: "encoded \(source)")
        #expect(decoded == scene, "\(source) does not round-trip:\n\(encoded)", sourceLocation: sourceLocation)
        #expect(SceneEncoder.encode(decoded) == encoded, sourceLocation: sourceLocation)
    }

    static let exampleNames = ["pulsing-rings.json", "ripple.json", "shimmer.json", "typing-dots.json", "waves.json"]

    @Test(arguments: exampleNames)
    func examplesRoundTrip(_ name: String) throws {
        let path = Repository.example(name)
        try Self.expectRoundTrip(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self),
                                 source: name)
        // The expansion has no effect layers left.
        let text = SceneEncoder.encode(try SceneLoader.load(contentsOfFile: path))
        #expect(!text.contains("\"effect\""))
    }

    @Test func examplesDirectoryHasNoOtherScenes() throws {
        let dir = URL(fileURLWithPath: Repository.example(""))
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }
        #expect(names.sorted() == Self.exampleNames)
    }

    /// Every layer kind, every layer key the model keeps, every animation kind
    /// and timing key, and a value of every type.
    static let everything = ##"""
    {
      "version": 1, "size": [320.5, 240], "scale": 1.5, "backgroundColor": "#10203040",
      "layers": [
        {"name": "plain \"quoted\"\n\ttab \u0001 é", "bounds": [1, 2, 300, 200], "position": [0.1, 1e-7],
         "anchorPoint": [0, 1], "transform": {"translation": [3, 4], "rotation": 0.5, "scaleX": 2, "scaleY": -1},
         "sublayerTransform": [1, 0.5, 0.25, 1, 7, 8], "opacity": 0.3333333333333333, "hidden": true,
         "backgroundColor": [0.1, 0.2, 0.3, 0.4], "cornerRadius": 5, "borderWidth": 2, "borderColor": null,
         "masksToBounds": true, "beginTime": -1.5, "speed": 2, "timeOffset": 1e20,
         "mask": {"type": "shape", "name": "inline mask", "path": {"ellipseIn": [0, 0, 5, 5]}},
         "animations": [
           {"keyPath": "position", "fromValue": [1, 2], "toValue": [3, 4], "beginTime": 0.5, "duration": 2,
            "speed": 0.5, "timeOffset": 0.25, "repeatCount": 2.5, "autoreverses": true, "fillMode": "both",
            "removedOnCompletion": false, "timingFunction": "easeIn"},
           {"keyPath": "bounds.size", "byValue": [-1, -2], "additive": true, "cumulative": true,
            "repeatDuration": "infinity", "timingFunction": [0.1, 0.7, 0.3, 1.2]},
           {"keyPath": "bounds", "toValue": [0, 0, 5, 6], "repeatCount": "infinity"},
           {"keyPath": "backgroundColor", "fromValue": null, "toValue": "#FF000080"},
           {"keyPath": "transform", "toValue": [1, 0.5, 0, 1, 0, 0]},
           {"keyPath": "sublayerTransform", "toValue": {"scale": 3}},
           {"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0.5], "keyTimes": [0, 0.25, 1],
            "timingFunctions": ["linear", "default"], "calculationMode": "cubic"},
           {"type": "keyframe", "keyPath": "anchorPoint", "values": [[0, 0], [1, 1]], "keyTimes": [0, 0.5, 1],
            "calculationMode": "discrete"},
           {"type": "keyframe", "keyPath": "cornerRadius", "values": [1, 5, 2], "calculationMode": "paced"},
           {"type": "spring", "keyPath": "position.x", "fromValue": 0, "toValue": 10, "mass": 2, "stiffness": 300,
            "damping": 30, "initialVelocity": -1, "allowsOverdamping": true},
           {"type": "spring", "keyPath": "transform.rotation.z", "toValue": 3.141592653589793},
           {"type": "group", "duration": 3, "timingFunction": "easeInEaseOut", "animations": [
             {"keyPath": "transform.scale", "fromValue": 1, "toValue": 2},
             {"type": "group", "beginTime": 1, "animations": [{"keyPath": "borderWidth", "toValue": 4}]}]}
         ],
         "sublayers": [
           {"type": "shape", "name": "shape", "mask": "referenced", "maskMode": "luminanceInverted",
            "path": [{"ellipseIn": [0, 0, 10, 20]}, {"rect": [1, 2, 3, 4], "cornerRadius": 1},
                     {"rect": [5, 6, 7, 8]}, {"star": {"center": [5, 5], "points": 5, "outerRadius": 4,
                      "innerRadius": 2, "rotation": 0.1}},
                     {"arcCenter": [3, 3], "radius": 2, "startAngle": 0, "endAngle": 6.283185307179586}],
            "fillColor": null, "fillRule": "evenOdd", "strokeColor": "#00FF00", "lineWidth": 3, "lineCap": "round",
            "lineJoin": "bevel", "miterLimit": 4, "strokeStart": 0.1, "strokeEnd": 0.9, "lineDashPattern": [],
            "animations": [
              {"keyPath": "path", "fromValue": {"star": {"center": [0, 0], "points": 5, "outerRadius": 1, "innerRadius": 0.5}},
               "toValue": {"star": {"center": [1, 1], "points": 5, "outerRadius": 2, "innerRadius": 1}}},
              {"keyPath": "strokeEnd", "fromValue": 0, "toValue": 1}, {"keyPath": "lineWidth", "toValue": 0},
              {"keyPath": "fillColor", "toValue": [1, 1, 1, 1]}, {"keyPath": "miterLimit", "toValue": 1}]},
           {"type": "gradient", "name": "gradient", "colors": ["#FF0000", [0, 0, 1, 0.5], "#00FF0080"],
            "locations": [-0.3, 0.5, 1.3], "startPoint": [0.1, 0.2], "endPoint": [0.9, 0.8], "gradientType": "conic",
            "animations": [{"keyPath": "locations", "fromValue": [0, 0.5, 1], "toValue": [0.1, 0.6, 1]},
                           {"keyPath": "colors", "toValue": ["#000000", "#FFFFFF", "#808080"]},
                           {"keyPath": "startPoint", "toValue": [0, 0]}]},
           {"type": "gradient", "name": "empty gradient", "colors": null, "locations": null},
           {"type": "replicator", "name": "replicator", "instanceCount": 4,
            "instanceTransform": {"translation": [10, 0], "rotation": -0.25}, "instanceDelay": 0.1,
            "instanceColor": [1, 0.5, 0.5, 1], "instanceRedOffset": -0.1, "instanceGreenOffset": 0.1,
            "instanceBlueOffset": -0.2, "instanceAlphaOffset": -0.25,
            "animations": [{"keyPath": "instanceDelay", "toValue": 0.2}, {"keyPath": "instanceColor", "toValue": "#FFFFFF"},
                           {"keyPath": "instanceTransform", "toValue": {"translation": [1, 1]}},
                           {"keyPath": "instanceAlphaOffset", "toValue": 0}],
            "sublayers": [{"name": "referenced", "bounds": [0, 0, 1, 1]}, {"name": "copy"}]},
           {"type": "text", "name": "text", "string": "Hello \"world\" \\ / ✓", "font": "DejaVu Sans Bold",
            "fontSize": 12.5, "foregroundColor": null, "alignmentMode": "right",
            "animations": [{"keyPath": "fontSize", "toValue": 30}, {"keyPath": "foregroundColor", "toValue": "#FF00FF"}]},
           {"type": "text", "name": "plain text"},
           {"name": "numbers", "position": [5e-324, 1.7976931348623157e308], "opacity": -0.0,
            "bounds": [0.30000000000000004, 123456789.12345679, 1e15, 9007199254740993]}
        ]}
      ]
    }
    """##

    @Test func everyKindKeyAndAnimationRoundTrips() throws {
        try Self.expectRoundTrip(Self.everything, source: "everything.json")
        let scene = try SceneLoader.decode(Array(Self.everything.utf8), source: "everything.json")
        let text = SceneEncoder.encode(scene)
        // Spot checks of the spelling.
        #expect(text.contains(#""position": [0.1, 1e-07]"#))
        #expect(text.contains(#""timeOffset": 1e+20"#))
        #expect(text.contains(#""repeatDuration": "infinity""#))
        #expect(text.contains(#""transform": {"translation": [3, 4], "rotation": 0.5, "scaleX": 2, "scaleY": -1}"#))
        #expect(text.contains(#""borderColor": null"#))
        #expect(text.contains(#""timingFunction": [0.1, 0.7, 0.3, 1.2]"#))
        #expect(text.contains(#""name": "plain \"quoted\"\n\ttab \u0001 é""#))
        #expect(text.hasPrefix("{\n  \"version\": 1,\n  \"size\": [320.5, 240],\n"))
        #expect(text.hasSuffix("}\n"))
    }

    @Test func defaultsAreLeftOut() throws {
        let scene = try decodeScene(##"{"size": [10, 10], "layers": [{"opacity": 1, "anchorPoint": [0.5, 0.5], "borderColor": "#000000"}, {"type": "shape", "fillColor": "#000000", "lineWidth": 1}]}"##)
        #expect(SceneEncoder.encode(scene) == """
        {"version": 1, "size": [10, 10], "layers": [{}, {"type": "shape"}]}

        """)
    }

    @Test func aLayerAlone() {
        var layer = Layer(name: "dot", kind: .shape)
        layer.properties.path = ShapePath([.ellipse(in: Rect(x: 0, y: 0, width: 2, height: 2))])
        #expect(SceneEncoder.encode(layer) == #"{"type": "shape", "name": "dot", "path": {"ellipseIn": [0, 0, 2, 2]}}"# + "\n")
    }

    /// A keyframe `path` is kept as Bézier segments and written as SVG path
    /// data, which reads back where SVG paths are supported.
    @Test func keyframePathsAreWrittenAsSVG() throws {
        let scene = try decodeScene(sceneWithLayers(##"""
        {"animations": [{"type": "keyframe", "keyPath": "position", "path": [{"rect": [0, 0, 10, 10]}, {"ellipseIn": [0, 0, 4, 2]}],
                         "rotationMode": "rotateAuto", "calculationMode": "paced", "duration": 2}]}
        """##))
        let text = SceneEncoder.encode(scene)
        // The rectangle's first side, a line, is a cubic with its control points at its thirds.
        #expect(text.contains(#""svg": "M 0 0 C 3.333333333333333 0 6.666666666666666 0 10 0 C 10 3.333333333333333 "#))
        #expect(text.contains(#""rotationMode": "rotateAuto""#))
        let decoded = try SceneLoader.decode(Array(text.utf8), source: "expanded.json")
        #expect(decoded == scene)
    }
}
