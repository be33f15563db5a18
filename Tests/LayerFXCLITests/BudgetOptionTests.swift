import Foundation
import LayerFXTestSupport
import Testing

/// `--budget KEY=N` on the commands that render, and the error line of a
/// frame over its budget.
@Suite(.serialized)
struct BudgetOptionTests {
    static let replicator = ##"{"size":[100,100],"layers":[{"type":"replicator","instanceCount":1000,"sublayers":[{"bounds":[0,0,2,2],"backgroundColor":"#FF0000"}]}]}"##

    @Test func aFrameOverItsBudgetFailsWithOneLocatedLineAndNoFile() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let scene = dir.appending(path: "scene.json")
        try Data(Self.replicator.utf8).write(to: scene)
        let out = dir.appending(path: "out.png").path
        let run = try CLI.run(["render", scene.path, "-o", out, "--time", "1.25", "--backend", "cpu",
                               "--budget", "instances=100"])
        #expect(run.status == 1)
        #expect(run.stderr == "layerfx: error: \(scene.path): at t=1.25 s: layers[0]: replicators expand to 1001 layer instances; the limit is 100 (--budget instances=N)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["scene.json"])
        let raised = try CLI.run(["render", scene.path, "-o", out, "--backend", "cpu", "--budget", "instances=2000",
                                  "--budget", "primitives=1000"])
        #expect(raised.status == 0, "\(raised.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test func aSequenceOverItsBudgetLeavesNoFrames() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let scene = dir.appending(path: "scene.json")
        try Data(Self.replicator.utf8).write(to: scene)
        let run = try CLI.run(["render", scene.path, "--frames", "0-3", "--backend", "cpu", "--budget", "primitives=999",
                               "-o", dir.appending(path: "%02d.png").path])
        #expect(run.status == 1)
        #expect(run.stderr == "layerfx: error: \(scene.path): at t=0 s: layers[0]: replicators expand to about 1000 primitives; the limit is 999 (--budget primitives=N)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["scene.json"])
    }

    @Test func badBudgetTextsNameTheOption() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        for (text, message) in [
            ("pixel=5", "--budget pixel=5: expected KEY=N with KEY one of instances, primitives, pixels, vertices, stroke-pieces, band-edges, edge-tests, offscreen-layers, offscreen-pixels, glyphs, text-length, gradient-stops"),
            ("glyphs=-1", "--budget glyphs=-1: -1 is not a whole number ≥ 0"),
            ("glyphs=1e9", "--budget glyphs=1e9: 1e9 is not a whole number ≥ 0"),
        ] {
            let run = try CLI.run(["render", Repository.example("pulsing-rings.json"), "-o", dir.appending(path: "a.png").path,
                                   "--budget", text])
            #expect(run.status == 1)
            #expect(run.stderr == "layerfx: error: \(message)\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func benchTakesABudgetToo() throws {
        let run = try CLI.run(["bench", "ripples", "--count", "300", "--evaluate-only", "--frames", "1", "--warmup", "0",
                               "--budget", "primitives=100"])
        #expect(run.status == 1)
        #expect(run.stderr == "layerfx: error: ripples: at t=0 s: layers[99]: the frame needs 101 primitives; the limit is 100 (--budget primitives=N)\n")
    }
}
