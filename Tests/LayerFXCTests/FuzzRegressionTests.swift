import LayerFX
@testable import LayerFXC
import Testing

/// Inputs the `c-api` fuzz target (Fuzz/Sources/FuzzCAPI) found crashing,
/// each kept as the call that crashed; they now fail with an error code.
@Suite(.serialized)
struct FuzzRegressionTests {
    /// `lfx_scene_set_scale` with a scale whose pixel size is no `Int`
    /// (1e300 × 20 pt) trapped converting it; it is rejected like 1e6.
    @Test func hugeScale() throws {
        let scene = try loadScene()
        defer { _ = lfx_scene_destroy(scene) }
        for scale in [1e300, .greatestFiniteMagnitude, 1e17] {
            let outcome = Outcome(lfx_scene_set_scale(scene, scale))
            #expect(outcome.result == .invalidArgument, "\(outcome)")
            #expect(outcome.message.hasPrefix("lfx_scene_set_scale: scale \(scale) makes a "), "\(outcome)")
            #expect(outcome.message.hasSuffix(" px frame; the limit is 16384 px per side"), "\(outcome)")
        }
        var width: Int32 = 0, height: Int32 = 0
        #expect(lfx_scene_get_pixel_size(scene, &width, &height) == 0)
        #expect((width, height) == (40, 30))
    }
}
