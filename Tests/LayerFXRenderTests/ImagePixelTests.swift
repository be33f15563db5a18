import LayerFX
import LayerFXTestSupport
import Testing

/// Exact pixel values of layer contents images, on each backend: a 2×2
/// image scaled up 50 times has known bilinear values at known pixels, and
/// rotation, scale, opacity, clips, masks and replicator tints act on it as
/// on any layer content.
@Suite(.serialized)
struct ImagePixelTests {
    static let checks: [BackendCheck] = [
        BackendCheck("scaledUpQuadHasKnownBilinearValues", scaledUpQuadHasKnownBilinearValues),
        BackendCheck("halfCoveredEdgesAreAntialiased", halfCoveredEdgesAreAntialiased),
        BackendCheck("opacityMultipliesTheImage", opacityMultipliesTheImage),
        BackendCheck("rotationTurnsTheImage", rotationTurnsTheImage),
        BackendCheck("scaleStretchesTheImage", scaleStretchesTheImage),
        BackendCheck("clipsCutTheImage", clipsCutTheImage),
        BackendCheck("maskMultipliesTheImage", maskMultipliesTheImage),
        BackendCheck("replicatorTintsTheImage", replicatorTintsTheImage),
        BackendCheck("translucentTexelsArePremultipliedSourceOver", translucentTexelsArePremultipliedSourceOver),
        BackendCheck("contentsLieBetweenBackgroundAndSublayers", contentsLieBetweenBackgroundAndSublayers),
    ]

    @Test(arguments: checks) func onTheCPU(_ check: BackendCheck) throws { try check.run(CPURenderer()) }

    @Test(.requiresGPU, arguments: checks) func onTheGPU(_ check: BackendCheck) throws {
        try check.run(GPUAvailability.renderer.get())
    }

    /// Opaque red, green / blue, white.
    static let quad = ContentsImage(width: 2, height: 2, premultipliedBytes: [255, 0, 0, 255, 0, 255, 0, 255,
                                                                              0, 0, 255, 255, 255, 255, 255, 255])

    /// A layer showing `image` in `bounds`' size, at `position`.
    static func imageLayer(_ image: ContentsImage = quad, size: Double = 100, position: Point = Point(x: 50, y: 50))
        -> Layer {
        var p = LayerProperties()
        p.bounds = Rect(x: 0, y: 0, width: size, height: size)
        p.position = position
        p.contents = image
        return Layer(properties: p)
    }

    static func render(_ layers: [Layer], width: Double = 100, background: Color = .clear,
                       on backend: any RenderBackend) throws -> PixelBuffer {
        let scene = Scene(size: Size(width: width, height: 100), backgroundColor: background, layers: layers)
        return try backend.render(try SceneEvaluator().frame(for: scene, at: 0))
    }

    /// Pixel x's centre samples the image at texel coordinate (x + 0.5) / 50
    /// − 0.5, clamped to 0…1: the four texels themselves up to pixel 24 and
    /// from pixel 75, blends between.
    static func scaledUpQuadHasKnownBilinearValues(_ backend: any RenderBackend) throws {
        let image = try render([imageLayer()], on: backend)
        #expect(image[10, 10] == SIMD4(255, 0, 0, 255))
        #expect(image[90, 10] == SIMD4(0, 255, 0, 255))
        #expect(image[10, 90] == SIMD4(0, 0, 255, 255))
        #expect(image[90, 90] == SIMD4(255, 255, 255, 255))
        // A quarter of the way from red to green: 0.75 · 255 = 191.25, 0.25 · 255 = 63.75.
        #expect(image[37, 10] == SIMD4(191, 64, 0, 255))
        #expect(image[62, 10] == SIMD4(64, 191, 0, 255))
        #expect(image[10, 37] == SIMD4(191, 0, 64, 255))
        // Weights 0.51 each way: red 0.49² + 0.51² = 0.5002 → 128, green and blue 0.51 → 130.
        #expect(image[50, 50] == SIMD4(128, 130, 130, 255))
    }

    /// The image's left edge on pixel 5's centre covers it half (0.5 · 255 =
    /// 127.5 rounds to even: 128), the pixel before not at all.
    static func halfCoveredEdgesAreAntialiased(_ backend: any RenderBackend) throws {
        let image = try render([imageLayer(position: Point(x: 55.5, y: 50))], width: 110, on: backend)
        #expect(image[4, 10] == SIMD4(0, 0, 0, 0))
        #expect(image[5, 10] == SIMD4(128, 0, 0, 128))
        #expect(image[6, 10] == SIMD4(255, 0, 0, 255))
        #expect(image[105, 10] == SIMD4(0, 128, 0, 128))
        #expect(image[106, 10] == SIMD4(0, 0, 0, 0))
    }

    static func opacityMultipliesTheImage(_ backend: any RenderBackend) throws {
        var layer = imageLayer()
        layer.properties.opacity = 0.5
        let image = try render([layer], on: backend)
        #expect(image[10, 10] == SIMD4(128, 0, 0, 128))
        #expect(image[90, 90] == SIMD4(128, 128, 128, 128))
    }

    /// A quarter turn clockwise (y down): the top-left texel goes to the top right.
    static func rotationTurnsTheImage(_ backend: any RenderBackend) throws {
        var layer = imageLayer()
        layer.properties.transform = LayerTransform(rotation: .pi / 2)
        let image = try render([layer], on: backend)
        #expect(image[10, 10] == SIMD4(0, 0, 255, 255))
        #expect(image[90, 10] == SIMD4(255, 0, 0, 255))
        #expect(image[90, 90] == SIMD4(0, 255, 0, 255))
        #expect(image[10, 90] == SIMD4(255, 255, 255, 255))
    }

    /// Half as wide: the image spans x 25…75.
    static func scaleStretchesTheImage(_ backend: any RenderBackend) throws {
        var layer = imageLayer()
        layer.properties.transform = LayerTransform(scaleX: 0.5, scaleY: 1)
        let image = try render([layer], on: backend)
        #expect(image[20, 10] == SIMD4(0, 0, 0, 0))
        #expect(image[30, 10] == SIMD4(255, 0, 0, 255))
        #expect(image[70, 10] == SIMD4(0, 255, 0, 255))
        #expect(image[80, 10] == SIMD4(0, 0, 0, 0))
    }

    /// A 50-point layer with `masksToBounds` shows the image's top-left quarter only.
    static func clipsCutTheImage(_ backend: any RenderBackend) throws {
        var host = Layer()
        host.properties.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
        host.properties.position = Point(x: 25, y: 25)
        host.properties.masksToBounds = true
        host.sublayers = [imageLayer()]
        let image = try render([host], on: backend)
        #expect(image[10, 10] == SIMD4(255, 0, 0, 255))
        #expect(image[60, 10] == SIMD4(0, 0, 0, 0))
        #expect(image[10, 60] == SIMD4(0, 0, 0, 0))
    }

    /// A mask of alpha 0.5 over the left half: red · 128/255 → 128, nothing on the right.
    static func maskMultipliesTheImage(_ backend: any RenderBackend) throws {
        var layer = imageLayer()
        var mask = LayerProperties()
        mask.bounds = Rect(x: 0, y: 0, width: 50, height: 100)
        mask.position = Point(x: 25, y: 50)
        mask.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
        layer.mask = Layer(properties: mask)
        let image = try render([layer], on: backend)
        #expect(image[10, 10] == SIMD4(128, 0, 0, 128))
        #expect(image[90, 10] == SIMD4(0, 0, 0, 0))
    }

    /// `instanceColor` (1, 0.5, 0) multiplies the texels: green 0.5 → 127.5 → 128, no blue.
    static func replicatorTintsTheImage(_ backend: any RenderBackend) throws {
        var replicator = Layer(kind: .replicator)
        replicator.properties.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        replicator.properties.position = Point(x: 50, y: 50)
        replicator.properties.instanceColor = Color(red: 1, green: 0.5, blue: 0)
        replicator.sublayers = [imageLayer()]
        let image = try render([replicator], on: backend)
        #expect(image[10, 10] == SIMD4(255, 0, 0, 255))
        #expect(image[90, 10] == SIMD4(0, 128, 0, 255))
        #expect(image[10, 90] == SIMD4(0, 0, 0, 255))
        #expect(image[90, 90] == SIMD4(255, 128, 0, 255))
    }

    /// A premultiplied half blue texel (0, 0, 128, 128) over white: 255 · 127 / 255 = 127 added.
    static func translucentTexelsArePremultipliedSourceOver(_ backend: any RenderBackend) throws {
        let blue = ContentsImage(width: 1, height: 1, premultipliedBytes: [0, 0, 128, 128])
        let image = try render([imageLayer(blue)], background: .white, on: backend)
        #expect(image[50, 50] == SIMD4(127, 127, 255, 255))
    }

    /// Background, then contents, then sublayers: a clear texel shows the
    /// background, a sublayer covers the image.
    static func contentsLieBetweenBackgroundAndSublayers(_ backend: any RenderBackend) throws {
        let clearLeft = ContentsImage(width: 2, height: 1, premultipliedBytes: [0, 0, 0, 0, 0, 255, 0, 255])
        var layer = imageLayer(clearLeft)
        layer.properties.backgroundColor = Color(red: 1, green: 0, blue: 0)
        var sublayer = LayerProperties()
        sublayer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        sublayer.position = Point(x: 90, y: 90)
        sublayer.backgroundColor = Color(red: 0, green: 0, blue: 1)
        layer.sublayers = [Layer(properties: sublayer)]
        let image = try render([layer], on: backend)
        #expect(image[10, 50] == SIMD4(255, 0, 0, 255))
        #expect(image[90, 50] == SIMD4(0, 255, 0, 255))
        #expect(image[90, 90] == SIMD4(0, 0, 255, 255))
    }
}
