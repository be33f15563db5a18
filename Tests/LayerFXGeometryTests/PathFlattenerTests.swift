import Foundation
import Testing
import LayerFXCore
import LayerFXModel
import LayerFXGeometry

@Suite struct PathFlattenerTests {
    /// The largest distance from points sampled finely along `curve` to the polyline.
    static func deviation(of curve: CubicSegment, from polyline: Polyline) -> Double {
        var worst = 0.0
        for i in 0...2000 {
            let p = curve.point(at: Double(i) / 2000)
            let nearest = zip(polyline.points, polyline.points.dropFirst())
                .map { distance(p, toSegment: $0, $1) }.min() ?? distance(p, polyline.points[0])
            worst = max(worst, nearest)
        }
        return worst
    }

    @Test(arguments: [2.0, 0.25, 0.01])
    func curvesStayWithinTheTolerance(_ tolerance: Double) throws {
        let s = CubicSegment(start: Point(x: 0, y: 0), control1: Point(x: 30, y: 120),
                             control2: Point(x: 90, y: -60), end: Point(x: 120, y: 40))
        let path = ShapePath([.elements([.move(s.start), .cubic(control1: s.control1, control2: s.control2, end: s.end)])])
        let polyline = try #require(PathFlattener.polylines(of: path, tolerance: tolerance).first)
        let deviation = Self.deviation(of: s, from: polyline)
        #expect(deviation <= tolerance)
        #expect(deviation > tolerance / 20)  // not wastefully fine either
        #expect(polyline.points.first == s.start && polyline.points.last == s.end)
        #expect(!polyline.isClosed)
        // Every vertex lies on the curve.
        #expect(polyline.points.allSatisfy { p in (0...2000).contains { distance(s.point(at: Double($0) / 2000), p) < 0.2 } })
    }

    @Test func quadraticCurvesToo() throws {
        let path = ShapePath([.elements([.move(Point(x: 0, y: 0)), .quad(control: Point(x: 50, y: 100), end: Point(x: 100, y: 0))])])
        let polyline = try #require(PathFlattener.polylines(of: path, tolerance: 0.1).first)
        let exact = CubicSegment.quad(Point(x: 0, y: 0), control: Point(x: 50, y: 100), Point(x: 100, y: 0))
        #expect(Self.deviation(of: exact, from: polyline) <= 0.1)
        #expect(polyline.points.count == 24)  // 23 chords: ⌈√(|P0 − 2·P1 + P2| / (4 · 0.1))⌉ = ⌈√500⌉
    }

    @Test func fullCircleAreaIsWithinTheTolerance() throws {
        // r = 100 at tolerance 0.5: every chord is within 0.5 of the Bézier circle, whose radius
        // is r to r·1.00028 (the kappa curve's known error), so the polygon holds the disc of
        // radius r − 0.5 and lies inside the disc of radius r·1.00028.
        let path = ShapePath([.ellipse(in: Rect(x: 0, y: 0, width: 200, height: 200))])
        let polylines = PathFlattener.polylines(of: path, tolerance: 0.5)
        try #require(polylines.count == 1)
        let circle = polylines[0]
        #expect(circle.isClosed)
        #expect(circle.points[0] == Point(x: 200, y: 100))
        #expect(circle.points.last != circle.points.first)
        let area = shoelace(circle.points) / 2
        #expect(area >= .pi * 99.5 * 99.5)
        #expect(area <= .pi * 100.028 * 100.028)
        #expect(circle.points.count <= 80)  // π/4·√(r / (2·0.5)) ≈ 8 chords per quarter would be optimal
        #expect(circle.points.allSatisfy { abs(distance($0, Point(x: 100, y: 100)) - 100) < 0.03 })
    }

    @Test func aMaximumTurnCutsCurvesFiner() throws {
        // A quarter of the circle of radius 100 (kappa cubic): its control polygon turns π/2.
        let k = 100 * 0.5522847498
        let quarter = CubicSegment(start: Point(x: 100, y: 0), control1: Point(x: 100, y: k),
                                   control2: Point(x: k, y: 100), end: Point(x: 0, y: 100))
        let path = ShapePath([.elements([.move(quarter.start),
                                         .cubic(control1: quarter.control1, control2: quarter.control2, end: quarter.end)])])
        // The tolerance alone: ⌈√(0.75 · M / 0.1)⌉ = ⌈18.6⌉ chords, M = 45.98 the largest second difference.
        let coarse = try #require(PathFlattener.polylines(of: path, tolerance: 0.1).first)
        #expect(coarse.points.count == 19 + 1)
        // Within 0.01 rad a chord: ⌈(π/2) / 0.01⌉ = 158 chords of equal parameter, each turning
        // about 0.01 from the next (a little more where the curve's speed is lower).
        let fine = try #require(PathFlattener.polylines(of: path, tolerance: 0.1, maximumTurn: 0.01).first)
        #expect(fine.points.count == 158 + 1)
        #expect(PathFlattener.pointCount(of: path, tolerance: 0.1, maximumTurn: 0.01) == 158 + 1)
        let directions = zip(fine.points, fine.points.dropFirst()).map { atan2($1.y - $0.y, $1.x - $0.x) }
        let turns = zip(directions, directions.dropFirst()).map { abs($1 - $0) }
        #expect(turns.reduce(0, +) / Double(turns.count) <= 0.01)
        #expect(turns.allSatisfy { $0 < 0.0105 })
        // A wider bound than the tolerance's chords changes nothing; a line never turns, nor does a
        // curve whose control points lie on one line in order, however fine the bound.
        #expect(PathFlattener.polylines(of: path, tolerance: 0.1, maximumTurn: 1).first == coarse)
        let straight = ShapePath([.elements([.move(Point(x: 0, y: 0)), .line(Point(x: 50, y: 0)),
                                             .cubic(control1: Point(x: 60, y: 0), control2: Point(x: 80, y: 0),
                                                    end: Point(x: 100, y: 0))])])
        #expect(PathFlattener.polylines(of: straight, tolerance: 0.1, maximumTurn: 1e-6)
                == PathFlattener.polylines(of: straight, tolerance: 0.1))
    }

    @Test func duplicatesAreDroppedAndClosingPointsNotRepeated() {
        let path = ShapePath([.elements([
            .move(Point(x: 0, y: 0)), .line(Point(x: 0, y: 0)), .line(Point(x: 10, y: 0)), .line(Point(x: 10, y: 0)),
            .line(Point(x: 10, y: 10)), .line(Point(x: 0, y: 0)), .close,
        ])])
        #expect(PathFlattener.polylines(of: path, tolerance: 0.1)
                == [Polyline(points: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)], isClosed: true)])
    }

    @Test func contoursOfOnePointAreKeptButLoneMovesAreNot() {
        let path = ShapePath([.elements([
            .move(Point(x: 1, y: 1)),                                  // only a move: nothing
            .move(Point(x: 5, y: 5)), .line(Point(x: 5, y: 5)),        // zero length: one point
            .move(Point(x: 7, y: 7)), .close,                          // closed at once: one point
        ])])
        #expect(PathFlattener.polylines(of: path, tolerance: 0.1) == [
            Polyline(points: [Point(x: 5, y: 5)], isClosed: false),
            Polyline(points: [Point(x: 7, y: 7)], isClosed: true),
        ])
    }

    @Test func everyContourOfEverySubpathInOrder() {
        let path = ShapePath([
            .roundedRect(Rect(x: 0, y: 0, width: 10, height: 5), cornerRadius: 0),
            .elements([.move(Point(x: 20, y: 0)), .line(Point(x: 30, y: 0)), .close,
                       .line(Point(x: 20, y: 10))]),  // after a close, drawing starts again at the start
            .star(center: Point(x: 50, y: 50), points: 3, outerRadius: 10, innerRadius: 5, rotation: 0),
        ])
        let polylines = PathFlattener.polylines(of: path, tolerance: 0.1)
        #expect(polylines.map(\.points.count) == [4, 2, 2, 6])
        #expect(polylines.map(\.isClosed) == [true, true, false, true])
        #expect(polylines[0].points == [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 5), Point(x: 0, y: 5)])
        #expect(polylines[2].points == [Point(x: 20, y: 0), Point(x: 20, y: 10)])
        #expect(polylines[3].points[0] == Point(x: 50, y: 40))
    }

    @Test func aBadToleranceStillTerminates() {
        let path = ShapePath([.ellipse(in: Rect(x: 0, y: 0, width: 10, height: 10))])
        let fine = PathFlattener.polylines(of: path, tolerance: 0)
        #expect(fine[0].points.count <= 4 * PathFlattener.maximumPiecesPerCurve)
        #expect(PathFlattener.polylines(of: path, tolerance: .nan)[0].points.count == fine[0].points.count)
        #expect(PathFlattener.polylines(of: path, tolerance: 1000)[0].points.count == 4)
        #expect(PathFlattener.polylines(of: .empty, tolerance: 1).isEmpty)
    }
}
