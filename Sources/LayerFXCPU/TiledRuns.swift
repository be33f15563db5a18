import LayerFXCore
import LayerFXPrimitives

/// The runs of a frame that the ordered renderer composites in tiles when
/// the whole frame cannot be: consecutive circles and analytic shapes
/// (ellipses, rounded rectangles, stars) between the primitives that only
/// the ordered kernels draw (polygon bands, glyphs, offscreen-layer markers
/// and composites), at least ``minimumLength`` long and, under
/// ``Compositing/automatic``, deep enough (``TileDepth``). Each band
/// composites such a run front to back over what is beneath it
/// (`lfx_tiles_composite_over`), inside offscreen layers too.
struct TiledRuns: Sendable {
    /// Runs shorter than this are drawn in order: a few primitives gain
    /// nothing from stopping early, and the kernels skip and fill whole blocks.
    static let minimumLength = 16

    /// For the first primitive of each run, where the run ends.
    private(set) var ends: [Int: Int] = [:]

    /// No runs.
    init() {}

    /// The runs of a prepared list that `compositing` composites in tiles,
    /// from each primitive's kind and pixels (every ellipse, rounded
    /// rectangle and star is a circle or a shape-kernel record).
    init(kinds: [ShapeKind], boxes: [PixelBox], compositing: Compositing) {
        guard compositing != .ordered else { return }
        var start = 0, depth = TileDepth()
        func close(_ end: Int) {
            if end - start >= Self.minimumLength, compositing.tiles(atDepth: depth.mean) { ends[start] = end }
            depth = TileDepth()
        }
        for i in kinds.indices {
            if TileBins.tiledKinds.contains(kinds[i]) {
                depth.add(boxes[i])
            } else {
                close(i)
                start = i + 1
            }
        }
        close(kinds.count)
    }
}

/// One band's lists of a run's entries per column of tiles, in drawing
/// order, reused from run to run.
struct ColumnLists {
    /// Where column c's list starts, and one past the last (`columns + 1`).
    private(set) var offsets: [Int] = []
    /// The lists, one after another.
    private(set) var entries: [UInt32] = []
    private var pairs: [(column: Int32, entry: UInt32)] = []
    private var cursors: [Int] = []

    /// Empties the lists for `columns` columns and about `pairs` entries.
    mutating func prepare(columns: Int, pairs count: Int) {
        offsets.resize(to: columns + 1) { 0 }
        offsets.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        pairs.removeAll(keepingCapacity: true)
        pairs.reserveCapacity(count)
    }

    /// Lists `entry` in `column`, after the entries listed there before.
    mutating func add(_ entry: UInt32, column: Int) {
        pairs.append((Int32(truncatingIfNeeded: column), entry))
        offsets[column + 1] += 1
    }

    /// Lays the lists out at prefix-summed offsets, each in the order added.
    mutating func sort() {
        for i in offsets.indices.dropFirst() { offsets[i] += offsets[i - 1] }
        entries.resize(to: pairs.count) { 0 }
        cursors.resize(to: offsets.count) { 0 }
        for i in offsets.indices { cursors[i] = offsets[i] }
        for pair in pairs {
            let column = Int(pair.column)
            entries[cursors[column]] = pair.entry
            cursors[column] += 1
        }
    }
}
