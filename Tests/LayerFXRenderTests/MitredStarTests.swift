import Foundation
import LayerFX
@testable import LayerFXEvaluation
import LayerFXTestSupport
import Testing

/// Stars stroked with miter joins (Core Animation's default) are drawn by
/// their analytic field when every miter is within the limit, and draw what
/// their outlines (the stroker's polygons, from the same star as a path of
/// lines) draw.
@Suite struct MitredStarTests {
    /// 1/sin of half the angle between a star's edges at its outer points,
    /// from the vertices themselves.
    static func tipMiter(points: Int, outerRadius: Double, innerRadius: Double) -> Double {
        let a = (x: 0.0, y: -outerRadius)
        let angle = Double.pi / Double(points)
        let b = (x: innerRadius * sin(angle), y: -innerRadius * cos(angle))
        let mirror = (x: -b.x, y: b.y)
        let u = atan2(b.y - a.y, b.x - a.x), v = atan2(mirror.y - a.y, mirror.x - a.x)
        return 1 / sin(abs(u - v) / 2)
    }

    @Test(arguments: [(5, 30.0, 12.0), (10, 12.5, 7.5), (3, 30.0, 20.0), (8, 30.0, 24.0), (2, 20.0, 10.0)])
    func reachIsTheOuterPointsMiter(_ star: (Int, Double, Double)) throws {
        let (points, outer, inner) = star
        let reach = try #require(FrameBuilder.starMiterReach(points: points, outerRadius: outer, innerRadius: inner,
                                                              halfWidth: 1))
        #expect(abs(reach - Self.tipMiter(points: points, outerRadius: outer, innerRadius: inner)) < 1e-9)
    }

    @Test func miterJoinsWithinTheLimitAreAnalytic() throws {
        let star = Subpath.star(center: .zero, points: 5, outerRadius: 30, innerRadius: 12, rotation: 0)
        let reach = Self.tipMiter(points: 5, outerRadius: 30, innerRadius: 12)   // about 3.3
        var style = StrokeStyle(lineWidth: 2, lineJoin: .miter, miterLimit: 10)
        let joins = try #require(FrameBuilder.analyticJoins(star, style))
        guard case .mitred(let found, let limit) = joins else {
            Issue.record("\(joins) instead of miters")
            return
        }
        #expect(abs(found - reach) < 1e-9 && limit == 10)
        // Beyond the limit the outer points are bevelled: outlined.
        style.miterLimit = reach - 0.01
        #expect(FrameBuilder.analyticJoins(star, style) == nil)
        style.miterLimit = 10
        style.lineJoin = .bevel
        #expect(FrameBuilder.analyticJoins(star, style) == nil)
        style.lineJoin = .round
        #expect(FrameBuilder.analyticJoins(star, style) == .round)
        // A stroke wide enough that its inner side no longer keeps the star's shape.
        style.lineJoin = .miter
        let lineDistance = 30 * 12 * sin(Double.pi / 5)
            / hypot(12 * sin(Double.pi / 5), 12 * cos(Double.pi / 5) - 30)
        style.lineWidth = 2 * lineDistance * 0.99
        #expect(FrameBuilder.analyticJoins(star, style) != nil)
        style.lineWidth = 2 * lineDistance
        #expect(FrameBuilder.analyticJoins(star, style) == nil)
        // Dashes and trimming are outlined whatever the join.
        style.lineWidth = 2
        style.dashPattern = [4, 2]
        #expect(FrameBuilder.analyticJoins(star, style) == nil)
    }

    @Test func innerPointsBeyondTheOuterOnesAreOutlined() {
        #expect(FrameBuilder.starMiterReach(points: 5, outerRadius: 10, innerRadius: 12, halfWidth: 1) == nil)
        #expect(FrameBuilder.starMiterReach(points: 5, outerRadius: 10, innerRadius: 0, halfWidth: 1) == nil)
    }

    /// The scene of `Scenes/38-mitred-stars.json` with every star written as
    /// a path of lines, which the stroker outlines.
    static func outlined(_ scene: Scene) -> Scene {
        var scene = scene
        for i in scene.layers.indices {
            let subpaths = scene.layers[i].properties.path.subpaths
            scene.layers[i].properties.path = ShapePath(subpaths.map { .elements($0.pathElements) })
        }
        return scene
    }

    @Test(arguments: [1.0, 4.0])
    func analyticMitersDrawWhatTheOutlinesDraw(_ scale: Double) throws {
        var scene = try Fixtures.scene("38-mitred-stars.json")
        scene.scale = scale
        let analytic = try SceneEvaluator().frame(for: scene, at: 0)
        let outlines = try SceneEvaluator().frame(for: Self.outlined(scene), at: 0)
        // Eight stars are mitred primitives; the last, over its miter limit, is outlined like every star of the twin.
        let mitred = analytic.instances.filter { $0.kind == .star && $0.shapeExtra.w > 0 }
        #expect(mitred.count == 8)
        #expect(analytic.instances.filter { $0.kind == .star }.count == 9)
        #expect(!outlines.instances.contains { $0.kind == .star })
        let (a, b) = (try CPURenderer().render(analytic), try CPURenderer().render(outlines))
        let diff = ImageDifference(a, b)
        // A straight edge's coverage from its distance at the pixel centre,
        // clamp(0.5 − d), and the area of the pixel it covers (what a
        // polygon gets) part by at most 11/255 (a 45° edge half a pixel from
        // the centre still covers a corner of 0.043): pixels past that are
        // where the two outlines differ.
        let apart = (0..<(a.width * a.height)).count { p in
            (0..<4).contains { c in abs(Int(a.bytes[p * 4 + c]) - Int(b.bytes[p * 4 + c])) > 11 }
        }
        print("mitred stars ×\(scale.formatted()) against their outlines: \(diff), \(apart) over 11/255")
        // Only pixels at the sharp miter tips differ more (the stroker draws
        // a sub-pixel stroke a pixel wide at its width's alpha, so the
        // 0.6-point star differs along its length at ×1).
        #expect(diff.mean <= (scale == 1 ? 0.3 : 0.05), "\(diff)")
        #expect(diff.max <= 80, "\(diff)")
        #expect(Double(apart) <= (scale == 1 ? 0.01 : 0.001) * Double(a.width * a.height), "\(apart) pixels over 11/255")
    }
}
