import Foundation
import LayerFX
@testable import LayerFXC
import Testing

/// `lfx_renderer_set_limit` and `LFX_ERROR_BUDGET`.
@Suite(.serialized)
struct WorkLimitTests {
    @Test func aFrameOverALimitFailsWithTheBudgetResultAndNothingDrawn() throws {
        let scene = try loadScene(), renderer = try makeRenderer()
        defer { _ = lfx_scene_destroy(scene); _ = lfx_renderer_destroy(renderer) }
        var pixels = [UInt8](repeating: 7, count: 40 * 30 * 4)
        #expect(Outcome(lfx_renderer_set_limit(renderer, "primitives", 0)).result == .ok)
        let failed = Outcome(lfx_render_to_buffer(renderer, scene, &pixels, 40, 30, 160, 0))
        #expect(failed.result == .budget)
        #expect(failed.message == "lfx_render_to_buffer: at t=0 s: layers[0]: the frame needs 1 primitives; the limit is 0 (--budget primitives=N)")
        #expect(pixels.allSatisfy { $0 == 7 })
        #expect(String(cString: lfx_result_name(LFXResult.budget.rawValue)) == "LFX_ERROR_BUDGET")

        #expect(Outcome(lfx_renderer_set_limit(renderer, "primitives", UInt64.max)).result == .ok)
        #expect(Outcome(lfx_render_to_buffer(renderer, scene, &pixels, 40, 30, 160, 0)).result == .ok)
        #expect(pixels[0..<4] == [0x33, 0x66, 0x99, 0xFF])
    }

    @Test func badKeysAndHandles() throws {
        let renderer = try makeRenderer()
        defer { _ = lfx_renderer_destroy(renderer) }
        let unknown = Outcome(lfx_renderer_set_limit(renderer, "layers", 5))
        #expect(unknown.result == .invalidArgument)
        #expect(unknown.message == "lfx_renderer_set_limit: \"layers\" is not a limit; expected one of instances, primitives, pixels, vertices, stroke-pieces, band-edges, edge-tests, offscreen-layers, offscreen-pixels, glyphs, text-length, gradient-stops")
        let null = Outcome(lfx_renderer_set_limit(renderer, nil, 5))
        #expect(null.result == .invalidArgument)
        #expect(null.message == "lfx_renderer_set_limit: key is NULL")
        #expect(Outcome(lfx_renderer_set_limit(nil, "glyphs", 5)).result == .invalidHandle)
    }
}
