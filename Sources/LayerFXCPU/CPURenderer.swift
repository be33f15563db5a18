import CLayerFXRaster
import Dispatch
import LayerFXCore
import LayerFXPrimitives

/// The reference rasterizer: the same signed-distance, coverage and blending
/// math as the GPU shaders, evaluated at pixel centres by the C kernels of
/// `CLayerFXRaster`, one per kind (circle spans, analytic shapes, polygon
/// bands, glyphs, images, composites).
///
/// The frame is cut into bands of rows that are shaded in parallel on all
/// cores; inside a band primitives are drawn in order, offscreen layers
/// (`ShapeKind.beginLayer` … `ShapeKind.composite`) as band-sized
/// buffers. Like the GPU's RGBA8 framebuffers, each primitive's premultiplied
/// color is converted to 8 bits and blended source-over into 8-bit pixels
/// (`blend_pixel` in the kernels). The kernels decide 8×8 blocks at once
/// where a distance bound proves every pixel's coverage exactly 0 or 1, so
/// they give the same bytes as shading every pixel.
public struct CPURenderer: RenderBackend, Sendable {
    /// Rows shaded by one task.
    public var bandHeight: Int

    /// How frames are composited: in tiles where the primitives lie deep
    /// enough (the default), in order, or in tiles wherever they can be
    /// (see ``Compositing``).
    public var compositing: Compositing
    /// Where tile compositing counts what it did, when set.
    public var tileStatistics: TileStatistics?
    /// Tile compositing's lists, kept from frame to frame (frames drawn at
    /// once by copies of this renderer take turns with them).
    let tileBuffers = LockedValue(TileBuffers())

    /// Shade every pixel of every primitive, with no block decisions and no
    /// mask-first drawing: the reference the tests compare the kernels'
    /// shortcuts with (the bytes must be the same).
    let shadesEveryPixel: Bool

    /// - Parameters:
    ///   - bandHeight: rows per parallel task.
    ///   - compositing: in tiles where they pay, in order, or in tiles wherever they can be.
    ///   - tileStatistics: where tile compositing counts what it did.
    public init(bandHeight: Int = 16, compositing: Compositing = .automatic, tileStatistics: TileStatistics? = nil) {
        self.init(bandHeight: bandHeight, shadesEveryPixel: false)
        self.compositing = compositing
        self.tileStatistics = tileStatistics
    }

    init(bandHeight: Int, shadesEveryPixel: Bool) {
        self.bandHeight = max(bandHeight, 1)
        self.shadesEveryPixel = shadesEveryPixel
        compositing = .ordered
    }

    /// The number of processors the bands are spread over.
    public static var defaultThreadCount: Int { max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1) }

    /// ``Backend/cpu``.
    public var backend: Backend { .cpu }

    /// Draws `frame` into `pixels`, rows `rowBytes` apart. Rows of exactly
    /// `width × 4` bytes are drawn in place; longer rows are drawn into a
    /// packed buffer first and copied.
    public func render(_ frame: Frame, into pixels: UnsafeMutableRawPointer, rowBytes: Int) throws {
        let width = frame.width, height = frame.height
        guard width > 0, height > 0 else { return }
        precondition(rowBytes >= width * 4, "rowBytes must be at least width × 4")
        if rowBytes == width * 4 {
            return try draw(frame, into: pixels.assumingMemoryBound(to: UInt8.self))
        }
        let packed = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height * 4)
        defer { packed.deallocate() }
        try draw(frame, into: packed)
        for row in 0..<height {
            (pixels + row * rowBytes).copyMemory(from: packed + row * width * 4, byteCount: width * 4)
        }
    }

    /// Draws frames `0..<count` in order into one buffer and hands each to
    /// `deliver(i, pixels)`, evaluating frame i + 1 while frame i is drawn.
    /// Each frame after the first redraws only the bands of rows that can
    /// differ from the frame before (``FrameDamage``); the others still hold
    /// the same bytes, so every frame is what ``render(_:)`` gives.
    public func renderSequence(count: Int, frame: @escaping @Sendable (Int) throws -> Frame,
                               deliver: (Int, PixelBuffer) throws -> Void) throws {
        var buffer = PixelBuffer(width: 0, height: 0, bytes: [])
        var damage: SequenceDamage? = SequenceDamage()
        try FramePrefetch.run(count: count, frame: frame) { index, frame in
            if buffer.width == frame.width, buffer.height == frame.height, frame.width > 0, frame.height > 0 {
                try buffer.bytes.withUnsafeMutableBytes { raw in
                    try draw(frame, into: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), damage: &damage)
                }
            } else {
                try render(frame, into: &buffer)
                damage!.frames.forget()
            }
            try deliver(index, buffer)
        }
    }

    /// Draws `frame` into `image`, `width × height` packed pixels; with
    /// `damage`, only the bands it damages, `image` holding the frame
    /// it was last shown.
    private func draw(_ frame: Frame, into image: UnsafeMutablePointer<UInt8>) throws {
        var damage: SequenceDamage? = nil
        try draw(frame, into: image, damage: &damage)
    }

    private func draw(_ frame: Frame, into image: UnsafeMutablePointer<UInt8>, damage: inout SequenceDamage?) throws {
        if compositing.tiles(frame), drawTiles(frame, into: image) {
            damage?.frames.forget()
            return
        }
        var table = UnpackedStops()
        table.load(frame.gradientStops)
        try table.stops.withUnsafeBufferPointer { table in
            try draw(frame, into: image, table: table, damage: &damage)
        }
    }

    /// Draws `frame` into `image` as above, its gradients' table stops
    /// read from `table`, the frame's unpacked.
    private func draw(_ frame: Frame, into image: UnsafeMutablePointer<UInt8>,
                      table: UnsafeBufferPointer<lfx_stop>, damage: inout SequenceDamage?) throws {
        let width = frame.width, height = frame.height
        // Each primitive that touches the frame, in order, with the rows it
        // touches (markers and composites are never skipped here), where its
        // circle or its shape record is, and its kind.
        var extents: [Extent] = [], rows: [SIMD4<Int32>] = []
        var circles: [lfx_circle] = [], shapes: [lfx_shape] = [], kernels: [KernelChoice] = []
        let count = frame.circles.count + frame.instances.count
        extents.reserveCapacity(count); rows.reserveCapacity(count)
        circles.reserveCapacity(frame.circles.count)
        shapes.reserveCapacity(frame.instances.count); kernels.reserveCapacity(frame.instances.count)
        let edgeCount = frame.pathEdges.count, everyPixel = shadesEveryPixel
        func add(_ primitive: PreparedPrimitive) {
            var shapeIndex: Int32 = -1, circleIndex: Int32 = -1
            let drawn = primitive.kind.rawValue <= ShapeKind.image.rawValue
            if drawn && primitive.circle == nil || primitive.kind == .composite {
                shapeIndex = Int32(shapes.count)
                shapes.append(lfx_shape(primitive, everyPixel: everyPixel, table: table.baseAddress))
                kernels.append(KernelChoice(primitive, edgeCount: edgeCount, imageCount: frame.images.count))
            }
            if let circle = primitive.circle {
                circleIndex = Int32(circles.count)
                circles.append(circle)
            }
            rows.append(drawn ? SIMD4(Int32(clamping: primitive.minY), Int32(clamping: primitive.maxY), circleIndex, shapeIndex)
                              : SIMD4(.min, .max, -1, shapeIndex))
            extents.append(Extent(primitive))
        }
        for run in frame.runs {
            switch run.kind {
            case .circles:
                for circle in frame.circles[run.range] {
                    if let ready = PreparedPrimitive(circle, width: width, height: height) { add(ready) }
                }
            case .instances:
                for primitive in frame.instances[run.range] {
                    if let ready = PreparedPrimitive(primitive, width: width, height: height, stopCount: table.count) {
                        add(ready)
                    }
                }
            }
        }
        let groups = try LayerNesting.groups(of: extents.map(\.kind))
        // The runs composited in tiles: where each starts in `extents`, where it ends.
        let tiledRuns = shadesEveryPixel ? TiledRuns() : TiledRuns(frame: frame, compositing: compositing)
        let runs = Dictionary(uniqueKeysWithValues: tiledRuns.runs.map {
            ($0.touching.lowerBound, $0.touching.upperBound)
        })
        let bg = frame.background
        let clearBytes = quantize(SIMD4<Float>(bg.x * bg.w, bg.y * bg.w, bg.z * bg.w, bg.w))
        let bandHeight = self.bandHeight
        // The bands drawn, each in a window of columns: all of them, whole,
        // or those the sequence's damage names, in the columns it names (the
        // same tile runs as the last frame's, so pixels not redrawn would
        // come out the same).
        let bands = damage?.bands(of: frame, tiledRuns: tiledRuns.runs, bandHeight: bandHeight)
            ?? stride(from: 0, to: height, by: bandHeight).map { SequenceDamage.Band(y0: $0, columns: 0...max(width - 1, 0)) }
        guard !bands.isEmpty, width > 0 else { return }
        let atlasTexels = frame.glyphAtlas?.bytes ?? []
        // The frame holds its images while they are drawn.
        let images = frame.images.map {
            lfx_image(texels: $0.bytes.baseAddress, width: Int32(clamping: $0.width), height: Int32(clamping: $0.height))
        }
        // Every band fills its window with the background first.
        let base = UnsafeSendablePointer(image)
        frame.pathEdges.withUnsafeBufferPointer { edges in
            atlasTexels.withUnsafeBufferPointer { texels in
                let resources = FrameResources(edges: edges, atlas: frame.glyphAtlas, atlasTexels: texels, images: images)
                extents.withUnsafeBufferPointer { extents in
                    rows.withUnsafeBufferPointer { rows in circles.withUnsafeBufferPointer { circles in
                      shapes.withUnsafeBufferPointer { shapes in kernels.withUnsafeBufferPointer { kernels in
                        let list = PrimitiveList(extents: extents, rows: rows, circles: circles, shapes: shapes,
                                                 kernels: kernels)
                        DispatchQueue.concurrentPerform(iterations: bands.count) { band in
                            let y0 = bands[band].y0, y1 = min(y0 + bandHeight, height) - 1
                            var band = Band(y0: y0, y1: y1, width: width, columns: bands[band].columns,
                                            image: base.pointer + y0 * width * 4)
                            band.fill(clearBytes)
                            band.draw(list, groups: groups, runs: runs, resources: resources,
                                      everyPixel: shadesEveryPixel)
                        }
                      } }
                    } }
                }
            }
        }
    }
}

/// What a sequence drawn into one buffer knows of the frame the buffer
/// holds: the frame itself (to find the rows the next one changes,
/// forgotten when the frame was drawn in tiles or into a new buffer) and
/// the runs of it composited in tiles within its bands.
struct SequenceDamage {
    var frames = FrameDamage()
    var tiledRuns: [TiledRuns.Run] = []

    /// A band of rows to redraw from `y0` on, in the window `columns`.
    struct Band {
        let y0: Int
        let columns: ClosedRange<Int>
    }

    /// The bands of `bandHeight` rows to redraw of `frame`, drawn in order
    /// with `tiledRuns`: those whose rows it changes, each in the columns
    /// it changes there; all of them, whole, where the last frame's tile
    /// runs differ (a pixel not redrawn must come out the same). Remembers
    /// `frame` and its runs.
    mutating func bands(of frame: Frame, tiledRuns runs: [TiledRuns.Run], bandHeight: Int) -> [Band] {
        frames.compare(frame)
        let all = stride(from: 0, to: frame.height, by: bandHeight)
        defer { tiledRuns = runs }
        guard runs == tiledRuns, !frames.damagesEverything else {
            return all.map { Band(y0: $0, columns: 0...max(frame.width - 1, 0)) }
        }
        return all.compactMap { y0 in
            frames.damagedColumns(rows: y0...min(y0 + bandHeight, frame.height) - 1).map { Band(y0: y0, columns: $0) }
        }
    }
}

/// The rows `y0...y1` of a frame, drawn in a window of its columns (pixels
/// outside keep their bytes), with the stack of offscreen layers open in them.
private struct Band {
    let y0: Int, y1: Int, width: Int
    /// The window: columns x0...x1.
    let x0: Int, x1: Int
    /// The window as the kernels take it.
    private let window: lfx_columns
    /// Pixel (x, y) of the current target is at `target + ((y − y0)·width + x)·4`.
    private var target: UnsafeMutablePointer<UInt8>
    /// Open offscreen layers, innermost last (the image itself is not on it).
    private var stack: [UnsafeMutablePointer<UInt8>] = []
    private var targets: [UnsafeMutablePointer<UInt8>]
    private var spare: [UnsafeMutablePointer<UInt8>] = []
    /// While a masked layer's content is drawn: one byte per 8 columns per
    /// row of this band, 0 where the mask is clear (see `lfx_occupancy`).
    private var occupancy: UnsafePointer<UInt8>?
    /// The column lists of the run being composited in tiles.
    private var scratch = ColumnLists()

    init(y0: Int, y1: Int, width: Int, columns: ClosedRange<Int>, image: UnsafeMutablePointer<UInt8>) {
        self.y0 = y0; self.y1 = y1; self.width = width
        x0 = max(columns.lowerBound, 0); x1 = min(columns.upperBound, width - 1)
        window = lfx_columns(first: Int32(clamping: x0), last: Int32(clamping: x1), width: Int32(clamping: width))
        target = image
        targets = [image]
    }

    /// Sets every pixel of the current target's window to `color`.
    func fill(_ color: SIMD4<UInt8>) {
        guard x0 <= x1 else { return }
        let bits = unsafeBitCast(color, to: UInt32.self)
        if x0 == 0 && x1 == width - 1 {
            lfx_fill_pixels(target, (y1 - y0 + 1) * width, bits)
            return
        }
        for y in y0...y1 { lfx_fill_pixels(target + ((y - y0) * width + x0) * 4, x1 - x0 + 1, bits) }
    }

    /// Whether columns `minX...maxX` reach the window.
    private func reaches(_ minX: Int, _ maxX: Int) -> Bool { minX <= x1 && maxX >= x0 && minX <= maxX }

    mutating func draw(_ list: PrimitiveList, groups: (composites: [Int: Int], masks: [Int: Int]), runs: [Int: Int],
                       resources: FrameResources, everyPixel: Bool) {
        defer { for buffer in spare + stack { buffer.deallocate() } }
        let context = DrawContext(list: list, composites: groups.composites, masks: groups.masks,
                                  shadesEveryPixel: everyPixel, runs: runs, resources: resources)
        draw(0..<list.extents.count, context)
    }

    /// Draws the primitives of `range` in order.
    private mutating func draw(_ range: Range<Int>, _ context: DrawContext) {
        let rows = context.list.rows
        let top = Int32(y0), bottom = Int32(y1)
        var i = range.lowerBound
        while i < range.upperBound {
            if !context.runs.isEmpty, let end = context.runs[i], end <= range.upperBound,
               composite(run: i..<end, context) {
                i = end
                continue
            }
            // Most primitives miss most bands, and circles need only their span
            // kernel: both are decided from compact arrays.
            let span = rows[i]
            if span.y < top || span.x > bottom {
                i += 1
                continue
            }
            if span.z >= 0 {
                let extent = context.list.extents[i]
                if reaches(extent.minX, extent.maxX) {
                    lfx_circle_draw_rows(target, width * 4, Int32(y0), window, max(span.x, top), min(span.y, bottom),
                                         context.list.circles.baseAddress! + Int(span.z))
                }
                i += 1
                continue
            }
            if span.w >= 0 && span.y != .max {
                let extent = context.list.extents[i]
                if reaches(extent.minX, extent.maxX) {
                    drawWithKernel(Int(span.w), rows: (max(span.x, top), min(span.y, bottom)), context)
                }
                i += 1
                continue
            }
            i = drawPrimitive(at: i, context)
        }
    }

    /// Composites the run of circles, analytic shapes and glyphs `run` over this
    /// band's target in tiles (`lfx_tiles_composite_over`); false, with
    /// nothing drawn, when its lists would pass `TileBins.maximumEntries`.
    private mutating func composite(run: Range<Int>, _ context: DrawContext) -> Bool {
        let rows = context.list.rows, extents = context.list.extents, shapes = context.list.shapes
        let size = TileBins.tileSize, columns = (width + size - 1) / size
        let top = Int32(y0), bottom = Int32(y1)
        var listed = 0
        // Only the tile columns of the window are listed.
        let firstColumn = x0 / size, lastColumn = x1 / size
        for i in run where rows[i].x <= bottom && rows[i].y >= top && reaches(extents[i].minX, extents[i].maxX) {
            listed += min(extents[i].maxX / size, lastColumn) - max(extents[i].minX / size, firstColumn) + 1
            guard listed <= TileBins.maximumEntries else { return false }
        }
        scratch.prepare(columns: columns, pairs: listed)
        for i in run where rows[i].x <= bottom && rows[i].y >= top {
            let extent = extents[i], span = rows[i]
            guard reaches(extent.minX, extent.maxX) else { continue }
            let first = max(span.x, top), last = min(span.y, bottom)
            for column in max(extent.minX / size, firstColumn)...min(extent.maxX / size, lastColumn) {
                if span.z >= 0 {
                    scratch.add(UInt32(truncatingIfNeeded: span.z), column: column)
                    continue
                }
                let box = PixelBox(minX: column * size, maxX: min(column * size + size, width) - 1,
                                   minY: Int(first), maxY: Int(last))
                let coverage = TileBins.ShapeCoverage(shapes.baseAddress! + Int(span.w), box)
                if let entry = TileBins.entry(shape: Int(span.w), coverage: coverage) { scratch.add(entry, column: column) }
            }
        }
        scratch.sort()
        var atlas = context.resources.kernelAtlas ?? lfx_glyph_atlas(nil, texels: UnsafeBufferPointer(start: nil, count: 0))
        scratch.offsets.withUnsafeBufferPointer { offsets in
            scratch.entries.withUnsafeBufferPointer { entries in
                lfx_tiles_composite_over(target, width * 4, Int32(y0), window, top, bottom,
                                         context.list.circles.baseAddress, shapes.baseAddress, &atlas,
                                         offsets.baseAddress!, entries.baseAddress)
            }
        }
        return true
    }

    /// Draws entry `index` of the list's shapes with its kernel.
    private func drawWithKernel(_ index: Int, rows: (Int32, Int32), _ context: DrawContext) {
        let shape = context.list.shapes.baseAddress! + index, choice = context.list.kernels[index]
        let stride = width * 4, cells = (width + 7) / 8
        switch choice.kernel {
        case .shape:
            lfx_shape_draw_rows(target, stride, Int32(y0), window, rows.0, rows.1, shape, occupancy, cells)
        case .path:
            let edges = context.resources.edges.baseAddress.map {
                UnsafeRawPointer($0 + Int(choice.first)).assumingMemoryBound(to: Float.self)
            }
            lfx_path_draw_rows(target, stride, Int32(y0), window, rows.0, rows.1, shape, edges,
                               choice.count, choice.windingOffset, choice.evenOdd, occupancy, cells)
        case .glyph:
            // A glyph without an atlas draws nothing, as in the shader.
            if var atlas = context.resources.kernelAtlas {
                lfx_glyph_draw_rows(target, stride, Int32(y0), window, rows.0, rows.1, shape, &atlas,
                                    occupancy, cells)
            }
        case .image:
            // An image the frame does not hold draws nothing, as on the GPU.
            if choice.first >= 0 {
                var image = context.resources.images[Int(choice.first)]
                lfx_image_draw_rows(target, stride, Int32(y0), window, rows.0, rows.1, shape, &image,
                                    occupancy, cells)
            }
        }
    }

    /// Draws primitive `i` (not a plain circle), or opens or closes an
    /// offscreen layer; returns the index of the next primitive to look at.
    @inline(never)
    private mutating func drawPrimitive(at i: Int, _ context: DrawContext) -> Int {
        let primitive = context.list.extents[i]
        switch primitive.kind {
        case .beginLayer:
            guard let end = context.composites[i] else {
                push(clearing: primitive)
                return i + 1
            }
            // A layer that misses these rows, or the window, leaves them as they are.
            if primitive.maxY < y0 || primitive.minY > y1 || !reaches(primitive.minX, primitive.maxX) {
                return end + 1
            }
            push(clearing: primitive)
            if !context.shadesEveryPixel, let mask = context.masks[i], !context.list.extents[end].maskIsInverted {
                return drawMaskedContent(begin: i, mask: mask, end: end, context)
            }
        case .beginMask:
            push(clearing: primitive)
        case .composite:
            composite(primitive, context.list.shapes.baseAddress! + Int(context.list.rows[i].w))
        default:
            break   // drawn kinds go to their kernels in `draw`
        }
        return i + 1
    }

    /// Draws a masked layer's mask (primitives `mask` … `end − 1`) before its
    /// content (`begin + 1` … `mask − 1`), and the content only in the 8-column
    /// cells where the mask is not clear (content elsewhere is multiplied by
    /// 0 when composited: an alpha or luminance mask's coverage is 0 where
    /// its pixels are clear, not so an inverted one's, which is drawn in
    /// order). Leaves the stack as drawing in order would, and returns `end`,
    /// the composite.
    private mutating func drawMaskedContent(begin: Int, mask: Int, end: Int, _ context: DrawContext) -> Int {
        let content = target
        push(clearing: context.list.extents[mask])
        draw((mask + 1)..<end, context)
        let maskBuffer = stack.removeLast()
        target = content
        let cells = (width + 7) / 8
        let map = UnsafeMutablePointer<UInt8>.allocate(capacity: (y1 - y0 + 1) * cells)
        defer { map.deallocate() }
        let composite = context.list.extents[end]
        let first = max(composite.minY, y0), last = min(composite.maxY, y1)
        map.initialize(repeating: 0, count: (y1 - y0 + 1) * cells)
        if first <= last, reaches(composite.minX, composite.maxX) {
            lfx_occupancy(maskBuffer, width * 4, Int32(y0), Int32(first), Int32(last),
                          Int32(max(composite.minX, x0)), Int32(min(composite.maxX, x1)), occupancy, map, cells)
        }
        let outer = occupancy
        occupancy = UnsafePointer(map)
        draw((begin + 1)..<mask, context)
        occupancy = outer
        stack.append(maskBuffer)
        target = maskBuffer
        return end
    }

    /// Opens an offscreen layer, transparent inside the marker's rectangle.
    private mutating func push(clearing marker: Extent) {
        let buffer = spare.popLast() ?? .allocate(capacity: (y1 - y0 + 1) * width * 4)
        stack.append(buffer)
        target = buffer
        clear(marker)
    }

    /// Blends the innermost layer (times its mask's coverage) onto the one below.
    private mutating func composite(_ primitive: Extent, _ record: UnsafePointer<lfx_shape>) {
        let mask = primitive.mask != LFX_MASK_NONE ? stack.popLast() : nil
        guard let content = stack.popLast() else { return }
        target = stack.last ?? targets[0]
        let first = max(primitive.minY, y0), last = min(primitive.maxY, y1)
        if first <= last, reaches(primitive.minX, primitive.maxX) {
            lfx_composite_rows(target, content, mask, mask == nil ? LFX_MASK_NONE : primitive.mask, width * 4,
                               Int32(y0), Int32(first), Int32(last), Int32(max(primitive.minX, x0)),
                               Int32(min(primitive.maxX, x1)), record)
        }
        spare.append(content)
        if let mask { spare.append(mask) }
    }

    /// Makes the current target transparent inside the marker's pixel box,
    /// these rows and the window.
    private func clear(_ marker: Extent) {
        let first = max(marker.minY, y0), last = min(marker.maxY, y1)
        guard first <= last, reaches(marker.minX, marker.maxX) else { return }
        let from = max(marker.minX, x0), count = (min(marker.maxX, x1) - from + 1) * 4
        for y in first...last {
            (target + (y - y0) * width * 4 + from * 4).initialize(repeating: 0, count: count)
        }
    }
}

/// Float RGBA in 0…1 → unorm8, rounding to nearest, ties to even (what the
/// GPU does when a shader output is written to an RGBA8 target).
@inline(__always)
func quantize(_ c: SIMD4<Float>) -> SIMD4<UInt8> {
    // Adding 1.5 · 2²³ leaves the rounded integer in the low mantissa bits
    // (float addition rounds to nearest even): no per-lane checked conversion.
    let magic = SIMD4<Float>(repeating: 12_582_912)
    let rounded = c.clamped(lowerBound: .zero, upperBound: .one) * 255 + magic
    return SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(rounded, to: SIMD4<UInt32>.self))
}

/// What every primitive of a band's draw reads.
private struct DrawContext {
    let list: PrimitiveList
    /// For each `beginLayer` index, its composite's index.
    let composites: [Int: Int]
    /// For each masked layer's `beginLayer` index, its `beginMask`'s index.
    let masks: [Int: Int]
    /// Draw in order, every pixel (``CPURenderer/shadesEveryPixel``).
    let shadesEveryPixel: Bool
    /// The runs composited in tiles (``TiledRuns``): for the first
    /// primitive of each, where it ends.
    let runs: [Int: Int]
    let resources: FrameResources
}

/// What a band needs of a prepared primitive besides its kernel's record:
/// its kind and pixel rectangle, which is all that markers and composites
/// are (the whole `PreparedPrimitive` is some 400 bytes, too much to copy
/// for every path band).
private struct Extent {
    let kind: ShapeKind
    /// For a composite with a mask layer, how the mask covers it (an
    /// `LFX_MASK_` constant); `LFX_MASK_NONE` otherwise.
    let mask: Int32
    /// Pixel columns and rows, inclusive (see `PreparedPrimitive`).
    let minX: Int, maxX: Int, minY: Int, maxY: Int

    init(_ p: PreparedPrimitive) {
        kind = p.kind
        mask = p.maskCoverage.map { Int32($0.rawValue) } ?? LFX_MASK_NONE
        minX = p.minX; maxX = p.maxX; minY = p.minY; maxY = p.maxY
    }

    /// Whether a composite's mask covers the pixels it leaves clear.
    var maskIsInverted: Bool { mask == LFX_MASK_ALPHA_INVERTED || mask == LFX_MASK_LUMINANCE_INVERTED }
}

/// The prepared primitives and the rows each touches, read by all bands.
private struct PrimitiveList: @unchecked Sendable {
    /// Each primitive's kind and pixel rectangle.
    let extents: UnsafeBufferPointer<Extent>
    /// (first row, last row, index in `circles` or −1, index in `shapes` or
    /// −1) per primitive; rows (min, max) for markers and composites.
    let rows: UnsafeBufferPointer<SIMD4<Int32>>
    /// The plain device circles, drawn by `lfx_circle_draw_rows`.
    let circles: UnsafeBufferPointer<lfx_circle>
    /// The other analytic shapes and the composites, drawn by
    /// `lfx_shape_draw_rows` and `lfx_composite_rows` (index in `rows[i].w`).
    let shapes: UnsafeBufferPointer<lfx_shape>
    /// The kernel of each entry of `shapes`, and a polygon band's edges.
    let kernels: UnsafeBufferPointer<KernelChoice>
}

/// Which C kernel draws an entry of `PrimitiveList.shapes`; for a polygon
/// band which of the frame's path edges it reads (clamped to them), its
/// winding offset and rule; for an image, its index in the frame's images
/// (`first`, −1 when the frame has no such image).
struct KernelChoice {
    enum Kernel { case shape, path, glyph, image }
    var kernel: Kernel
    var first: Int32 = 0, count: Int32 = 0, windingOffset: Int32 = 0, evenOdd: Int32 = 0

    init(_ p: PreparedPrimitive, edgeCount: Int, imageCount: Int) {
        switch p.kind {
        case .path:
            kernel = .path
            let first = min(max(Int(saturating: p.shapeExtra.x), 0), edgeCount)
            self.first = Int32(clamping: first)
            count = Int32(clamping: min(max(Int(saturating: p.shapeExtra.y), 0), edgeCount - first))
            windingOffset = Int32(saturating: p.translation.w)
            evenOdd = WindingRule(rawValue: Int(saturating: p.shapeExtra.w)) == .evenOdd ? 1 : 0
        case .glyph: kernel = .glyph
        case .image:
            kernel = .image
            first = p.imageIndex < imageCount ? Int32(clamping: p.imageIndex) : -1
        default: kernel = .shape
        }
    }
}

/// A raw pointer handed to concurrent bands; each band writes disjoint rows.
struct UnsafeSendablePointer<Pointee>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Pointee>
    init(_ pointer: UnsafeMutablePointer<Pointee>) { self.pointer = pointer }
}

#if canImport(Glibc)
import Glibc
#endif
