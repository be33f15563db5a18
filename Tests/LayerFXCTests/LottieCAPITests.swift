import Foundation
@testable import LayerFXC
import LayerFXTestSupport
import Testing

/// Lottie animations through the C API: `lfx_scene_load_file` takes Lottie
/// JSON and `.lottie` archives, `lfx_scene_load_string` Lottie JSON, and
/// `lfx_scene_get_timeline` gives their frame rate and in and out points.
@Suite(.serialized)
struct LottieCAPITests {
    /// 40 × 20, 10 fps, frames 0 to 5 (0 to 0.5 s), with a green image in
    /// its top right corner (see Tests/LayerFXCLITests/DotLottie/generate.py).
    static let archive = Repository.url("Tests/LayerFXCLITests/DotLottie/slide-v1.lottie").path

    static func timeline(_ scene: OpaquePointer?) -> [Double] {
        var rate = -1.0, start = -1.0, end = -1.0
        #expect(Outcome(lfx_scene_get_timeline(scene, &rate, &start, &end)).result == .ok)
        return [rate, start, end]
    }

    @Test func anArchiveLoadsWithItsTimelineAndImages() throws {
        var scene: OpaquePointer?
        try #require(Outcome(lfx_scene_load_file(Self.archive, &scene)).result == .ok)
        defer { _ = lfx_scene_destroy(scene) }
        #expect(Self.timeline(scene) == [10, 0, 0.5])
        var width: Int32 = 0, height: Int32 = 0
        #expect(lfx_scene_get_pixel_size(scene, &width, &height) == 0 && width == 40 && height == 20)
        let renderer = try makeRenderer(.cpu)
        defer { _ = lfx_renderer_destroy(renderer) }
        var pixels = [UInt8](repeating: 0, count: 40 * 20 * 4)
        #expect(lfx_render_to_buffer(renderer, scene, &pixels, 40, 20, 160, 0) == 0)
        #expect(Array(pixels[(3 * 40 + 35) * 4..<(3 * 40 + 36) * 4]) == [0, 255, 0, 255])
    }

    @Test func lottieTextLoadsAndSceneFilesHaveNoTimeline() throws {
        var lottie: OpaquePointer?
        let json = #"{"v":"5.7.4","fr":25,"ip":5,"op":30,"w":10,"h":10,"layers":[]}"#
        try #require(Outcome(lfx_scene_load_string(json, &lottie)).result == .ok)
        defer { _ = lfx_scene_destroy(lottie) }
        #expect(Self.timeline(lottie) == [25, 0.2, 1.2])
        let scene = try loadScene()
        defer { _ = lfx_scene_destroy(scene) }
        #expect(Self.timeline(scene) == [0, 0, 0])
    }
}
