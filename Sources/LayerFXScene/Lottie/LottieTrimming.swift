import LayerFXCore
import LayerFXModel

/// Trim paths and rounded corners on contours, as the players apply them.
enum LottieTrimming {
    /// The pieces of the unit interval a trim keeps: start and end in
    /// percent (swapped when start is after end), shifted by `offset`
    /// degrees (a turn is the whole length), wrapping past the end: nil
    /// when it keeps everything, empty when nothing.
    static func pieces(start: Double, end: Double, offset: Double) -> [ClosedRange<Double>]? {
        var s = min(max(start / 100, 0), 1), e = min(max(end / 100, 0), 1)
        guard s.isFinite, e.isFinite, offset.isFinite else { return [] }
        if s > e { swap(&s, &e) }
        if e - s <= 1e-9 { return [] }
        if e - s >= 1 - 1e-9 { return nil }
        let o = offset.truncatingRemainder(dividingBy: 360) / 360
        var a = s + o, b = e + o
        let turns = a.rounded(.down)
        a -= turns; b -= turns
        return b <= 1 ? [a...b] : [a...1, 0...(b - 1)]
    }

    /// `contours` trimmed to `pieces` of their length: each contour by
    /// fractions of its own length, or (`individually`) all of them as one
    /// length, in order.
    static func trim(_ contours: [PathContour], pieces: [ClosedRange<Double>], individually: Bool) -> [PathContour] {
        let lengths = contours.map { $0.closedSegments.map { $0.length() } }
        if !individually {
            return zip(contours, lengths).flatMap { contour, lengths in
                let total = lengths.reduce(0, +)
                return pieces.compactMap { extract(contour, lengths, from: $0.lowerBound * total, to: $0.upperBound * total) }
            }
        }
        let totals = lengths.map { $0.reduce(0, +) }, total = totals.reduce(0, +)
        var result: [PathContour] = []
        var before = 0.0
        for (index, contour) in contours.enumerated() {
            for piece in pieces {
                let from = piece.lowerBound * total - before, to = piece.upperBound * total - before
                if let kept = extract(contour, lengths[index], from: max(from, 0), to: min(to, totals[index])) {
                    result.append(kept)
                }
            }
            before += totals[index]
        }
        return result
    }

    /// The part of `contour` from arc length `from` to `to` (its segments'
    /// lengths `lengths`), open; nil when it is empty.
    static func extract(_ contour: PathContour, _ lengths: [Double], from: Double, to: Double) -> PathContour? {
        let segments = contour.closedSegments, total = lengths.reduce(0, +)
        guard to - from > 1e-9 * max(total, 1), !segments.isEmpty else { return nil }
        if from <= 0 && to >= total - 1e-9 * max(total, 1) { return contour }
        var kept: [CubicSegment] = []
        var walked = 0.0
        for (segment, length) in zip(segments, lengths) {
            let a = walked, b = walked + length
            walked = b
            guard b > from, a < to, length > 0 else { continue }
            var piece = segment
            let t0 = from > a ? segment.parameter(atLengthFraction: (from - a) / length) : 0
            let t1 = to < b ? segment.parameter(atLengthFraction: (to - a) / length) : 1
            if t0 > 0 || t1 < 1 { piece = segment.section(t0, t1) }
            kept.append(piece)
        }
        guard let first = kept.first else { return nil }
        return PathContour(start: first.start, segments: kept, isClosed: false)
    }

    /// `contour` with its corners between straight segments rounded by
    /// `radius` (ThorVG's rounded corners: each corner cut at up to `radius`,
    /// and at most half of each side, from it, the cut joined by a Bézier
    /// whose handles reach halfway to the corner).
    static func roundCorners(_ contour: PathContour, radius: Double) -> PathContour {
        guard radius > 0, radius.isFinite else { return contour }
        let segments = contour.closedSegments
        let n = segments.count
        guard n >= 2 else { return contour }
        // Whether corner i (the end of segment i − 1, the start of segment i) is rounded, and its cut points.
        var cuts: [(before: Point, after: Point, corner: Point)?] = Array(repeating: nil, count: n)
        for i in 0..<n where contour.isClosed || i > 0 {
            let previous = segments[(i + n - 1) % n], next = segments[i]
            guard previous.isStraight, next.isStraight else { continue }
            let corner = next.start
            let inward = corner - previous.start, outward = next.end - corner
            let lengthIn = inward.length, lengthOut = outward.length
            guard lengthIn > 0, lengthOut > 0 else { continue }
            let cutIn = min(lengthIn / 2, radius), cutOut = min(lengthOut / 2, radius)
            cuts[i] = (corner - (cutIn / lengthIn) * inward, corner + (cutOut / lengthOut) * outward, corner)
        }
        guard cuts.contains(where: { $0 != nil }) else { return contour }
        let start = cuts[0]?.after ?? segments[0].start
        var result: [CubicSegment] = []
        var current = start
        for i in 0..<n {
            let segment = segments[i]
            let nextCut = i + 1 < n ? cuts[i + 1] : (contour.isClosed ? cuts[0] : nil)
            let end = nextCut?.before ?? segment.end
            // A curved segment meets no cut corner, so it stays as it is.
            result.append(segment.isStraight ? .line(current, end) : segment)
            current = end
            if let cut = nextCut {
                result.append(CubicSegment(start: cut.before, control1: LottieGeometry.interpolate(cut.before, cut.corner, 0.5),
                                           control2: LottieGeometry.interpolate(cut.after, cut.corner, 0.5), end: cut.after))
                current = cut.after
            }
        }
        return PathContour(start: start, segments: result, isClosed: contour.isClosed)
    }
}

extension CubicSegment {
    /// Whether the segment is a straight line (its control points on the chord).
    var isStraight: Bool {
        let chord = end - start, length = chord.length
        guard length > 0 else { return (control1 - start).length < 1e-9 && (control2 - start).length < 1e-9 }
        let tolerance = 1e-6 * length
        return abs(chord.cross(control1 - start)) / length < tolerance && abs(chord.cross(control2 - start)) / length < tolerance
    }

    /// The part of the curve between parameters `t0` and `t1` (de Casteljau).
    func section(_ t0: Double, _ t1: Double) -> CubicSegment {
        let right = split(at: t0).right
        guard t1 < 1 else { return right }
        let t = t0 < 1 ? (t1 - t0) / (1 - t0) : 0
        return right.split(at: t).left
    }

    /// The curve cut at parameter `t` into the part before and the part after.
    func split(at t: Double) -> (left: CubicSegment, right: CubicSegment) {
        let p01 = LottieGeometry.interpolate(start, control1, t), p12 = LottieGeometry.interpolate(control1, control2, t)
        let p23 = LottieGeometry.interpolate(control2, end, t)
        let p012 = LottieGeometry.interpolate(p01, p12, t), p123 = LottieGeometry.interpolate(p12, p23, t)
        let mid = LottieGeometry.interpolate(p012, p123, t)
        return (CubicSegment(start: start, control1: p01, control2: p012, end: mid),
                CubicSegment(start: mid, control1: p123, control2: p23, end: end))
    }
}
