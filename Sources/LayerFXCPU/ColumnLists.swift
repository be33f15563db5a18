import LayerFXCore

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
