import Foundation
import LayerFX
import LayerFXTestSupport
import Testing

/// `render -o NAME.svg`: the evaluated frame as an SVG document, no backend.
@Suite(.serialized)
struct SVGOutputCommandTests {
    @Test func writesTheEvaluatedFrameAsSVGTheSameEachRun() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        var files: [String] = []
        for i in 0..<2 {
            let out = dir.appending(path: "rings-\(i).svg").path
            let result = try CLI.run(["render", Repository.example("pulsing-rings.json"), "-o", out, "--time", "1.5"])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
            files.append(try String(contentsOfFile: out, encoding: .utf8))
        }
        #expect(files[0] == files[1])
        let scene = try SceneLoader.load(contentsOfFile: Repository.example("pulsing-rings.json"))
        let evaluator = SceneEvaluator()
        let expected = try SVGDocument(evaluator.frame(for: scene, at: 1.5), textContext: evaluator.textContext).text
        #expect(files[0] == expected)
        let (w, h) = SceneEvaluator.pixelSize(of: scene)
        #expect(files[0].hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(w)\" height=\"\(h)\""))
        #expect(files[0].hasSuffix("</svg>\n"))
    }

    @Test func textIsWrittenAsGlyphOutlines() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let out = dir.appending(path: "shimmer.svg").path
        let result = try CLI.run(["render", Repository.example("shimmer.json"), "-o", out, "--time", "1.5"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(!text.contains("<text"))
        // One path per glyph of "Slide to unlock": curves from the font.
        let glyphPaths = text.components(separatedBy: "<path d=\"M").count - 1
        #expect(glyphPaths >= 5, "\(glyphPaths) paths")
        #expect(text.contains("Q") || text.contains("C"))
    }

    @Test func aSequenceWritesOneSVGPerFrame() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let result = try CLI.run(["render", Repository.example("typing-dots.json"), "--frames", "0-2", "--fps", "10",
                                  "-o", dir.appending(path: "%04d.svg").path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == ["0000.svg", "0001.svg", "0002.svg"])
        for name in names {
            let text = try String(contentsOfFile: dir.appending(path: name).path, encoding: .utf8)
            #expect(text.hasPrefix("<?xml") && text.hasSuffix("</svg>\n"), "\(name)")
        }
    }
}
