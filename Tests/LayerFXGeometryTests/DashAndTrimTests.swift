import Testing
import LayerFXCore
import LayerFXModel
import LayerFXGeometry

@Suite struct DashAndTrimTests {
    let segment = line((0, 0), (100, 0))

    @Test func dashesAlongALine() {
        // [10, 5] on 100 pt: dashes at 0, 15, …, 90, each 10 long: 7 dashes, 70 pt.
        let polygons = stroke([segment], StrokeStyle(lineWidth: 4, dashPattern: [10, 5]))
        #expect(polygons.count == 7)
        #expect(abs(unionArea(polygons) - 70 * 4) < 1e-6)
        #expect(covers(polygons, Point(x: 5, y: 1)))
        #expect(!covers(polygons, Point(x: 12, y: 1)))
        #expect(covers(polygons, Point(x: 95, y: 1)))
    }

    @Test func anOddPatternRepeatsAndThePhaseShiftsIt() {
        // [10] is [10, 10]: five dashes.
        #expect(abs(unionArea(stroke([segment], StrokeStyle(lineWidth: 2, dashPattern: [10]))) - 50 * 2) < 1e-6)
        // Phase 5 starts halfway into the first dash: [0, 5], [15, 25], …, [90, 100].
        let shifted = stroke([segment], StrokeStyle(lineWidth: 2, dashPattern: [10, 5], dashPhase: 5))
        #expect(abs(unionArea(shifted) - (5 + 6 * 10) * 2) < 1e-6)
        #expect(!covers(shifted, Point(x: 7, y: 0.5)))
        #expect(covers(shifted, Point(x: 16, y: 0.5)))
        // A negative phase counts back: −5 is 10 into the 15-long period.
        let back = stroke([segment], StrokeStyle(lineWidth: 2, dashPattern: [10, 5], dashPhase: -5))
        #expect(!covers(back, Point(x: 2, y: 0.5)))
        #expect(covers(back, Point(x: 6, y: 0.5)))
    }

    @Test func everyDashGetsCaps() {
        // Square caps lengthen each of the 7 dashes by a width.
        let square = stroke([segment], StrokeStyle(lineWidth: 4, lineCap: .square, dashPattern: [10, 5]))
        #expect(abs(unionArea(square) - 7 * 14 * 4) < 1e-6)
        // Dashes of length 0 with round caps are dots.
        let dots = stroke([segment], StrokeStyle(lineWidth: 2, lineCap: .round, dashPattern: [0, 20]))
        #expect(dots.count == 5)  // at 0, 20, …, 80: a dash starts only before the contour's end
        #expect(covers(dots, Point(x: 40.5, y: 0.5)) && !covers(dots, Point(x: 42, y: 0)))
    }

    @Test func dashesRestartOnEachContour() {
        let two = [line((0, 0), (12, 0)), line((0, 10), (12, 10))]
        let polygons = stroke(two, StrokeStyle(lineWidth: 2, dashPattern: [10, 5]))
        #expect(covers(polygons, Point(x: 1, y: 10)))
        #expect(abs(unionArea(polygons) - 2 * 10 * 2) < 1e-6)
    }

    @Test func strokeStartAndEndTrimTheLine() {
        let polygons = stroke([segment], StrokeStyle(lineWidth: 4, strokeStart: 0.25, strokeEnd: 0.75))
        #expect(abs(unionArea(polygons) - 50 * 4) < 1e-6)
        #expect(!covers(polygons, Point(x: 24, y: 0)) && covers(polygons, Point(x: 26, y: 0)))
        // Caps go at the trimmed ends.
        let capped = stroke([segment], StrokeStyle(lineWidth: 4, lineCap: .square, strokeStart: 0.25, strokeEnd: 0.75))
        #expect(abs(unionArea(capped) - 54 * 4) < 1e-6)
        #expect(stroke([segment], StrokeStyle(lineWidth: 4, strokeStart: 0.6, strokeEnd: 0.6)).isEmpty)
        #expect(stroke([segment], StrokeStyle(lineWidth: 4, strokeStart: 0.8, strokeEnd: 0.2)).isEmpty)
        // Out-of-range fractions are clamped.
        #expect(abs(unionArea(stroke([segment], StrokeStyle(lineWidth: 4, strokeStart: -1, strokeEnd: 3))) - 400) < 1e-6)
    }

    @Test func theTrimSpansAllContoursTogether() {
        // Two 100 pt lines: 0.75 of 200 pt ends halfway along the second.
        let two = [segment, line((0, 20), (100, 20))]
        let polygons = stroke(two, StrokeStyle(lineWidth: 2, strokeEnd: 0.75))
        #expect(abs(unionArea(polygons) - 150 * 2) < 1e-6)
        #expect(covers(polygons, Point(x: 49, y: 20)) && !covers(polygons, Point(x: 51, y: 20)))
        // A closed rectangle counts its closing edge: 300 pt, so 0.9 stops 30 pt before the start.
        let open = stroke([rectangle(0, 0, 100, 50)], StrokeStyle(lineWidth: 2, strokeEnd: 0.9))
        #expect(covers(open, Point(x: 0, y: 31)) && !covers(open, Point(x: 0, y: 29)))
        #expect(!covers(open, Point(x: -0.5, y: -0.5)))  // no join at the start: it is open now
    }

    @Test func anUntrimmedClosedContourStaysClosedWhateverTheRounding() {
        // 0.6 + the rectangle's 0.7, less 0.6, is less than 0.7 in floating point.
        let paths = [line((0, 0), (0.6, 0)), rectangle(0, 1, 0.1, 0.25)]
        let polygons = stroke(paths, StrokeStyle(lineWidth: 0.02))
        #expect(covers(polygons, Point(x: -0.008, y: 0.992)))  // the miter at the rectangle's start corner
    }

    @Test func aTrimAtAContoursEndLeavesNoDot() {
        // 0.33333333333333337 of 0.1 + 0.2 is 0.1 plus 1.4e-17: the first line and no more, not
        // a round-capped dot at the start of the second.
        let two = [line((0, 0), (0.1, 0)), line((0, 1), (0.2, 1))]
        let polygons = stroke(two, StrokeStyle(lineWidth: 0.02, lineCap: .round, strokeEnd: 0.33333333333333337))
        #expect(polygons.count == 1)  // one segment with its two caps
        #expect(!covers(polygons, Point(x: 0, y: 1)))
    }

    @Test func dashesStayInPlaceWhenStrokeEndChanges() {
        let full = stroke([segment], StrokeStyle(lineWidth: 2, dashPattern: [10, 5]))
        let half = stroke([segment], StrokeStyle(lineWidth: 2, dashPattern: [10, 5], strokeEnd: 0.5))
        // [0, 10], [15, 25], [30, 40], [45, 50]: the last dash is cut, the others are the same.
        #expect(abs(unionArea(half) - 35 * 2) < 1e-6)
        for x in stride(from: 0.5, to: 50, by: 1) {
            #expect(covers(half, Point(x: x, y: 0)) == covers(full, Point(x: x, y: 0)), "at \(x)")
        }
        #expect(!covers(half, Point(x: 51, y: 0)))
    }

    @Test func dashesOnAClosedContourRunThroughItsClosingEdge() {
        // 300 pt of rectangle, [50, 25]: dashes at 0, 75, 150, 225 (the last ends at the start).
        let polygons = stroke([rectangle(0, 0, 100, 50)], StrokeStyle(lineWidth: 2, lineJoin: .bevel,
                                                                       dashPattern: [50, 25]))
        #expect(covers(polygons, Point(x: 0, y: 25)))     // 275 along: on the closing edge
        #expect(!covers(polygons, Point(x: 60, y: 0)))    // 60: a gap
        #expect(covers(polygons, Point(x: 100, y: 10)))   // 110: the second dash, round the corner
    }

    @Test func unusablePatternsStrokeSolid() {
        for pattern: NumberList in [[0.0, 0], [-3, -1], [.infinity, 5], [1e-9, 1e-9]] {
            let polygons = stroke([segment], StrokeStyle(lineWidth: 2, dashPattern: pattern))
            #expect(abs(unionArea(polygons) - 200) < 1e-6, "pattern \(pattern)")
        }
    }
}
