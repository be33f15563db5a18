import LayerFX
import Testing

/// Exact pixel values on both backends for scenes whose answer is known.
@Suite(.serialized)
struct PixelValueTests {
    static func backends() -> [(String, any RenderBackend)] {
        var list: [(String, any RenderBackend)] = [("cpu", CPURenderer())]
        if case .success(let gpu) = Fixtures.gpu { list.append(("gpu", gpu)) }
        return list
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

    @Test func opaqueFillCentreEdgeAndOutside() throws {
        let scene = Self.scene([Self.circle(20, 20.5, 10.5, fill: Color(red: 1, green: 0, blue: 0))],
                               background: .black)
        for (name, backend) in Self.backends() {
            let image = try backend.render(try SceneEvaluator().frame(for: scene, at: 0))
            #expect(image[20, 20] == SIMD4(255, 0, 0, 255), "\(name)")
            #expect(image[2, 2] == SIMD4(0, 0, 0, 255), "\(name)")
            // Pixel (30, 20): its centre 30.5 lies on the edge → half covered (0.5 · 255 → 128).
            #expect(image[30, 20] == SIMD4(128, 0, 0, 255), "\(name)")
            // Pixel (29, 20): centre half a pixel inside → fully covered; (31, 20) half a pixel outside → empty.
            #expect(image[29, 20] == SIMD4(255, 0, 0, 255), "\(name)")
            #expect(image[31, 20] == SIMD4(0, 0, 0, 255), "\(name)")
        }
    }

    @Test func translucentFillIsPremultipliedSourceOver() throws {
        // 50 % blue → premultiplied (0, 0, 128, 128) in 8 bits (127.5 rounds to even);
        // over white: 255 · (255 − 128) / 255 = 127 → (127, 127, 255).
        let scene = Self.scene([Self.circle(20, 20, 15, fill: Color(red: 0, green: 0, blue: 1, alpha: 0.5))],
                               background: .white)
        for (name, backend) in Self.backends() {
            let image = try backend.render(try SceneEvaluator().frame(for: scene, at: 0))
            #expect(image[20, 20] == SIMD4(127, 127, 255, 255), "\(name)")
        }
    }

    @Test func layerOpacityMultipliesFill() throws {
        var layer = Self.circle(20, 20, 15, fill: Color(red: 0, green: 1, blue: 0))
        layer.properties.opacity = 0.25
        let scene = Self.scene([layer])
        for (name, backend) in Self.backends() {
            let image = try backend.render(try SceneEvaluator().frame(for: scene, at: 0))
            // Premultiplied: green 0.25 → 64, alpha 64.
            #expect(image[20, 20] == SIMD4(0, 64, 0, 64), "\(name)")
        }
    }

    @Test func ringCoversItsBandOnly() throws {
        let scene = Self.scene([Self.circle(20, 20, 12, fill: nil, stroke: .black, lineWidth: 4)],
                               background: .white)
        for (name, backend) in Self.backends() {
            let image = try backend.render(try SceneEvaluator().frame(for: scene, at: 0))
            #expect(image[20, 20] == SIMD4(255, 255, 255, 255), "\(name): centre stays white")
            #expect(image[32, 20] == SIMD4(0, 0, 0, 255), "\(name): on the ring")
            #expect(image[20, 8] == SIMD4(0, 0, 0, 255), "\(name): top of the ring")
        }
    }

    @Test func masksToBoundsClipsSublayers() throws {
        var host = Layer()
        host.properties.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
        host.properties.position = Point(x: 20, y: 20)
        host.properties.masksToBounds = true
        host.sublayers = [Self.circle(10, 10, 30, fill: Color(red: 1, green: 0, blue: 0))]
        let scene = Self.scene([host])
        for (name, backend) in Self.backends() {
            let image = try backend.render(try SceneEvaluator().frame(for: scene, at: 0))
            #expect(image[20, 20] == SIMD4(255, 0, 0, 255), "\(name): inside the clip")
            #expect(image[5, 20] == SIMD4(0, 0, 0, 0), "\(name): left of the clip")
            #expect(image[20, 35] == SIMD4(0, 0, 0, 0), "\(name): below the clip")
        }
    }

    @Test func renderingIsDeterministic() throws {
        let scene = try Fixtures.scene("12-translucency.json")
        for (name, backend) in Self.backends() {
            let frame = try SceneEvaluator().frame(for: scene, at: 0)
            let first = try PNGEncoder.encode(backend.render(frame))
            let second = try PNGEncoder.encode(backend.render(frame))
            #expect(first == second, "\(name)")
        }
    }
}
