import LayerFX
import LayerFXTestSupport
import Testing

/// A CPU sequence redraws only the rows a frame changes (``FrameDamage``),
/// and every frame still has the bytes it has drawn on its own.
struct SequenceDamageTests {
    /// Lottie files whose frames keep some rows still and change others:
    /// masks and mattes, gradients, an image, trims, hold keyframes, layers
    /// and paths' bands that come and go.
    static let animations = [
        "lottie-ios/LottieFiles_cactus.json", "lottie-ios/Issues_issue_1882.json", "lottie-ios/Switch_States.json",
        "lottie-ios/Watermelon.json", "lottie-ios/LottieLogo1.json", "lottie-ios/Issues_issue_1915.json",
        "lottie-ios/TypeFace_A.json", "lottie-ios/PinJump.json", "lottie-ios/Issues_issue_1557.json",
        "lottie-web/bacon.json",
    ]

    @Test(arguments: animations)
    func cpuSequenceFramesAreTheFramesDrawnAlone(_ name: String) throws {
        var scene = try SceneLoader.load(contentsOfFile: Repository.url("Tests/LayerFXLottieCorpus/\(name)").path)
        let size = SceneEvaluator.pixelSize(of: scene)
        scene.scale *= 160 / Double(max(size.width, size.height))
        let timeline = try #require(scene.timeline)
        let frames = try (0..<24).map {
            try SceneEvaluator().frame(for: scene, at: timeline.start + Double($0 * 3) / timeline.frameRate)
        }
        try Self.expectSequenceMatchesSingleFrames(frames, name)
    }

    @Test func cpuSequenceOfAHandMadeSceneMatchesSingleFrames() throws {
        let scene = try Fixtures.scene("26-mask-star-gradient.json")
        let frames = try [0, 0, 0.25, 0.25, 0.5, 1, 1].map { try SceneEvaluator().frame(for: scene, at: $0) }
        try Self.expectSequenceMatchesSingleFrames(frames, "26-mask-star-gradient.json")
    }

    /// Checks that the frames redraw some rows and keep others (so the
    /// sequence does skip rows), then that each delivered frame has the
    /// bytes of the frame drawn on its own.
    @Test func cpuSequenceOfAMovingSquareMatchesSingleFrames() throws {
        // A square polygon band moving down 20 rows a frame past a still circle.
        let frames = (0..<4).map { step in
            let top = Float(step * 20), bottom = top + 10
            let square = Self.band(rows: Int(top)...Int(bottom) - 1, firstEdge: 0, edgeCount: 2)
            return Frame(width: 64, height: 80, primitives: [Self.circle(x: 50, y: 70), square],
                         pathEdges: [SIMD4(10, top, 10, bottom), SIMD4(20, bottom, 20, top)])
        }
        try Self.expectSequenceMatchesSingleFrames(frames, "moving square")
    }

    /// A square and a disc sliding right, 9 pixels a frame, across rows
    /// that a translucent gradient band, a masked group, a run of 20 discs
    /// and an ellipse span from side to side: each frame redraws only a
    /// window of those rows' columns. Drawn in order and in tiles.
    @Test(arguments: [Compositing.ordered, .tiles])
    func cpuSequenceOfShapesSlidingSidewaysMatchesSingleFrames(_ compositing: Compositing) throws {
        let scene = Self.slidingScene()
        let frames = try (0..<8).map { try SceneEvaluator().frame(for: scene, at: Double($0) / 8) }
        var damage = FrameDamage()
        damage.compare(frames[0])
        damage.compare(frames[1])
        let columns = try #require(damage.damagedColumns(rows: 30...30))
        #expect(columns.count < 60, "the sliding square's columns, not the row's 240: \(columns)")
        try Self.expectSequenceMatchesSingleFrames(frames, "sliding shapes, \(compositing)",
                                                   renderer: CPURenderer(compositing: compositing))
    }

    /// A layer of `kind` filling `frame` (its bounds at the origin), as `edit` sets it.
    static func layer(_ kind: LayerKind, _ frame: Rect, _ edit: (inout LayerProperties) -> Void) -> Layer {
        var p = LayerProperties()
        p.bounds = Rect(origin: .zero, size: frame.size)
        p.position = Point(x: frame.origin.x + frame.size.width / 2, y: frame.origin.y + frame.size.height / 2)
        edit(&p)
        return Layer(kind: kind, properties: p)
    }

    /// `layer` moving right by 72 points over a second from centre x `x`.
    static func sliding(_ layer: Layer, from x: Double) -> Layer {
        var layer = layer
        var timing = MediaTiming()
        timing.duration = 1
        layer.animations = [Animation(keyPath: .positionX, kind: .basic(from: .scalar(x), to: .scalar(x + 72), by: nil),
                                      timing: timing)]
        return layer
    }

    /// The scene of the test above: 240×80 points, one second.
    static func slidingScene() -> Scene {
        let everything = Rect(x: 0, y: 0, width: 240, height: 80)
        var band = Self.layer(.gradient, everything) {
            $0.colors = [Color(red: 1, green: 0, blue: 0, alpha: 0.6), Color(red: 0, green: 0, blue: 1, alpha: 0.4)]
            $0.startPoint = Point(x: 0, y: 0.5)
            $0.endPoint = Point(x: 1, y: 0.5)
        }
        let corners: [PathElement] = [.move(Point(x: 0, y: 10)), .line(Point(x: 240, y: 20)),
                                      .line(Point(x: 230, y: 70)), .line(Point(x: 5, y: 60)), .close]
        band.mask = Self.layer(.shape, everything) {
            $0.path = ShapePath([.elements(corners)])
            $0.fillColor = .black
        }
        // A group masked in luminance (never folded): offscreen in every band.
        var group = Self.layer(.plain, everything) { _ in }
        group.sublayers = [Self.layer(.plain, Rect(x: 0, y: 25, width: 240, height: 20)) {
            $0.backgroundColor = Color(red: 0, green: 0.6, blue: 0.2, alpha: 0.7)
        }]
        group.mask = Self.layer(.shape, everything) {
            $0.path = ShapePath([.ellipse(in: Rect(x: 4, y: 20, width: 232, height: 30))])
            $0.fillColor = .white
        }
        group.properties.maskMode = .luminance
        var layers = [band, group]
        for i in 0..<20 {
            layers.append(Self.layer(.shape, Rect(x: Double(i) * 12, y: 48, width: 10, height: 10)) {
                $0.path = ShapePath([.ellipse(in: Rect(x: 0, y: 0, width: 10, height: 10))])
                $0.fillColor = Color(red: 0.9, green: 0.8, blue: 0.1, alpha: 0.8)
            })
        }
        layers.append(Self.layer(.shape, Rect(x: 2, y: 28, width: 236, height: 30)) {
            $0.path = ShapePath([.ellipse(in: Rect(x: 0, y: 0, width: 236, height: 30))])
            $0.fillColor = nil
            $0.strokeColor = Color(red: 0.2, green: 0.2, blue: 0.2, alpha: 0.5)
            $0.lineWidth = 3
        })
        let square = Self.layer(.plain, Rect(x: 40, y: 22, width: 16, height: 16)) {
            $0.backgroundColor = Color(red: 0.1, green: 0.1, blue: 0.9, alpha: 0.75)
            $0.cornerRadius = 3
        }
        let disc = Self.layer(.shape, Rect(x: 120, y: 44, width: 12, height: 12)) {
            $0.path = ShapePath([.ellipse(in: Rect(x: 0, y: 0, width: 12, height: 12))])
            $0.fillColor = Color(red: 0.9, green: 0.1, blue: 0.5, alpha: 0.9)
        }
        layers += [Self.sliding(square, from: 48), Self.sliding(disc, from: 126)]
        return Scene(size: everything.size, backgroundColor: .white, layers: layers)
    }

    /// Checks that the frames redraw some rows and keep others (so the
    /// sequence does skip rows), then that each delivered frame has the
    /// bytes of the frame drawn on its own.
    static func expectSequenceMatchesSingleFrames(_ frames: [Frame], _ name: String,
                                                  renderer: CPURenderer = CPURenderer()) throws {
        var damage = FrameDamage(), partial = 0
        for frame in frames {
            damage.compare(frame)
            if !damage.damagesEverything, damage.damagedRows.contains(false) { partial += 1 }
        }
        #expect(partial > 0, "\(name): no frame keeps rows of the one before")
        var delivered: [PixelBuffer] = []
        try renderer.renderSequence(count: frames.count, frame: { frames[$0] }, deliver: { _, pixels in
            delivered.append(pixels)
        })
        #expect(delivered.count == frames.count)
        for (index, pixels) in delivered.enumerated() {
            #expect(pixels == (try renderer.render(frames[index])), "\(name) frame \(index)")
        }
    }

    // MARK: - Which rows a change damages

    /// A red disc of radius 4 centred at (x, y): a plain device circle.
    static func circle(x: Float, y: Float) -> PrimitiveInstance {
        PrimitiveInstance(transform: SIMD4(1, 0, 0, 1), translation: SIMD4(x, y, Float(ShapeKind.ellipse.rawValue), 0),
                          shape: SIMD4(0, 0, 4, 4), shapeExtra: SIMD4(0, 0, 1, 0), fillColor: SIMD4(1, 0, 0, 1),
                          strokeColor: .zero)
    }

    static func rows(of circle: PrimitiveInstance) throws -> [Int] {
        let box = PixelBox(try #require(DeviceCircle(circle)).deviceBounds, width: 64, height: 64)
        return Array(box.minY...box.maxY)
    }

    static func band(rows: ClosedRange<Int>, firstEdge: Int, edgeCount: Int) -> PrimitiveInstance {
        .pathBand(rect: SIMD4(0, Float(rows.lowerBound), 64, Float(rows.upperBound + 1)), firstEdge: firstEdge,
                  edgeCount: edgeCount, rule: .nonZero, color: SIMD4(0, 0, 1, 1), opacity: 1)
    }

    static func damagedRows(_ damage: FrameDamage) -> [Int] {
        damage.damagedRows.indices.filter { damage.damagedRows[$0] }
    }

    @Test func theFirstFrameAndAnIdenticalOne() {
        let frame = Frame(width: 64, height: 64, primitives: [Self.circle(x: 10, y: 10)])
        var damage = FrameDamage()
        damage.compare(frame)
        #expect(damage.damagesEverything)
        damage.compare(frame)
        #expect(!damage.damagesEverything)
        #expect(Self.damagedRows(damage).isEmpty)
        #expect(!damage.isDamaged(rows: 0...63))
    }

    @Test func aMovedCircleDamagesTheRowsItLeftAndTheRowsItReached() throws {
        let still = Self.circle(x: 50, y: 50)
        var damage = FrameDamage()
        damage.compare(Frame(width: 64, height: 64, primitives: [Self.circle(x: 10, y: 10), still]))
        damage.compare(Frame(width: 64, height: 64, primitives: [Self.circle(x: 10, y: 30), still]))
        #expect(!damage.damagesEverything)
        #expect(Self.damagedRows(damage) == (try Self.rows(of: Self.circle(x: 10, y: 10)) + Self.rows(of: Self.circle(x: 10, y: 30))))
        #expect(!damage.isDamaged(rows: 45...63))
    }

    @Test func aCircleMovedAlongItsRowsDamagesOnlyItsColumns() throws {
        let still = Self.circle(x: 50, y: 50)
        var damage = FrameDamage()
        damage.compare(Frame(width: 64, height: 64, primitives: [Self.circle(x: 10, y: 10), still]))
        damage.compare(Frame(width: 64, height: 64, primitives: [Self.circle(x: 30, y: 10), still]))
        let before = PixelBox(try #require(DeviceCircle(Self.circle(x: 10, y: 10))).deviceBounds, width: 64, height: 64)
        let after = PixelBox(try #require(DeviceCircle(Self.circle(x: 30, y: 10))).deviceBounds, width: 64, height: 64)
        #expect(damage.damagedColumns(rows: 0...63) == before.minX...after.maxX)
        #expect(damage.damagedColumns(rows: before.minY...before.minY) == before.minX...after.maxX)
        #expect(damage.damagedColumns(rows: 40...63) == nil, "the still circle's rows")
        damage.forget()
        damage.compare(Frame(width: 64, height: 64, primitives: [still]))
        #expect(damage.damagedColumns(rows: 40...40) == 0...63, "everything, after forgetting")
    }

    @Test func aPathBandIsComparedByItsEdgesWhereverTheyAre() {

        let edges: [SIMD4<Float>] = [SIMD4(1, 0, 1, 8), SIMD4(9, 8, 9, 0), SIMD4(2, 40, 2, 60), SIMD4(9, 60, 9, 40)]
        let first = Frame(width: 64, height: 64,
                          primitives: [Self.band(rows: 0...7, firstEdge: 0, edgeCount: 2),
                                       Self.band(rows: 40...59, firstEdge: 2, edgeCount: 2)],
                          pathEdges: edges)
        // The first band gains an edge; the second's edges move along the array, unchanged.
        let second = Frame(width: 64, height: 64,
                           primitives: [Self.band(rows: 0...7, firstEdge: 0, edgeCount: 3),
                                        Self.band(rows: 40...59, firstEdge: 3, edgeCount: 2)],
                           pathEdges: [edges[0], edges[1], SIMD4(5, 0, 5, 8), edges[2], edges[3]])
        var damage = FrameDamage()
        damage.compare(first)
        damage.compare(second)
        #expect(Self.damagedRows(damage) == Array(0...7))
        // The same band reading changed edges is damaged.
        var third = second
        third.pathEdges[4] = SIMD4(10, 60, 10, 40)
        damage.compare(third)
        #expect(Self.damagedRows(damage) == Array(40...59))
    }

    @Test func anImageIsComparedByIdentity() {
        func image() -> ContentsImage {
            ContentsImage(width: 2, height: 2) { $0.initialize(repeating: 255) }
        }
        func frame(_ images: [ContentsImage]) -> Frame {
            let shown = PrimitiveInstance.image(rect: SIMD4(8, 8, 4, 4), transform: SIMD4(1, 0, 0, 1),
                                                translation: .zero, index: images.count - 1,
                                                mapping: SIMD4(0, 0, 0.25, 0.25), tint: SIMD4(1, 1, 1, 1), opacity: 1)
            return Frame(width: 32, height: 32, primitives: [shown], images: images)
        }
        let a = image(), b = image()
        var damage = FrameDamage()
        damage.compare(frame([a]))
        damage.compare(frame([b, a]))   // the same image at another index
        #expect(Self.damagedRows(damage).isEmpty)
        damage.compare(frame([b]))      // equal pixels, another image
        #expect(!Self.damagedRows(damage).isEmpty)
        #expect(!damage.damagesEverything)
    }

    @Test func aChangeOfSizeOrBackgroundDamagesEverything() {
        let frame = Frame(width: 64, height: 64, primitives: [Self.circle(x: 10, y: 10)])
        var damage = FrameDamage()
        damage.compare(frame)
        damage.compare(Frame(width: 64, height: 63, primitives: [Self.circle(x: 10, y: 10)]))
        #expect(damage.damagesEverything)
        var cleared = frame
        cleared.background = SIMD4(1, 1, 1, 1)
        damage.compare(cleared)
        #expect(damage.damagesEverything)
        damage.compare(cleared)
        #expect(!damage.damagesEverything)
        damage.forget()
        damage.compare(cleared)
        #expect(damage.damagesEverything)
    }

    // MARK: - Primitives and layers that come and go

    /// Path bands over the rows of `boxes` (x0, y0, x1, y1), each filled
    /// from x0 to x1 in a translucent colour of its own, with the markers
    /// of `layers` (a layer's bounds, and its mask's rows if it has one)
    /// where `order` puts them: "a" is band 0, "b" band 1 and so on, "[" a
    /// layer (the next of `layers`), "|" its mask, "]" its composite.
    static func frame(_ order: String, boxes: [SIMD4<Float>], layers: [SIMD4<Float>] = []) -> Frame {
        var primitives: [PrimitiveInstance] = [], edges: [SIMD4<Float>] = []
        var open: [(bounds: SIMD4<Float>, masked: Bool)] = [], nextLayer = 0
        for symbol in order {
            switch symbol {
            case "[":
                open.append((layers[nextLayer], false))
                primitives.append(.beginLayer(bounds: layers[nextLayer]))
                nextLayer += 1
            case "|":
                open[open.count - 1].masked = true
                primitives.append(.beginMask(bounds: open[open.count - 1].bounds))
            case "]":
                let layer = open.removeLast()
                primitives.append(.composite(bounds: layer.bounds, opacity: 0.8, mask: layer.masked ? .alpha : nil))
            default:
                let i = Int(symbol.asciiValue! - Character("a").asciiValue!), box = boxes[i]
                primitives.append(.pathBand(rect: box, firstEdge: edges.count, edgeCount: 2, rule: .nonZero,
                                            color: SIMD4(Float(i % 3) / 2, 0.5, 1 - Float(i % 2), 0.7), opacity: 1))
                edges += [SIMD4(box.x, box.y, box.x, box.w), SIMD4(box.z, box.w, box.z, box.y)]
            }
        }
        return Frame(width: 64, height: 64, primitives: primitives, pathEdges: edges)
    }

    /// The rows `box` (x0, y0, x1, y1) covers.
    static func rows(_ box: SIMD4<Float>) -> [Int] { Array(Int(box.y)..<Int(box.w)) }

    static let boxes: [SIMD4<Float>] = [SIMD4(0, 0, 64, 8), SIMD4(4, 40, 60, 60), SIMD4(10, 20, 30, 30),
                                        SIMD4(20, 24, 50, 34), SIMD4(8, 12, 40, 16)]
    static let layerBounds: [SIMD4<Float>] = [SIMD4(4, 18, 56, 36)]

    @Test func aPrimitiveThatComesOrGoesDamagesOnlyItsRows() throws {
        var damage = FrameDamage()
        damage.compare(Self.frame("ab", boxes: Self.boxes))
        damage.compare(Self.frame("acb", boxes: Self.boxes))
        #expect(!damage.damagesEverything)
        #expect(Self.damagedRows(damage) == Self.rows(Self.boxes[2]))
        damage.compare(Self.frame("ab", boxes: Self.boxes))
        #expect(Self.damagedRows(damage) == Self.rows(Self.boxes[2]))
        // A circle that comes, between two instances.
        let plain = Self.frame("ab", boxes: Self.boxes)
        var circled = plain.instances
        circled.insert(Self.circle(x: 50, y: 20), at: 1)
        damage.compare(Frame(width: 64, height: 64, primitives: circled, pathEdges: plain.pathEdges))
        #expect(Self.damagedRows(damage) == (try Self.rows(of: Self.circle(x: 50, y: 20))))
    }

    @Test func aLayerThatComesDamagesItsBounds() {
        var damage = FrameDamage()
        damage.compare(Self.frame("ab", boxes: Self.boxes, layers: Self.layerBounds))
        damage.compare(Self.frame("a[cd]b", boxes: Self.boxes, layers: Self.layerBounds))
        #expect(!damage.damagesEverything)
        #expect(Self.damagedRows(damage) == Self.rows(Self.layerBounds[0]))
    }

    /// A primitive that comes inside a layer damages its own rows; a mask
    /// that comes reaches out to the layer it masks, which is damaged whole,
    /// with all it holds.
    @Test func aChangeInsideALayerIsWidenedToTheLayerWhereItMustBe() {
        var damage = FrameDamage()
        damage.compare(Self.frame("a[cd]b", boxes: Self.boxes, layers: Self.layerBounds))
        damage.compare(Self.frame("a[ced]b", boxes: Self.boxes, layers: Self.layerBounds))
        #expect(Self.damagedRows(damage) == Self.rows(Self.boxes[4]))
        damage.compare(Self.frame("a[ce|d]b", boxes: Self.boxes, layers: Self.layerBounds))
        #expect(!damage.damagesEverything)
        // The layer's rows, and those of the bands in it (band e reaches above it).
        #expect(Self.damagedRows(damage) == Self.rows(Self.boxes[4]) + Self.rows(Self.layerBounds[0]))
    }

    /// A composite without its layer (not a frame any backend draws) leaves
    /// no stretch that opens and closes its own layers: everything is damaged.
    @Test func aStretchThatClosesALayerItNeverOpenedDamagesEverything() {
        var damage = FrameDamage()
        damage.compare(Self.frame("a[c]b", boxes: Self.boxes, layers: Self.layerBounds))
        let whole = Self.frame("a[c]b", boxes: Self.boxes, layers: Self.layerBounds)
        var primitives = whole.instances
        primitives.remove(at: 1)
        damage.compare(Frame(width: 64, height: 64, primitives: primitives, pathEdges: whole.pathEdges))
        #expect(damage.damagesEverything)
    }

    /// Bands and layers that come and go, in each frame's bytes.
    @Test(arguments: [Compositing.ordered, .tiles])
    func cpuSequenceOfComingAndGoingPrimitivesMatchesSingleFrames(_ compositing: Compositing) throws {
        let orders = ["ab", "acb", "acb", "a[cd]b", "a[ced]b", "a[ce|d]b", "a[ce|d]b", "a[ce]b", "ab", "eab", "ab"]
        let frames = orders.map { Self.frame($0, boxes: Self.boxes, layers: Self.layerBounds) }
        try Self.expectSequenceMatchesSingleFrames(frames, "coming and going, \(compositing)",
                                                   renderer: CPURenderer(compositing: compositing))
    }

    @Test func framesPastTheLimitAreNotCompared() {
        let circles = (0...FrameDamage.maximumPrimitives).map { _ in Self.circle(x: 10, y: 10) }
        let frame = Frame(width: 64, height: 64, primitives: circles)
        var damage = FrameDamage()
        damage.compare(Frame(width: 32, height: 64, primitives: [Self.circle(x: 10, y: 10)]))
        damage.compare(frame)
        damage.compare(frame)
        #expect(damage.damagesEverything)
        #expect(damage.damagedColumns(rows: 0...0) == 0...63, "every column of the frame past the limit")
    }
}
