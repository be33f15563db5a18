import LayerFX
import LayerFXTestSupport
import Testing

/// CAGradientLayer paint: exact pixel values on both backends.
@Suite(.serialized)
struct GradientTests {
    /// The checks below, each run on both backends.
    static let checks: [BackendCheck] = [
        BackendCheck("axialBlackToWhite", axialBlackToWhite),
        BackendCheck("locationsHoldTheEndColoursOutsideTheirRange", locationsHoldTheEndColoursOutsideTheirRange),
        BackendCheck("radialIsTheFirstColourAtTheCentreAndTheLastBeyondTheEllipse", radialIsTheFirstColourAtTheCentreAndTheLastBeyondTheEllipse),
        BackendCheck("conicStartsTowardsTheEndPointAndTurnsClockwise", conicStartsTowardsTheEndPointAndTurnsClockwise),
    ]

    @Test(arguments: checks) func onTheCPU(_ check: BackendCheck) throws { try check.run(CPURenderer()) }

    @Test(.requiresGPU, arguments: checks) func onTheGPU(_ check: BackendCheck) throws {
        try check.run(GPUAvailability.renderer.get())
    }

    static func gradient(_ type: GradientType, colors: [Color], locations: NumberList? = nil,
                         start: Point, end: Point, size: Size) -> Scene {
        var p = LayerProperties()
        p.bounds = Rect(origin: .zero, size: size)
        p.position = Point(x: size.width / 2, y: size.height / 2)
        p.colors = colors
        p.locations = locations
        p.startPoint = start
        p.endPoint = end
        p.gradientType = type
        return Scene(size: size, layers: [Layer(kind: .gradient, properties: p)])
    }

    static func axialBlackToWhite(_ backend: any RenderBackend) throws {
        let scene = Self.gradient(.axial, colors: [.black, .white], start: Point(x: 0, y: 0.5),
                                  end: Point(x: 1, y: 0.5), size: Size(width: 100, height: 10))
        let image = try backend.render(try SceneEvaluator().frame(for: scene, at: 0))
        // Pixel centre x + 0.5 → t = (x + 0.5)/100 → 255·t, rounded (half to even).
        #expect(image[0, 5] == SIMD4(1, 1, 1, 255))      // 1.275
        #expect(image[50, 5] == SIMD4(129, 129, 129, 255))  // 128.775
        #expect(image[99, 5] == SIMD4(254, 254, 254, 255))  // 253.725
    }

    static func locationsHoldTheEndColoursOutsideTheirRange(_ backend: any RenderBackend) throws {
        let scene = Self.gradient(.axial, colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)],
                                  locations: [0.25, 0.75], start: Point(x: 0, y: 0.5), end: Point(x: 1, y: 0.5),
                                  size: Size(width: 100, height: 10))
        let image = try backend.render(try SceneEvaluator().frame(for: scene, at: 0))
        #expect(image[10, 5] == SIMD4(255, 0, 0, 255))
        #expect(image[90, 5] == SIMD4(0, 0, 255, 255))
        // Centre 49.5: t = 0.495 → u = 0.49 → red 0.51·255 = 130.05, blue 124.95.
        #expect(image[49, 5] == SIMD4(130, 0, 125, 255))
    }

    static func radialIsTheFirstColourAtTheCentreAndTheLastBeyondTheEllipse(_ backend: any RenderBackend) throws {
        let scene = Self.gradient(.radial, colors: [.white, Color(red: 0, green: 0, blue: 0, alpha: 0)],
                                  start: Point(x: 0.5, y: 0.5), end: Point(x: 1, y: 0.75),
                                  size: Size(width: 40, height: 40))
        let image = try backend.render(try SceneEvaluator().frame(for: scene, at: 0))
        // Radii 20 (x) and 10 (y) about (20, 20), t = |(dx/20, dy/10)|. White to
        // clear (0, 0, 0, 0) in straight alpha: alpha = 1 − t and the colour
        // darkens too, so the premultiplied channels are (1 − t)².
        #expect(image[19, 19] == SIMD4(227, 227, 227, 241))  // t = 0.0559
        #expect(image[0, 19] == SIMD4(0, 0, 0, 6))           // t = 0.9763
        #expect(image[29, 19] == SIMD4(70, 70, 70, 133))     // t = 0.4776
        #expect(image[19, 39] == SIMD4(0, 0, 0, 0))          // t = 1.95: beyond the ellipse
    }

    static func conicStartsTowardsTheEndPointAndTurnsClockwise(_ backend: any RenderBackend) throws {
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        let scene = Self.gradient(.conic, colors: [red, blue], start: Point(x: 0.5, y: 0.5),
                                  end: Point(x: 0.5, y: 0), size: Size(width: 40, height: 40))
        let image = try backend.render(try SceneEvaluator().frame(for: scene, at: 0))
        #expect(image[20, 2][0] > 240)     // just right of up: t ≈ 0 → red
        #expect(image[19, 2][2] > 240)     // just left of up: t ≈ 1 → blue
        // A quarter turn clockwise (right, t = 0.25) against three quarters (left, t = 0.75).
        #expect(abs(Int(image[38, 19][0]) - 191) <= 3)
        #expect(abs(Int(image[1, 20][0]) - 64) <= 3)
    }
}
