import LayerFX
import LayerFXTestSupport
import Testing

/// Glyphs from the signed-distance atlas, on both backends.
@Suite(.serialized)
struct TextPixelTests {
    /// The checks below, each run on both backends.
    static let checks: [BackendCheck] = [
        BackendCheck("aCapitalIsStemIsSolidAndItsSurroundingsEmpty", aCapitalIsStemIsSolidAndItsSurroundingsEmpty),
        BackendCheck("glyphsFollowTheLayerTransform", glyphsFollowTheLayerTransform),
    ]

    @Test(arguments: checks) func onTheCPU(_ check: BackendCheck) throws { try check.run(CPURenderer()) }

    @Test(.requiresGPU, arguments: checks) func onTheGPU(_ check: BackendCheck) throws {
        try check.run(GPUAvailability.renderer.get())
    }

    static func textScene(_ string: String, size: Double, transform: LayerTransform = .identity) -> Scene {
        var p = LayerProperties()
        p.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        p.position = Point(x: 50, y: 50)
        p.string = string
        p.fontSize = size
        p.foregroundColor = Color(red: 0, green: 0, blue: 1)
        p.alignmentMode = .center
        p.transform = transform
        return Scene(size: Size(width: 100, height: 100), backgroundColor: .white, layers: [Layer(kind: .text, properties: p)])
    }

    static func aCapitalIsStemIsSolidAndItsSurroundingsEmpty(_ backend: any RenderBackend) throws {
        // DejaVu Sans "I" at 80 pt, centred: a vertical stem about 11 pt wide
        // around x = 50, from about y = 15 to 73 (cap height 0.73 em below the ascender 0.93 em).
        let frame = try SceneEvaluator().frame(for: Self.textScene("I", size: 80), at: 0)
        #expect(frame.instances.map(\.kind) == [.glyph])
        #expect(frame.glyphAtlas != nil)
        let image = try backend.render(frame)
        for y in [25, 45, 65] {
            #expect(image[50, y] == SIMD4(0, 0, 255, 255), "stem at y = \(y)")
        }
        #expect(image[35, 45] == SIMD4(255, 255, 255, 255), "left of the stem")
        #expect(image[65, 45] == SIMD4(255, 255, 255, 255), "right of the stem")
        #expect(image[50, 90] == SIMD4(255, 255, 255, 255), "below the baseline")
        // The stem's edges are antialiased: some pixel in the row is strictly between.
        let row = (30...70).map { image[$0, 45].x }
        #expect(row.contains { $0 > 0 && $0 < 255 }, "antialiased edge")
    }

    static func glyphsFollowTheLayerTransform(_ backend: any RenderBackend) throws {
        // Rotated a quarter turn about the centre, the stem lies horizontally.
        let frame = try SceneEvaluator().frame(for: Self.textScene("I", size: 80, transform: LayerTransform(rotation: .pi / 2)), at: 0)
        let image = try backend.render(frame)
        #expect(image[50, 50] == SIMD4(0, 0, 255, 255))
        #expect(image[30, 50] == SIMD4(0, 0, 255, 255), "the stem runs along x")
        #expect(image[50, 30] == SIMD4(255, 255, 255, 255))
    }
}
