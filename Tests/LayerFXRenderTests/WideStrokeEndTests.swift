import Foundation
import LayerFX
@testable import LayerFXEvaluation
import LayerFXTestSupport
import Testing

/// A stroke much wider than its curve is flattened finely enough that the
/// ends of its dashes stay square to the curve, not to the chord they fall
/// on (a dash cut across a chord turned θ from the curve puts its far
/// corners half width · θ/2 along the curve from where they belong).
@Suite(.serialized)
struct WideStrokeEndTests {
    static let checks: [BackendCheck] = [
        BackendCheck("dashEndsAreSquareToTheCurve", dashEndsAreSquareToTheCurve),
    ]

    @Test(arguments: checks) func onTheCPU(_ check: BackendCheck) throws { try check.run(CPURenderer()) }

    @Test(.requiresGPU, arguments: checks) func onTheGPU(_ check: BackendCheck) throws {
        try check.run(GPUAvailability.renderer.get())
    }

    /// A circle of radius 40 about (200, 170), drawn from its rightmost point
    /// clockwise as four cubics, stroked 260 wide with one dash 4 long
    /// centred on its lowest point (the joint of the first two cubics, a
    /// vertex of every flattening). The dash's outer side is the wedge
    /// swept by the curve's normals: radii 40...170, angles π/2 ± 0.05 (its
    /// 4 units over the radius). Beyond 1.5 px of the wedge's sides nothing
    /// is drawn; within it, everything (flattened as fills are, the dash's
    /// ends would lie about 9 px outside at radius 165).
    static func dashEndsAreSquareToTheCurve(_ backend: any RenderBackend) throws {
        let scene = try SceneLoader.decode(##"""
            {"version": 1, "size": [400, 400], "layers": [{"type": "shape",
             "path": {"svg": "M 240 170 C 240 192.0914 222.0914 210 200 210 C 177.9086 210 160 192.0914 160 170 C 160 147.9086 177.9086 130 200 130 C 222.0914 130 240 147.9086 240 170 Z"},
             "fillColor": null, "strokeColor": "#000000", "lineWidth": 260,
             "lineDashPattern": [4, 1000], "lineDashPhase": 943.17}]}
            """##)
        let image = try backend.render(try SceneEvaluator().frame(for: scene, at: 0))
        var outside = 0, inside = 0, drawnOutside: [String] = [], missingInside: [String] = []
        for y in 0..<400 {
            for x in 0..<400 {
                let dx = Double(x) + 0.5 - 200, dy = Double(y) + 0.5 - 170
                let radius = (dx * dx + dy * dy).squareRoot()
                guard radius >= 100, radius <= 165 else { continue }
                let offAxis = abs(atan2(dy, dx) - .pi / 2)
                guard offAxis < 0.5 else { continue }
                let across = radius * sin(offAxis), side = radius * sin(0.05)
                let alpha = image[x, y][3]
                if across > side + 1.5 {
                    outside += 1
                    if alpha != 0 { drawnOutside.append("(\(x), \(y)): \(alpha)") }
                } else if across < side - 1.5 {
                    inside += 1
                    if alpha != 255 { missingInside.append("(\(x), \(y)): \(alpha)") }
                }
            }
        }
        #expect(outside > 5000 && inside > 500)
        #expect(drawnOutside.isEmpty, "drawn outside the dash: \(drawnOutside.prefix(8))")
        #expect(missingInside.isEmpty, "not covered inside the dash: \(missingInside.prefix(8))")
    }

    /// How far one chord may turn: joins alone for a closed contour or round
    /// caps (the miter beyond the offset, half width · θ²/8, within the
    /// flattening tolerance); ends too where a butt or square end cuts a
    /// curve (half width · θ/2 within the end tolerance); no bound for a
    /// stroke within the flattening tolerance or wider than any frame.
    @Test func maximumTurnFollowsTheHalfWidthAndTheEnds() {
        let circle = ShapePath([.ellipse(in: Rect(x: 0, y: 0, width: 10, height: 10))])
        let line = ShapePath([.elements([.move(Point(x: 0, y: 0)), .line(Point(x: 10, y: 0))])])
        let joins = (8 * FrameBuilder.flatteningTolerance / 20).squareRoot()
        let ends = 2 * FrameBuilder.endTolerance / 20
        var style = StrokeStyle(lineWidth: 40)
        #expect(FrameBuilder.maximumTurn(of: circle, style: style, halfWidth: 20) == joins)
        #expect(FrameBuilder.maximumTurn(of: line, style: style, halfWidth: 20) == ends)
        style.dashPattern = [3, 2]
        #expect(FrameBuilder.maximumTurn(of: circle, style: style, halfWidth: 20) == ends)
        style.lineCap = .round
        #expect(FrameBuilder.maximumTurn(of: circle, style: style, halfWidth: 20) == joins)
        style = StrokeStyle(lineWidth: 40, strokeEnd: 0.5)
        #expect(FrameBuilder.maximumTurn(of: circle, style: style, halfWidth: 20) == ends)
        #expect(FrameBuilder.maximumTurn(of: circle, style: style, halfWidth: 0.05) == .infinity)
        #expect(FrameBuilder.maximumTurn(of: circle, style: style, halfWidth: .infinity) == .infinity)
    }
}
