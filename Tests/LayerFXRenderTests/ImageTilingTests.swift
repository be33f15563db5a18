import LayerFX
@testable import LayerFXCPU
import LayerFXTestSupport
import Testing

/// Tile compositing does not draw images: an image ends a run of tiled
/// circles and shapes as a glyph does, and a frame holding one is never
/// composited in tiles whole (on the CPU or the GPU).
struct ImageTilingTests {
    /// 600 ripples, a layer showing an image, 600 more ripples.
    static func frame() throws -> Frame {
        let field = RippleField(count: 600, width: 320, height: 240).scene()
        var picture = LayerProperties()
        picture.bounds = Rect(x: 0, y: 0, width: 200, height: 150)
        picture.position = Point(x: 160, y: 120)
        picture.contents = ImagePixelTests.quad
        let layers = Array(field.layers.prefix(600)) + [Layer(properties: picture)] + Array(field.layers.suffix(600))
        return try SceneEvaluator().frame(for: Scene(size: field.size, backgroundColor: .white, layers: layers), at: 0)
    }

    @Test func anImageEndsATiledRun() throws {
        let frame = try Self.frame()
        let kinds = frame.runs.flatMap { run in
            run.kind == .circles ? Array(repeating: ShapeKind.ellipse, count: run.range.count)
                                 : frame.instances[run.range].map(\.kind)
        }
        let image = try #require(kinds.firstIndex(of: .image))
        #expect(image == 600 && kinds.count == 1201)
        #expect(TiledRuns(kinds: kinds).ends == [0: 600, 601: 1201])
        // The CPU composites the two runs in tiles, not the frame.
        let statistics = TileStatistics()
        let tiles = try CPURenderer(compositing: .tiles, tileStatistics: statistics).render(frame)
        #expect(statistics.frames == 0)
        let ordered = try CPURenderer().render(frame)
        let difference = ImageDifference(tiles, ordered)
        print("600 ripples, an image, 600 ripples, tiles against the ordered path: \(difference)")
        #expect(difference.max <= 4)
    }

    @Test(.requiresGPU) func theGPUDrawsAFrameWithAnImageInOrder() throws {
        let frame = try Self.frame()
        let gpu = try GPURenderer()
        gpu.compositing = .tiles
        #expect(try gpu.render(frame) == gpu.renderInOrder(frame))
    }
}
