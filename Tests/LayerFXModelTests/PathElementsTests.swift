import Foundation
import Testing
import LayerFXCore
@testable import LayerFXModel

private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

private func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// The end point of every element but `close`.
private func ends(_ elements: [PathElement]) -> [Point] {
    elements.compactMap { element -> Point? in
        switch element {
        case .move(let e), .line(let e), .quad(_, let e), .cubic(_, _, let e): e
        case .close: nil
        }
    }
}

@Suite struct PathElementsTests {
    @Test func everyKindHasCoreGraphicsElements() {
        #expect(Subpath.roundedRect(Rect(x: 0, y: 0, width: 100, height: 50), cornerRadius: 0).pathElements
                == [.move(p(0, 0)), .line(p(100, 0)), .line(p(100, 50)), .line(p(0, 50)), .close])
        let pill = Subpath.roundedRect(Rect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 10).pathElements
        #expect(pill.map(\.kindName) == ["move", "cubic", "cubic", "cubic", "cubic", "close"])
        #expect(ends(pill) == [p(10, 0), p(20, 10), p(10, 20), p(0, 10), p(10, 0)])
        let ellipse = Subpath.ellipse(in: Rect(x: 0, y: 0, width: 4, height: 2)).pathElements
        #expect(ends(ellipse) == [p(4, 1), p(2, 2), p(0, 1), p(2, 0), p(4, 1)])
        #expect(ellipse.last == .close)
        let star = Subpath.star(center: p(0, 0), points: 2, outerRadius: 10, innerRadius: 5, rotation: 0).pathElements
        #expect(star.count == 5 && star.last == .close)
        #expect(ends(star).enumerated().allSatisfy { near($1, [p(0, -10), p(5, 0), p(0, 10), p(-5, 0)][$0]) })
        let elements: [PathElement] = [.move(p(1, 2)), .quad(control: p(3, 4), end: p(5, 6))]
        #expect(Subpath.elements(elements).pathElements == elements)
    }

    @Test func contoursStartAtMovesAndAfterCloses() {
        let path = ShapePath([.elements([
            .line(p(10, 0)),                          // no move yet: starts at (0, 0)
            .move(p(20, 20)), .line(p(30, 20)), .close,
            .quad(control: p(25, 30), end: p(20, 40)), // after a close: starts at (20, 20)
            .move(p(50, 50)),                          // a lone move
        ])])
        let contours = path.contours
        #expect(contours.map(\.start) == [p(0, 0), p(20, 20), p(20, 20), p(50, 50)])
        #expect(contours.map(\.isClosed) == [false, true, false, false])
        #expect(contours.map(\.segments.count) == [1, 1, 1, 0])
        #expect(contours[2].segments[0] == CubicSegment.quad(p(20, 20), control: p(25, 30), p(20, 40)))
        #expect(contours[2].end == p(20, 40))
    }

    @Test func partialArcsFollowUIBezierPath() {
        let k = Subpath.kappa * 10
        // Clockwise on screen from 0 to π/2: one quarter curve from (10, 0) down to (0, 10).
        guard case .elements(let quarter) = Subpath.arc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2)
        else { Issue.record("expected elements"); return }
        #expect(quarter.count == 2 && quarter[0] == .move(p(10, 0)))
        if case .cubic(let c1, let c2, let end) = quarter[1] {
            #expect(near(c1, p(10, k)) && near(c2, p(k, 10)) && near(end, p(0, 10)))
        } else {
            Issue.record("expected a cubic")
        }
        // Anticlockwise the same angles go the long way: three quarters through (0, −10).
        guard case .elements(let long) = Subpath.arc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2,
                                                     clockwise: false)
        else { Issue.record("expected elements"); return }
        #expect(long.count == 4)
        #expect(zip(ends(long), [p(10, 0), p(0, -10), p(-10, 0), p(0, 10)]).allSatisfy { near($0, $1) })
        // Clockwise from 3π/2 to π/4 wraps forward: 3π/4 in one quarter and a half.
        guard case .elements(let wrap) = Subpath.arc(center: p(5, 5), radius: 2, startAngle: 1.5 * .pi, endAngle: .pi / 4)
        else { Issue.record("expected elements"); return }
        #expect(wrap.count == 3)
        #expect(near(ends(wrap)[2], p(5 + 2 * 0.5.squareRoot(), 5 + 2 * 0.5.squareRoot())))
        // A full turn stays the circle's ellipse; no turn at all is a lone move.
        #expect(Subpath.arc(center: p(1, 2), radius: 3, startAngle: 1, endAngle: 1 + 2 * .pi)
                == .ellipse(in: Rect(x: -2, y: -1, width: 6, height: 6)))
        #expect(Subpath.arc(center: .zero, radius: 3, startAngle: 1, endAngle: 1) == .elements([.move(p(3 * cos(1.0), 3 * sin(1.0)))]))
    }

    @Test func arcCurvesHugTheEllipse() {
        // Quarter curves stray at most 0.03 % from the circle (the kappa curve's error), and a
        // rotated ellipse's curves stay on the rotated ellipse as closely.
        let elements = PathElement.arc(center: p(10, 20), radiusX: 8, radiusY: 4, rotation: .pi / 6,
                                       startAngle: 0.3, sweep: -4)
        #expect(elements.count == 3)
        var start = p(10 + 8 * cos(0.3) * cos(.pi / 6) - 4 * sin(0.3) * sin(.pi / 6),
                      20 + 8 * cos(0.3) * sin(.pi / 6) + 4 * sin(0.3) * cos(.pi / 6))
        for case .cubic(let c1, let c2, let end) in elements {
            let curve = CubicSegment(start: start, control1: c1, control2: c2, end: end)
            for t in stride(from: 0.0, through: 1, by: 0.05) {
                let q = curve.point(at: t)
                // Back into the ellipse's own frame: (x/8)² + (y/4)² = 1 on it.
                let dx = q.x - 10, dy = q.y - 20
                let u = (dx * cos(.pi / 6) + dy * sin(.pi / 6)) / 8, v = (-dx * sin(.pi / 6) + dy * cos(.pi / 6)) / 4
                #expect(abs((u * u + v * v).squareRoot() - 1) < 3e-4)
            }
            start = end
        }
    }

    @Test func elementPathsInterpolateElementByElement() {
        let from = ShapePath([.elements([.move(p(0, 0)), .line(p(10, 0)), .quad(control: p(0, 10), end: p(4, 4)),
                                         .cubic(control1: p(1, 1), control2: p(2, 2), end: p(3, 3)), .close])])
        let to = ShapePath([.elements([.move(p(10, 0)), .line(p(20, 10)), .quad(control: p(10, 20), end: p(6, 8)),
                                       .cubic(control1: p(3, 3), control2: p(4, 4), end: p(5, 5)), .close])])
        let mid = ShapePath([.elements([.move(p(5, 0)), .line(p(15, 5)), .quad(control: p(5, 15), end: p(5, 6)),
                                        .cubic(control1: p(2, 2), control2: p(3, 3), end: p(4, 4)), .close])])
        #expect(from.interpolationMismatch(with: to) == nil)
        #expect(AnimatableValue.lerp(from: .path(from), to: .path(to), fraction: 0.5) == .path(mid))
        #expect(AnimatableValue.path(to).subtracting(.path(from)).adding(.path(from)) == .path(to))
    }

    @Test func elementPathsOfOtherKindsDoNotInterpolate() {
        let a = ShapePath([.elements([.move(p(0, 0)), .line(p(10, 0)), .close])])
        let shorter = ShapePath([.elements([.move(p(0, 0)), .line(p(10, 0))])])
        let curved = ShapePath([.elements([.move(p(0, 0)), .quad(control: p(5, 5), end: p(10, 0)), .close])])
        #expect(a.interpolationMismatch(with: shorter) == "subpath 0 has 3 path elements against 2")
        #expect(a.interpolationMismatch(with: curved) == "subpath 0 element 1 is line against quad")
        #expect(a.interpolationMismatch(with: ShapePath([.ellipse(in: .zero)])) == "subpath 0 is svg against ellipseIn")
        for other in [shorter, curved] {
            #expect(AnimatableValue.lerp(from: .path(a), to: .path(other), fraction: 0.49) == .path(a))
            #expect(AnimatableValue.lerp(from: .path(a), to: .path(other), fraction: 0.5) == .path(other))
        }
    }

    @Test func motionPathsFollowElementPaths() throws {
        let path = ShapePath([.elements([
            .move(p(0, 0)), .quad(control: p(50, 100), end: p(100, 0)), .close,   // closing line: a keyframe
            .move(p(200, 0)), .line(p(300, 0)),                                    // a step to the next contour
        ])])
        let motion = try #require(MotionPath(path))
        #expect(motion.keyframeCount == 5)
        #expect((0..<5).map(motion.keyframe) == [p(0, 0), p(100, 0), p(0, 0), p(200, 0), p(300, 0)])
        #expect(near(motion.segments[0].point(at: 0.5), p(50, 50)))  // the quad's apex, exactly
    }

    @Test func dashKeyPathsReadAndWriteTheProperties() {
        var properties = LayerProperties()
        #expect(AnimatableKeyPath.lineDashPattern.value(in: properties) == .numbers([]))
        #expect(AnimatableKeyPath.lineDashPhase.value(in: properties) == .scalar(0))
        AnimatableKeyPath.lineDashPattern.set(.numbers([6, 2]), in: &properties)
        AnimatableKeyPath.lineDashPhase.set(.scalar(3), in: &properties)
        #expect(properties.lineDashPattern == [6, 2] && properties.lineDashPhase == 3)
        #expect(AnimatableKeyPath.lineDashPattern.valueType == .numbers && AnimatableKeyPath.lineDashPattern.owner == .shape)
        #expect(AnimatableKeyPath.lineDashPhase.valueType == .scalar && AnimatableKeyPath.lineDashPhase.owner == .shape)

        var animation = Animation(keyPath: .lineDashPattern,
                                  kind: .basic(from: .numbers([10, 0]), to: .numbers([2, 8]), by: nil))
        animation.timing.duration = 2
        animation.timingFunction = .linear
        var phase = Animation(keyPath: .lineDashPhase, kind: .basic(from: .scalar(0), to: .scalar(20), by: nil))
        phase.timing.duration = 2
        phase.timingFunction = .linear
        let layer = Layer(kind: .shape, animations: [animation, phase])
        let halfway = layer.presentationProperties(at: 1)
        #expect(halfway.lineDashPattern == [6, 4])
        #expect(halfway.lineDashPhase == 10)
    }
}
