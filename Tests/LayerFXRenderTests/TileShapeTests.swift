import CLayerFXRaster
import LayerFX
@testable import LayerFXCPU
@testable import LayerFXGPU
import LayerFXTestSupport
import Testing

/// Tile compositing of frames that hold analytic shapes (ellipses, rounded
/// rectangles, stars; solid and gradient fills, strokes, clips) besides
/// circles, against the exact composite: every primitive's colour at the
/// pixel centre (the circle's coverage of `DeviceCircle`, a shape's
/// `lfx_shape_color`, what the shape kernels blend) composited in painter's
/// order in double precision, unrounded. Within 1/255 on every channel.
struct TileShapeTests {
    /// A frame's primitives in drawing order, each with the pixels it may touch.
    struct Primitives {
        enum Item {
            case circle(DeviceCircle)
            case shape(lfx_shape)
            case glyph(lfx_shape)
        }

        var items: [(item: Item, box: PixelBox)] = []
        /// The frame's glyph atlas, which glyphs sample.
        private let atlas: GlyphAtlasImage?
        /// For each 32-pixel cell of the frame, the items whose box meets it, in order.
        private var cells: [[Int]] = []
        private var columns = 0
        /// The frame's gradient stops, which the shape records point into.
        private let table: StopTable

        /// A frame's gradient stops unpacked, in memory that lives as long as the records pointing into it.
        final class StopTable {
            let stops: UnsafeMutableBufferPointer<lfx_stop>

            init(_ frame: Frame) {
                var unpacked = UnpackedStops()
                unpacked.load(frame.gradientStops)
                stops = .allocate(capacity: unpacked.stops.count)
                _ = stops.initialize(from: unpacked.stops)
            }

            deinit { stops.deallocate() }
        }

        init(_ frame: Frame) {
            atlas = frame.glyphAtlas
            table = StopTable(frame)
            defer { index(width: frame.width, height: frame.height) }
            for run in frame.runs {
                switch run.kind {
                case .circles:
                    for circle in frame.circles[run.range] {
                        let reach = circle.ring.w + 1
                        let box = PixelBox(SIMD4(circle.geometry.x - reach, circle.geometry.y - reach,
                                                 circle.geometry.x + reach, circle.geometry.y + reach),
                                           width: frame.width, height: frame.height)
                        if !box.isEmpty { items.append((.circle(circle), box)) }
                    }
                case .instances:
                    for instance in frame.instances[run.range] {
                        guard let prepared = PreparedPrimitive(instance, width: frame.width, height: frame.height,
                                                               stopCount: table.stops.count)
                        else { continue }
                        let box = PixelBox(minX: prepared.minX, maxX: prepared.maxX, minY: prepared.minY,
                                           maxY: prepared.maxY)
                        let record = lfx_shape(prepared, everyPixel: true, table: UnsafePointer(table.stops.baseAddress))
                        items.append((instance.kind == .glyph ? .glyph(record) : .shape(record), box))
                    }
                }
            }
        }

        private mutating func index(width: Int, height: Int) {
            columns = (width + 31) / 32
            cells = Array(repeating: [], count: columns * ((height + 31) / 32))
            for (i, entry) in items.enumerated() {
                for cy in (entry.box.minY / 32)...(entry.box.maxY / 32) {
                    for cx in (entry.box.minX / 32)...(entry.box.maxX / 32) { cells[cy * columns + cx].append(i) }
                }
            }
        }

        /// The exact composite at pixel (x, y) of the items from `first` on
        /// over `background` (premultiplied, 0…1), in 0…255.
        func exact(x: Int, y: Int, background: SIMD4<Double>, from first: Int = 0) -> SIMD4<Double> {
            var d = background
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            for (item, box) in cells[(y / 32) * columns + x / 32].filter({ $0 >= first }).map({ items[$0] })
            where box.minX <= x && x <= box.maxX && box.minY <= y && y <= box.maxY {
                let s: SIMD4<Double>
                switch item {
                case .circle(let c):
                    let g = SIMD4<Double>(c.geometry), ring = SIMD4<Double>(c.ring)
                    let dist = ((px - g.x) * (px - g.x) + (py - g.y) * (py - g.y)).squareRoot()
                    let fill = min(max(g.w - dist, 0), 1)
                    let band = min(max(min(ring.y, ring.x - abs(dist - g.z)), 0), 1)
                    s = SIMD4<Double>(c.stroke) * band + SIMD4<Double>(c.fill) * (fill * (1 - ring.z * band))
                case .shape(var record):
                    var color = SIMD4<Float>.zero
                    withUnsafeMutableBytes(of: &color) { raw in
                        lfx_shape_color(&record, Float(px), Float(py), raw.baseAddress!.assumingMemoryBound(to: Float.self))
                    }
                    s = SIMD4<Double>(color)
                case .glyph(var record):
                    var color = SIMD4<Float>.zero
                    (atlas?.bytes ?? []).withUnsafeBufferPointer { texels in
                        var kernelAtlas = lfx_glyph_atlas(atlas, texels: texels)
                        withUnsafeMutableBytes(of: &color) { raw in
                            lfx_glyph_color(&record, &kernelAtlas, Float(px), Float(py),
                                            raw.baseAddress!.assumingMemoryBound(to: Float.self))
                        }
                    }
                    s = SIMD4<Double>(color)
                }
                d = s + d * (1 - s.w)
            }
            return d * 255
        }
    }

    /// The largest and mean difference of `image` from the exact composite
    /// of `frame`, over every `step`-th pixel of every `step`-th row.
    static func differences(_ image: PixelBuffer, _ frame: Frame, step: Int = 1) -> (max: Double, mean: Double) {
        let primitives = Primitives(frame)
        let bg = SIMD4<Double>(frame.background)
        let background = SIMD4(bg.x * bg.w, bg.y * bg.w, bg.z * bg.w, bg.w)
        var worst = 0.0, total = 0.0, count = 0
        for y in stride(from: 0, to: frame.height, by: step) {
            for x in stride(from: 0, to: frame.width, by: step) {
                let exact = primitives.exact(x: x, y: y, background: background)
                for channel in 0..<4 {
                    let difference = abs(Double(image.bytes[(y * frame.width + x) * 4 + channel]) - exact[channel])
                    worst = max(worst, difference)
                    total += difference
                    count += 1
                }
            }
        }
        let mean = total / Double(max(count, 1))
        #expect(!worst.isNaN && !mean.isNaN, "the exact composite is a number everywhere")
        return (worst, mean)
    }

    /// The benchmark's fields of rounded rectangles and stars.
    @Test(arguments: [RippleField.Shape.roundedRect, .star])
    func shapeFieldsAreWithinOneLevelOfTheExactComposite(_ shape: RippleField.Shape) throws {
        let frame = try SceneEvaluator().frame(for: RippleField(count: 4000, width: 480, height: 270).scene(shape: shape), at: 0)
        #expect(frame.circles.isEmpty && frame.instances.count == 4000)
        let statistics = TileStatistics()
        let tiles = try CPURenderer(compositing: .tiles, tileStatistics: statistics).render(frame)
        #expect(statistics.frames == 1)
        let (worst, mean) = Self.differences(tiles, frame, step: 3)
        print("tiles against the exact composite, 4000 \(shape.rawValue)s: max \(worst)/255, mean \(mean)/255")
        #expect(worst <= 1, "\(shape.rawValue) field: max \(worst)/255 from the exact composite")
        // The ordered path differs by its 8-bit rounding, as for circles.
        let ordered = try CPURenderer(compositing: .ordered).render(frame)
        let apart = zip(ordered.bytes, tiles.bytes).map { abs(Int($0) - Int($1)) }
        print("ordered against tiles, 4000 \(shape.rawValue)s: max \(apart.max() ?? 0)/255, "
              + "mean \(Double(apart.reduce(0, +)) / Double(apart.count))/255")
        #expect(apart.max() ?? 0 <= 4)
    }

    /// Sharp mitred stars (miters of 7 half widths, under the default limit
    /// of 10), turned, whose stroke tips reach far past the outer radius,
    /// and a thin ellipse stretched 30:1, whose distance is only estimated:
    /// still within 1/255 of the exact composite, tips and all.
    @Test func sharpStarsAndThinEllipsesAreExact() throws {
        let frame = try Self.sharpStarsAndAThinEllipse()
        #expect(frame.instances.count == 25 && frame.instances.allSatisfy { $0.kind == .star || $0.kind == .ellipse })
        #expect(frame.instances.contains { $0.kind == .star && $0.shapeExtra.w > 6 })
        let statistics = TileStatistics()
        let tiles = try CPURenderer(compositing: .tiles, tileStatistics: statistics).render(frame)
        #expect(statistics.frames == 1)
        let (worst, mean) = Self.differences(tiles, frame)
        print("sharp stars and a thin ellipse, tiles against the exact composite: max \(worst)/255, mean \(mean)/255")
        #expect(worst <= 1)
    }

    /// Twelve sharp mitred stars, turned, and a thin ellipse stretched 30:1 over them.
    static func sharpStarsAndAThinEllipse() throws -> Frame {
        var layers: [Layer] = []
        for i in 0..<12 {
            var star = LayerProperties()
            star.bounds = Rect(x: 0, y: 0, width: 80, height: 80)
            star.position = Point(x: 50 + Double(i % 4) * 70, y: 50 + Double(i / 4) * 70)
            star.path = ShapePath([.star(center: Point(x: 40, y: 40), points: 5, outerRadius: 40, innerRadius: 8,
                                         rotation: 0)])
            star.fillColor = Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.4)
            star.strokeColor = Color(red: 0.1, green: 0.2, blue: 0.8, alpha: 0.8)
            star.lineWidth = 2
            star.transform = LayerTransform(rotation: 0.3 + 0.41 * Double(i))
            layers.append(Layer(kind: .shape, properties: star))
        }
        var ellipse = LayerProperties()
        ellipse.bounds = Rect(x: 0, y: 0, width: 60, height: 2)
        ellipse.position = Point(x: 160, y: 120)
        ellipse.path = ShapePath([.ellipse(in: ellipse.bounds)])
        ellipse.fillColor = Color(red: 0, green: 0.6, blue: 0.2, alpha: 0.7)
        ellipse.transform = LayerTransform(rotation: 0.7, scaleX: 3, scaleY: 1)
        layers += [Layer(kind: .shape, properties: ellipse)] + layers
        return try SceneEvaluator().frame(for: Scene(size: Size(width: 320, height: 240), backgroundColor: .white,
                                                     layers: layers), at: 0)
    }

    /// The GPU's compute shader draws frames of shapes as well: within 1/255
    /// of the CPU's tiles on every channel, on the shape fields and every
    /// test scene whose frames tiles draw (gradients, strokes, clips). Such
    /// frames are binned on the CPU.
    @Test(.requiresGPU) func theGPUComputeShaderDrawsShapesAsTheCPUDoes() throws {
        var frames: [(String, Frame)] = try [RippleField.Shape.roundedRect, .star].map { shape in
            ("4000 \(shape.rawValue)s", try SceneEvaluator().frame(
                for: RippleField(count: 4000, width: 480, height: 270).scene(shape: shape), at: 0))
        }
        for name in Fixtures.sceneNames {
            for (scene, time) in try Fixtures.renderings(of: name) {
                let frame = try SceneEvaluator().frame(for: scene, at: time)
                guard !frame.instances.isEmpty,
                      frame.instances.allSatisfy({ TileBins.tiledKinds.contains($0.kind) }) else { continue }
                frames.append(("\(name) at \(time) s, ×\(scene.scale)", frame))
            }
        }
        #expect(frames.count >= 20, "scenes of shapes: \(frames.count)")
        let gpu = try GPURenderer()
        gpu.compositing = .tiles
        let cpu = CPURenderer(compositing: .tiles)
        var worst = 0, total = 0, bytes = 0
        for (label, frame) in frames {
            let computed = try gpu.render(frame), tiled = try cpu.render(frame)
            #expect(gpu.lastTileBinning == .cpu, "\(label): composited in tiles")
            let differences = zip(computed.bytes, tiled.bytes).map { abs(Int($0) - Int($1)) }
            #expect(differences.max() ?? 0 <= 1, "\(label): max \(differences.max() ?? 0)/255")
            worst = max(worst, differences.max() ?? 0)
            total += differences.reduce(0, +)
            bytes += differences.count
        }
        print("GPU compute against CPU tiles, \(frames.count) frames of shapes: max \(worst)/255, "
              + "mean \(Double(total) / Double(max(bytes, 1)))/255")
    }

    /// Sharp mitred stars, turned: the analytic stroke's antialiasing spills
    /// a few pixels past each sharp tip, which each backend cuts where its
    /// quad ends (the GPU at the turned quad, the CPU at the quad's pixel
    /// box), so the two backends differ there whichever way they composite
    /// (54/255 at one tip pixel). The compute shader draws what the GPU
    /// draws in order, within the 2/255 that tiles and the ordered path are
    /// apart on the CPU.
    @Test(.requiresGPU) func theGPUComputeShaderDrawsSharpStarsAsTheGPUDoes() throws {
        let frame = try Self.sharpStarsAndAThinEllipse()
        let gpu = try GPURenderer()
        gpu.compositing = .tiles
        let computed = try gpu.render(frame), ordered = try gpu.renderInOrder(frame)
        #expect(gpu.lastTileBinning == .cpu)
        let apart = zip(computed.bytes, ordered.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
        let cpuApart = zip(try CPURenderer(compositing: .tiles).render(frame).bytes, try CPURenderer(compositing: .ordered).render(frame).bytes)
            .map { abs(Int($0) - Int($1)) }.max() ?? 0
        print("sharp stars: GPU compute against GPU in order max \(apart)/255, CPU tiles against CPU in order max \(cpuApart)/255")
        #expect(apart <= 2 && cpuApart <= 2)
    }

    /// Every test scene, at each time and scale it is rendered at: a frame
    /// that tiles draw is within 1/255 of the exact composite; any other
    /// (whose runs of circles and shapes are all shorter than
    /// `TiledRuns.minimumLength`) is drawn in order, byte for byte.
    @Test(arguments: Fixtures.sceneNames)
    func sceneFramesAreExactOrDrawnInOrder(_ name: String) throws {
        for (scene, time) in try Fixtures.renderings(of: name) {
            let setting = "\(name) at \(time) s, ×\(scene.scale)"
            let frame = try SceneEvaluator().frame(for: scene, at: time)
            let statistics = TileStatistics()
            let tiles = try CPURenderer(compositing: .tiles, tileStatistics: statistics).render(frame)
            let drawable = frame.instances.allSatisfy { TileBins.tiledKinds.contains($0.kind) }
            #expect((statistics.frames == 1) == drawable, "\(setting)")
            if drawable {
                let (worst, mean) = Self.differences(tiles, frame)
                print("\(setting), tiles against the exact composite: max \(worst)/255, mean \(mean)/255")
                #expect(worst <= 1, "\(setting): max \(worst)/255")
            } else {
                #expect(tiles.bytes == (try CPURenderer(compositing: .ordered).render(frame)).bytes, "\(setting)")
            }
        }
    }

    /// A shape is listed only in the tiles its coverage reaches, flagged
    /// where it covers them wholly, in drawing order with the circles.
    @Test func binsListShapesByTheirCoverage() throws {
        var square = LayerProperties()
        square.bounds = Rect(x: 0, y: 0, width: 40, height: 20)
        square.position = Point(x: 24, y: 12)
        square.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        var dot = LayerProperties()
        dot.bounds = Rect(x: 0, y: 0, width: 8, height: 8)
        dot.position = Point(x: 8, y: 8)
        dot.path = ShapePath([.ellipse(in: dot.bounds)])
        dot.fillColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        let scene = Scene(size: Size(width: 48, height: 32), layers: [
            Layer(kind: .shape, properties: dot), Layer(properties: square), Layer(kind: .shape, properties: dot),
        ])
        let frame = try SceneEvaluator().frame(for: scene, at: 0)
        #expect(frame.circles.count == 2 && frame.instances.count == 1)
        var bins = TileBins()
        // Tile (0, 0) covered wholly, (2, 1) not at all, the others at edges.
        let binned = bins.bin(frame) { instance, tile in
            #expect(instance == 0)
            return (tile.minX, tile.minY) == (0, 0) ? .interior : (tile.minX, tile.minY) == (32, 16) ? .none : .edge
        }
        #expect(binned && (bins.columns, bins.rows) == (3, 2) && bins.listsShapes)
        func list(_ tile: Int) -> [UInt32] { Array(bins.entries[bins.offsets[tile]..<bins.offsets[tile + 1]]) }
        let shape = TileBins.shapeEntry
        #expect(list(0) == [0, shape | TileBins.interiorEntry, 1])
        #expect(list(1) == [shape] && list(2) == [shape] && list(3) == [shape] && list(4) == [shape] && list(5) == [])
        // The last tile row and column are cut by the frame's edge.
        var seen: [PixelBox] = []
        _ = bins.bin(frame) { _, tile in
            seen.append(tile)
            return .edge
        }
        #expect(seen.contains(PixelBox(minX: 32, maxX: 47, minY: 16, maxY: 31)))
        #expect(seen.allSatisfy { $0.maxX < 48 && $0.maxY < 32 })
        // A shape listed in no tile leaves lists of circles alone.
        #expect(bins.bin(frame) { _, _ in .none } && !bins.listsShapes)
    }

    /// A frame holding another kind of primitive (here a polygon) is not binned.
    @Test func binsRefuseOtherPrimitives() throws {
        let triangle = TiledRunTests.triangle(24, 16, Color(red: 0, green: 0.5, blue: 0, alpha: 0.7), width: 40, height: 30)
        let frame = try SceneEvaluator().frame(for: Scene(size: Size(width: 48, height: 32), layers: [triangle]), at: 0)
        #expect(frame.instances.contains { $0.kind == .path })
        var bins = TileBins()
        #expect(!bins.bin(frame) { _, _ in .edge })
    }
}

/// Runs of circles and shapes in frames that tiles cannot draw whole (here
/// between polygons, and inside a masked layer) are composited in tiles
/// over what is beneath them.
struct TiledRunTests {
    /// A triangle (a polygon, which only the ordered kernels draw) of
    /// `width × height` points centred at (x, y), filled with `color`.
    static func triangle(_ x: Double, _ y: Double, _ color: Color, width: Double = 200, height: Double = 150) -> Layer {
        var triangle = LayerProperties()
        triangle.bounds = Rect(x: 0, y: 0, width: width, height: height)
        triangle.position = Point(x: x, y: y)
        triangle.path = ShapePath([.elements([.move(Point(x: 0, y: height)), .line(Point(x: width / 2, y: 0)),
                                              .line(Point(x: width, y: height)), .close])])
        triangle.fillColor = color
        return Layer(kind: .shape, properties: triangle)
    }

    /// A run over a polygon is within 1/255 of the run composited exactly
    /// over the polygon's pixels as the ordered path draws them.
    @Test func aRunOverAPolygonIsWithinOneLevelOfExact() throws {
        let field = RippleField(count: 600, width: 320, height: 240).scene()
        let under = Self.triangle(160, 120, Color(red: 0.1, green: 0.6, blue: 0.3, alpha: 0.8))
        let frame = try SceneEvaluator().frame(for: Scene(size: field.size, backgroundColor: .white,
                                                          layers: [under] + field.layers), at: 0)
        let base = try CPURenderer(compositing: .ordered).render(try SceneEvaluator().frame(
            for: Scene(size: field.size, backgroundColor: .white, layers: [under]), at: 0))
        let statistics = TileStatistics()
        let tiles = try CPURenderer(compositing: .tiles, tileStatistics: statistics).render(frame)
        #expect(statistics.frames == 0)   // not the whole frame: its run
        let ordered = try CPURenderer(compositing: .ordered).render(frame)
        #expect(tiles.bytes != ordered.bytes)
        let primitives = TileShapeTests.Primitives(frame)
        // The polygon's pieces come first, then the circles.
        let firstCircle = try #require(primitives.items.firstIndex {
            if case .circle = $0.item { true } else { false }
        })
        #expect(primitives.items[firstCircle...].count == 600)
        var worst = 0.0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let at = (y * frame.width + x) * 4
                let beneath = SIMD4<Double>((0..<4).map { Double(base.bytes[at + $0]) / 255 })
                let d = primitives.exact(x: x, y: y, background: beneath, from: firstCircle)
                for channel in 0..<4 { worst = max(worst, abs(Double(tiles.bytes[at + channel]) - d[channel])) }
            }
        }
        print("a run of 600 ripples over a polygon, tiles against the exact composite: max \(worst)/255")
        #expect(worst <= 1)
    }

    /// The field of `count` ripples in a layer masked by an ellipse, between
    /// a translucent triangle and an opaque one.
    static func maskedRun(_ count: Int) throws -> Frame {
        let field = RippleField(count: count, width: 320, height: 240).scene()
        var group = LayerProperties()
        group.bounds = Rect(x: 0, y: 0, width: 320, height: 240)
        group.position = Point(x: 160, y: 120)
        var container = Layer(properties: group)
        container.sublayers = [Self.triangle(100, 80, Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.7))] + field.layers
            + [Self.triangle(220, 160, Color(red: 0.2, green: 0.2, blue: 0.9, alpha: 1))]
        var maskShape = LayerProperties()
        maskShape.bounds = group.bounds
        maskShape.position = group.position
        maskShape.path = ShapePath([.ellipse(in: Rect(x: 20, y: 10, width: 280, height: 220))])
        maskShape.fillColor = Color(red: 0, green: 0, blue: 0, alpha: 1)
        container.mask = Layer(kind: .shape, properties: maskShape)
        return try SceneEvaluator().frame(for: Scene(size: field.size, backgroundColor: .white, layers: [container]), at: 0)
    }

    /// Inside a masked layer, between polygons: close to the ordered path
    /// (its 8-bit rounding), and a polygon drawn after the run covers it as in order.
    @Test func runsInsideOffscreenLayersAreTiled() throws {
        let frame = try Self.maskedRun(600)
        #expect(frame.instances.contains { $0.kind == .beginMask })
        let tiles = try CPURenderer(compositing: .tiles).render(frame), ordered = try CPURenderer(compositing: .ordered).render(frame)
        let differences = zip(tiles.bytes, ordered.bytes).map { abs(Int($0) - Int($1)) }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        print("a run of 600 ripples in a masked layer, tiles against ordered: max \(differences.max() ?? 0)/255, mean \(mean)/255")
        #expect(differences.max() ?? 0 > 0 && differences.max() ?? 0 <= 4 && mean < 0.5)
        // The opaque polygon on top is drawn over the run exactly as in order.
        let at = (160 * 320 + 220) * 4
        #expect(Array(tiles.bytes[at..<at + 4]) == Array(ordered.bytes[at..<at + 4]))
    }

    /// The GPU composites the same runs with its compute pass: over a
    /// polygon and inside a masked layer, within 2/255 of the CPU's tiles
    /// (its run is composited in half floats and blended by the GL), and
    /// not the GPU's ordered frame (the compute pass ran).
    @Test(.requiresGPU) func theGPUCompositesRunsAsTheCPUDoes() throws {
        let field = RippleField(count: 600, width: 320, height: 240).scene()
        let under = Self.triangle(160, 120, Color(red: 0.1, green: 0.6, blue: 0.3, alpha: 0.8))
        let overPolygon = try SceneEvaluator().frame(for: Scene(size: field.size, backgroundColor: .white,
                                                                layers: [under] + field.layers), at: 0)
        let gpu = try GPURenderer()
        gpu.compositing = .tiles
        for (label, frame) in [("over a polygon", overPolygon), ("in a masked layer", try Self.maskedRun(600))] {
            #expect(TiledRuns(frame: frame, compositing: .tiles).runs.count == 1, "\(label)")
            let computed = try gpu.render(frame), ordered = try gpu.renderInOrder(frame)
            let tiles = try CPURenderer(compositing: .tiles).render(frame)
            let differences = zip(computed.bytes, tiles.bytes).map { abs(Int($0) - Int($1)) }
            let mean = Double(differences.reduce(0, +)) / Double(differences.count)
            print("a run of 600 ripples \(label), GPU compute against CPU tiles: max \(differences.max() ?? 0)/255, mean \(mean)/255")
            #expect(differences.max() ?? 0 <= 2, "\(label)")
            #expect(computed.bytes != ordered.bytes, "\(label)")
        }
    }

    /// 600 ripples with text drawn between their two halves.
    static func textRun() throws -> Frame {
        let field = RippleField(count: 600, width: 320, height: 240).scene()
        var text = LayerProperties()
        text.bounds = Rect(x: 0, y: 0, width: 300, height: 80)
        text.position = Point(x: 160, y: 120)
        text.string = "Ripples\nand text"
        text.fontSize = 32
        text.foregroundColor = Color(red: 0.1, green: 0.1, blue: 0.5, alpha: 0.9)
        let layers = Array(field.layers[..<300]) + [Layer(kind: .text, properties: text)] + Array(field.layers[300...])
        return try SceneEvaluator().frame(for: Scene(size: field.size, backgroundColor: .white, layers: layers), at: 0)
    }

    /// Glyphs do not end a run: text drawn between two halves of a field is
    /// composited in the same run, within 1/255 of the exact composite.
    @Test func aRunGoesThroughText() throws {
        let frame = try Self.textRun()
        #expect(frame.instances.contains { $0.kind == .glyph })
        let runs = TiledRuns(frame: frame, compositing: .tiles).runs
        #expect(runs.count == 1 && runs.first?.items == 0...(frame.circles.count + frame.instances.count - 1))
        let statistics = TileStatistics()
        let tiles = try CPURenderer(compositing: .tiles, tileStatistics: statistics).render(frame)
        #expect(statistics.frames == 1)
        let (worst, mean) = TileShapeTests.differences(tiles, frame)
        print("600 ripples with text in the middle, tiles against the exact composite: max \(worst)/255, mean \(mean)/255")
        #expect(worst <= 1)
    }

    /// The GPU's compute shader draws the glyphs of such a run as the CPU does.
    @Test(.requiresGPU) func theGPUComposesTextInRunsAsTheCPUDoes() throws {
        let frame = try Self.textRun()
        let gpu = try GPURenderer()
        gpu.compositing = .tiles
        let computed = try gpu.render(frame), tiles = try CPURenderer(compositing: .tiles).render(frame)
        let apart = zip(computed.bytes, tiles.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
        print("600 ripples with text in the middle, GPU compute against CPU tiles: max \(apart)/255")
        #expect(apart <= 1)
    }
}
