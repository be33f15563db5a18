import LayerFX
@testable import LayerFXEvaluation
import LayerFXTestSupport
import Testing

/// `maskMode`: a mask's alpha or luminance, either inverted, on both
/// backends, with exact pixel values.
@Suite(.serialized)
struct MaskModeTests {
    /// The checks below, each run on both backends.
    static let checks: [BackendCheck] = [
        BackendCheck("alphaInvertedShowsTheLayerWhereTheMaskIsClear", alphaInvertedShowsTheLayerWhereTheMaskIsClear),
        BackendCheck("luminanceIsTheLumaOfThePremultipliedMask", luminanceIsTheLumaOfThePremultipliedMask),
        BackendCheck("luminanceInvertedIsOneMinusTheLuma", luminanceInvertedIsOneMinusTheLuma),
        BackendCheck("translucentWhiteIsItsAlphaAsLuminance", translucentWhiteIsItsAlphaAsLuminance),
        BackendCheck("anInvertedMaskThatDrawsNothingShowsTheWholeLayer", anInvertedMaskThatDrawsNothingShowsTheWholeLayer),
        BackendCheck("anImageMasksInEveryMode", anImageMasksInEveryMode),
    ]

    @Test(arguments: checks) func onTheCPU(_ check: BackendCheck) throws { try check.run(CPURenderer()) }

    @Test(.requiresGPU, arguments: checks) func onTheGPU(_ check: BackendCheck) throws {
        try check.run(GPUAvailability.renderer.get())
    }

    /// The compiled scene's frames carry the modes as the walk of the layer values does.
    @Test func compiledFramesAreTheWalksFrames() throws {
        let scene = try Fixtures.scene("39-mask-modes.json")
        for time in [0, 0.5] {
            CompiledSceneTests.expectSameFrame(try SceneEvaluator().frame(for: scene, at: time),
                                               try SceneEvaluator().referenceFrame(for: scene, at: time), "t=\(time)")
        }
    }

    static let blue = Color(red: 0, green: 0, blue: 1)

    /// A 40×40 opaque blue layer masked by a 20×20 square of `color` at
    /// (10, 10) in `mode`.
    static func maskedBlue(_ mode: MaskMode, mask color: Color) -> Scene {
        var layer = OffscreenLayerTests.container([OffscreenLayerTests.square(0, 0, 40, blue)],
                                                  mask: OffscreenLayerTests.square(10, 10, 20, color))
        layer.properties.maskMode = mode
        return PixelValueTests.scene([layer])
    }

    /// The frame of `scene` at 0 and its pixels on `backend`.
    static func render(_ scene: Scene, _ backend: any RenderBackend) throws -> (Frame, PixelBuffer) {
        let frame = try SceneEvaluator().frame(for: scene, at: 0)
        return (frame, try backend.render(frame))
    }

    static func alphaInvertedShowsTheLayerWhereTheMaskIsClear(_ backend: any RenderBackend) throws {
        // The mask's red at alpha 0.5 is stored as alpha 128 (127.5, ties to
        // even): coverage (255 − 128)/255 inside it, 1 outside.
        let (frame, image) = try render(maskedBlue(.alphaInverted, mask: Color(red: 1, green: 0, blue: 0, alpha: 0.5)),
                                        backend)
        #expect(frame.instances.map(\.kind) == [.beginLayer, .roundedRect, .beginMask, .roundedRect, .composite])
        let composite = try #require(frame.instances.last)
        #expect(composite.maskCoverage == .alphaInverted)
        // The whole layer, not the mask's square: where the mask draws nothing it covers fully.
        #expect(composite.shape == SIMD4(0, 0, 40, 40))
        #expect(image[20, 20] == SIMD4(0, 0, 127, 127), "inside the mask")
        #expect(image[2, 2] == SIMD4(0, 0, 255, 255) && image[37, 37] == SIMD4(0, 0, 255, 255), "outside it")
    }

    static func luminanceIsTheLumaOfThePremultipliedMask(_ backend: any RenderBackend) throws {
        // Orange (1, 0.5, 0) is stored as (255, 128, 0): luma (2126·255 +
        // 7152·128)/2550000 = 0.571602, 145.76 of 255 → 146. Outside the mask,
        // clear, the luma is 0: nothing shows, and the composite keeps to the
        // mask's quad (its square and 2 px of antialiasing).
        let (frame, image) = try render(maskedBlue(.luminance, mask: Color(red: 1, green: 0.5, blue: 0)), backend)
        let composite = try #require(frame.instances.last)
        #expect(composite.maskCoverage == .luminance)
        #expect(composite.shape == SIMD4(8, 8, 32, 32))
        #expect(image[20, 20] == SIMD4(0, 0, 146, 146))
        #expect(image[2, 2] == SIMD4(0, 0, 0, 0))
    }

    static func luminanceInvertedIsOneMinusTheLuma(_ backend: any RenderBackend) throws {
        // 1 − 0.571602 = 0.428398, 109.24 of 255 → 109; outside the mask, 1.
        let (frame, image) = try render(maskedBlue(.luminanceInverted, mask: Color(red: 1, green: 0.5, blue: 0)),
                                        backend)
        #expect(frame.instances.last?.maskCoverage == .luminanceInverted)
        #expect(image[20, 20] == SIMD4(0, 0, 109, 109))
        #expect(image[2, 2] == SIMD4(0, 0, 255, 255))
    }

    static func translucentWhiteIsItsAlphaAsLuminance(_ backend: any RenderBackend) throws {
        // White at alpha 0.5 is (128, 128, 128, 128) premultiplied: the luma
        // of the mask over black, 128/255, as its alpha would give.
        let white = Color(red: 1, green: 1, blue: 1, alpha: 0.5)
        let (_, luminance) = try render(maskedBlue(.luminance, mask: white), backend)
        let (_, alpha) = try render(maskedBlue(.alpha, mask: white), backend)
        #expect(luminance[20, 20] == SIMD4(0, 0, 128, 128))
        #expect(alpha[20, 20] == luminance[20, 20])
    }

    static func anInvertedMaskThatDrawsNothingShowsTheWholeLayer(_ backend: any RenderBackend) throws {
        // A hidden mask draws nothing: an inverted mask then covers
        // everything, so the layer is drawn as if unmasked (no offscreen
        // layer at all); an alpha or luminance mask hides it all.
        for mode in MaskMode.allCases {
            var scene = maskedBlue(mode, mask: .white)
            scene.layers[0].mask?.properties.isHidden = true
            let (frame, image) = try render(scene, backend)
            if mode.isInverted {
                #expect(frame.instances.map(\.kind) == [.roundedRect], "\(mode)")
                #expect(image[20, 20] == SIMD4(0, 0, 255, 255), "\(mode)")
            } else {
                #expect(frame.instances.isEmpty, "\(mode)")
                #expect(image[20, 20] == SIMD4(0, 0, 0, 0), "\(mode)")
            }
        }
    }

    static func anImageMasksInEveryMode(_ backend: any RenderBackend) throws {
        // The 2×2 quad image (red, green / blue, white) stretched over the
        // 20×20 mask square: 10 px a texel, so pixels within 5 px of a
        // corner take the corner's texel alone. Its luma: red 0.2126 (54.2 of
        // 255 → 54), green 0.7152 (182.4 → 182), blue 0.0722 (18.4 → 18),
        // white 1; inverted 201, 73, 237, 0; its alpha is 1 everywhere.
        let expected: [(MaskMode, [UInt8])] = [(.alpha, [255, 255, 255, 255]), (.alphaInverted, [0, 0, 0, 0]),
                                               (.luminance, [54, 182, 18, 255]), (.luminanceInverted, [201, 73, 237, 0])]
        for (mode, values) in expected {
            var layer = OffscreenLayerTests.container([OffscreenLayerTests.square(0, 0, 40, blue)],
                                                      mask: ImagePixelTests.imageLayer(size: 20, position: Point(x: 20, y: 20)))
            layer.properties.maskMode = mode
            let (frame, image) = try render(PixelValueTests.scene([layer]), backend)
            #expect(frame.instances.map(\.kind) == [.beginLayer, .roundedRect, .beginMask, .image, .composite], "\(mode)")
            let pixels = [image[12, 12], image[27, 12], image[12, 27], image[27, 27]]
            #expect(pixels == values.map { SIMD4(0, 0, $0, $0) }, "\(mode)")
        }
    }
}
