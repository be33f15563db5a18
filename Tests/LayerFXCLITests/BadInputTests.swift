import Foundation
import Testing

/// Bad input: non-zero exit, one line naming the place and what was expected,
/// and no output file left behind.
@Suite(.serialized)
struct BadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let json: String
        /// Text the one-line error must contain.
        let expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "malformed JSON", json: "{\"size\": [10, 10],\n \"layers\": [}",
             expected: ["scene.json:2:", "layers"]),
        Case(name: "unknown layer type", json: #"{"size":[10,10],"layers":[{"type":"sprite"}]}"#,
             expected: ["layers[0].type", "sprite"]),
        Case(name: "unknown key", json: #"{"size":[10,10],"layers":[{"opactiy":0.5}]}"#,
             expected: ["layers[0]", "opactiy", "opacity"]),
        Case(name: "wrong value shape", json: #"{"size":[10,10],"layers":[{"position":[1,2,3]}]}"#,
             expected: ["layers[0].position"]),
        Case(name: "non-finite number", json: #"{"size":[10,10],"layers":[{"opacity":1e999}]}"#,
             expected: ["layers[0].opacity"]),
        Case(name: "negative size", json: #"{"size":[10,10],"layers":[{"bounds":[0,0,-5,5]}]}"#,
             expected: ["layers[0].bounds"]),
        Case(name: "frame too large", json: #"{"size":[100000,100000],"layers":[]}"#,
             expected: ["size", "16384"]),
        Case(name: "gradient locations out of order",
             json: ##"{"size":[10,10],"layers":[{"type":"gradient","colors":["#FF0000","#0000FF"],"locations":[0.5,0.2]}]}"##,
             expected: ["scene.json:1:", "layers[0].locations[1]", "locations must not decrease (0.2 follows 0.5)"]),
        Case(name: "unknown key path", json: #"{"size":[10,10],"layers":[{"animations":[{"keyPath":"opacit","toValue":1}]}]}"#,
             expected: ["layers[0].animations[0].keyPath", "opacit"]),
        Case(name: "gradient locations of the wrong count",
             json: ##"{"size":[10,10],"layers":[{"type":"gradient","colors":["#FF0000","#0000FF"],"locations":[0,0.5,1]}]}"##,
             expected: ["layers[0].locations", "locations has 3 entries but colors has 2"]),
        Case(name: "malformed SVG path data",
             json: #"{"size":[10,10],"layers":[{"type":"shape","path":{"svg":"M 0 0 L 5 x"}}]}"#,
             expected: ["layers[0].path.svg", "invalid SVG path data at character 11 ('x')"]),
        Case(name: "mask cycle",
             json: #"{"size":[10,10],"layers":[{"name":"a","sublayers":[{"name":"b","mask":"a"}]}]}"#,
             expected: ["layers[0].sublayers[0].mask", "mask cycle: \"a\" → \"b\" → \"a\""]),
        Case(name: "missing font file",
             json: #"{"size":[10,10],"layers":[{"type":"text","string":"Hi","font":"/no/such/font.ttf"}]}"#,
             expected: ["layers[0].font", "font file \"/no/such/font.ttf\" not found"]),
    ]

    @Test(arguments: cases)
    func rejectsWithOneLineAndNoFile(_ c: Case) throws {
        let dir = try CLI.temporaryDirectory()
        let scene = dir.appending(path: "scene.json")
        try Data(c.json.utf8).write(to: scene)
        let out = dir.appending(path: "out.png").path
        let result = try CLI.run(["render", scene.path, "-o", out, "--backend", "cpu"])
        #expect(result.status != 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("layerfx: error: "))
        for text in c.expected { #expect(result.stderr.contains(text), "\(result.stderr)") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["scene.json"])
    }

    @Test func missingSceneFile() throws {
        let dir = try CLI.temporaryDirectory()
        let result = try CLI.run(["render", dir.appending(path: "nope.json").path, "-o",
                                  dir.appending(path: "out.png").path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("nope.json"))
        #expect(result.stderr.contains("No such file or directory"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func unwritableOutputPath() throws {
        let dir = try CLI.temporaryDirectory()
        let out = dir.appending(path: "missing-dir/out.png").path
        let result = try CLI.run(["render", CLI.example("pulsing-rings.json"), "-o", out, "--backend", "cpu"])
        #expect(result.status == 1)
        #expect(result.stderr == "layerfx: error: cannot write \(out): No such file or directory\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func existingOutputSurvivesAFailedRender() throws {
        let dir = try CLI.temporaryDirectory()
        let out = dir.appending(path: "out.png")
        try Data("previous".utf8).write(to: out)
        let scene = dir.appending(path: "bad.json")
        try Data("{".utf8).write(to: scene)
        let result = try CLI.run(["render", scene.path, "-o", out.path])
        #expect(result.status != 0)
        #expect(try Data(contentsOf: out) == Data("previous".utf8))
    }

    @Test func nonFiniteTimeAndBadScaleAreRejected() throws {
        let dir = try CLI.temporaryDirectory()
        let out = dir.appending(path: "out.png").path
        let time = try CLI.run(["render", CLI.example("pulsing-rings.json"), "-o", out, "--time", "nan"])
        #expect(time.status != 0)
        #expect(time.stderr.contains("--time"))
        let scale = try CLI.run(["render", CLI.example("pulsing-rings.json"), "-o", out, "--scale=-2"])
        #expect(scale.status != 0)
        #expect(scale.stderr.contains("--scale"))
        let huge = try CLI.run(["render", CLI.example("pulsing-rings.json"), "-o", out, "--scale", "1000"])
        #expect(huge.status == 1)
        #expect(huge.stderr.contains("16384"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
