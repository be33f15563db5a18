import LayerFX
@testable import LayerFXCPU
import LayerFXTestSupport
import Testing

/// Tile compositing does not draw images: an image that touches the frame
/// ends a run of tiled circles and shapes (as a polygon band does; glyphs
/// no longer do), and a frame holding one is never composited in tiles
/// whole (on the CPU or the GPU); the runs on either side are.
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
        #expect(!TileBins.tiledKinds.contains(.image))
        // Two runs, one on each side of the image, which counts among the primitives touching the frame.
        let runs = TiledRuns(frame: frame, compositing: .tiles).runs
        #expect(runs.map(\.items) == [0...599, 601...1200])
        #expect(runs.count == 2 && runs[0].touching.upperBound < runs[1].touching.lowerBound)
        // The CPU composites the two runs in tiles, not the frame.
        let statistics = TileStatistics()
        let tiles = try CPURenderer(compositing: .tiles, tileStatistics: statistics).render(frame)
        #expect(statistics.frames == 0)
        let ordered = try CPURenderer(compositing: .ordered).render(frame)
        let difference = ImageDifference(tiles, ordered)
        print("600 ripples, an image, 600 ripples, tiles against the ordered path: \(difference)")
        #expect(difference.max > 0 && difference.max <= 4)
    }

    /// An image that touches no pixel does not end a run (the CPU's list
    /// of prepared primitives leaves it out, as `TiledRuns` does).
    @Test func anImageOffTheFrameDoesNotEndARun() throws {
        let field = try SceneEvaluator().frame(for: RippleField(count: 600, width: 320, height: 240).scene(), at: 0)
        let circles = field.circles
        #expect(field.instances.isEmpty && circles.count == 600)
        let offFrame = PrimitiveInstance.image(rect: SIMD4(-100, 50, 20, 15), transform: SIMD4(1, 0, 0, 1),
                                               translation: .zero, index: 0, mapping: SIMD4(-120, 35, 0.05, 0.067),
                                               tint: SIMD4(1, 1, 1, 1), opacity: 1)
        let frame = Frame(width: 320, height: 240, background: SIMD4(1, 1, 1, 1), circles: circles,
                          instances: [offFrame], runs: [DrawRun(.circles, 0..<300), DrawRun(.instances, 0..<1),
                                                        DrawRun(.circles, 300..<600)],
                          images: [ImagePixelTests.quad])
        let runs = TiledRuns(frame: frame, compositing: .tiles).runs
        #expect(runs.map(\.items) == [0...600] && runs.first?.touching == 0..<600)
    }

    /// The GPU does not composite the frame whole in tiles either: it
    /// composites the two runs with its compute pass (within 2/255 of the
    /// CPU's tiles) and draws the image between them in order.
    @Test(.requiresGPU) func theGPUDrawsTheImageBetweenTiledRuns() throws {
        let frame = try Self.frame()
        let gpu = try GPURenderer()
        gpu.compositing = .tiles
        let computed = try gpu.render(frame), ordered = try gpu.renderInOrder(frame)
        let tiles = try CPURenderer(compositing: .tiles).render(frame)
        let difference = ImageDifference(computed, tiles)
        print("600 ripples, an image, 600 ripples, GPU compute against CPU tiles: \(difference)")
        #expect(difference.max <= 2)
        #expect(computed.bytes != ordered.bytes)
    }
}
