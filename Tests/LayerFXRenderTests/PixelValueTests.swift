import LayerFX
import LayerFXTestSupport
import Testing

/// Exact pixel values for scenes whose answer is known, on each backend: the
/// checks are written once, and `onTheCPU` and `onTheGPU` run each of them
/// (`onTheGPU` is reported skipped where no GPU renderer opens).
@Suite(.serialized)
struct PixelValueTests {
    /// The checks below, each run on both backends.
    static let checks: [BackendCheck] = [
        BackendCheck("opaqueFillCentreEdgeAndOutside", opaqueFillCentreEdgeAndOutside),
        BackendCheck("translucentFillIsPremultipliedSourceOver", translucentFillIsPremultipliedSourceOver),
        BackendCheck("layerOpacityMultipliesFill", layerOpacityMultipliesFill),
        BackendCheck("ringCoversItsBandOnly", ringCoversItsBandOnly),
        BackendCheck("masksToBoundsClipsSublayers", masksToBoundsClipsSublayers),
        BackendCheck("renderingIsDeterministic", renderingIsDeterministic),
    ]

    @Test(arguments: checks) func onTheCPU(_ check: BackendCheck) throws { try check.run(CPURenderer()) }

    @Test(.requiresGPU, arguments: checks) func onTheGPU(_ check: BackendCheck) throws {
        try check.run(GPUAvailability.renderer.get())
    }

    static func scene(_ layers: [Layer], size: Double = 40, background: Color = .clear) -> Scene {
        Scene(size: Size(width: size, height: size), backgroundColor: background, layers: layers)
    }

    static func circle(_ cx: Double, _ cy: Double, _ r: Double, fill: Color?, stroke: Color? = nil,
                       lineWidth: Double = 1) -> Layer {
        var p = LayerProperties()
        p.path = ShapePath([.ellipse(in: Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r))])
        p.fillColor = fill; p.strokeColor = stroke; p.lineWidth = lineWidth
        return Layer(kind: .shape, properties: p)
    }

    static func opaqueFillCentreEdgeAndOutside(_ backend: any RenderBackend) throws {
        let scene = Self.scene([Self.circle(20, 20.5, 10.5, fill: Color(red: 1, green: 0, blue: 0))],
                               background: .black)
        let image = try backend.render(try SceneEvaluator().frame(for: scene, at: 0))
        #expect(image[20, 20] == SIMD4(255, 0, 0, 255))
        #expect(image[2, 2] == SIMD4(0, 0, 0, 255))
        // Pixel (30, 20): its centre 30.5 lies on the edge → half covered (0.5 · 255 → 128).
        #expect(image[30, 20] == SIMD4(128, 0, 0, 255))
        // Pixel (29, 20): centre half a pixel inside → fully covered; (31, 20) half a pixel outside → empty.
        #expect(image[29, 20] == SIMD4(255, 0, 0, 255))
        #expect(image[31, 20] == SIMD4(0, 0, 0, 255))
    }

    static func translucentFillIsPremultipliedSourceOver(_ backend: any RenderBackend) throws {
        // 50 % blue → premultiplied (0, 0, 128, 128) in 8 bits (127.5 rounds to even);
        // over white: 255 · (255 − 128) / 255 = 127 → (127, 127, 255).
        let scene = Self.scene([Self.circle(20, 20, 15, fill: Color(red: 0, green: 0, blue: 1, alpha: 0.5))],
                               background: .white)
        let image = try backend.render(try SceneEvaluator().frame(for: scene, at: 0))
        #expect(image[20, 20] == SIMD4(127, 127, 255, 255))
    }

    static func layerOpacityMultipliesFill(_ backend: any RenderBackend) throws {
        var layer = Self.circle(20, 20, 15, fill: Color(red: 0, green: 1, blue: 0))
        layer.properties.opacity = 0.25
        let image = try backend.render(try SceneEvaluator().frame(for: Self.scene([layer]), at: 0))
        // Premultiplied: green 0.25 → 64, alpha 64.
        #expect(image[20, 20] == SIMD4(0, 64, 0, 64))
    }

    static func ringCoversItsBandOnly(_ backend: any RenderBackend) throws {
        let scene = Self.scene([Self.circle(20, 20, 12, fill: nil, stroke: .black, lineWidth: 4)],
                               background: .white)
        let image = try backend.render(try SceneEvaluator().frame(for: scene, at: 0))
        #expect(image[20, 20] == SIMD4(255, 255, 255, 255), "centre stays white")
        #expect(image[32, 20] == SIMD4(0, 0, 0, 255), "on the ring")
        #expect(image[20, 8] == SIMD4(0, 0, 0, 255), "top of the ring")
    }

    static func masksToBoundsClipsSublayers(_ backend: any RenderBackend) throws {
        var host = Layer()
        host.properties.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
        host.properties.position = Point(x: 20, y: 20)
        host.properties.masksToBounds = true
        host.sublayers = [Self.circle(10, 10, 30, fill: Color(red: 1, green: 0, blue: 0))]
        let image = try backend.render(try SceneEvaluator().frame(for: Self.scene([host]), at: 0))
        #expect(image[20, 20] == SIMD4(255, 0, 0, 255), "inside the clip")
        #expect(image[5, 20] == SIMD4(0, 0, 0, 0), "left of the clip")
        #expect(image[20, 35] == SIMD4(0, 0, 0, 0), "below the clip")
    }

    static func renderingIsDeterministic(_ backend: any RenderBackend) throws {
        let frame = try SceneEvaluator().frame(for: try Fixtures.scene("12-translucency.json"), at: 0)
        let first = try PNGEncoder.encode(backend.render(frame))
        let second = try PNGEncoder.encode(backend.render(frame))
        #expect(first == second)
    }
}
