import LayerFXCore
import LayerFXModel
@testable import LayerFXScene
import Testing

/// The Lottie reader: keyframes and their easing, holds, the old format's
/// end values, spatial positions, and the geometry of Lottie's shapes, as
/// the players compute them (docs/lottie.md).
struct LottieReaderTests {
    /// A parsed JSON document of `text`, kept alive by the caller.
    static func document(_ text: String) throws -> JSONDocument {
        try Array(text.utf8).withUnsafeBufferPointer { try JSONParser.parse($0) }
    }

    /// The property at the root of `text`, read with `read`.
    static func property<V>(_ text: String, _ read: (TreeValue) throws -> V) throws -> LottieProperty<V> {
        let document = try document(text)
        return try withExtendedLifetime(document) {
            try LottieProperty.read(TreeValue(document: document, node: JSONDocument.root), read)
        }
    }

    @Test func constantsAndOneElementArrays() throws {
        #expect(try Self.property(#"{"a":0,"k":50}"#) { try $0.lottieNumber() }.value(at: 7) == 50)
        #expect(try Self.property(#"{"a":0,"k":[50]}"#) { try $0.lottieNumber() }.value(at: 7) == 50)
        #expect(try Self.property(#"{"k":[1,2,3]}"#) { try $0.lottieNumbers() }.value(at: 0) == [1, 2, 3])
    }

    /// An eased segment follows its Bézier timing function; outside the
    /// keyframes the first and last values hold.
    @Test func easedKeyframes() throws {
        let property = try Self.property(#"""
            {"a":1,"k":[{"t":10,"s":[0],"o":{"x":[0.42],"y":[0]},"i":{"x":[0.58],"y":[1]}},{"t":20,"s":[100]}]}
            """#) { try $0.lottieNumber() }
        #expect(property.value(at: 0) == 0 && property.value(at: 10) == 0)
        #expect(property.value(at: 20) == 100 && property.value(at: 99) == 100)
        let ease = TimingFunction(0.42, 0, 0.58, 1)
        #expect(abs(property.value(at: 13) - 100 * ease(0.3)) < 1e-12)
        #expect(abs(property.value(at: 15) - 50) < 1e-9)
    }

    /// A hold keeps its value until the next keyframe's time, which shows the next value.
    @Test func holdKeyframes() throws {
        let property = try Self.property(#"{"k":[{"t":0,"s":[1],"h":1},{"t":5,"s":[2],"h":1},{"t":9,"s":[3]}]}"#) {
            try $0.lottieNumber()
        }
        #expect([0, 4.99, 5, 8, 9, 12].map(property.value(at:)) == [1, 1, 2, 2, 3, 3])
    }

    /// The format before bodymovin 5.5: each keyframe's end value `e`, the
    /// last keyframe a bare time; a segment runs to the next start value
    /// when there is one (ThorVG), its own end value otherwise.
    @Test func legacyEndValues() throws {
        let property = try Self.property(#"""
            {"k":[{"t":0,"s":[0],"e":[10],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":10,"s":[10],"e":[20],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":20}]}
            """#) { try $0.lottieNumber() }
        #expect(property.value(at: 5) == 5 && property.value(at: 15) == 15 && property.value(at: 30) == 20)
    }

    /// A position with spatial tangents moves along its Bézier by arc length.
    @Test func spatialPositions() throws {
        let property = try Self.property(#"""
            {"a":1,"k":[{"t":0,"s":[0,0],"to":[0,-40],"ti":[0,-40]},{"t":10,"s":[100,0]}]}
            """#) { try $0.lottieNumbers() }
        let curve = CubicSegment(start: Point(x: 0, y: 0), control1: Point(x: 0, y: -40),
                                 control2: Point(x: 100, y: -40), end: Point(x: 100, y: 0))
        let half = property.value(at: 5), expected = curve.point(at: curve.parameter(atLengthFraction: 0.5))
        #expect(abs(half[0] - expected.x) < 1e-9 && abs(half[1] - expected.y) < 1e-9)
        // By symmetry the middle of the length is the middle of the curve.
        #expect(abs(half[0] - 50) < 1e-6 && abs(half[1] + 30) < 1e-6)
    }

    /// A rectangle starts at its top right corner and runs down (up when
    /// reversed); an ellipse starts at 12 o'clock and runs clockwise.
    @Test func shapeStartsAndDirections() {
        let rect = LottieGeometry.rectangle(center: Point(x: 0, y: 0), size: Point(x: 20, y: 10), roundness: 0, reversed: false)
        #expect(rect.start == Point(x: 10, y: -5) && rect.segments[0].end == Point(x: 10, y: 5))
        let reversed = LottieGeometry.rectangle(center: .zero, size: Point(x: 20, y: 10), roundness: 0, reversed: true)
        #expect(reversed.start == Point(x: 10, y: -5) && reversed.segments[0].end == Point(x: -10, y: -5))
        let ellipse = LottieGeometry.ellipse(center: .zero, size: Point(x: 20, y: 10), reversed: false)
        #expect(ellipse.start == Point(x: 0, y: -5) && ellipse.segments[0].end == Point(x: 10, y: 0))
        // The first quarter's handle leaves 12 o'clock horizontally, κ·rx long.
        #expect(abs(ellipse.segments[0].control1.x - 10 * LottieGeometry.kappa) < 1e-12 && ellipse.segments[0].control1.y == -5)
    }

    /// Trims: percentages swapped when reversed, shifted by the offset
    /// (degrees, a turn is the whole length), wrapping past the end.
    @Test func trimPieces() {
        #expect(LottieTrimming.pieces(start: 75, end: 25, offset: 0) == [0.25...0.75])
        #expect(LottieTrimming.pieces(start: 0, end: 50, offset: 270) == [0.75...1, 0...0.25])
        #expect(LottieTrimming.pieces(start: 0, end: 50, offset: -90) == [0.75...1, 0...0.25])
        #expect(LottieTrimming.pieces(start: 30, end: 30, offset: 10) == [])
        #expect(LottieTrimming.pieces(start: 0, end: 100, offset: 45) == nil)
        // Half of a 10 × 10 square from its top right corner, down and along the bottom.
        let square = LottieGeometry.rectangle(center: Point(x: 5, y: 5), size: Point(x: 10, y: 10), roundness: 0, reversed: false)
        let half = LottieTrimming.trim([square], pieces: [0...0.5], individually: false)
        #expect(half.count == 1 && half[0].start == Point(x: 10, y: 0) && half[0].end == Point(x: 0, y: 10))
    }

    /// Colour and opacity stops merge as ThorVG merges them.
    @Test func gradientStopsMerge() {
        // Red to blue, opaque to clear: the stops where both lists have one.
        let stops = LottieGradientConverter.stops([0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0], colorStops: 2)
        #expect(stops.map(\.location) == [0, 1])
        #expect(stops.map(\.color) == [Color(red: 1, green: 0, blue: 0, alpha: 1), Color(red: 0, green: 0, blue: 1, alpha: 0)])
        // An opacity stop between two colour stops takes the colour between them.
        let middle = LottieGradientConverter.stops([0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0.5, 0.5, 1, 1], colorStops: 2)
        #expect(middle.map(\.location) == [0, 0.5, 1])
        #expect(middle[1].color == Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.5))
        #expect(middle[2].color.alpha == 1)
    }

    /// Bodymovin's keys make a Lottie file, a scene's `size` or `version` a scene file.
    @Test func recognition() throws {
        for (text, lottie) in [(#"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[]}"#, true),
                               (#"{"size":[10,10],"layers":[]}"#, false), (#"{"version":1,"w":3}"#, false), ("[1]", false)] {
            let document = try Self.document(text)
            #expect(LottieAnimation.recognizes(document) == lottie, "\(text)")
        }
    }

    /// Work grows with the file, not with its numbers: a property animated
    /// over 10¹² frames is sampled 20,001 times, a time remapping eased
    /// over as many frames is cut into at most 2,000 pieces (found by the
    /// `scene-decoder` fuzz target, which timed out on such a file).
    @Test func longSpansAreSampledABoundedNumberOfTimes() throws {
        let clock = LottieClock(frameRate: 30)
        let frames = clock.sampleFrames(over: 0...1e12)
        #expect(frames.count == 20_001 && frames.first == 0 && frames.last == 1e12)
        #expect(clock.sampleFrames(over: 2.5...5.5) == [2, 3, 4, 5, 6])
        let remap = try Self.property(#"""
            {"a":1,"k":[{"t":0,"s":[0],"i":{"x":[0.5],"y":[0]},"o":{"x":[0.5],"y":[1]}},{"t":1e12,"s":[100]}]}
            """#) { try $0.lottieNumbers()[0] }
        let pieces = LottieTimeRemap(clock: LottieClock(frameRate: 30), remap: remap).pieces([Layer()], name: "p")
        #expect(pieces.count == 2_002)  // before, 2,000 pieces, after
    }

    /// A file's baked animations share one budget of values: a property
    /// takes a sample a frame while it lasts, fewer frames once it runs
    /// low (the first and last when it is spent), and the budget notes that
    /// it fell short. A path's sample weighs its elements.
    @Test func bakedSamplesShareTheFilesBudget() {
        let budget = LottieSampleBudget(units: 5_000)   // a scalar sample weighs 5
        let clock = LottieClock(frameRate: 30, budget: budget)
        let first = clock.baked(.opacity, over: 0...599) { .scalar($0) }
        #expect(keyCount(first) == 600 && budget.remaining == 2_000 && !budget.shortened)
        let second = clock.baked(.opacity, over: 0...599) { .scalar($0) }
        // 400 steps at most: every other frame, 0, 2, …, 598, and the last, 599.
        #expect(keyCount(second) == 301 && budget.remaining == 495 && budget.shortened)
        budget.spend(budget.remaining, shortened: false)
        #expect(keyCount(clock.baked(.opacity, over: 0...599) { .scalar($0) }) == 2)
        let path = ShapePath([.elements([.move(Point(x: 0, y: 0)), .line(Point(x: 1, y: 0)), .close])])
        #expect(LottieSampleBudget.weight(of: .path(path)) == 4 + 3 * 6 && LottieSampleBudget.weight(of: .scalar(1)) == 5)
    }

    /// The number of keys of a keyframe animation (0 for none).
    private func keyCount(_ animation: Animation?) -> Int {
        guard case let .keyframe(values, _, _, _)? = animation?.kind else { return 0 }
        return values.count
    }

    /// The frame a held value changes on shows the new value, however the
    /// seconds round (each change is keyed an instant early).
    @Test func discreteChangesShowOnTheirFrame() {
        let clock = LottieClock(frameRate: 25)
        var layer = Layer()
        layer.animations = [clock.frames(.positionX, times: [19, 20, 21, 22],
                                         values: [.scalar(0), .scalar(1), .scalar(2), .scalar(3)], functions: nil, mode: .discrete)]
        for frame in 19...22 {
            let seconds = Double(frame) / 25
            #expect(layer.presentationValue(of: .positionX, at: seconds) == .scalar(Double(frame - 19)), "frame \(frame)")
        }
    }

    /// In and out points within 1/1000 of a frame of a whole frame are that
    /// frame (an exporter's 90.0000036657751 for frame 90 at 29.97 fps ends
    /// the layer before frame 90, as the players end it); others are kept.
    @Test func inAndOutPointsLoseTheirFloatingPointNoise() throws {
        let document = try Self.document(#"""
            {"v":"5.7.0","fr":29.97,"ip":0,"op":180.0000073,"w":10,"h":10,"layers":[
             {"ty":3,"ip":9.9999996,"op":90.0000036657751},{"ty":3,"ip":0.5,"op":90.3}]}
            """#)
        let animation = try withExtendedLifetime(document) { try LottieAnimation(document) }
        #expect(animation.outPoint == 180)
        #expect(animation.layers.map(\.inPoint) == [10, 0.5])
        #expect(animation.layers.map(\.outPoint) == [90, 90.3])
    }

    /// One subtracting mask (or one inverted mask at full opacity) is its
    /// path taken inverted; others combine into one alpha mask.
    @Test func masksBecomeOneMaskLayer() {
        let square = LottieBezier(vertices: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)],
                                  inTangents: Array(repeating: .zero, count: 3), outTangents: Array(repeating: .zero, count: 3),
                                  closed: true)
        func mask(_ mode: String, inverted: Bool = false, opacity: Double = 100) -> LottieMask {
            LottieMask(mode: mode, inverted: inverted, path: LottieProperty(square), opacity: LottieProperty(opacity),
                       expansion: LottieProperty(0))
        }
        let converter = LottieMaskConverter(clock: LottieClock(frameRate: 30))
        let subtract = converter.mask([mask("s", opacity: 50)])
        #expect(subtract?.mode == .alphaInverted && subtract?.layer.kind == .shape && subtract?.layer.properties.opacity == 0.5)
        #expect(converter.mask([mask("a", inverted: true)])?.mode == .alphaInverted)
        // Inverted at half opacity covers half outside the path: everything, masked.
        let half = converter.mask([mask("a", inverted: true, opacity: 50)])
        #expect(half?.mode == .alpha && half?.layer.properties.maskMode == .alphaInverted && half?.layer.mask?.kind == .shape)
        #expect(converter.mask([mask("a"), mask("s")])?.mode == .alpha)
        #expect(converter.mask([mask("n")]) == nil)
    }
}
