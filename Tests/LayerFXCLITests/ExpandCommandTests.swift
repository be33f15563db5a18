import Foundation
import LayerFX
import LayerFXTestSupport
import Testing

/// `layerfx expand`: effect layers printed as ordinary layers and animations.
@Suite(.serialized)
struct ExpandCommandTests {
    static let examples = ["pulsing-rings.json", "ripple.json", "shimmer.json", "typing-dots.json", "waves.json"]

    @Test(arguments: examples)
    func expansionDecodesToTheSameScene(_ name: String) throws {
        let result = try CLI.run(["expand", Repository.example(name)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(!result.stdout.contains("\"effect\""))
        let expanded = try SceneLoader.decode(Array(result.stdout.utf8), source: "expanded \(name)")
        var loaded = try SceneLoader.load(contentsOfFile: Repository.example(name))
        loaded.baseDirectory = nil  // the expansion was decoded from memory
        #expect(expanded == loaded)
    }

    @Test func writesAFileAndItsValuesMatchTheSeed() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let out = dir.appending(path: "rings.json").path
        let result = try CLI.run(["expand", Repository.example("pulsing-rings.json"), "-o", out])
        #expect(result.status == 0 && result.stdout.isEmpty, "\(result.stderr)")
        // Seed 004's second ring at 1.5 s, from the expanded file and from the preset.
        for scene in [out, Repository.example("pulsing-rings.json")] {
            let values = try CLI.run(["values", scene, "--layer", "pulse.ring1", "--key-path", "transform.scale",
                                      "--times", "1.5"])
            #expect(values.status == 0, "\(values.stderr)")
            let number = Double(values.stdout.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
            #expect(abs((number ?? .nan) - 1.093345) < 5e-7, "\(values.stdout)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["rings.json"])
    }

    @Test func valuesOfEveryPresetThroughTheCommandLine() throws {
        // One sampled value per effect (effects.md): ripple 5d, shimmer 5b, typing dots 5c, waves (progress 0 at 0).
        let cases: [(scene: String, layer: String, keyPath: String, time: String, expected: String)] = [
            ("ripple.json", "button.ripple0", "opacity", "0.875", "0.875 0.5"),
            ("shimmer.json", "shimmer.gradient", "locations", "1.5", "1.5 0.35 0.5 0.65"),
            ("typing-dots.json", "typing.dot", "transform.scale", "1.2", "1.2 1"),
            ("waves.json", "waves.wave0", "opacity", "0", "0 0"),
        ]
        for c in cases {
            let result = try CLI.run(["values", Repository.example(c.scene), "--layer", c.layer, "--key-path", c.keyPath,
                                      "--times", c.time])
            #expect(result.status == 0, "\(result.stderr)")
            let got = result.stdout.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            let want = c.expected.split(separator: " ").compactMap { Double($0) }
            #expect(got.count == want.count && zip(got, want).allSatisfy { abs($0 - $1) < 1e-9 }, "\(c.layer): \(result.stdout)")
        }
    }

    @Test func errorsAreOneLine() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let scene = dir.appending(path: "bad.json")
        try Data(#"{"size": [10, 10], "layers": [{"type": "effect", "effect": "pluse"}]}"#.utf8).write(to: scene)
        let result = try CLI.run(["expand", scene.path])
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(result.stderr == "layerfx: error: \(scene.path):1:60: layers[0].effect: unknown effect \"pluse\"; did you mean \"pulse\"?\n")
        let help = try CLI.run(["expand", "--help"])
        #expect(help.stdout.contains("layerfx expand Examples/pulsing-rings.json"))
    }
}
