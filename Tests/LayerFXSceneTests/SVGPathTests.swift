import Testing
import LayerFXCore
import LayerFXModel
@testable import LayerFXScene

private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

private func parse(_ data: String) -> [PathElement]? { try? SVGPathParser.parse(data) }

/// The message `data` is rejected with.
private func failure(_ data: String) -> String? {
    do {
        _ = try SVGPathParser.parse(data)
        return nil
    } catch {
        return error.message
    }
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

private func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

@Suite struct SVGPathTests {
    @Test func absoluteCommands() {
        #expect(parse("M 10 20 L 30 40 H 50 V 60 Z") == [
            .move(p(10, 20)), .line(p(30, 40)), .line(p(50, 40)), .line(p(50, 60)), .close,
        ])
        #expect(parse("M0 0 C 10 0 20 10 20 20 Q 30 30 40 20") == [
            .move(p(0, 0)), .cubic(control1: p(10, 0), control2: p(20, 10), end: p(20, 20)),
            .quad(control: p(30, 30), end: p(40, 20)),
        ])
    }

    @Test func relativeCommandsAddTheCurrentPoint() {
        #expect(parse("m 10 20 l 5 5 h -5 v 10 c 1 1 2 2 3 3 q 1 0 2 2 z") == [
            .move(p(10, 20)), .line(p(15, 25)), .line(p(10, 25)), .line(p(10, 35)),
            .cubic(control1: p(11, 36), control2: p(12, 37), end: p(13, 38)),
            .quad(control: p(14, 38), end: p(15, 40)), .close,
        ])
        // After Z the current point is the contour's start; drawing on starts a new contour there.
        #expect(parse("M 10 10 L 20 10 Z l 0 5 m 1 1 l 1 0") == [
            .move(p(10, 10)), .line(p(20, 10)), .close, .move(p(10, 10)), .line(p(10, 15)),
            .move(p(11, 16)), .line(p(12, 16)),
        ])
    }

    @Test func commandsRepeatWithoutTheirLetter() {
        #expect(parse("M 0 0 10 10 20 0") == [.move(p(0, 0)), .line(p(10, 10)), .line(p(20, 0))])
        #expect(parse("m 1 1 2 2, 3 3") == [.move(p(1, 1)), .line(p(3, 3)), .line(p(6, 6))])
        #expect(parse("M0 0 H 1 2 3 v 1 1") == [.move(p(0, 0)), .line(p(1, 0)), .line(p(2, 0)), .line(p(3, 0)),
                                              .line(p(3, 1)), .line(p(3, 2))])
        #expect(parse("M0 0 Q 1 1 2 0 3 -1 4 0")?.count == 3)
    }

    @Test func compactNumbers() {
        #expect(parse("M.5.5L-1.5e-3,1-2-3") == [.move(p(0.5, 0.5)), .line(p(-0.0015, 1)), .line(p(-2, -3))])
        #expect(parse("M1-2L3E2+4") == [.move(p(1, -2)), .line(p(300, 4))])
        #expect(parse("\tM 1,2\n\r\u{0C}L3 , 4  ") == [.move(p(1, 2)), .line(p(3, 4))])
        #expect(parse("M 1.5.5.25 1") == [.move(p(1.5, 0.5)), .line(p(0.25, 1))])
        #expect(parse("") == [] && parse("  \n") == [])
    }

    @Test func smoothCurvesReflectThePreviousControlPoint() {
        #expect(parse("M 0 0 C 10 0 20 10 20 20 S 30 40 40 40 s 10 0 10 10") == [
            .move(p(0, 0)), .cubic(control1: p(10, 0), control2: p(20, 10), end: p(20, 20)),
            .cubic(control1: p(20, 30), control2: p(30, 40), end: p(40, 40)),
            .cubic(control1: p(50, 40), control2: p(50, 40), end: p(50, 50)),
        ])
        // Not after a cubic: the first control point is the current point.
        #expect(parse("M 0 0 L 10 0 S 20 10 30 0") == [
            .move(p(0, 0)), .line(p(10, 0)), .cubic(control1: p(10, 0), control2: p(20, 10), end: p(30, 0)),
        ])
        #expect(parse("M 0 0 Q 10 10 20 0 T 40 0 t 20 0") == [
            .move(p(0, 0)), .quad(control: p(10, 10), end: p(20, 0)), .quad(control: p(30, -10), end: p(40, 0)),
            .quad(control: p(50, 10), end: p(60, 0)),
        ])
        #expect(parse("M 0 0 C 1 1 2 2 3 3 T 5 5") == [
            .move(p(0, 0)), .cubic(control1: p(1, 1), control2: p(2, 2), end: p(3, 3)),
            .quad(control: p(3, 3), end: p(5, 5)),
        ])
    }

    @Test func arcsBecomeQuarterCurves() throws {
        // A half circle from (0, 0) to (100, 0), sweep 1 (clockwise on screen): over the top.
        let half = try #require(parse("M 0 0 A 50 50 0 0 1 100 0"))
        #expect(half.count == 3)
        #expect(near(ends(half)[1], p(50, -50)) && ends(half)[2] == p(100, 0))
        // Sweep 0 goes under; compact flags; relative end point.
        let under = try #require(parse("M0 0a50 50 0 00100 0"))
        #expect(near(ends(under)[1], p(50, 50)))
        // The large arc of a circle through two points a quarter apart: three quarters round
        // the centre (10, 10), since sweep 1 runs through growing angles.
        let large = try #require(parse("M 10 0 A 10 10 0 1 1 0 10"))
        #expect(large.count == 4)
        #expect(zip(ends(large), [p(10, 0), p(20, 10), p(10, 20), p(0, 10)]).allSatisfy { near($0, $1) })
        // Radii too small are scaled up to reach; a rotated ellipse; zero radius is a line; no move, no arc.
        let scaled = try #require(parse("M 0 0 A 1 1 0 0 1 100 0"))
        #expect(near(ends(scaled)[1], p(50, -50)))
        let rotated = try #require(parse("M 0 0 A 20 10 90 0 1 0 40"))
        #expect(near(ends(rotated)[1], p(10, 20)))  // the ellipse stands upright: 10 wide across x
        #expect(parse("M 0 0 A 0 5 0 0 1 10 10") == [.move(p(0, 0)), .line(p(10, 10))])
        #expect(parse("M 3 3 A 5 5 0 0 1 3 3") == [.move(p(3, 3))])
    }

    /// The PaintCode balloon of seed 003, transcribed from its UIBezierPath calls.
    static let balloon = """
        M 127.63 28.23 C 140.12 40.53 140.12 60.47 127.63 72.77 C 116.81 83.42 100.17 84.85 87.79 77.06 \
        C 86.02 77.56 74 81 74 81 C 74 81 77.82 71.07 78.78 68.57 C 74.27 62.24 72.4 54.63 73.17 47.25 \
        C 73.9 40.3 76.97 33.55 82.37 28.23 C 94.87 15.92 115.13 15.92 127.63 28.23
        """

    @Test func paintCodeBalloon() throws {
        let elements = try #require(parse(Self.balloon))
        #expect(elements.count == 8)  // a move and the seed's seven addCurve calls
        #expect(elements[0] == .move(p(127.63, 28.23)))
        #expect(elements.dropFirst().allSatisfy { $0.kindName == "cubic" })
        #expect(elements[3] == .cubic(control1: p(86.02, 77.56), control2: p(74, 81), end: p(74, 81)))
        #expect(ends(elements).last == p(127.63, 28.23))
        // Through a scene file too.
        let scene = try decodeScene(sceneWithLayers(#"{"type": "shape", "path": {"svg": "\#(Self.balloon)"}}"#))
        #expect(scene.layers[0].properties.path == ShapePath([.elements(elements)]))
    }

    @Test func malformedDataNamesTheCharacter() {
        #expect(failure("M 10 10 L 20 x") == "invalid SVG path data at character 14 ('x'): expected a number")
        #expect(failure("M 10") == "invalid SVG path data at character 5 (end of data): expected a number")
        #expect(failure("L 10 10") == "invalid SVG path data at character 1 ('L'): expected a moveto (M or m) to begin the path")
        #expect(failure("M 1 1 X 2 2")
                == "invalid SVG path data at character 7 ('X'): expected a path command (M, L, H, V, C, S, Q, T, A, Z or lower case)")
        #expect(failure("M 0 0 A 1 1 0 2 1 3 3") == "invalid SVG path data at character 15 ('2'): expected an arc flag (0 or 1)")
        #expect(failure("M 1 1, L 2 2") == "invalid SVG path data at character 8 ('L'): expected a number")
        #expect(failure("M 1 1 Z 3") == "invalid SVG path data at character 9 ('3'): expected a path command (M, L, H, V, C, S, Q, T, A, Z or lower case)")
        #expect(failure("M 1e999 0") == "invalid SVG path data at character 3 ('1'): number out of range")
        #expect(failure("M 1 1 L 2 é") == "invalid SVG path data at character 11 ('é'): expected a number")
        #expect(failure("M 1 1 L 2 .") == "invalid SVG path data at character 11 ('.'): expected a number")
        #expect(failure("M 1 1 ß") == "invalid SVG path data at character 7 ('ß'): expected a path command (M, L, H, V, C, S, Q, T, A, Z or lower case)")
        #expect(failure("M 1 1 L 2\n") == "invalid SVG path data at character 11 (end of data): expected a number")
        #expect(failure("M 1\t;") == "invalid SVG path data at character 5 (';'): expected a number")
        #expect(failure("M 1 1\u{7}") == "invalid SVG path data at character 6 ('\\u{07}'): expected a path command (M, L, H, V, C, S, Q, T, A, Z or lower case)")
    }

    @Test func animatedPathsNeedTheSameElementKinds() {
        #expect(animationError(##"{"keyPath": "path", "fromValue": {"svg": "M 0 0 L 1 1 Z"}, "toValue": {"svg": "m 5 5 l 2 2 z"}}"##,
                               layerType: "shape") == nil)
        #expect(animationError(##"{"keyPath": "path", "fromValue": {"svg": "M 0 0 L 1 1"}, "toValue": {"svg": "M 0 0 Q 1 1 2 2"}}"##,
                               layerType: "shape")?.message
                == "paths in one animation must have the same subpaths of the same kinds to interpolate point by point (subpath 0 element 1 is line against quad)")
        // An arc of less than 90° is a move and one cubic.
        #expect(animationError(##"{"keyPath": "path", "fromValue": {"svg": "M 0 0 C 1 1 2 2 3 3"}, "toValue": {"arcCenter": [0, 0], "radius": 1, "startAngle": 0, "endAngle": 1}}"##,
                               layerType: "shape") == nil)
        #expect(animationError(##"{"keyPath": "path", "fromValue": {"svg": "M 0 0 H 1"}, "toValue": {"arcCenter": [0, 0], "radius": 1, "startAngle": 0, "endAngle": 1}}"##,
                               layerType: "shape")?.message
                == "paths in one animation must have the same subpaths of the same kinds to interpolate point by point (subpath 0 element 1 is line against cubic)")
    }

    @Test func malformedDataInAScene() {
        expectRejected(##"{"size": [1, 1], "layers": [{"type": "shape", "path": {"svg": "M 10 10 L 20 x"}}]}"##,
                       path: "layers[0].path.svg",
                       message: "invalid SVG path data at character 14 ('x'): expected a number", at: "\"M 10")
        expectRejected(##"{"size": [1, 1], "layers": [{"type": "shape", "path": {"svg": 5}}]}"##,
                       path: "layers[0].path.svg", message: "expected a string, found a number", at: "5}")
    }
}
