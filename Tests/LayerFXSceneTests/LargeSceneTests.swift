import Testing
import LayerFXCore
import LayerFXModel
import LayerFXScene

/// Benchmark-sized documents (10,000 layers) decode completely.
@Suite struct LargeSceneTests {
    /// A scene of `count` shape layers with a path, colors, a transform and an animation each.
    static func document(layers count: Int) -> [UInt8] {
        var json = #"{"version": 1, "size": [1920, 1080], "scale": 1, "layers": ["#
        for i in 0..<count {
            if i > 0 { json += ",\n" }
            let x = Double(i % 192) * 10, y = Double(i / 192) * 10
            json += #"{"type": "shape", "name": "dot\#(i)", "bounds": [0, 0, 8, 8], "position": [\#(x), \#(y)], "#
            json += ##""path": {"ellipseIn": [0, 0, 8, 8]}, "fillColor": [0.2, 0.4, 0.6, 1], "strokeColor": "#FFFFFF80", "##
            json += #""transform": {"rotation": 0.25}, "animations": [{"keyPath": "opacity", "fromValue": 1, "#
            json += #""toValue": 0.25, "duration": 1.5, "repeatCount": "infinity", "autoreverses": true}]}"#
        }
        json += "]}"
        return Array(json.utf8)
    }

    @Test func tenThousandLayers() throws {
        let bytes = Self.document(layers: 10_000)
        let scene = try SceneLoader.decode(bytes, source: "large.json")
        #expect(scene.layers.count == 10_000)
        let last = scene.layers[9_999]
        #expect(last.name == "dot9999")
        #expect(last.properties.position == Point(x: Double(9_999 % 192) * 10, y: Double(9_999 / 192) * 10))
        #expect(last.animations[0].timing.repeatCount == .infinity)
    }

    @Test func errorPositionInLargeDocument() {
        var bytes = Self.document(layers: 2_000)
        // Break the last layer's opacity animation: "toValue": 0.25 → "toValue": "x".
        let text = String(decoding: bytes, as: UTF8.self)
        let broken = text.replacingLastOccurrence(of: "\"toValue\": 0.25", with: "\"toValue\": \"x\"")
        bytes = Array(broken.utf8)
        do {
            _ = try SceneLoader.decode(bytes, source: "large.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.path == "layers[1999].animations[0].toValue")
            #expect(error.line == 2_000)
            #expect(error.message == "expected a number, found a string")
            #expect(error.layerName == "dot1999")
        }
    }
}

extension String {
    func replacingLastOccurrence(of target: String, with replacement: String) -> String {
        guard let range = range(of: target, options: .backwards) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}

import Foundation
