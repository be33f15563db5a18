/// Exact Euclidean distances on a binary image (inside = coverage ≥ 128),
/// evaluated only at the samples a distance field needs.
///
/// Two passes (Felzenszwalb & Huttenlocher, "Distance Transforms of Sampled
/// Functions", 2012): vertical distances to the nearest sample of each kind
/// in the same column, then per wanted row the lower envelope of the parabolas
/// (x − x′)² + g(x′)², which gives the nearest sample of that kind anywhere.
enum DistanceTransform {
    /// The signed distance from the centre of each sample (`rows` × `columns`,
    /// both ascending, row-major) to the boundary between inside and outside
    /// samples, in samples, positive inside, clamped to ±`limit`. The boundary
    /// is taken halfway between neighbouring samples of different kinds: the
    /// distance to the nearest sample of the other kind, minus one half.
    static func signedDistances(coverage: [UInt8], width: Int, height: Int,
                                rows: [Int], columns: [Int], limit: Int) -> [Float] {
        precondition(coverage.count == width * height, "coverage needs width × height samples")
        let vertical = verticalDistances(coverage: coverage, width: width, height: height,
                                         rows: rows, cap: Int32(limit + 1))
        var envelope = LowerEnvelope(capacity: width)
        var toInside = [Int32](repeating: 0, count: columns.count)
        var toOutside = [Int32](repeating: 0, count: columns.count)
        var result = [Float](repeating: 0, count: rows.count * columns.count)
        for (r, y) in rows.enumerated() {
            envelope.minima(of: vertical.toInside[r], at: columns, into: &toInside)
            envelope.minima(of: vertical.toOutside[r], at: columns, into: &toOutside)
            for (c, x) in columns.enumerated() {
                let inside = coverage[y * width + x] >= 128
                let distance = Float(Double(inside ? toOutside[c] : toInside[c]).squareRoot()) - 0.5
                result[r * columns.count + c] = max(-Float(limit), min(Float(limit), inside ? distance : -distance))
            }
        }
        return result
    }

    /// For each wanted row, each column's distance to the nearest inside and
    /// nearest outside sample in that column, capped at `cap`.
    private static func verticalDistances(coverage: [UInt8], width: Int, height: Int, rows: [Int],
                                          cap: Int32) -> (toInside: [[Int32]], toOutside: [[Int32]]) {
        let far = Int32(height) + cap  // a "last seen" row this far away caps every distance
        var toInside = [[Int32]](repeating: [Int32](repeating: cap, count: width), count: rows.count)
        var toOutside = toInside
        var lastInside = [Int32](repeating: -far, count: width)
        var lastOutside = [Int32](repeating: -far, count: width)
        var r = 0
        for y in 0..<height where r < rows.count {
            let y32 = Int32(y)
            for x in 0..<width {
                if coverage[y * width + x] >= 128 { lastInside[x] = y32 } else { lastOutside[x] = y32 }
            }
            guard rows[r] == y else { continue }
            for x in 0..<width {
                toInside[r][x] = min(cap, y32 - lastInside[x])
                toOutside[r][x] = min(cap, y32 - lastOutside[x])
            }
            r += 1
        }
        r = rows.count - 1
        lastInside = [Int32](repeating: Int32(height) + far, count: width)
        lastOutside = lastInside
        for y in stride(from: height - 1, through: 0, by: -1) where r >= 0 {
            let y32 = Int32(y)
            for x in 0..<width {
                if coverage[y * width + x] >= 128 { lastInside[x] = y32 } else { lastOutside[x] = y32 }
            }
            guard rows[r] == y else { continue }
            for x in 0..<width {
                toInside[r][x] = min(toInside[r][x], lastInside[x] - y32)
                toOutside[r][x] = min(toOutside[r][x], lastOutside[x] - y32)
            }
            r -= 1
        }
        return (toInside, toOutside)
    }
}

/// The lower envelope of the parabolas x ↦ (x − q)² + g(q)² over q = 0 ..< n,
/// with its working storage kept between rows.
private struct LowerEnvelope {
    private var roots: [Int]
    private var boundaries: [Double]

    init(capacity: Int) {
        roots = [Int](repeating: 0, count: capacity)
        boundaries = [Double](repeating: 0, count: capacity + 1)
    }

    /// min over q of (x − q)² + g(q)², for each x in `queries` (ascending).
    mutating func minima(of g: [Int32], at queries: [Int], into result: inout [Int32]) {
        func height(_ q: Int) -> Double { let v = Double(g[q]); return v * v + Double(q * q) }
        var count = 0
        for q in g.indices {
            var boundary = -Double.infinity
            while count > 0 {
                let p = roots[count - 1]
                boundary = (height(q) - height(p)) / Double(2 * (q - p))
                if boundary > boundaries[count - 1] { break }
                count -= 1
            }
            if count == 0 { boundary = -.infinity }
            roots[count] = q
            boundaries[count] = boundary
            count += 1
        }
        var k = 0
        for (i, x) in queries.enumerated() {
            while k + 1 < count && boundaries[k + 1] < Double(x) { k += 1 }
            let q = roots[k], dx = x - q, dy = Int(g[q])
            result[i] = Int32(dx * dx + dy * dy)
        }
    }
}
