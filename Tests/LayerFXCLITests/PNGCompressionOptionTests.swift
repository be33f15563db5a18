import Foundation
import LayerFXTestSupport
import Testing

/// `render --png-compression N`: the zlib level of the PNG files written.
struct PNGCompressionOptionTests {
    @Test func levelZeroStoresAndNineCompresses() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        var sizes: [Int] = []
        for level in ["0", "1", "9"] {
            let out = dir.appending(path: "rings-\(level).png")
            let run = try CLI.run(["render", Repository.example("pulsing-rings.json"), "--time", "1.5", "--scale", "1",
                                   "--backend", "cpu", "--png-compression", level, "-o", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            sizes.append(try Data(contentsOf: out).count)
        }
        // Level 0 stores the 300 × 300 RGBA scanlines (360,300 bytes) in deflate blocks.
        #expect(sizes[0] > 300 * (300 * 4 + 1))
        #expect(sizes[1] < sizes[0] / 4 && sizes[2] <= sizes[1])
    }

    @Test func levelsOutsideZeroToNineAreRefused() throws {
        let run = try CLI.run(["render", Repository.example("pulsing-rings.json"), "-o", "/tmp/x.png", "--png-compression", "10"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("--png-compression must be 0…9, got 10"), "\(run.stderr)")
    }
}
