import LayerFX
import LayerFXTestSupport
import Testing

/// A gradient layer masked by a path (how a shape is filled with a gradient,
/// as Lottie gradient fills are imported) is drawn as the mask's polygon
/// bands painted with the gradient, with no offscreen layer, on both
/// backends: the same picture as through the offscreen layer.
@Suite(.serialized)
struct GradientMaskTests {
    /// The checks below, each run on both backends.
    static let checks: [BackendCheck] = [
        BackendCheck("aGradientMaskedByAPathPaintsThePathsBands", aGradientMaskedByAPathPaintsThePathsBands),
        BackendCheck("aGradientSmallerThanItsMaskClipsTheBands", aGradientSmallerThanItsMaskClipsTheBands),
        BackendCheck("masksThatMayOverlapStayOffscreen", masksThatMayOverlapStayOffscreen),
        BackendCheck("theGradientFillsSceneFoldsEveryLayer", theGradientFillsSceneFoldsEveryLayer),
    ]

    @Test(arguments: checks) func onTheCPU(_ check: BackendCheck) throws { try check.run(CPURenderer()) }

    @Test(.requiresGPU, arguments: checks) func onTheGPU(_ check: BackendCheck) throws {
        try check.run(GPUAvailability.renderer.get())
    }

    static let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)

    /// A black triangle (10, 5), (90, 5), (50, 55) in a 100×60 shape layer
    /// at the origin, or `triangles` of them moved right by 0, 20, 40 … each.
    static func triangles(_ count: Int = 1, color: Color = .black) -> Layer {
        var p = LayerProperties()
        p.bounds = Rect(x: 0, y: 0, width: 100, height: 60)
        p.position = Point(x: 50, y: 30)
        var elements: [PathElement] = []
        for k in 0..<count {
            let dx = 20 * Double(k)
            elements += [.move(Point(x: 10 + dx, y: 5)), .line(Point(x: 90 + dx, y: 5)),
                         .line(Point(x: 50 + dx, y: 55)), .close]
        }
        p.path = ShapePath([.elements(elements)])
        p.fillColor = color
        return Layer(kind: .shape, properties: p)
    }

    /// A red → blue axial gradient along x over `bounds` (in a 100×60 frame),
    /// masked by `mask` in `mode`.
    static func scene(bounds: Rect = Rect(x: 0, y: 0, width: 100, height: 60), mask: Layer,
                      mode: MaskMode = .alpha, colors: [Color] = [red, blue]) -> Scene {
        var p = LayerProperties()
        p.bounds = Rect(origin: .zero, size: bounds.size)
        p.position = Point(x: bounds.origin.x + bounds.size.width / 2, y: bounds.origin.y + bounds.size.height / 2)
        p.colors = colors
        p.startPoint = Point(x: 0, y: 0.5)
        p.endPoint = Point(x: 1, y: 0.5)
        p.maskMode = mode
        var mask = mask
        // The mask lies in the gradient layer's space: move it by the layer's origin.
        mask.properties.position.x -= bounds.origin.x
        mask.properties.position.y -= bounds.origin.y
        return Scene(size: Size(width: 100, height: 60), layers: [Layer(kind: .gradient, properties: p, mask: mask)])
    }

    /// The largest difference of any channel of any pixel.
    static func largestDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        zip(a.bytes, b.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    static func aGradientMaskedByAPathPaintsThePathsBands(_ backend: any RenderBackend) throws {
        let folded = try SceneEvaluator().frame(for: Self.scene(mask: Self.triangles()), at: 0)
        #expect(!folded.instances.isEmpty)
        #expect(folded.instances.allSatisfy { $0.kind == .path && $0.paint0.x == Float(PaintKind.axial.rawValue) })
        #expect(folded.instances.allSatisfy { $0.clipRadii.z == 0 }, "the gradient covers the triangle: no clip")
        let image = try backend.render(folded)
        // Centre 50.5: t = 0.505 → red 0.495·255 = 126.2, blue 128.8.
        #expect(image[50, 20] == SIMD4(126, 0, 129, 255))
        // Centre 30.5: t = 0.305 → red 177.2, blue 77.8.
        #expect(image[30, 10] == SIMD4(177, 0, 78, 255))
        #expect(image[10, 40] == SIMD4(0, 0, 0, 0), "outside the triangle")
        #expect(image[50, 2] == SIMD4(0, 0, 0, 0), "above it")
        // The same picture through an offscreen layer: a white luminance mask
        // covers as the black alpha mask does, and is never folded.
        let offscreen = try SceneEvaluator().frame(for: Self.scene(mask: Self.triangles(color: .white), mode: .luminance),
                                                   at: 0)
        #expect(offscreen.instances.first?.kind == .beginLayer)
        #expect(Self.largestDifference(image, try backend.render(offscreen)) <= 2)
    }

    static func aGradientSmallerThanItsMaskClipsTheBands(_ backend: any RenderBackend) throws {
        let bounds = Rect(x: 20, y: 10, width: 40, height: 30)
        let folded = try SceneEvaluator().frame(for: Self.scene(bounds: bounds, mask: Self.triangles()), at: 0)
        #expect(folded.instances.allSatisfy { $0.kind == .path && $0.clipRadii.z == 1 })
        let image = try backend.render(folded)
        #expect(image[15, 7] == SIMD4(0, 0, 0, 0), "in the triangle, left of and above the gradient")
        #expect(image[50, 42] == SIMD4(0, 0, 0, 0), "in the triangle, below the gradient")
        // Centre 40.5 is 20.5 into the 40-wide gradient: t = 0.5125 → red 124.3, blue 130.7.
        #expect(image[40, 20] == SIMD4(124, 0, 131, 255))
        let offscreen = try SceneEvaluator().frame(
            for: Self.scene(bounds: bounds, mask: Self.triangles(color: .white), mode: .luminance), at: 0)
        #expect(Self.largestDifference(image, try backend.render(offscreen)) <= 2)
    }

    static func masksThatMayOverlapStayOffscreen(_ backend: any RenderBackend) throws {
        // A half-transparent gradient, so that drawing it twice where the triangles overlap would show.
        let colors = [Color(red: 1, green: 0, blue: 0, alpha: 0.5), Color(red: 0, green: 0, blue: 1, alpha: 0.5)]
        // Two overlapping triangles in one path fill by the non-zero rule, once:
        // one polygon's bands, folded.
        let one = try SceneEvaluator().frame(for: Self.scene(mask: Self.triangles(2), colors: colors), at: 0)
        #expect(one.instances.allSatisfy { $0.kind == .path })
        // Two triangle layers: the second's bands start above the first's last, so they may share pixels.
        var container = LayerProperties()
        container.bounds = Rect(x: 0, y: 0, width: 100, height: 60)
        container.position = Point(x: 50, y: 30)
        var second = Self.triangles()
        second.properties.position.x += 20
        let two = Layer(properties: container, sublayers: [Self.triangles(), second])
        let frame = try SceneEvaluator().frame(for: Self.scene(mask: two, colors: colors), at: 0)
        #expect(frame.instances.first?.kind == .beginLayer)
        #expect(frame.instances.last?.kind == .composite)
        let image = try backend.render(frame)
        // Where the triangles overlap the gradient shows once: alpha 0.5 → 127.5 → 128 (ties to even).
        #expect(image[50, 20].w == 128)
        #expect(image[50, 20] == (try backend.render(one))[50, 20], "as where one path covers it")
        // An inverted mask is not folded either.
        let inverted = try SceneEvaluator().frame(for: Self.scene(mask: Self.triangles(), mode: .alphaInverted), at: 0)
        #expect(inverted.instances.first?.kind == .beginLayer)
    }

    static func theGradientFillsSceneFoldsEveryLayer(_ backend: any RenderBackend) throws {
        // Fills and strokes, axial and radial, rotated and stretched, stops in
        // the table, clipped by a smaller gradient, faded through a translucent mask.
        var scene = try Fixtures.scene("43-gradient-fills.json")
        scene.scale = 4
        var throughLayers = scene
        for i in throughLayers.layers.indices {
            throughLayers.layers[i].properties.maskMode = .luminance
            guard var mask = throughLayers.layers[i].mask else { continue }
            mask.properties.fillColor = mask.properties.fillColor.map { Color(red: 1, green: 1, blue: 1, alpha: $0.alpha) }
            mask.properties.strokeColor = mask.properties.strokeColor.map { _ in .white }
            throughLayers.layers[i].mask = mask
        }
        for time in [0, 0.5] {
            let folded = try SceneEvaluator().frame(for: scene, at: time)
            #expect(folded.instances.allSatisfy { $0.kind == .path && $0.paint0.x > 0 }, "t=\(time)")
            #expect(folded.instances.contains { $0.clipRadii.z == 1 } && folded.instances.contains { $0.gradientTableRange != nil })
            let offscreen = try SceneEvaluator().frame(for: throughLayers, at: time)
            #expect(offscreen.instances.filter { $0.kind == .composite }.count == 4)
            #expect(Self.largestDifference(try backend.render(folded), try backend.render(offscreen)) <= 2, "t=\(time)")
        }
    }

    /// A gradient of eight stops (held in the frame's stop table) whose
    /// colours change over a second, masked by the triangle, beside a still
    /// square: each frame of a CPU sequence redraws the triangle's rows and
    /// keeps the square's below it.
    @Test func aSequenceRedrawsABandWhoseTableStopsChange() throws {
        let colors = (0..<8).map { Color(red: Double($0) / 7, green: 0.5, blue: 1 - Double($0) / 7) }
        var scene = Self.scene(mask: Self.triangles(), colors: colors)
        let fade = Animation(keyPath: .colors, kind: .basic(from: .colors(colors), to: .colors(colors.reversed()), by: nil),
                             timing: { var t = MediaTiming(); t.duration = 1; return t }())
        scene.layers[0].animations = [fade]
        scene.size.height = 100
        var square = LayerProperties()
        square.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
        square.position = Point(x: 50, y: 85)
        square.backgroundColor = .black
        scene.layers.append(Layer(properties: square))
        let evaluator = SceneEvaluator()
        let frames = try (0..<6).map { try evaluator.frame(for: scene, at: Double($0) * 0.15) }
        #expect(frames.allSatisfy { $0.gradientStops.count == 8 && $0.instances.first?.kind == .path })
        try SequenceDamageTests.expectSequenceMatchesSingleFrames(frames, "animated table gradient")
        var damage = FrameDamage()
        damage.compare(frames[0])
        damage.compare(frames[1])
        #expect(!damage.damagesEverything)
        #expect(damage.isDamaged(rows: 20...20), "the triangle's rows")
        #expect(!damage.isDamaged(rows: 70...99), "the square's rows")
    }
}
