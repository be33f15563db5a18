import Foundation
import LayerFXTestSupport
import Testing

/// `render --png-compression fast|N`: LayerFX's own deflater (the default)
/// or a zlib level.
struct PNGCompressionOptionTests {
    @Test func levelZeroStoresAndNineCompresses() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        var sizes: [Int] = []
        for level in ["0", "1", "9", "fast"] {
            let out = dir.appending(path: "rings-\(level).png")
            let run = try CLI.run(["render", Repository.example("pulsing-rings.json"), "--time", "1.5", "--scale", "1",
                                   "--backend", "cpu", "--png-compression", level, "-o", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            sizes.append(try Data(contentsOf: out).count)
        }
        // Level 0 stores the 300 × 300 RGBA scanlines (360,300 bytes) in deflate blocks.
        #expect(sizes[0] > 300 * (300 * 4 + 1))
        #expect(sizes[1] < sizes[0] / 4 && sizes[2] <= sizes[1])
        #expect(sizes[3] < sizes[0] / 4, "fast: \(sizes[3]) bytes")
    }

    @Test(arguments: ["10", "-1", "best"])
    func otherValuesAreRefused(value: String) throws {
        let run = try CLI.run(["render", Repository.example("pulsing-rings.json"), "-o", "/tmp/x.png", "--png-compression=\(value)"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("The value '\(value)' is invalid for '--png-compression <fast|0-9>': expected fast or a zlib level 0…9"),
                "\(run.stderr)")
    }
}
