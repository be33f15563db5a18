import Foundation
import LayerFXTestSupport
import Testing

/// `layerfx bench scene`: what it prints and how it refuses bad input.
struct SceneBenchCommandTests {
    @Test func jsonHasTheDocumentedFields() throws {
        // Waves is 240 × 240 pt: --height 120 is scale 0.5; 0.5 s at 12 fps is 6 frames.
        let result = try CLI.run(["bench", "scene", Repository.example("waves.json"), "--height", "120", "--to", "0.5",
                                  "--fps", "12", "--warmup", "1", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["backend"] as? String == "cpu")
        #expect(object["width"] as? Int == 120 && object["height"] as? Int == 120)
        #expect(object["scale"] as? Double == 0.5)
        #expect(object["frames"] as? Int == 6)
        let times = try #require(object["times_ms"] as? [Double])
        #expect(times.count == 6)
        let median = try #require(object["median_ms"] as? Double), min = try #require(object["min_ms"] as? Double)
        let sorted = times.sorted()
        // JSON keeps about 15 digits of each time.
        #expect(abs(min - sorted[0]) <= 1e-9 * min && abs(median - (sorted[2] + sorted[3]) / 2) <= 1e-9 * median)
        let evaluation = try #require(object["evaluate_median_ms"] as? Double)
        // The next frame is evaluated while one is drawn, so a frame may take less than an evaluation;
        // the whole run takes longer than one.
        #expect(evaluation > 0 && evaluation <= times.reduce(0, +))
    }

    @Test func textNamesTheSceneSizeAndTimes() throws {
        let result = try CLI.run(["bench", "scene", Repository.example("ripple.json"), "--scale", "1", "--to", "0.05"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("ripple.json at 240x160 (scale 1)"))
        #expect(result.stdout.contains("backend:      cpu"))
        #expect(result.stdout.contains("over 3 frames"))
        #expect(result.stdout.contains("evaluation:   median"))
    }

    @Test func evaluateOnlyTimesEvaluationAlone() throws {
        // 0.25 s at 12 fps is 3 frames; nothing is drawn, so no backend is named.
        let text = try CLI.run(["bench", "scene", Repository.example("waves.json"), "--evaluate-only", "--to", "0.25",
                                "--fps", "12"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("backend:      none (evaluation only)"))
        #expect(text.stdout.contains("over 3 frames"))
        #expect(!text.stdout.contains("frame:"))
        let json = try CLI.run(["bench", "scene", Repository.example("waves.json"), "--evaluate-only", "--to", "0.25",
                                "--fps", "12", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["backend"] as? String == "none" && object["renderer"] as? String == "none")
        #expect(object["frames"] as? Int == 3)
        let times = try #require(object["times_ms"] as? [Double])
        #expect(times.count == 3 && times.allSatisfy { $0 > 0 })
        #expect(object["evaluate_median_ms"] as? Double == object["median_ms"] as? Double)
    }

    @Test func evaluateOnlyKeepsTheBudget() throws {
        let result = try CLI.run(["bench", "scene", Repository.example("waves.json"), "--evaluate-only", "--to", "0.1",
                                  "--budget", "primitives=5"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasSuffix("waves.json: at t=0 s: layers[0].sublayers[0].mask.sublayers[3]: the frame needs 6 primitives; the limit is 5 (--budget primitives=N)\n"),
                "\(result.stderr)")
    }

    @Test(arguments: [
        (["bench", "scene", "Examples/waves.json", "--scale", "2", "--height", "100"], "give --scale or --height, not both"),
        (["bench", "scene", "Examples/waves.json", "--height", "0"], "--height must be 1…16384, got 0"),
        (["bench", "scene", "Examples/waves.json", "--scale", "-1"], "--scale must be a positive number, got -1.0"),
        (["bench", "scene", "Examples/waves.json", "--warmup=-1"], "--warmup must be 0…10000, got -1"),
        (["bench", "scene", "Examples/waves.json", "--backend", "auto"], "The value 'auto' is invalid for '--backend <backend>'"),
        (["bench", "scene", "/nonexistent/s.json"], "/nonexistent/s.json: cannot read file"),
    ])
    func badInputIsRefused(_ arguments: [String], _ message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func aScaleOverTheFrameLimitIsOneLine() throws {
        let result = try CLI.run(["bench", "scene", Repository.example("waves.json"), "--scale", "1000"])
        #expect(result.status == 1)
        #expect(result.stderr == "layerfx: error: --scale 1000.0 makes a 240000×240000 px frame; the limit is 16384 px per side\n")
    }
}
