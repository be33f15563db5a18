import Foundation
import LayerFX
@testable import LayerFXC
import LayerFXTestSupport
import Testing

/// Fonts through the C API: a scene file's relative font is taken in its
/// folder, and each renderer keeps its own fonts and atlas.
@Suite(.serialized)
struct FontCAPITests {
    static func json(font: String) -> String {
        #"{"size": [40, 40], "layers": [{"type": "text", "bounds": [0, 0, 40, 40], "position": [20, 20], "#
            + #""string": "Hi", "font": "\#(font)", "fontSize": 24}]}"#
    }

    /// The 40 × 40 frame of `scene` drawn by `renderer`, premultiplied.
    static func pixels(_ renderer: OpaquePointer, _ scene: OpaquePointer) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: 40 * 40 * 4)
        #expect(Outcome(lfx_render_to_buffer(renderer, scene, &pixels, 40, 40, 160, 0)).result == .ok)
        return pixels
    }

    @Test func aSceneFilesRelativeFontIsTakenInItsFolder() throws {
        let folder = try TemporaryDirectory.make("lfx-font")
        try FileManager.default.createDirectory(at: folder.appending(path: "fonts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
                                         toPath: folder.appending(path: "fonts/Title.ttf").path)
        let path = folder.appending(path: "scene.json").path
        try Self.json(font: "fonts/Title.ttf").write(toFile: path, atomically: true, encoding: .utf8)

        var scene: OpaquePointer?
        try #require(Outcome(lfx_scene_load_file(path, &scene)).result == .ok)
        defer { _ = lfx_scene_destroy(scene) }
        let absolute = try loadScene(Self.json(font: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"))
        defer { _ = lfx_scene_destroy(absolute) }
        // Two renderers, two contexts, the file beside the scene and the same
        // font by its absolute path: the same pixels.
        let first = try makeRenderer(.cpu), second = try makeRenderer(.cpu)
        defer { _ = lfx_renderer_destroy(first); _ = lfx_renderer_destroy(second) }
        let drawn = Self.pixels(first, try #require(scene))
        let fromSecond = Self.pixels(second, absolute), again = Self.pixels(first, try #require(scene))
        // Counted, not compared, so that a failure does not print 6400 bytes.
        func differing(_ other: [UInt8]) -> Int { zip(drawn, other).count { $0 != $1 } }
        #expect(drawn.count { $0 != 0 } > 500)  // "Hi" covers part of the frame
        #expect(differing(fromSecond) == 0)
        #expect(differing(again) == 0)
    }

    @Test func aMissingRelativeFontRejectsAStringScene() {
        var scene: OpaquePointer?
        let json = Self.json(font: "fonts/None.ttf")
        let outcome = Outcome(lfx_scene_load_string(json, &scene))
        #expect(outcome.result == .scene)
        let column = (json.range(of: "\"fonts/None").map { json.distance(from: json.startIndex, to: $0.lowerBound) } ?? 0) + 1
        #expect(outcome.message == "lfx_scene_load_string: <string>:1:\(column): layers[0].font: font file \"fonts/None.ttf\" not found")
        #expect(scene == nil)
    }
}
