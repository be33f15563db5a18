import CLayerFXParallel
import CLayerFXRaster
import LayerFXCore
import LayerFXPrimitives

/// What tile compositing did over the frames drawn with it: a benchmark's
/// primitives visited per pixel and share of pixels that stopped early.
public final class TileStatistics: Sendable {
    private let counts = LockedValue((visits: UInt64(0), earlyPixels: UInt64(0), pixels: UInt64(0), frames: 0))

    /// Counting from zero.
    public init() {}

    /// Frames composited in tiles.
    public var frames: Int { counts.withLock { $0.frames } }

    /// The mean number of primitives shaded per pixel (one that misses a
    /// pixel's row is not counted).
    public var meanVisitsPerPixel: Double {
        counts.withLock { $0.pixels == 0 ? 0 : Double($0.visits) / Double($0.pixels) }
    }

    /// The share of pixels whose walk stopped before the end of their tile's
    /// list (what is behind could not change their 8-bit colour).
    public var earlyShare: Double {
        counts.withLock { $0.pixels == 0 ? 0 : Double($0.earlyPixels) / Double($0.pixels) }
    }

    func add(_ stats: lfx_tile_stats, pixels: Int) {
        counts.withLock {
            $0.visits &+= stats.visits
            $0.earlyPixels &+= stats.early_pixels
            $0.pixels &+= UInt64(pixels)
            $0.frames += 1
        }
    }
}

extension CPURenderer {
    /// Draws `frame` by tile compositing into `image`, `width × height`
    /// packed pixels, in the renderer's tile buffers (so a warm frame
    /// allocates nothing; frames drawn at once by one renderer take turns);
    /// false, with nothing drawn, when the frame holds primitives other than
    /// circles, analytic shapes and glyphs or its lists would take more than
    /// `TileBins.maximumEntries` entries (see `TileBins.bin(_:)`).
    func drawTiles(_ frame: Frame, into image: UnsafeMutablePointer<UInt8>) -> Bool {
        tileBuffers.withLock { buffers in
            guard frame.instances.allSatisfy({ TileBins.tiledKinds.contains($0.kind) }) else { return false }
            buffers.table.load(frame.gradientStops)
            // The same storage, not a copy: the shape records point into it while the frame is drawn.
            let table = buffers.table.stops
            return table.withUnsafeBufferPointer { table in drawTiles(frame, into: image, buffers: &buffers, table: table) }
        }
    }

    /// ``drawTiles(_:into:)`` in `buffers`, with the frame's gradient stops
    /// unpacked in `table`.
    private func drawTiles(_ frame: Frame, into image: UnsafeMutablePointer<UInt8>, buffers: inout TileBuffers,
                           table: UnsafeBufferPointer<lfx_stop>) -> Bool {
        let width = frame.width, height = frame.height
        // The shapes' kernel records, one per instance (an instance the
        // bins leave out gets an empty record that no list names).
        buffers.shapes.removeAll(keepingCapacity: true)
        for instance in frame.instances {
            buffers.shapes.append(PreparedPrimitive(instance, width: width, height: height, stopCount: table.count)
                .map { lfx_shape($0, everyPixel: false, table: table.baseAddress) } ?? lfx_shape())
        }
        let binned = buffers.shapes.withUnsafeBufferPointer { shapes in
            buffers.bins.bin(frame) { instance, tile in TileBins.ShapeCoverage(shapes.baseAddress! + instance, tile) }
        }
        guard binned else { return false }
        let tileRows = buffers.bins.rows
        let bg = frame.background
        let background = SIMD4(bg.x * bg.w, bg.y * bg.w, bg.z * bg.w, bg.w)
        buffers.stats.resize(to: tileRows) { lfx_tile_stats() }
        let base = UnsafeSendablePointer(image)
        let atlasTexels = frame.glyphAtlas?.bytes ?? []
        atlasTexels.withUnsafeBufferPointer { texels in
        var atlas = lfx_glyph_atlas(frame.glyphAtlas, texels: texels)
        withUnsafePointer(to: &atlas) { atlas in
        let atlas = frame.glyphAtlas == nil ? nil : atlas
        frame.circles.withUnsafeBufferPointer { deviceCircles in
            // `DeviceCircle` and `lfx_circle` have the same layout (four SIMD4<Float>).
            deviceCircles.withMemoryRebound(to: lfx_circle.self) { circles in
                withUnsafePointer(to: background) { background in
                    background.withMemoryRebound(to: Float.self, capacity: 4) { background in
                        buffers.bins.offsets.withUnsafeBufferPointer { offsets in
                            buffers.bins.entries.withUnsafeBufferPointer { entries in
                                buffers.shapes.withUnsafeBufferPointer { shapes in
                                    buffers.stats.withUnsafeMutableBufferPointer { stats in
                                        var lists = TileLists(image: base.pointer, width: width, height: height,
                                                              circles: circles, shapes: shapes, atlas: atlas,
                                                              offsets: offsets, entries: entries,
                                                              background: background, stats: stats.baseAddress!)
                                        // The tile rows on the worker threads, with no allocation.
                                        withUnsafeMutablePointer(to: &lists) { lists in
                                            lfx_parallel_for(tileRows, lists) { context, row in
                                                context!.assumingMemoryBound(to: TileLists.self).pointee
                                                    .composite(row: Int(row))
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        }
        }
        if let tileStatistics {
            var sum = lfx_tile_stats()
            for row in buffers.stats {
                sum.visits &+= row.visits
                sum.early_pixels &+= row.early_pixels
            }
            tileStatistics.add(sum, pixels: width * height)
        }
        return true
    }
}

extension TileBins.ShapeCoverage {
    /// What `shape`'s distance bound says of the pixels of `box`
    /// (`lfx_shape_box_coverage`, the ordered kernel's block decision).
    init(_ shape: UnsafePointer<lfx_shape>, _ box: PixelBox) {
        switch lfx_shape_box_coverage(shape, Int32(box.minX), Int32(box.maxX), Int32(box.minY), Int32(box.maxY)) {
        case Int32(LFX_BOX_UNTOUCHED): self = .none
        case Int32(LFX_BOX_INTERIOR): self = .interior
        default: self = .edge
        }
    }
}

/// A renderer's tile lists and counts, kept from frame to frame.
struct TileBuffers {
    var bins = TileBins()
    /// The kernel records of the frame's shapes, one per instance.
    var shapes: [lfx_shape] = []
    /// The frame's gradient stop table, unpacked.
    var table = UnpackedStops()
    /// One count per tile row.
    var stats: [lfx_tile_stats] = []
}

/// A frame's image, circles, shapes and tile lists, borrowed by the tasks
/// that composite its tile rows (each writes its own rows and count).
private struct TileLists {
    let image: UnsafeMutablePointer<UInt8>
    let width: Int, height: Int
    let circles: UnsafeBufferPointer<lfx_circle>
    let shapes: UnsafeBufferPointer<lfx_shape>
    /// The glyph atlas glyph entries sample; nil when the frame has none.
    let atlas: UnsafePointer<lfx_glyph_atlas>?
    let offsets: UnsafeBufferPointer<Int>
    let entries: UnsafeBufferPointer<UInt32>
    let background: UnsafePointer<Float>
    /// One count per tile row, each written by its row's task.
    let stats: UnsafeMutablePointer<lfx_tile_stats>

    /// Composites tile row `row`, counting into its own statistics.
    func composite(row: Int) {
        stats[row] = lfx_tile_stats()
        lfx_tiles_composite_row(image, Int32(width), Int32(height), Int32(row), circles.baseAddress,
                                shapes.baseAddress, atlas, offsets.baseAddress!, entries.baseAddress, background,
                                stats + row)
    }
}
