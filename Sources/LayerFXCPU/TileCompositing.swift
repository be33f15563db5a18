import CLayerFXRaster
import Dispatch
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

    /// The mean number of circles shaded per pixel (a circle whose reach
    /// misses a pixel's row is not counted).
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
    /// The most list entries (a circle in a tile) a frame may bin; a frame
    /// that needs more (huge circles by the million) is drawn in order.
    static let maximumTileEntries = 1 << 26

    /// Draws `frame` (circles only) by tile compositing into `image`,
    /// `width × height` packed pixels, in the renderer's tile buffers (so a
    /// warm frame allocates nothing; frames drawn at once by one renderer
    /// take turns); false, with nothing drawn, when its lists would take
    /// more than ``maximumTileEntries`` entries.
    func drawTiles(_ frame: Frame, into image: UnsafeMutablePointer<UInt8>) -> Bool {
        tileBuffers.withLock { buffers in
            frame.circles.withUnsafeBufferPointer { deviceCircles in
                // `DeviceCircle` and `lfx_circle` have the same layout (four SIMD4<Float>).
                deviceCircles.withMemoryRebound(to: lfx_circle.self) { circles in
                    drawTiles(frame, circles: circles, into: image, buffers: &buffers)
                }
            }
        }
    }

    private func drawTiles(_ frame: Frame, circles: UnsafeBufferPointer<lfx_circle>,
                           into image: UnsafeMutablePointer<UInt8>, buffers: inout TileBuffers) -> Bool {
        let width = frame.width, height = frame.height
        let size = Int(LFX_TILE_SIZE)
        let columns = (width + size - 1) / size, tileRows = (height + size - 1) / size, tiles = columns * tileRows
        buffers.offsets.resize(to: tiles + 1) { 0 }
        let total = lfx_tiles_count(circles.baseAddress, circles.count, Int32(width), Int32(height), &buffers.offsets)
        guard total <= Self.maximumTileEntries else { return false }
        buffers.cursors.resize(to: tiles) { 0 }
        buffers.entries.resize(to: total) { 0 }
        lfx_tiles_fill(circles.baseAddress, circles.count, Int32(width), Int32(height), buffers.offsets,
                       &buffers.cursors, &buffers.entries)
        let bg = frame.background
        let background = SIMD4(bg.x * bg.w, bg.y * bg.w, bg.z * bg.w, bg.w)
        buffers.stats.resize(to: tileRows) { lfx_tile_stats() }
        let base = UnsafeSendablePointer(image)
        withUnsafePointer(to: background) { background in
            background.withMemoryRebound(to: Float.self, capacity: 4) { background in
                buffers.offsets.withUnsafeBufferPointer { offsets in buffers.entries.withUnsafeBufferPointer { entries in
                    buffers.stats.withUnsafeMutableBufferPointer { stats in
                        let lists = TileLists(circles: circles, offsets: offsets, entries: entries, background: background,
                                              stats: stats.baseAddress!)
                        DispatchQueue.concurrentPerform(iterations: tileRows) { row in
                            lists.stats[row] = lfx_tile_stats()
                            lfx_tiles_composite_row(base.pointer, Int32(width), Int32(height), Int32(row),
                                                    lists.circles.baseAddress, lists.offsets.baseAddress!,
                                                    lists.entries.baseAddress, lists.background, lists.stats + row)
                        }
                    }
                } }
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

/// A renderer's tile lists and counts, kept from frame to frame.
struct TileBuffers {
    var offsets: [Int] = [], cursors: [Int] = []
    var entries: [UInt32] = []
    var stats: [lfx_tile_stats] = []
}

/// A frame's circles and tile lists, borrowed by the tasks that composite
/// its tile rows (read only).
private struct TileLists: @unchecked Sendable {
    let circles: UnsafeBufferPointer<lfx_circle>
    let offsets: UnsafeBufferPointer<Int>
    let entries: UnsafeBufferPointer<UInt32>
    let background: UnsafePointer<Float>
    /// One count per tile row, each written by its row's task.
    let stats: UnsafeMutablePointer<lfx_tile_stats>
}
