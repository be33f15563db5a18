import CLayerFXParallel
import Glibc

/// Binning of circles alone split by rows of tiles across the worker
/// threads: each band of tile rows walks every circle in drawing order and
/// lists it in its own rows only, so no two threads touch one tile and each
/// tile's list comes out in drawing order, the same entries in the same
/// order as one thread makes them.
extension TileBins {
    /// Circles from which a list of circles alone is binned in bands (a
    /// round number: below it binning is a small part of a frame, and the
    /// threads are not worth waking).
    public static let bandedCircles = 20_000

    /// The bands: one a processor.
    static let bandCount = max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1)

    /// Lists `items` (circles alone, each its index) as ``list(_:width:height:inTile:)``
    /// does, in `bands` bands of tile rows at once. The grid (``columns``,
    /// ``rows``) is already set and the arrays sized; false, with the lists
    /// unusable, when they would hold more than ``maximumEntries`` entries.
    mutating func listInBands(_ items: Items, bands: Int) -> Bool {
        let tiles = columns * rows
        bandTotals.resize(to: bands) { 0 }
        let counted = offsets.withUnsafeMutableBufferPointer { offsets in
            bandTotals.withUnsafeMutableBufferPointer { totals in
                offsets.update(repeating: 0)
                BandPass(items: items, columns: columns, rows: rows,
                         bands: bands, slots: offsets.baseAddress! + 1, totals: totals.baseAddress!, entries: nil).run()
                // Each band stops counting past the limit, so the sum cannot overflow.
                let total = totals.reduce(0, +)
                guard total <= Self.maximumEntries else { return nil as Int? }
                for i in 1..<offsets.count { offsets[i] += offsets[i - 1] }
                return total
            }
        }
        guard let total = counted else { return false }
        entries.resize(to: total) { 0 }
        offsets.withUnsafeBufferPointer { offsets in
            cursors.withUnsafeMutableBufferPointer { cursors in
                entries.withUnsafeMutableBufferPointer { entries in
                    for i in 0..<tiles { cursors[i] = offsets[i] }
                    BandPass(items: items, columns: columns, rows: rows,
                             bands: bands, slots: cursors.baseAddress!, totals: nil, entries: entries.baseAddress).run()
                }
            }
        }
        return true
    }
}

/// One pass of ``TileBins/listInBands(_:bands:)`` over the
/// bands: counting (`entries` nil: `slots` are the tiles' counts, `totals`
/// each band's sum) or filling (`slots` are the tiles' cursors).
private struct BandPass {
    let items: TileBins.Items
    let columns: Int, rows: Int, bands: Int
    let slots: UnsafeMutablePointer<Int>
    let totals: UnsafeMutablePointer<Int>?
    let entries: UnsafeMutablePointer<UInt32>?

    /// Runs every band on the worker threads and returns when all are done.
    func run() {
        var pass = self
        withUnsafeMutablePointer(to: &pass) { pass in
            lfx_parallel_for(pass.pointee.bands, pass) { context, band in
                context!.assumingMemoryBound(to: BandPass.self).pointee.visit(band: Int(band))
            }
        }
    }

    /// Counts or lists every item in band `band`'s rows of tiles.
    func visit(band: Int) {
        let first = rows * band / bands, last = rows * (band + 1) / bands - 1
        guard first <= last else { return }
        var total = 0
        items.forEach { span, entry in
            let y0 = max(span.y0, first), y1 = min(span.y1, last)
            guard y0 <= y1 else { return true }
            for ty in y0...y1 {
                for tx in span.x0...span.x1 {
                    let tile = ty * columns + tx
                    if let entries {
                        entries[slots[tile]] = entry
                    }
                    slots[tile] += 1
                }
            }
            total += (y1 - y0 + 1) * (span.x1 - span.x0 + 1)
            return total <= TileBins.maximumEntries
        }
        totals?[band] = total
    }
}
