import LayerFX
import LayerFXTestSupport
import Testing

/// A polygon that leaves the frame draws, inside it, what it draws in a
/// frame wide enough to hold it all: the edges beyond the right side still
/// add their winding row by row (they once did so only at each band's first
/// row, which drew streaks from the frame's right side).
@Suite struct PolygonFrameEdgeTests {
    /// The scene `width` points wide holding one layer, `layer`.
    static func scene(width: Int, layer: String) throws -> Scene {
        try SceneLoader.decode(##"{"version": 1, "size": [\##(width), 100], "backgroundColor": "#FFFFFF", "layers": [\##(layer)]}"##)
    }

    /// The first `width` columns of `image`.
    static func columns(_ width: Int, of image: PixelBuffer) -> [UInt8] {
        (0..<image.height).flatMap { y in image.bytes[(y * image.width * 4)..<((y * image.width + width) * 4)] }
    }

    @Test(arguments: [
        // Leaves the frame and turns back beyond it within one band of rows.
        ##"{"type": "shape", "path": {"svg": "M40 20 L80 20 L105 49.3 L140 53 L105 55.6 L80 80 L40 80 Z"}, "fillColor": "#FF0000"}"##,
        // Bevelled outlines of growing stars, whose points reach past the right side.
        ##"{"type": "shape", "path": {"star": {"center": [50, 50], "points": 10, "outerRadius": 58, "innerRadius": 35}}, "fillColor": null, "strokeColor": "#000000", "lineWidth": 2, "lineJoin": "bevel"}"##,
        ##"{"type": "shape", "path": {"star": {"center": [50, 50], "points": 7, "outerRadius": 71, "innerRadius": 40, "rotation": 0.3}}, "fillColor": "#0000FF80", "strokeColor": "#000000", "lineWidth": 3, "lineJoin": "bevel"}"##,
    ])
    func drawsWhatAWiderFrameDraws(_ layer: String) throws {
        let narrow = try CPURenderer().render(SceneEvaluator().frame(for: Self.scene(width: 100, layer: layer), at: 0))
        let wide = try CPURenderer().render(SceneEvaluator().frame(for: Self.scene(width: 200, layer: layer), at: 0))
        #expect(narrow.bytes != [UInt8](repeating: 255, count: narrow.bytes.count), "nothing drawn")
        let a = Self.columns(100, of: narrow), b = Self.columns(100, of: wide)
        let differing = (0..<(a.count / 4)).filter { a[($0 * 4)..<($0 * 4 + 4)] != b[($0 * 4)..<($0 * 4 + 4)] }
        #expect(differing.count == 0, "\(differing.count) pixels differ, the first at (\((differing.first ?? 0) % 100), \((differing.first ?? 0) / 100))")
    }
}
