import LayerFX
@testable import LayerFXCPU
@testable import LayerFXGPU
import LayerFXTestSupport
import Testing

/// `Compositing.automatic`, the default: tiles where the primitives lie at
/// least `Compositing.automaticMinimumDepth` deep (`TileDepth`), in order
/// elsewhere, the same choice on both backends.
struct AutomaticCompositingTests {
    /// The ripple field of `count` circles on 320×240, evaluated at 0.
    static func field(_ count: Int) throws -> Frame {
        try SceneEvaluator().frame(for: RippleField(count: count, width: 320, height: 240).scene(), at: 0)
    }

    @Test func depthIsTheBoxesAreaOverTheirBoundingBox() {
        var depth = TileDepth()
        #expect(depth.mean == 0)
        // Two 10×10 boxes side by side (their box 20×10) and a 10×10 one on the first: 300 / 200.
        depth.add(PixelBox(minX: 0, maxX: 9, minY: 0, maxY: 9))
        depth.add(PixelBox(minX: 10, maxX: 19, minY: 0, maxY: 9))
        depth.add(SIMD4<Float>(0, 0, 10, 10), width: 100, height: 100)
        #expect(depth.mean == 1.5)
        // Clipped to the frame: a box reaching past the right edge counts its 5×10 inside; empty,
        // inverted and NaN boxes count nothing.
        depth.add(SIMD4<Float>(95, 0, 130, 10), width: 100, height: 100)
        depth.add(PixelBox(minX: 3, maxX: 2, minY: 0, maxY: 9))
        depth.add(SIMD4<Float>(.nan, 0, 10, 10), width: 100, height: 100)
        depth.add(SIMD4<Float>(200, 0, 300, 10), width: 100, height: 100)
        #expect(depth.mean == 350.0 / 1000)
    }

    /// A deep field is composited in tiles (byte for byte what `.tiles`
    /// draws, which differs from the ordered path), a shallow one in order.
    @Test func theCPUTilesDeepFramesAndDrawsShallowOnesInOrder() throws {
        for (count, deep) in [(1500, true), (40, false)] {
            let frame = try Self.field(count)
            #expect((TileDepth(of: frame).mean >= Compositing.automaticMinimumDepth) == deep, "\(count) ripples")
            let statistics = TileStatistics()
            let automatic = try CPURenderer(tileStatistics: statistics).render(frame)
            let tiles = try CPURenderer(compositing: .tiles).render(frame)
            let ordered = try CPURenderer(compositing: .ordered).render(frame)
            #expect(tiles.bytes != ordered.bytes, "\(count) ripples: the two paths differ")
            #expect(automatic.bytes == (deep ? tiles : ordered).bytes, "\(count) ripples")
            #expect(statistics.frames == (deep ? 1 : 0))
        }
    }

    /// A run between polygons is judged by its own depth: the deep field over
    /// a triangle is tiled, as `.tiles` draws it; a few ripples are not.
    @Test func runsAreTiledWhereTheyLieDeep() throws {
        for (count, deep) in [(1500, true), (40, false)] {
            let field = RippleField(count: count, width: 320, height: 240).scene()
            let under = TiledRunTests.triangle(160, 120, Color(red: 0.1, green: 0.6, blue: 0.3, alpha: 0.8))
            let frame = try SceneEvaluator().frame(for: Scene(size: field.size, backgroundColor: .white,
                                                              layers: [under] + field.layers), at: 0)
            let automatic = try CPURenderer().render(frame)
            let tiles = try CPURenderer(compositing: .tiles).render(frame)
            let ordered = try CPURenderer(compositing: .ordered).render(frame)
            #expect(tiles.bytes != ordered.bytes, "\(count) ripples: the two paths differ")
            #expect(automatic.bytes == (deep ? tiles : ordered).bytes, "\(count) ripples")
        }
    }

    /// The GPU makes the same choice: the deep field through the compute
    /// shader (what `.tiles` draws, within 1/255 of the CPU's tiles), in
    /// single frames and in sequences alike; the shallow one in order.
    @Test(.requiresGPU) func theGPUMakesTheSameChoiceInFramesAndSequences() throws {
        let gpu = try GPURenderer()
        #expect(gpu.compositing == .automatic)
        for (count, deep) in [(1500, true), (40, false)] {
            let frame = try Self.field(count)
            let automatic = try gpu.render(frame)
            gpu.compositing = .tiles
            let tiles = try gpu.render(frame)
            gpu.compositing = .automatic
            let ordered = try gpu.renderInOrder(frame)
            #expect(tiles.bytes != ordered.bytes, "\(count) ripples: the two paths differ")
            #expect(automatic.bytes == (deep ? tiles : ordered).bytes, "\(count) ripples")
            var sequence: [PixelBuffer] = []
            try gpu.renderSequence(count: 2, frame: { _ in frame }, deliver: { _, pixels in sequence.append(pixels) })
            #expect(sequence.count == 2 && sequence.allSatisfy { $0.bytes == automatic.bytes }, "\(count) ripples")
            let cpu = try CPURenderer().render(frame)
            let worst = zip(cpu.bytes, automatic.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= (deep ? 1 : 2), "\(count) ripples: GPU and CPU max \(worst)/255 apart")
        }
    }
}
