import LayerFX
@testable import LayerFXEvaluation
import LayerFXTestSupport
import Testing

/// Gradients of more stops than an instance holds (12 here): their stops in
/// the frame's stop table, exact pixel values on both backends.
@Suite(.serialized)
struct ManyStopGradientTests {
    /// The checks below, each run on both backends.
    static let checks: [BackendCheck] = [
        BackendCheck("axialTwelveStops", axialTwelveStops),
        BackendCheck("radialTwelveStops", radialTwelveStops),
        BackendCheck("conicTwelveStops", conicTwelveStops),
        BackendCheck("animatedTwelveColours", animatedTwelveColours),
    ]

    @Test(arguments: checks) func onTheCPU(_ check: BackendCheck) throws { try check.run(CPURenderer()) }

    @Test(.requiresGPU, arguments: checks) func onTheGPU(_ check: BackendCheck) throws {
        try check.run(GPUAvailability.renderer.get())
    }

    /// Twelve opaque stops at i/11 whose channels step by ±40 of 255 from
    /// one to the next, so that a colour a quarter, three eighths or any
    /// k/40 of the way between two stops is a whole number of 255ths.
    static let red: [Int] = [0, 40, 80, 120, 160, 200, 240, 200, 160, 120, 80, 40]
    static func bytes(_ i: Int, reversed: Bool = false) -> SIMD3<Int> {
        let r = red[reversed ? 11 - i : i]
        return SIMD3(r, 240 - r, (reversed ? 11 - i : i) % 2 * 40)
    }
    static func colors(reversed: Bool = false) -> [Color] {
        (0..<12).map { i in
            let c = bytes(i, reversed: reversed)
            return Color(red: Double(c.x) / 255, green: Double(c.y) / 255, blue: Double(c.z) / 255)
        }
    }

    /// Opaque stops `a` and `b` mixed `k`/40 of the way, as pixel bytes.
    static func mix(_ a: SIMD3<Int>, _ b: SIMD3<Int>, _ k: Int) -> SIMD4<UInt8> {
        let c = a &+ (b &- a) &* k / 40
        return SIMD4(UInt8(c.x), UInt8(c.y), UInt8(c.z), 255)
    }

    /// A 241 × 241 gradient centred on the centre of pixel (120, 120), its
    /// radius 110 px (to the end point (230.5, 230.5) for radial, 110 px to
    /// the right for conic).
    static func centred(_ type: GradientType) -> Scene {
        let end = type == .radial ? Point(x: 230.5 / 241, y: 230.5 / 241) : Point(x: 1, y: 0.5)
        return GradientTests.gradient(type, colors: colors(), start: Point(x: 0.5, y: 0.5), end: end,
                                      size: Size(width: 241, height: 241))
    }

    static func axialTwelveStops(_ backend: any RenderBackend) throws {
        // 220 px wide: stop i at x = 20i; the centre of pixel 20i + 4 is 4.5/20 = 9/40 of the way to stop i + 1.
        let scene = GradientTests.gradient(.axial, colors: colors(), start: Point(x: 0, y: 0.5), end: Point(x: 1, y: 0.5),
                                           size: Size(width: 220, height: 10))
        let frame = try SceneEvaluator().frame(for: scene, at: 0)
        #expect(frame.gradientStops.count == 12)
        #expect(frame.instances.map(\.gradientTableRange) == [0..<12])
        #expect(frame.gradientStops[7] == GradientStop(location: Float(7.0 / 11), color: 0xFF28_28C8))
        let image = try backend.render(frame)
        for i in 0..<11 {
            #expect(image[20 * i + 4, 5] == mix(bytes(i), bytes(i + 1), 9), "stop \(i)")
        }
        #expect(image[219, 5] == mix(bytes(10), bytes(11), 39))
    }

    static func radialTwelveStops(_ backend: any RenderBackend) throws {
        // Along the centre row, stop i is 10i px out; 3 px further is 12/40 of the way to the next.
        let image = try backend.render(try SceneEvaluator().frame(for: centred(.radial), at: 0))
        for i in 0..<11 {
            let expected = mix(bytes(i), bytes(i + 1), 12)
            #expect(image[120 + 10 * i + 3, 120] == expected && image[120 - 10 * i - 3, 120] == expected, "stop \(i)")
        }
        #expect(image[235, 120] == mix(bytes(11), bytes(11), 0), "beyond the last stop")
    }

    static func conicTwelveStops(_ backend: any RenderBackend) throws {
        // An eighth of a turn clockwise from +x is t = 1/8, 15/40 of the way
        // from stop 1 (1/11) to stop 2; a quarter (down) 30/40 from stop 2; a
        // half (left) 20/40 from stop 5; three quarters (up) 10/40 from stop 8.
        let image = try backend.render(try SceneEvaluator().frame(for: centred(.conic), at: 0))
        #expect(image[170, 170] == mix(bytes(1), bytes(2), 15))
        #expect(image[120, 170] == mix(bytes(2), bytes(3), 30))
        #expect(image[70, 120] == mix(bytes(5), bytes(6), 20))
        #expect(image[120, 70] == mix(bytes(8), bytes(9), 10))
    }

    static func animatedTwelveColours(_ backend: any RenderBackend) throws {
        // `colors` animated from the twelve to them reversed: at half time
        // every stop is the mean of the two, 9/40 of the way at pixel 20i + 4.
        var scene = GradientTests.gradient(.axial, colors: colors(), start: Point(x: 0, y: 0.5), end: Point(x: 1, y: 0.5),
                                           size: Size(width: 220, height: 10))
        var timing = MediaTiming()
        timing.duration = 1
        let reverse = AnimationKind.basic(from: .colors(colors()), to: .colors(colors(reversed: true)), by: nil)
        scene.layers[0].animations = [Animation(keyPath: .colors, kind: reverse, timing: timing)]
        let frame = try SceneEvaluator().frame(for: scene, at: 0.5)
        // The compiled channels give the frame the walk of the layer values gives.
        let walked = try SceneEvaluator().referenceFrame(for: scene, at: 0.5)
        #expect(frame.instances == walked.instances && frame.gradientStops == walked.gradientStops)
        let image = try backend.render(frame)
        func mean(_ i: Int) -> SIMD3<Int> { (bytes(i) &+ bytes(i, reversed: true)) / 2 }
        for i in 0..<11 {
            #expect(image[20 * i + 4, 5] == mix(mean(i), mean(i + 1), 9), "stop \(i)")
        }
    }
}
