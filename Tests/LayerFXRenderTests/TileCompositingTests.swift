import LayerFX
@testable import LayerFXGPU
import LayerFXTestSupport
import Testing

/// Tile compositing (`Compositing.tiles`) against the exact composite: every
/// circle of the frame blended in painter's order in double precision, with
/// the coverage of `DeviceCircle`'s documentation, unrounded. The tiles must
/// be within 1/255 of it on every channel of every pixel checked.
struct TileCompositingTests {
    /// The exact composite of `frame`'s circles (straight from its fields, in
    /// double precision) at pixel (x, y), premultiplied RGBA in 0…1;
    /// `candidates` are the circles that may reach the pixel, in order.
    static func exact(_ frame: Frame, x: Int, y: Int, candidates: [Int]) -> SIMD4<Double> {
        let bg = SIMD4<Double>(frame.background)
        var d = SIMD4(bg.x * bg.w, bg.y * bg.w, bg.z * bg.w, bg.w)
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        for i in candidates {
            let c = frame.circles[i]
            let g = SIMD4<Double>(c.geometry), ring = SIMD4<Double>(c.ring)
            let dist = ((px - g.x) * (px - g.x) + (py - g.y) * (py - g.y)).squareRoot()
            let fill = min(max(g.w - dist, 0), 1)
            let band = min(max(min(ring.y, ring.x - abs(dist - g.z)), 0), 1)
            let under = fill * (1 - ring.z * band)
            let s = SIMD4<Double>(c.stroke) * band + SIMD4<Double>(c.fill) * under
            d = s + d * (1 - s.w)
        }
        return d
    }

    /// The circles that may reach each pixel of a `cell`-pixel grid, in order.
    static func grid(_ frame: Frame, cell: Int) -> (columns: Int, lists: [[Int]]) {
        let columns = (frame.width + cell - 1) / cell, rows = (frame.height + cell - 1) / cell
        var lists = [[Int]](repeating: [], count: columns * rows)
        for (i, c) in frame.circles.enumerated() {
            let reach = Double(c.ring.w) + 1
            let x0 = max(Int((Double(c.geometry.x) - reach).rounded(.down)), 0) / cell
            let x1 = min(Int((Double(c.geometry.x) + reach).rounded(.up)), frame.width - 1) / cell
            let y0 = max(Int((Double(c.geometry.y) - reach).rounded(.down)), 0) / cell
            let y1 = min(Int((Double(c.geometry.y) + reach).rounded(.up)), frame.height - 1) / cell
            guard x0 <= x1, y0 <= y1 else { continue }
            for gy in y0...y1 { for gx in x0...x1 { lists[gy * columns + gx].append(i) } }
        }
        return (columns, lists)
    }

    /// Every `step`-th pixel of every `step`-th row of the field's frame.
    @Test(arguments: [(10_000, 3), (100_000, 13)])
    func tilesAreWithinOneLevelOfTheExactComposite(_ count: Int, _ step: Int) throws {
        let frame = try SceneEvaluator().frame(for: RippleField(count: count).scene(), at: 0)
        #expect(frame.instances.isEmpty && frame.circles.count == count)
        let statistics = TileStatistics()
        let tiles = try CPURenderer(compositing: .tiles, tileStatistics: statistics).render(frame)
        #expect(statistics.frames == 1)
        let (columns, lists) = Self.grid(frame, cell: 32)
        var worst = 0.0, total = 0.0, checked = 0
        for y in stride(from: 0, to: frame.height, by: step) {
            for x in stride(from: 0, to: frame.width, by: step) {
                let exact = Self.exact(frame, x: x, y: y, candidates: lists[(y / 32) * columns + x / 32]) * 255
                for channel in 0..<4 {
                    let difference = abs(Double(tiles.bytes[(y * frame.width + x) * 4 + channel]) - exact[channel])
                    worst = max(worst, difference)
                    total += difference
                }
                checked += 1
            }
        }
        print("tiles against the exact composite, \(count) ripples: max \(worst)/255, mean \(total / Double(checked * 4))/255")
        #expect(worst <= 1, "\(count) ripples: max \(worst)/255 from the exact composite")
    }

    /// The GPU's compute shader composites the same tiles: within 1/255 of
    /// the CPU's on every channel (a fresh renderer, so the shared one keeps
    /// compositing in order).
    @Test(.requiresGPU) func theGPUComputeShaderAgreesWithTheCPU() throws {
        let frame = try SceneEvaluator().frame(for: RippleField(count: 10_000, width: 640, height: 360).scene(), at: 0)
        let gpu = try GPURenderer()
        gpu.compositing = .tiles
        let computed = try gpu.render(frame), tiled = try CPURenderer(compositing: .tiles).render(frame)
        let ordered = try gpu.renderInOrder(frame)
        let differences = zip(computed.bytes, tiled.bytes).map { abs(Int($0) - Int($1)) }
        print("GPU compute against CPU tiles, 10000 ripples at 640×360: max \(differences.max() ?? 0)/255, "
              + "mean \(Double(differences.reduce(0, +)) / Double(differences.count))/255")
        #expect(differences.max() ?? 0 <= 1)
        // The compute pass really ran: the in-order frame differs somewhere (its 8-bit rounding).
        #expect(ordered.bytes != computed.bytes)
    }

    /// The GPU's binning passes list the circles as `TileBins` does (a few
    /// extra entries that touch no pixel aside): the composite is the same,
    /// byte for byte, whichever made the lists; a million circles too large
    /// for the lists fall back to the ordered path alike.
    @Test(.requiresGPU) func theGPUBinsAsTheCPUDoes() throws {
        let gpu = try GPURenderer()
        gpu.compositing = .tiles
        for count in [0, 1, 3000, 20_000] {
            let frame = try SceneEvaluator().frame(for: RippleField(count: count, width: 500, height: 300).scene(), at: 0)
            gpu.tileBinning = .cpu
            let listedOnCPU = try gpu.render(frame)
            #expect(gpu.lastTileBinning == .cpu)
            gpu.tileBinning = .gpu
            let listedOnGPU = try gpu.render(frame)
            #expect(gpu.lastTileBinning == .gpu, "\(count) ripples")
            let differing = zip(listedOnGPU.bytes, listedOnCPU.bytes).filter { $0 != $1 }.count
            #expect(differing == 0, "\(count) ripples: \(differing) bytes differ")
        }
        // After the CPU's shorter lists replaced the GPU's entries buffer, a
        // GPU frame whose lists are longer than those (and shorter than
        // before) sizes the buffer again.
        let field = { (count: Int) in
            try SceneEvaluator().frame(for: RippleField(count: count, width: 500, height: 300).scene(), at: 0)
        }
        gpu.tileBinning = .cpu
        let tenThousand = try field(10_000)
        let expected = try gpu.render(tenThousand)
        _ = try gpu.render(try field(2000))
        gpu.tileBinning = .gpu
        let regrown = try gpu.render(tenThousand)
        #expect(gpu.lastTileBinning == .gpu)
        let differing = zip(regrown.bytes, expected.bytes).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ")
        // Overlapping circles drawn in a known order: the last drawn is on top.
        var stacked = (0..<300).map { Self.circle(Float(100 + $0 % 7), 60, 40) }
        stacked[stacked.count - 1].fill = SIMD4(0, 0, 1, 1)   // opaque blue, premultiplied
        let frame = Frame(width: 200, height: 120, circles: stacked, instances: [],
                          runs: [DrawRun(.circles, 0..<stacked.count)])
        let image = try gpu.render(frame)
        let at = (60 * 200 + 100) * 4
        #expect(gpu.lastTileBinning == .gpu && Array(image.bytes[at..<at + 4]) == [0, 0, 255, 255])
    }

    /// A circle at (x, y) of radius r (device pixels).
    static func circle(_ x: Float, _ y: Float, _ r: Float) -> DeviceCircle {
        DeviceCircle(ellipse: SIMD4(0, 0, r, r), transform: SIMD4(1, 0, 0, 1), translation: SIMD2(x, y),
                     strokeWidth: 0, fillColor: SIMD4(1, 0, 0, 1), strokeColor: .zero, opacity: 1)!
    }

    /// Each tile lists the circles that reach it, in drawing order; circles
    /// off the frame or not finite are in no list.
    @Test func binsListTheCirclesOfEachTileInOrder() throws {
        var off = Self.circle(10, 10, 4)
        off.geometry.x = .nan
        let circles = [Self.circle(8, 8, 4), Self.circle(40, 8, 4), Self.circle(-50, 8, 4), off, Self.circle(20, 20, 10)]
        var bins = TileBins()
        let binned = bins.bin(circles, width: 48, height: 32)
        #expect(binned && !bins.listsShapes)
        #expect((bins.columns, bins.rows) == (3, 2))
        func list(_ tile: Int) -> [UInt32] { Array(bins.entries[bins.offsets[tile]..<bins.offsets[tile + 1]]) }
        // Circle 0 reaches x, y 3.5…12.5: tile 0 only. Circle 1: tile 2. Circle 4 (reach 10.5 about (20, 20)): every tile
        // of columns 0…1 and rows 0…1.
        #expect(list(0) == [0, 4] && list(1) == [4] && list(2) == [1])
        #expect(list(3) == [4] && list(4) == [4] && list(5) == [])
    }

    /// From `TileBins.bandedCircles` on, circles alone are binned in bands
    /// of tile rows on the worker threads; the lists are entry for entry
    /// those one thread makes (here: the same circles binned in chunks
    /// below that count, one thread each, and the chunks' lists joined).
    @Test func bandedBinningListsWhatOneThreadLists() {
        var seed: UInt64 = 2026
        func next() -> Float {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Float(seed >> 40) / Float(1 << 24)
        }
        let circles = (0..<30_000).map { _ in Self.circle(next() * 2020 - 50, next() * 1180 - 50, 1 + next() * 80) }
        let chunk = 10_000
        #expect(circles.count >= TileBins.bandedCircles && chunk < TileBins.bandedCircles)
        var bins = TileBins()
        let binned = bins.bin(circles, width: 1920, height: 1080)
        #expect(binned)
        var expected = [[UInt32]](repeating: [], count: bins.columns * bins.rows)
        for start in stride(from: 0, to: circles.count, by: chunk) {
            var part = TileBins()
            let partBinned = part.bin(Array(circles[start..<start + chunk]), width: 1920, height: 1080)
            #expect(partBinned)
            for tile in expected.indices {
                expected[tile] += part.entries[part.offsets[tile]..<part.offsets[tile + 1]].map { $0 + UInt32(start) }
            }
        }
        var offsets = [0]
        for list in expected { offsets.append(offsets[offsets.count - 1] + list.count) }
        #expect(bins.offsets == offsets)
        #expect(bins.entries == expected.flatMap { $0 })
        #expect(bins.entries.count > 100_000)
    }

    /// Lists too long for `TileBins.maximumEntries` are refused after at
    /// most that many steps (the frame is then drawn in order).
    @Test func binsRefuseTooManyEntriesQuickly() {
        let huge = Array(repeating: Self.circle(8192, 8192, 20_000), count: 1_000_000)
        var bins = TileBins()
        let refused = !bins.bin(huge, width: 16384, height: 16384)
        let binned = bins.bin([Self.circle(8192, 8192, 20_000)], width: 16384, height: 16384)
        #expect(refused && binned)
        #expect(bins.entries.count == 1024 * 1024)
    }

    /// A frame holding primitives other than circles and analytic shapes
    /// (here a polygon), and no run of circles as long as
    /// `TiledRuns.minimumLength`, is drawn in order, byte for byte.
    @Test func otherFramesAreDrawnInOrder() throws {
        let field = RippleField(count: 15, width: 320, height: 240).scene()
        let triangle = TiledRunTests.triangle(160, 120, Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.6),
                                              width: 100, height: 80)
        let scene = Scene(size: field.size, backgroundColor: .white, layers: field.layers + [triangle])
        let frame = try SceneEvaluator().frame(for: scene, at: 0)
        #expect(frame.instances.contains { $0.kind == .path })
        let statistics = TileStatistics()
        #expect(try CPURenderer(compositing: .tiles, tileStatistics: statistics).render(frame).bytes
                == CPURenderer(compositing: .ordered).render(frame).bytes)
        #expect(statistics.frames == 0)
    }

    /// The two ways differ by the ordered path's rounding (each circle's
    /// colour and blend rounded to 8 bits): reported, and bounded.
    @Test func orderedAndTiledFieldsAgreeClosely() throws {
        let frame = try SceneEvaluator().frame(for: RippleField(count: 10_000).scene(), at: 0)
        let ordered = try CPURenderer(compositing: .ordered).render(frame), tiled = try CPURenderer(compositing: .tiles).render(frame)
        let differences = zip(ordered.bytes, tiled.bytes).map { abs(Int($0) - Int($1)) }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        print("ordered against tiles, 10000 ripples: max \(differences.max() ?? 0)/255, mean \(mean)/255")
        #expect(differences.max() ?? 0 <= 4 && mean < 0.5)
    }
}

extension GPURenderer {
    /// `frame` composited in order, whatever the renderer's compositing.
    func renderInOrder(_ frame: Frame) throws -> PixelBuffer {
        let kept = compositing
        compositing = .ordered
        defer { compositing = kept }
        return try render(frame)
    }
}
