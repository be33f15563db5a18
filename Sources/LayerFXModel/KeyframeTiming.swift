/// Where a keyframe animation stands at one progress: which keyframe, or how
/// far between two (core-animation.md §3). Shared by value keyframes and
/// motion along a path.
struct KeyframeTiming {
    /// The number of keyframes (≥ 2).
    var count: Int
    var keyTimes: [Double]?
    var timingFunctions: [TimingFunction]?
    var calculationMode: CalculationMode

    /// A position among the keyframes.
    enum Position: Equatable {
        /// Exactly keyframe `index`.
        case key(Int)
        /// Between keyframes `end − 1` and `end`, `fraction` of the way.
        case between(end: Int, fraction: Double)
    }

    /// The position at `progress` (the animation's eased progress in 0…1).
    /// `lengths(i)` is the distance from keyframe `i − 1` to `i`, used by the
    /// paced modes only.
    ///
    /// - `linear`/`cubic`: segment `i` spans `keyTimes[i]…keyTimes[i+1]` (key
    ///   times evenly spaced, `i/(n−1)`, when absent or fewer than the
    ///   keyframes); its local progress is eased by `timingFunctions[i]` when
    ///   there is one. Before the first key time the first keyframe holds,
    ///   after the last the last.
    /// - `discrete`: keyframe `i` holds from `keyTimes[i]` (default `i/n`) on.
    /// - `paced`/`cubicPaced`: key times proportional to the cumulative
    ///   distance between successive keyframes; `keyTimes` and
    ///   `timingFunctions` ignored.
    func position(at progress: Double, lengths: (Int) -> Double) -> Position {
        let n = count
        switch calculationMode {
        case .discrete:
            let times = keyTimes.flatMap { $0.count >= n ? $0 : nil }
            var index = 0
            for i in 1..<n where (times?[i] ?? Double(i) / Double(n)) <= progress { index = i }
            return .key(index)
        case .linear, .cubic:
            let times = keyTimes.flatMap { $0.count >= n ? $0 : nil }
            func time(_ i: Int) -> Double { times?[i] ?? Double(i) / Double(n - 1) }
            if progress <= time(0) { return .key(0) }
            guard let end = (1..<n).first(where: { progress <= time($0) }) else { return .key(n - 1) }
            let start = time(end - 1), span = time(end) - start
            var u = span > 0 ? (progress - start) / span : 0
            if let functions = timingFunctions, end - 1 < functions.count { u = functions[end - 1](u) }
            return .between(end: end, fraction: u)
        case .paced, .cubicPaced:
            let segments = (1..<n).map(lengths)  // each length once: for paths it is an integral
            let total = segments.reduce(0, +)
            guard total > 0, progress > 0 else { return .key(0) }
            let target = progress * total
            var covered = 0.0
            for (offset, length) in segments.enumerated() {
                if covered + length >= target && length > 0 {
                    return .between(end: offset + 1, fraction: (target - covered) / length)
                }
                covered += length
            }
            return .key(n - 1)
        }
    }
}
