import Testing
import LayerFXModel
@testable import LayerFXScene

/// Inputs the `svg-path` and `scene-decoder` fuzz targets (Fuzz/) found
/// breaking a promise of the parsers; each is rejected with a located error now.
@Suite struct FuzzRegressionTests {
    /// The SVG parser's message for `data`, or nil when it parses.
    private func svgFailure(_ data: String) -> String? {
        do {
            _ = try SVGPathParser.parse(data)
            return nil
        } catch {
            return error.message
        }
    }

    /// Relative coordinates and reflected control points added up past the
    /// largest Double, giving infinite points (found by `svg-path`).
    @Test func coordinatesBeyondDoubleRange() {
        #expect(svgFailure("M1e308 1e308 l1e308 1e308")
            == "invalid SVG path data at character 15 ('1'): a coordinate is out of range (beyond ±1.8e308)")
        #expect(svgFailure("M-1e308 0 h-1e308")
            == "invalid SVG path data at character 12 ('-'): a coordinate is out of range (beyond ±1.8e308)")
        #expect(svgFailure("M1e308 0 C0 0 -1e308 0 1e308 0 S1e308 0 1e308 0")
            == "invalid SVG path data at character 33 ('1'): a coordinate is out of range (beyond ±1.8e308)")
        #expect(svgFailure("M1e308 1e308 L1e308 1e308") == nil)
    }

    /// The same data in a scene is a located scene error.
    @Test func coordinatesBeyondDoubleRangeInScene() {
        let error = layerError(#"{"type": "shape", "path": {"svg": "M1e308 1e308 l1e308 1e308"}}"#)
        #expect(error?.description
            == "scene.json:1:67: layers[0].path.svg: invalid SVG path data at character 15 ('1'): a coordinate is out of range (beyond ±1.8e308)")
    }
}
