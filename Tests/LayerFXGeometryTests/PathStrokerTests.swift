import Testing
import LayerFXCore
import LayerFXModel
import LayerFXGeometry

@Suite struct PathStrokerTests {
    let rect = rectangle(0, 0, 100, 50)

    @Test func miterJoinsMakeSharpCorners() {
        let polygons = stroke([rect], StrokeStyle(lineWidth: 10))
        #expect(abs(unionArea(polygons) - (110 * 60 - 90 * 40)) < 1e-6)
        #expect(polygons.count == 2)  // a closed run: its outer and inner loops
        #expect(covers(polygons, Point(x: -4.9, y: -4.9)))
        #expect(!covers(polygons, Point(x: 5.1, y: 5.1)))
    }

    @Test func bevelJoinsCutTheCorners() {
        let polygons = stroke([rect], StrokeStyle(lineWidth: 10, lineJoin: .bevel))
        #expect(abs(unionArea(polygons) - (110 * 60 - 90 * 40 - 4 * 12.5)) < 1e-3)
        #expect(!covers(polygons, Point(x: -4, y: -4)))
        #expect(covers(polygons, Point(x: -2, y: -2)))
    }

    @Test func roundJoinsAreQuarterDiscs() {
        let tolerance = 0.01
        let polygons = stroke([rect], StrokeStyle(lineWidth: 10, lineJoin: .round), tolerance: tolerance)
        let exact: Double = 3000 - 4 * 25 + 25 * .pi
        // The chords lose at most (arc length · tolerance) against the true quarter circles.
        let arcLength: Double = 4 * .pi * 5 / 2
        let area = unionArea(polygons)
        #expect(area <= exact + 1e-3)
        #expect(area >= exact - arcLength * tolerance)
        // Round vertices lie on the circle about the corner (the outer loop's points beyond the sides).
        let corner = polygons.flatMap { $0 }.filter { $0.x > 100 && $0.y < 0 }
        #expect(corner.count >= 2)
        #expect(corner.allSatisfy { abs(distance($0, Point(x: 100, y: 0)) - 5) < 1e-9 })
    }

    @Test func capsOfAnOpenLine() {
        let segment = line((0, 0), (100, 0))
        #expect(abs(unionArea(stroke([segment], StrokeStyle(lineWidth: 10))) - 1000) < 1e-6)
        #expect(abs(unionArea(stroke([segment], StrokeStyle(lineWidth: 10, lineCap: .square))) - 1100) < 1e-6)
        let round = unionArea(stroke([segment], StrokeStyle(lineWidth: 10, lineCap: .round), tolerance: 0.01))
        let exact: Double = 1000 + 25 * .pi, arcLength: Double = 2 * .pi * 5
        #expect(round <= exact + 1e-3)
        #expect(round >= exact - arcLength * 0.01)
    }

    @Test func aMiterBeyondTheLimitBecomesABevel() {
        // A right angle's miter is √2 line widths long.
        let bevel = unionArea(stroke([rect], StrokeStyle(lineWidth: 10, lineJoin: .bevel)))
        #expect(abs(unionArea(stroke([rect], StrokeStyle(lineWidth: 10, miterLimit: 1.4))) - bevel) < 1e-9)
        #expect(abs(unionArea(stroke([rect], StrokeStyle(lineWidth: 10, miterLimit: 1.5))) - 3000) < 1e-6)
        // A sharp V: the segments meet at 5°, so the miter would be 1/sin(2.5°) ≈ 22.9 widths.
        let tip = Point(x: 100, y: 0)
        let v = line((0, 0), (100, 0), (0, 100 * 0.08748866352592401))  // tan 5°
        let limited = stroke([v], StrokeStyle(lineWidth: 2))
        let unlimited = stroke([v], StrokeStyle(lineWidth: 2, miterLimit: 23))
        #expect(!covers(limited, Point(x: tip.x + 2, y: tip.y - 0.05)))
        #expect(covers(unlimited, Point(x: tip.x + 2, y: tip.y - 0.05)))
        #expect(unlimited.flatMap { $0 }.contains { abs(distance($0, tip) - 1 / 0.043619387365336) < 1e-6 })  // 1/sin 2.5°
        #expect(limited.flatMap { $0 }.allSatisfy { distance($0, tip) <= 1 + 1e-9 || $0.x < 99 })
    }

    @Test func closedContoursJoinAtTheirStartInsteadOfCapping() {
        // Round caps would bulge out at (0, 0); a miter join makes the corner square.
        let polygons = stroke([rect], StrokeStyle(lineWidth: 10, lineCap: .round))
        #expect(abs(unionArea(polygons) - 3000) < 1e-6)
    }

    @Test func pointsGetDotsForRoundAndSquareCapsOnly() {
        let dot = [Polyline(points: [Point(x: 10, y: 10)], isClosed: false)]
        let disc = stroke(dot, StrokeStyle(lineWidth: 4, lineCap: .round), tolerance: 0.001)
        #expect(disc.count == 1)
        #expect(abs(unionArea(disc, rowStep: 0.001) - .pi * 4) < 0.02)
        #expect(disc[0].allSatisfy { abs(distance($0, Point(x: 10, y: 10)) - 2) < 1e-9 })
        #expect(abs(unionArea(stroke(dot, StrokeStyle(lineWidth: 4, lineCap: .square))) - 16) < 1e-9)
        #expect(stroke(dot, StrokeStyle(lineWidth: 4)).isEmpty)
    }

    @Test func degenerateInputGivesNothingOrFinitePolygons() {
        #expect(stroke([], StrokeStyle(lineWidth: 10)).isEmpty)
        #expect(stroke([rect], StrokeStyle(lineWidth: 0)).isEmpty)
        #expect(stroke([rect], StrokeStyle(lineWidth: .infinity)).isEmpty)
        #expect(stroke([Polyline(points: [], isClosed: true)], StrokeStyle(lineWidth: 10)).isEmpty)
        // Repeated points, a cusp and a closed contour of two points: all finite (checked by `stroke`).
        let messy = [line((0, 0), (0, 0), (10, 0), (10, 0), (0, 0), (5, 5)),
                     Polyline(points: [Point(x: 0, y: 0), Point(x: 10, y: 0)], isClosed: true)]
        for join in [LineJoin.miter, .round, .bevel] {
            for cap in [LineCap.butt, .round, .square] {
                #expect(!stroke(messy, StrokeStyle(lineWidth: 3, lineCap: cap, lineJoin: join)).isEmpty)
            }
        }
        // A cusp with round joins turns through a half disc.
        let cusp = stroke([line((0, 0), (10, 0), (0, 0))], StrokeStyle(lineWidth: 2, lineJoin: .round))
        #expect(covers(cusp, Point(x: 10.9, y: 0.1)))
    }

    @Test func strokeStyleReadsAShapeLayersProperties() {
        var properties = LayerProperties()
        #expect(StrokeStyle(properties) == StrokeStyle())
        properties.lineWidth = 3; properties.lineCap = .round; properties.lineJoin = .bevel; properties.miterLimit = 2
        properties.lineDashPattern = [4, 2]; properties.lineDashPhase = 1
        properties.strokeStart = 0.1; properties.strokeEnd = 0.9
        #expect(StrokeStyle(properties) == StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .bevel, miterLimit: 2,
                                                       dashPattern: [4, 2], dashPhase: 1, strokeStart: 0.1,
                                                       strokeEnd: 0.9))
    }
}
