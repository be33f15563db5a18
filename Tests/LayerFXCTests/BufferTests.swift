import Foundation
import LayerFX
@testable import LayerFXC
import Testing

/// The buffer and PNG calls give the Swift API's pixels, in the caller's layout.
@Suite(.serialized)
struct BufferTests {
    @Test func strideRowsMatchTheSwiftRenderer() throws {
        let scene = try loadScene()
        defer { _ = lfx_scene_destroy(scene) }
        let renderer = try makeRenderer(.cpu)
        defer { _ = lfx_renderer_destroy(renderer) }
        #expect(lfx_scene_set_time(scene, 0.25) == 0)
        var width: Int32 = 0, height: Int32 = 0
        #expect(lfx_scene_get_pixel_size(scene, &width, &height) == 0)
        #expect((width, height) == (40, 30))

        let stride = Int(width) * 4 + 12
        var pixels = [UInt8](repeating: 0xAB, count: stride * Int(height))
        #expect(Outcome(lfx_render_to_buffer(renderer, scene, &pixels, width, height, Int32(stride), 0)).result == .ok)
        let expected = try Renderer(.cpu).render(try SceneLoader.decode(Array(smallScene.utf8), source: "t"), at: 0.25)
        for row in 0..<Int(height) {
            #expect(Array(pixels[row * stride..<row * stride + Int(width) * 4])
                == Array(expected.bytes[row * Int(width) * 4..<(row + 1) * Int(width) * 4]))
            #expect(pixels[row * stride + Int(width) * 4..<(row + 1) * stride].allSatisfy { $0 == 0xAB },
                    "the row padding is not written")
        }

        var straight = [UInt8](repeating: 0, count: Int(width * height) * 4)
        #expect(lfx_render_to_buffer(renderer, scene, &straight, width, height, width * 4, LFXRenderFlag.straightAlpha) == 0)
        #expect(straight == PNGEncoder.straightAlpha(expected))
    }

    @Test func scaleChangesThePixelSize() throws {
        let scene = try loadScene()
        defer { _ = lfx_scene_destroy(scene) }
        #expect(lfx_scene_set_scale(scene, 3) == 0)
        var width: Int32 = 0, height: Int32 = 0
        #expect(lfx_scene_get_pixel_size(scene, &width, &height) == 0)
        #expect((width, height) == (60, 45))
        var time = -1.0
        #expect(lfx_scene_set_time(scene, 2.5) == 0 && lfx_scene_get_time(scene, &time) == 0)
        #expect(time == 2.5)
    }

    @Test func pngFile() throws {
        let scene = try loadScene()
        defer { _ = lfx_scene_destroy(scene) }
        let renderer = try makeRenderer(.auto)
        defer { _ = lfx_renderer_destroy(renderer) }
        var backend: Int32 = -1
        #expect(lfx_renderer_get_backend(renderer, &backend) == 0)
        #expect(backend == LFXBackend.gpu.rawValue || backend == LFXBackend.cpu.rawValue)
        let path = FileManager.default.temporaryDirectory.appending(path: "lfx-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(Outcome(lfx_render_to_png(renderer, scene, path)).result == .ok)
        let bytes = try Data(contentsOf: URL(filePath: path))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let unwritable = Outcome(lfx_render_to_png(renderer, scene, "/nonexistent/dir/out.png"))
        #expect(unwritable.result == .io, "\(unwritable)")
    }
}
