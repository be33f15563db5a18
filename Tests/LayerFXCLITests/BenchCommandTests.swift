import Foundation
import Testing

/// `layerfx bench ripples`: what it prints and how it refuses bad input.
struct BenchCommandTests {
    @Test func jsonHasTheDocumentedFields() throws {
        let result = try CLI.run(["bench", "ripples", "--count", "300", "--size", "320x180", "--backend", "cpu",
                                  "--frames", "3", "--warmup", "0", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["backend"] as? String == "cpu")
        #expect((object["renderer"] as? String)?.hasPrefix("cpu") == true)
        #expect(object["count"] as? Int == 300)
        #expect(object["width"] as? Int == 320 && object["height"] as? Int == 180)
        let times = try #require(object["times_ms"] as? [Double])
        #expect(times.count == 3)
        let median = try #require(object["median_ms"] as? Double), min = try #require(object["min_ms"] as? Double)
        #expect(min == times.min() && median == times.sorted()[1])
        let painted = try #require(object["painted_mpixels"] as? Double)
        let rate = try #require(object["mpixels_per_s"] as? Double)
        #expect(abs(rate - painted / (median / 1000)) < 1e-6 * rate)
    }

    /// Tile compositing reports what it did: circles shaded a pixel, pixels stopped early.
    @Test func tileCompositingReportsItsWork() throws {
        let result = try CLI.run(["bench", "ripples", "--count", "3000", "--size", "320x180", "--backend", "cpu",
                                  "--compositing", "tiles", "--frames", "2", "--warmup", "0", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["compositing"] as? String == "tiles")
        let visits = try #require(object["primitives_per_pixel"] as? Double)
        let early = try #require(object["early_stop_share"] as? Double)
        // 3000 ripples on 320×180 cover every pixel many times over: a few are shaded, most pixels stop early.
        #expect(visits > 1 && visits < 100, "\(visits)")
        #expect(early > 0.5 && early <= 1, "\(early)")
        let ordered = try CLI.run(["bench", "ripples", "--count", "300", "--size", "64x64", "--backend", "cpu",
                                   "--compositing", "ordered", "--frames", "1", "--warmup", "0"])
        #expect(ordered.stdout.contains("compositing:  ordered") && !ordered.stdout.contains("tiles:"))
        // By default tiles where the primitives lie deep: 300 ripples on 64×64 do, 3 do not.
        for (count, tiled) in [(300, true), (3, false)] {
            let automatic = try CLI.run(["bench", "ripples", "--count", "\(count)", "--size", "64x64", "--backend", "cpu",
                                         "--frames", "1", "--warmup", "0"])
            #expect(automatic.stdout.contains("compositing:  auto"))
            #expect(automatic.stdout.contains("tiles:") == tiled, "\(count) ripples: \(automatic.stdout)")
        }
    }

    /// `--shape` draws the field as rounded rectangles or stars, which tiles composite too.
    @Test(arguments: ["rounded-rect", "star"])
    func shapeFieldsAreTiled(_ shape: String) throws {
        let result = try CLI.run(["bench", "ripples", "--count", "2000", "--size", "320x180", "--backend", "cpu",
                                  "--shape", shape, "--compositing", "tiles", "--frames", "1", "--warmup", "0", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let visits = try #require(object["primitives_per_pixel"] as? Double)
        #expect(visits > 1 && visits < 100, "\(visits)")
    }

    @Test func textNamesTheBackendAndTheTimes() throws {
        let result = try CLI.run(["bench", "ripples", "--count", "50", "--size", "64x64", "--backend", "cpu",
                                  "--frames", "1", "--warmup", "0", "--animated"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("ripples:      50 at 64x64, animated"))
        #expect(result.stdout.contains("backend:      cpu"))
        #expect(result.stdout.contains("evaluation:   median"))
        #expect(result.stdout.contains("Mpixels/s"))
    }

    @Test func evaluateOnlyDrawsNothing() throws {
        let result = try CLI.run(["bench", "ripples", "--count", "100", "--evaluate-only", "--frames", "2", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["backend"] as? String == "none")
        #expect(object["evaluate_median_ms"] is Double)
        #expect(object["mpixels_per_s"] == nil)
    }

    @Test(arguments: [
        (["bench", "ripples"], "give either --count N or --scene FILE"),
        (["bench", "ripples", "--count", "10", "--scene", "x.json"], "give either --count N or --scene FILE"),
        (["bench", "ripples", "--count", "10", "--backend", "auto"], "The value 'auto' is invalid for '--backend <backend>'"),
        (["bench", "ripples", "--count", "10", "--size", "0x10"], "--size must be WxH with each side 1…16384"),
        (["bench", "ripples", "--count", "10", "--frames", "0"], "--frames must be 1…10000"),
        (["bench", "ripples", "--count", "10", "--compositing", "sorted"],
         "The value 'sorted' is invalid for '--compositing <compositing>'"),
        (["bench", "ripples", "--count", "10", "--shape", "hexagon"],
         "The value 'hexagon' is invalid for '--shape <shape>'. Please provide one of 'circle', 'rounded-rect' or 'star'."),
        (["bench", "ripples", "--scene", "/nonexistent/r.json", "--backend", "cpu"],
         "/nonexistent/r.json: cannot read the file"),
    ])
    func badInputIsRefused(_ arguments: [String], _ message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
