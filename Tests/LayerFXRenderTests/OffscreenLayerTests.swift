import LayerFX
import LayerFXTestSupport
import Testing

/// Masks, group opacity and deep clips, through offscreen layers on both backends.
@Suite(.serialized)
struct OffscreenLayerTests {
    /// The checks below, each run on both backends.
    static let checks: [BackendCheck] = [
        BackendCheck("groupOpacityFadesTheCompositeNotEachLayer", groupOpacityFadesTheCompositeNotEachLayer),
        BackendCheck("maskAlphaMultipliesTheLayer", maskAlphaMultipliesTheLayer),
        BackendCheck("clipsDeeperThanTwoNestOffscreenLayers", clipsDeeperThanTwoNestOffscreenLayers),
        BackendCheck("layersAwayFromTheOriginLandInPlace", layersAwayFromTheOriginLandInPlace),
        BackendCheck("markersWithAnyBoundsDrawWithinTheFrame", markersWithAnyBoundsDrawWithinTheFrame),
    ]

    @Test(arguments: checks) func onTheCPU(_ check: BackendCheck) throws { try check.run(CPURenderer()) }

    @Test(.requiresGPU, arguments: checks) func onTheGPU(_ check: BackendCheck) throws {
        try check.run(GPUAvailability.renderer.get())
    }

    static func square(_ x: Double, _ y: Double, _ side: Double, _ color: Color, opacity: Double = 1) -> Layer {
        var p = LayerProperties()
        p.bounds = Rect(x: 0, y: 0, width: side, height: side)
        p.position = Point(x: x + side / 2, y: y + side / 2)
        p.backgroundColor = color
        p.opacity = opacity
        return Layer(properties: p)
    }

    static func container(_ sublayers: [Layer], opacity: Double = 1, mask: Layer? = nil) -> Layer {
        var p = LayerProperties()
        p.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        p.position = Point(x: 20, y: 20)
        p.opacity = opacity
        return Layer(properties: p, sublayers: sublayers, mask: mask)
    }

    static func groupOpacityFadesTheCompositeNotEachLayer(_ backend: any RenderBackend) throws {
        // Red under green, both opaque, faded together to 0.5 over white: the
        // overlap shows green at half strength and no red (per-layer opacity
        // would let red show through green).
        let red = Color(red: 1, green: 0, blue: 0), green = Color(red: 0, green: 1, blue: 0)
        let scene = PixelValueTests.scene([Self.container([Self.square(0, 0, 30, red), Self.square(10, 10, 30, green)],
                                                          opacity: 0.5)], background: .white)
        let frame = try SceneEvaluator().frame(for: scene, at: 0)
        #expect(frame.instances.map(\.kind) == [.beginLayer, .roundedRect, .roundedRect, .composite])
        let image = try backend.render(frame)
        // Source 0.5 → 128 (ties to even), white behind → 255·127/255 = 127.
        #expect(image[5, 5] == SIMD4(255, 127, 127, 255), "red alone")
        #expect(image[20, 20] == SIMD4(127, 255, 127, 255), "green over red, faded as a group")
        #expect(image[35, 35] == SIMD4(127, 255, 127, 255), "green alone")
    }

    static func layersAwayFromTheOriginLandInPlace(_ backend: any RenderBackend) throws {
        // The faded group of red under green as above, moved to (50, 30) and
        // nested in a faded group of its own: each layer holds only the pixels
        // it covers, and they must come back where they were drawn.
        let red = Color(red: 1, green: 0, blue: 0), green = Color(red: 0, green: 1, blue: 0)
        var inner = Self.container([Self.square(0, 0, 30, red), Self.square(10, 10, 30, green)], opacity: 0.5)
        inner.properties.position = Point(x: 70, y: 50)
        var outer = Self.container([inner, Self.square(0, 0, 10, .black)])
        outer.properties.bounds = Rect(x: 0, y: 0, width: 120, height: 100)
        outer.properties.position = Point(x: 60, y: 50)
        outer.properties.opacity = 0.999
        let scene = Scene(size: Size(width: 120, height: 100), backgroundColor: .white, layers: [outer])
        let frame = try SceneEvaluator().frame(for: scene, at: 0)
        #expect(frame.instances.map(\.kind).filter { $0 == .beginLayer }.count == 2)
        let image = try backend.render(frame)
        // Through the outer group's 0.999 (255 → 255·0.999 = 254.7 → 255): the inner values as above.
        #expect(image[55, 35] == SIMD4(255, 127, 127, 255), "red alone")
        #expect(image[75, 55] == SIMD4(127, 255, 127, 255), "green over red, faded as a group")
        #expect(image[85, 65] == SIMD4(127, 255, 127, 255), "green alone")
        #expect(image[5, 5] == SIMD4(0, 0, 0, 255), "the outer layer's own square at its corner")
        #expect(image[45, 25] == SIMD4(255, 255, 255, 255) && image[95, 75] == SIMD4(255, 255, 255, 255))
    }

    static func markersWithAnyBoundsDrawWithinTheFrame(_ backend: any RenderBackend) throws {
        // A black square faded to 0.5 through a layer whose rectangle reaches
        // beyond the frame (the frame is what it covers) or is empty (nothing).
        let square = PrimitiveInstance(transform: SIMD4(1, 0, 0, 1), translation: SIMD4(0, 0, 1, 0),
                                       shape: SIMD4(8, 8, 4, 4), shapeExtra: SIMD4(0, 0, 1, 0),
                                       fillColor: SIMD4(0, 0, 0, 1), strokeColor: .zero)
        func frame(_ bounds: SIMD4<Float>) -> Frame {
            Frame(width: 16, height: 16, background: SIMD4(1, 1, 1, 1),
                  primitives: [.beginLayer(bounds: bounds), square, .composite(bounds: bounds, opacity: 0.5, mask: nil)])
        }
        for (bounds, centre) in [(SIMD4<Float>(-50, -50, 500, 500), SIMD4<UInt8>(127, 127, 127, 255)),
                                 (SIMD4(12, 12, 12, 12), SIMD4(255, 255, 255, 255))] {
            let image = try backend.render(frame(bounds))
            #expect(image[8, 8] == centre, "bounds \(bounds)")
            #expect(image[1, 1] == SIMD4(255, 255, 255, 255), "bounds \(bounds)")
        }
        // Non-finite or enormous rectangles (which evaluation never makes) draw or throw; they never trap.
        for bounds in [SIMD4<Float>(-.infinity, .nan, .infinity, .nan), SIMD4(-1e30, -1e30, 1e30, 1e30)] {
            _ = try? backend.render(frame(bounds))
        }
    }

    @Test func oneShapeTakesTheOpacityWithoutAnOffscreenLayer() throws {
        let scene = PixelValueTests.scene([Self.container([Self.square(0, 0, 30, .black)], opacity: 0.5)])
        let frame = try SceneEvaluator().frame(for: scene, at: 0)
        #expect(frame.instances.map(\.kind) == [.roundedRect])
        #expect(frame.instances[0].opacity == 0.5)
    }

    static func maskAlphaMultipliesTheLayer(_ backend: any RenderBackend) throws {
        // A 40×40 blue layer masked by a square of alpha 0.5 at (10…30): blue
        // at half strength inside the mask's square, nothing outside.
        var mask = Self.square(10, 10, 20, Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        mask.properties.opacity = 1
        let blue = Self.container([Self.square(0, 0, 40, Color(red: 0, green: 0, blue: 1))], mask: mask)
        let frame = try SceneEvaluator().frame(for: PixelValueTests.scene([blue]), at: 0)
        #expect(frame.instances.map(\.kind) == [.beginLayer, .roundedRect, .beginMask, .roundedRect, .composite])
        // Content (0…40) ∩ the mask's quad (10…30 plus the 2 px antialiasing margin).
        #expect(frame.instances[0].shape == SIMD4(8, 8, 32, 32))
        let image = try backend.render(frame)
        #expect(image[20, 20] == SIMD4(0, 0, 128, 128), "inside the mask")
        #expect(image[5, 5] == SIMD4(0, 0, 0, 0), "outside the mask")
        #expect(image[35, 20] == SIMD4(0, 0, 0, 0), "outside the mask")
    }

    @Test func anEmptyMaskHidesTheLayer() throws {
        let hidden = Self.container([Self.square(0, 0, 40, .black)], mask: Layer())
        #expect(try SceneEvaluator().frame(for: PixelValueTests.scene([hidden]), at: 0).runs.isEmpty)
    }

    static func clipsDeeperThanTwoNestOffscreenLayers(_ backend: any RenderBackend) throws {
        // Four nested masksToBounds squares with rounded corners (so they
        // cannot merge), 40, 30, 20 and 10 pt, centred: only the innermost
        // 15…25 square shows the black content.
        func clipping(_ side: Double, in parentSide: Double, _ sub: Layer) -> Layer {
            var p = LayerProperties()
            p.bounds = Rect(x: 0, y: 0, width: side, height: side)
            p.position = Point(x: parentSide / 2, y: parentSide / 2)
            p.cornerRadius = 2
            p.masksToBounds = true
            return Layer(properties: p, sublayers: [sub])
        }
        var content = Self.square(0, 0, 40, .black)
        content.properties.position = Point(x: 5, y: 5)
        let tree = clipping(40, in: 40, clipping(30, in: 40, clipping(20, in: 30, clipping(10, in: 20, content))))
        let frame = try SceneEvaluator().frame(for: PixelValueTests.scene([tree], background: .white), at: 0)
        #expect(frame.instances.map(\.kind) == [.beginLayer, .roundedRect, .composite])
        #expect(frame.instances[2].clipRadii.z == 2, "the composite carries the two outer clips")
        #expect(frame.instances[1].clipRadii.z == 2, "the content carries the two inner ones")
        let image = try backend.render(frame)
        #expect(image[20, 20] == SIMD4(0, 0, 0, 255), "inside every clip")
        #expect(image[17, 20] == SIMD4(0, 0, 0, 255), "inside every clip")
        #expect(image[13, 20] == SIMD4(255, 255, 255, 255), "outside the innermost clip")
        #expect(image[2, 2] == SIMD4(255, 255, 255, 255))
    }
}
