import Foundation
import LayerFX
import LayerFXTestSupport
import Testing

/// Plain device circles take a path of their own on both backends
/// (`DeviceCircle`): which primitives qualify, what the per-circle constants
/// are, exact inside pixels, and agreement with the general ellipse shader.
struct CirclePathTests {
    static func circle(radius: Float = 20, transform: SIMD4<Float> = SIMD4(1, 0, 0, 1),
                       fill: SIMD4<Float> = SIMD4(1, 0, 0, 0.5), stroke: SIMD4<Float> = SIMD4(0, 0, 1, 1),
                       strokeWidth: Float = 2, opacity: Float = 1) -> PrimitiveInstance {
        PrimitiveInstance(transform: transform, translation: SIMD4(50, 40, Float(ShapeKind.ellipse.rawValue), strokeWidth),
                          shape: SIMD4(0, 0, radius, radius), shapeExtra: SIMD4(0, 0, opacity, 0),
                          fillColor: fill, strokeColor: stroke)
    }

    @Test func qualifyingPrimitivesAndTheirConstants() throws {
        // Rotated by 30° and scaled ×2: still a circle, of device radius 40.
        let c = Float(cos(Double.pi / 6)) * 2, s = Float(sin(Double.pi / 6)) * 2
        let circle = try #require(DeviceCircle(Self.circle(transform: SIMD4(c, s, -s, c), opacity: 0.5)))
        #expect(circle.geometry == SIMD4(50, 40, 40, 40.5))
        #expect(circle.ring == SIMD4(2.5, 4, 1, 42.5))        // h = 2 (2 px local width × 2)
        #expect(circle.reach == 42.5)
        #expect(circle.fill == SIMD4(0.25, 0, 0, 0.25))       // premultiplied × opacity
        #expect(circle.stroke == SIMD4(0, 0, 0.5, 0.5))
        // A sub-pixel circle fades with its diameter.
        let tiny = try #require(DeviceCircle(Self.circle(radius: 0.25, strokeWidth: 0)))
        #expect(tiny.fill == SIMD4(0.25, 0, 0, 0.25))
        #expect(tiny.ring == SIMD4(0.5, 0, 0, 0.75))
    }

    @Test func otherPrimitivesTakeTheGeneralPath() {
        #expect(DeviceCircle(Self.circle(transform: SIMD4(1, 0, 0, 1.5))) == nil)    // an ellipse on screen
        #expect(DeviceCircle(Self.circle(transform: SIMD4(1, 0, 0.3, 1))) == nil)    // sheared
        var oval = Self.circle()
        oval.shape.w = 10
        #expect(DeviceCircle(oval) == nil)
        var clipped = Self.circle()
        clipped.clipRadii.z = 1
        #expect(DeviceCircle(clipped) == nil)
        var gradient = Self.circle()
        gradient.paint0.x = 1
        #expect(DeviceCircle(gradient) == nil)
        var rect = Self.circle()
        rect.translation.z = Float(ShapeKind.roundedRect.rawValue)
        #expect(DeviceCircle(rect) == nil)
    }

    /// Inside the ring the CPU kernel blends the quantized fill once:
    /// (128, 0, 0, 128) over white is (255, 127, 127, 255).
    @Test func insidePixelsAreTheFillBlendedOnceOnTheCPU() throws {
        try Self.expectFillBlendedOnce(CPURenderer())
    }

    /// The GPU's circle path gives the same pixels.
    @Test(.requiresGPU) func insidePixelsAreTheFillBlendedOnceOnTheGPU() throws {
        try Self.expectFillBlendedOnce(GPUAvailability.renderer.get())
    }

    static func expectFillBlendedOnce(_ backend: any RenderBackend) throws {
        let frame = Frame(width: 100, height: 80, background: SIMD4(1, 1, 1, 1), primitives: [Self.circle()])
        let pixels = try backend.render(frame)
        #expect(pixels[50, 40] == SIMD4(255, 127, 127, 255))
        #expect(pixels[60, 45] == SIMD4(255, 127, 127, 255))
        #expect(pixels[50, 20] == SIMD4(0, 0, 255, 255))   // on the ring (y = 40 − 20)
        #expect(pixels[50, 17] == SIMD4(255, 255, 255, 255))   // outside
    }

    /// The circle formulas are the general shader's, rearranged: a circle drawn
    /// by the circle path and the same circle as a (barely) non-circular
    /// ellipse on the general path agree within the parity tolerance.
    @Test func circlePathAgreesWithTheGeneralEllipsePath() throws {
        for (radius, width) in [(Float(20.3), Float(2)), (6.7, 0.5), (3.2, 0), (0.4, 0.3)] {
            let circle = Self.circle(radius: radius, fill: SIMD4(0.2, 0.6, 0.3, 0.7), stroke: SIMD4(0.9, 0.1, 0.4, 0.8),
                                     strokeWidth: width, opacity: 0.9)
            var ellipse = circle
            ellipse.shape.w = radius * (1 + 1e-5)
            #expect(DeviceCircle(circle) != nil && DeviceCircle(ellipse) == nil)
            let frame = { (p: PrimitiveInstance) in
                Frame(width: 100, height: 80, background: SIMD4(1, 1, 1, 1), primitives: [p])
            }
            let diff = ImageDifference(try CPURenderer().render(frame(circle)), try CPURenderer().render(frame(ellipse)))
            #expect(diff.max <= ParityTests.maxTolerance, "r \(radius), width \(width): \(diff)")
        }
    }
}
