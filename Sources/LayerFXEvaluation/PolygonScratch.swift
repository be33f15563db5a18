import LayerFXCore

/// The working arrays of ``FrameBuilder/polygonBands(of:rule:)``, kept by
/// the builder so that cutting a polygon into bands reuses their room
/// instead of allocating for every band.
struct PolygonScratch {
    /// The polygon's edges in device pixels: (x0, y0, x1, y1).
    var edges: [SIMD4<Float>] = []
    /// Each edge's columns in each band it can affect, edge by edge.
    var crossings: [BandCrossing] = []
    /// `crossings` band by band (see ``sortByBand()``).
    var byBand: [BandCrossing] = []
    /// Where each band's crossings start in `byBand`, and the end: one more than the bands.
    var bandStarts: [Int] = []
    /// Where the next crossing of each band goes, while sorting.
    private var cursors: [Int] = []
    /// The clusters of the band last passed to ``makeClusters(of:rows:farRight:)``.
    var clusters: [BandCluster] = []

    /// One edge's columns in one band.
    struct BandCrossing {
        /// The band's index, from the polygon's first row.
        let band: Int
        /// The edge's index in `edges`.
        let edge: Int
        /// The columns the edge covers in the band, a pixel each side: `lower..<upper`.
        let lower: Int, upper: Int
    }

    /// Crossings of one band whose columns meet: one piece of the band.
    struct BandCluster {
        var columns: Range<Int>
        /// Its crossings: a range of `byBand`.
        var crossings: Range<Int>
        /// The winding number in the gap right of the cluster.
        var windingRight = 0
    }

    /// Fills `byBand` with `crossings` grouped by band, each band's in edge
    /// order, at the offsets `bandStarts` holds (a counting sort).
    mutating func sortByBand() {
        cursors.removeAll(keepingCapacity: true)
        cursors.append(contentsOf: bandStarts)
        byBand.resize(to: crossings.count) { BandCrossing(band: 0, edge: 0, lower: 0, upper: 0) }
        for crossing in crossings {
            byBand[cursors[crossing.band]] = crossing
            cursors[crossing.band] += 1
        }
    }

    /// Sorts the band's `crossings` (a range of `byBand`) left to right and
    /// merges those whose columns meet into `clusters`, each with the
    /// winding number right of it at the band's first row of `rows`: no
    /// edge passes between two clusters, so the winding is constant in the
    /// gap. An edge's index breaks ties between equal columns, so the order
    /// is the same on every run.
    ///
    /// Columns are kept to `farRight` (the column past the frame's last and
    /// a pixel beyond). When an edge wholly beyond it starts or ends within
    /// the band's rows, the edges beyond it join a cluster that reaches it:
    /// an outline leaving the frame there goes on in them, and only together
    /// do they add the same winding to every row of the band.
    mutating func makeClusters(of crossings: Range<Int>, rows: Range<Int>, farRight: Int) {
        byBand.withUnsafeMutableBufferPointer { Self.sort($0, crossings) }
        clusters.removeAll(keepingCapacity: true)
        let top = Float(rows.lowerBound) + 0.5, bottom = Float(rows.upperBound) - 0.5
        // Whether an edge beyond the frame crosses some of the band's rows' centres but not all.
        let farEdgesTurn = crossings.contains { index in
            guard byBand[index].lower == farRight else { return false }
            let e = edges[byBand[index].edge]
            return !(min(e.y, e.w) <= top && max(e.y, e.w) > bottom)
        }
        for index in crossings {
            let crossing = byBand[index]
            if let last = clusters.last, crossing.lower < last.columns.upperBound
                || (farEdgesTurn && crossing.lower == farRight && last.columns.upperBound == farRight) {
                clusters[clusters.count - 1].columns = last.columns.lowerBound..<max(last.columns.upperBound, crossing.upper)
                clusters[clusters.count - 1].crossings = last.crossings.lowerBound..<(index + 1)
            } else {
                clusters.append(BandCluster(columns: crossing.lower..<crossing.upper, crossings: index..<(index + 1)))
            }
        }
        // Right to left: what each cluster's edges add to a ray towards +x.
        var windingRight = 0
        for i in clusters.indices.reversed() {
            clusters[i].windingRight = windingRight
            windingRight += winding(of: clusters[i].crossings, rightOfX: Float(clusters[i].columns.lowerBound), atY: top)
        }
    }

    /// What the edges of `crossings` (a range of `byBand`) add to the winding
    /// number of a point at (x, y) (a ray towards +x, crossings counted as
    /// the fragment shader counts them).
    private func winding(of crossings: Range<Int>, rightOfX x: Float, atY y: Float) -> Int {
        var winding = 0
        for index in crossings {
            let e = edges[byBand[index].edge]
            guard (e.y <= y) != (e.w <= y) else { continue }
            let crossing = e.x + (y - e.y) / (e.w - e.y) * (e.z - e.x)
            if crossing > x { winding += e.w > e.y ? 1 : -1 }
        }
        return winding
    }

    /// Sorts `range` of `buffer` by first column, then edge: by insertion
    /// when short (a band of an outline crosses a few edges), otherwise by
    /// the standard library's sort.
    private static func sort(_ buffer: UnsafeMutableBufferPointer<BandCrossing>, _ range: Range<Int>) {
        func precedes(_ a: BandCrossing, _ b: BandCrossing) -> Bool { (a.lower, a.edge) < (b.lower, b.edge) }
        guard range.count <= 32 else { return buffer[range].sort(by: precedes) }
        for i in range.dropFirst() {
            let item = buffer[i]
            var j = i
            while j > range.lowerBound, precedes(item, buffer[j - 1]) {
                buffer[j] = buffer[j - 1]
                j -= 1
            }
            buffer[j] = item
        }
    }
}
