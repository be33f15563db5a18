import Foundation
import LayerFX
@testable import LayerFXC
import Testing

/// `lfx_renderer_set_compositing`.
@Suite(.serialized)
struct CompositingCAPITests {
    /// Forty overlapping translucent circles: tiles and the ordered path
    /// differ by the ordered path's rounding, and switching back gives the
    /// ordered bytes again.
    static let circles: String = {
        let layers = (0..<40).map { i in
            ##"{"type": "shape", "bounds": [0, 0, 30, 30], "position": [\##(10 + i), \##(15 + i % 7)], "##
                + ##""path": {"ellipseIn": [0, 0, 30, 30]}, "fillColor": "#3366CC55", "strokeColor": "#CC336688", "lineWidth": 2}"##
        }
        return ##"{"version": 1, "size": [64, 40], "backgroundColor": "#FFFFFF", "layers": [\##(layers.joined(separator: ", "))]}"##
    }()

    @Test func tilesAgreeWithTheOrderedPathWithinItsRounding() throws {
        let scene = try loadScene(Self.circles), renderer = try makeRenderer()
        defer { _ = lfx_scene_destroy(scene); _ = lfx_renderer_destroy(renderer) }
        func render() throws -> [UInt8] {
            var pixels = [UInt8](repeating: 0, count: 64 * 40 * 4)
            try #require(Outcome(lfx_render_to_buffer(renderer, scene, &pixels, 64, 40, 256, 0)).result == .ok)
            return pixels
        }
        #expect(Outcome(lfx_renderer_set_compositing(renderer, LFXCompositing.ordered.rawValue)).result == .ok)
        let ordered = try render()
        #expect(Outcome(lfx_renderer_set_compositing(renderer, LFXCompositing.tiles.rawValue)).result == .ok)
        let tiles = try render()
        let differences = zip(ordered, tiles).map { abs(Int($0) - Int($1)) }
        #expect(differences.max() ?? 0 > 0 && differences.max() ?? 0 <= 4)
        #expect(Outcome(lfx_renderer_set_compositing(renderer, LFXCompositing.ordered.rawValue)).result == .ok)
        #expect(try render() == ordered)
        // Forty circles about 18 deep: automatic compositing draws them in order.
        #expect(Outcome(lfx_renderer_set_compositing(renderer, LFXCompositing.auto.rawValue)).result == .ok)
        #expect(try render() == ordered)
    }

    @Test func badValuesAndHandles() throws {
        let renderer = try makeRenderer()
        defer { _ = lfx_renderer_destroy(renderer) }
        let bad = Outcome(lfx_renderer_set_compositing(renderer, 7))
        #expect(bad.result == .invalidArgument)
        #expect(bad.message == "lfx_renderer_set_compositing: 7 is not an lfx_compositing; expected 0 (LFX_COMPOSITING_ORDERED), 1 (LFX_COMPOSITING_TILES) or 2 (LFX_COMPOSITING_AUTO)")
        #expect(Outcome(lfx_renderer_set_compositing(nil, 0)).result == .invalidHandle)
    }
}
