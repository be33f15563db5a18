import Foundation
import Testing
import LayerFXModel
@testable import LayerFXScene
import LayerFXTestSupport

/// The document types decode the same way on both of their paths: the fast
/// one SceneLoader takes (reading the parsed tree directly) and the general
/// `Decodable` one through a decoder's containers (`TreeDecoder`, or
/// Foundation's `JSONDecoder`).
@Suite struct DecodingPathsTests {
    /// Decodes `json` through `TreeDecoder`'s keyed/unkeyed/single-value containers.
    static func decodeThroughContainers(_ json: String) -> Result<Scene, SceneError> {
        let bytes = Array(json.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            let document: JSONDocument
            do throws(JSONSyntaxError) {
                document = try JSONParser.parse(buffer)
            } catch {
                return .failure(SceneError(syntaxError: error, bytes: buffer, source: "scene.json"))
            }
            do {
                let value = DecoderValue(decoder: TreeDecoder(document: document))
                return .success(try SceneDocument(value).scene)
            } catch {
                return .failure(SceneError(decodingError: error, document: document, bytes: buffer, source: "scene.json"))
            }
        }
    }

    static func decodeFast(_ json: String) -> Result<Scene, SceneError> {
        Result { () throws(SceneError) in try decodeScene(json) }
    }

    static let invalidDocuments: [String] = [
        #"{"size": [1, 1], "layers": [{"opactiy": 1}]}"#,
        #"{"size": [1, 1], "layers": [{"name": "ring", "sublayers": [{}, {"fillColor": null}]}]}"#,
        #"{"size": [1, 1], "layers": [{"name": "a", "sublayers": [{"name": "b", "mask": "a"}]}]}"#,
        #"{"size": [1, 1], "layers": [{"position": [1, 2, 3]}]}"#,
        #"{"size": [1, 1], "layers": [{"hidden": 1}]}"#,
        #"{"size": [1, 1], "layers": [{"opacity": true}]}"#,
        #"{"size": [1, 1], "layers": [{"bounds": [0, 0, -1, 1]}]}"#,
        #"{"size": [1, 1], "layers": [{"borderColor": [1, 2, 0]}]}"#,
        ##"{"size": [1, 1], "layers": [{"backgroundColor": "#12"}]}"##,
        #"{"size": [1, 1], "layers": [{"transform": {"scale": 2, "scaleX": 1}}]}"#,
        #"{"size": [1, 1], "layers": [{"type": "shape", "path": {"rect": [0, 0, 1, 1], "radius": 2}}]}"#,
        #"{"size": [1, 1], "layers": [{"type": "shape", "path": [{"svg": "M 0 0 L 1"}]}]}"#,
        #"{"size": [1, 1], "layers": [{"type": "shape", "path": {"arcCenter": [0, 0], "radius": -1, "startAngle": 0, "endAngle": 1}}]}"#,
        #"{"size": [1, 1], "layers": [{"type": "shape", "lineDashPattern": [1, -1]}]}"#,
        #"{"size": [1, 1], "layers": [{"type": "shape", "lineDashPattern": [0]}]}"#,
        #"{"size": [1, 1], "layers": [{"type": "shape", "path": {"star": {"center": [0, 0], "points": 1.5, "outerRadius": 1, "innerRadius": 1}}}]}"#,
        #"{"size": [1, 1], "layers": [{"animations": [{"keyPath": "opacit"}]}]}"#,
        #"{"size": [1, 1], "layers": [{"animations": [{"keyPath": "opacity", "fromValue": [1]}]}]}"#,
        #"{"size": [1, 1], "layers": [{"animations": [{"type": "group", "animations": [{"keyPath": "path"}]}]}]}"#,
        #"{"size": [1, 1], "layers": [{"animations": [{"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 2]}]}]}"#,
        #"{"size": [1, 1], "layers": [{"animations": [{"type": "spring", "keyPath": "opacity", "mass": 0}]}]}"#,
        #"{"size": [1, 1], "layers": [{"animations": [{"keyPath": "opacity", "repeatCount": "forever"}]}]}"#,
        #"{"size": [1, 1], "layers": [{"animations": [{"keyPath": "opacity", "timingFunction": [2, 0, 1, 1]}]}]}"#,
        #"{"size": [1, 1], "layers": [{"animations": [{"keyPath": "opacity", "values": [1]}]}]}"#,
        #"{"size": [1, 1], "layers": [{"animations": [{"type": "group", "keyPath": "opacity"}]}]}"#,
        #"{"size": [50000, 1], "scale": 2}"#,
        #"{"size": [1, 1], "version": 3}"#,
        #"{"scale": 2}"#,
        #"{"size": [1, 1], "layers": {}}"#,
    ]

    @Test(arguments: invalidDocuments)
    func sameErrorOnBothPaths(_ json: String) {
        let fast = Self.decodeFast(json)
        let general = Self.decodeThroughContainers(json)
        guard case .failure(let fastError) = fast, case .failure(let generalError) = general else {
            Issue.record("expected both paths to reject the document: \(fast), \(general)")
            return
        }
        #expect(fastError == generalError)
    }

    @Test func sameSceneOnBothPaths() throws {
        let fast = try Self.decodeFast(ValidSceneTests.json).get()
        let general = try Self.decodeThroughContainers(ValidSceneTests.json).get()
        #expect(fast == general)
    }

    @Test func foundationJSONDecoderDecodesTheDocumentTypes() throws {
        for name in ["ripple.json", "pulsing-rings.json"] {
            let path = Repository.example(name)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let viaFoundation = try JSONDecoder().decode(SceneDocument.self, from: data).scene
            var loaded = try SceneLoader.load(contentsOfFile: path)
            #expect(loaded.baseDirectory == URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path)
            loaded.baseDirectory = nil  // only the loader knows the file
            #expect(viaFoundation == loaded)
        }
        let valid = try JSONDecoder().decode(SceneDocument.self, from: Data(ValidSceneTests.json.utf8)).scene
        #expect(valid == (try Self.decodeFast(ValidSceneTests.json).get()))
    }

    @Test func foundationJSONDecoderReportsTheCodingPath() {
        let json = #"{"size": [1, 1], "layers": [{"sublayers": [{"opactiy": 1}]}]}"#
        do {
            _ = try JSONDecoder().decode(SceneDocument.self, from: Data(json.utf8))
            Issue.record("expected an error")
        } catch let issue as DecodingIssue {
            guard case .codingPath(let codingPath) = issue.location else {
                Issue.record("expected a coding path")
                return
            }
            #expect(PathComponent.format(codingPath.map(PathComponent.init)) == "layers[0].sublayers[0]")
            #expect(issue.memberKey == "opactiy")
            #expect(issue.message == "unknown key \"opactiy\"; did you mean \"opacity\"?")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func treeDecoderDecodesOtherDecodableTypes() throws {
        struct Sample: Decodable, Equatable {
            var name: String
            var values: [Double]
            var flags: [String: Bool]
            var count: Int
            var missing: Int?
        }
        let json = #"{"name": "x", "values": [1, 2.5], "flags": {"a": true, "b": false}, "count": 3}"#
        let bytes = Array(json.utf8)
        let sample = try bytes.withUnsafeBufferPointer { buffer in
            try Sample(from: TreeDecoder(document: JSONParser.parse(buffer)))
        }
        #expect(sample == Sample(name: "x", values: [1, 2.5], flags: ["a": true, "b": false], count: 3, missing: nil))
    }
}
