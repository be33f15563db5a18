import Foundation
import LayerFX
import LayerFXTestSupport
import Testing

/// The Swift code of docs/embedding.md and the DocC article
/// `Embedding.md`, as written there (file names under a temporary folder).
struct EmbeddingExampleTests {
    @Test func loadBuildEvaluateRender() throws {
        let output = FileManager.default.temporaryDirectory.appending(path: "embedding-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: output) }

        let fromFile = try SceneLoader.load(contentsOfFile: Repository.example("pulsing-rings.json"))
        let fromText = try SceneLoader.decode(#"{"version": 1, "size": [100, 100], "layers": []}"#)

        var dot = Layer(name: "dot", kind: .shape)
        dot.properties.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        dot.properties.position = Point(x: 50, y: 50)
        dot.properties.path = ShapePath([.ellipse(in: Rect(x: 0, y: 0, width: 40, height: 40))])
        dot.properties.fillColor = Color(red: 1, green: 0.8, blue: 0)
        var fade = MediaTiming()
        fade.duration = 1
        dot.animations = [Animation(keyPath: .opacity, kind: .basic(from: .scalar(0), to: .scalar(1), by: nil),
                                    timing: fade)]
        let built = Scene(size: Size(width: 100, height: 100), scale: 2, layers: [dot])

        let renderer = try Renderer(.auto)
        let pixels = try renderer.render(built, at: 0.5)
        let frame = try renderer.evaluator.frame(for: built, at: 0.5)
        let same = try renderer.render(frame)
        try PNGEncoder.write(pixels, to: output)

        #expect(pixels == same)
        #expect((pixels.width, pixels.height) == (200, 200))
        // Half-way through the fade: the centre is the yellow at half opacity, premultiplied.
        #expect(pixels[100, 100] == SIMD4(128, 102, 0, 128))
        #expect(fromFile.layers.count == 1 && fromText.layers.isEmpty)
        #expect(FileManager.default.fileExists(atPath: output))
    }
}
