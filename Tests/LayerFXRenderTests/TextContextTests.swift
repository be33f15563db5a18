import Foundation
import LayerFX
import LayerFXTestSupport
import Testing

/// Fonts and glyph atlases belong to a `TextContext`: resolved and rasterized
/// once per context, never shared between contexts.
@Suite(.serialized)
struct TextContextTests {
    static let blue = SIMD4<UInt8>(0, 0, 255, 255), white = SIMD4<UInt8>(255, 255, 255, 255)

    /// A 100 × 100 pt scene, white, with one centred blue text layer as JSON.
    static func json(_ string: String, font: String, fontSize: Double = 80, animated: Bool = false) -> String {
        let animation = animated
            ? #", "animations": [{"keyPath": "fontSize", "fromValue": 20, "toValue": 80, "duration": 1}]"# : ""
        return ##"{"size": [100, 100], "backgroundColor": "#FFFFFF", "layers": [{"type": "text", "bounds": [0, 0, 100, 100], "##
            + ##""position": [50, 50], "string": "\##(string)", "font": "\##(font)", "fontSize": \##(fontSize), "##
            + ##""foregroundColor": "#0000FF", "alignmentMode": "center"\##(animation)}]}"##
    }

    @Test func aFontNextToTheSceneFileRendersWhateverTheWorkingDirectory() throws {
        let folder = try TemporaryDirectory.make("layerfx-textcontext")
        try FileManager.default.createDirectory(at: folder.appending(path: "fonts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                                         toPath: folder.appending(path: "fonts/Body.ttf").path)
        let path = folder.appending(path: "scene.json").path
        try Self.json("I", font: "fonts/Body.ttf").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(FileManager.default.currentDirectoryPath != folder.path)

        let renderer = try Renderer(.cpu)
        let scene = try SceneLoader.load(contentsOfFile: path, textContext: renderer.textContext)
        let image = try renderer.render(scene, at: 0)
        // DejaVu Sans "I" at 80 pt, centred: a solid stem around x = 50.
        for y in [25, 45, 65] { #expect(image[50, y] == Self.blue, "stem at y = \(y)") }
        #expect(image[35, 45] == Self.white && image[65, 45] == Self.white)
        // The same picture as the font named by its absolute path.
        let absolute = try SceneLoader.decode(Self.json("I", font: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        #expect(try Renderer(.cpu).render(absolute, at: 0) == image)
    }

    @Test func separateContextsShareNoAtlasState() throws {
        let first = SceneEvaluator(), second = SceneEvaluator()
        let secondBefore = second.textContext.atlas.snapshot()
        let frameI = try first.frame(for: SceneLoader.decode(Self.json("I", font: "DejaVu Sans")), at: 0)
        let firstAfterI = first.textContext.atlas.snapshot()
        #expect(frameI.glyphAtlas?.generation == firstAfterI.generation)
        #expect(firstAfterI.bytes.contains { $0 != 0 })
        #expect(second.textContext.atlas.snapshot() == secondBefore)  // untouched: nothing rasterized there
        #expect(secondBefore.bytes.allSatisfy { $0 == 0 })

        let frameO = try second.frame(for: SceneLoader.decode(Self.json("O", font: "DejaVu Sans")), at: 0)
        #expect(first.textContext.atlas.snapshot() == firstAfterI)  // the second context's glyph is not here
        let (atlasI, atlasO) = (try #require(frameI.glyphAtlas), try #require(frameO.glyphAtlas))
        #expect(atlasI.generation != atlasO.generation)
        #expect(atlasI.bytes != atlasO.bytes)
        // Each context's only glyph starts at the same atlas texel.
        let (glyphI, glyphO) = (frameI.instances[0].shapeExtra, frameO.instances[0].shapeExtra)
        #expect((glyphI.x, glyphI.y) == (glyphO.x, glyphO.y))
        #expect(try first.textContext.font(named: "DejaVu Sans") !== second.textContext.font(named: "DejaVu Sans"))
    }

    /// The GPU backend keeps the atlas it uploaded while its generation stays
    /// the same (the CPU reads each frame's atlas as it is).
    @Test(.requiresGPU) func oneGPURendererDrawsFramesOfTwoContexts() throws {
        // Both atlases hold one glyph at the same place: a backend that kept
        // the first atlas would draw the O with the I's field.
        let frameI = try SceneEvaluator().frame(for: SceneLoader.decode(Self.json("I", font: "DejaVu Sans")), at: 0)
        let frameO = try SceneEvaluator().frame(for: SceneLoader.decode(Self.json("O", font: "DejaVu Sans")), at: 0)
        let cpuO = try CPURenderer().render(frameO)
        #expect(cpuO[50, 45] == Self.white && cpuO[50, 20] == Self.blue, "the O's counter and its top")
        let gpu = try GPUAvailability.renderer.get()
        #expect(try gpu.render(frameI)[50, 45] == Self.blue, "the I's stem")
        let diff = ImageDifference(try gpu.render(frameO), cpuO)
        #expect(diff.max <= ParityTests.maxTolerance && diff.mean <= ParityTests.meanTolerance, "\(diff)")
    }

    @Test func glyphsAreRasterizedOnceAcrossFrames() throws {
        // The font size animates 20 → 80 pt; the atlas does not depend on size.
        let scene = try SceneLoader.decode(Self.json("Find new skills", font: "DejaVu Sans", animated: true))
        let evaluator = SceneEvaluator()
        let first = try #require(try evaluator.frame(for: scene, at: 0).glyphAtlas)
        for time in [0.25, 0.5, 1, 2] {
            let frame = try evaluator.frame(for: scene, at: time)
            #expect(frame.glyphAtlas == first, "t = \(time)")
        }
        #expect(evaluator.textContext.atlas.snapshot().generation == first.generation)
    }

    @Test func threadsSharingOneContextGetTheFramesOfOneThread() throws {
        let strings = ["Find", "new", "skills", "kind", "seen", "dine", "wind", "fine"]
        let scenes = try strings.map { try SceneLoader.decode(Self.json($0, font: "DejaVu Sans Bold", fontSize: 24)) }
        let sequential = SceneEvaluator()
        let expected = try scenes.map { try CPURenderer().render(sequential.frame(for: $0, at: 0)) }
        let shared = SceneEvaluator()
        let results = LockedValue<[Int: Result<PixelBuffer, any Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: scenes.count * 3) { n in
            let index = n % scenes.count
            let image = Result { try CPURenderer().render(shared.frame(for: scenes[index], at: 0)) }
            if n < scenes.count { results.withLock { $0[index] = image } }
        }
        for (index, image) in expected.enumerated() {
            // Atlas places differ with the order glyphs came in; the pictures may
            // differ only by rounding.
            let drawn = try #require(try results.withLock { $0[index] }?.get())
            let diff = ImageDifference(drawn, image)
            #expect(diff.max <= 2 && diff.mean <= 0.05, "\(strings[index]): \(diff)")
        }
    }
}
