extension MediaTiming {
    /// Core Animation's default duration for an explicit animation whose `duration` is 0.
    public static let defaultDuration = 0.25

    /// The duration one forward pass takes: `duration`, or when that is 0 (or
    /// less) the enclosing group's duration for a group child, else 0.25 s.
    public func resolvedDuration(groupDuration: Double? = nil) -> Double {
        if duration > 0 { return duration }
        if let groupDuration, groupDuration > 0 { return groupDuration }
        return Self.defaultDuration
    }

    /// Maps a parent time to the *basic local time* in `0…d` (`d` =
    /// `resolvedDuration(groupDuration:)`), or `nil` when the animation
    /// contributes nothing at that time (core-animation.md §1.2).
    ///
    /// - `t = (parentTime − beginTime)·speed` is compared with the active
    ///   duration (`repeatDuration`, else `repeatCount` cycles, else one cycle;
    ///   a cycle is `2d` with `autoreverses`). Before it, only `backwards`/`both`
    ///   fill (frozen at 0); after it, only `forwards`/`both` with
    ///   `removedOnCompletion == false` (frozen at the end).
    /// - `timeOffset` is then added and wraps inside the cycle; it does not move
    ///   the active interval. At the very end the end of the last cycle is used,
    ///   not the start of a new one. A reverse pass folds `c` to `2d − c`.
    /// - `speed == 0` freezes the time at `timeOffset`. Negative speeds are not
    ///   supported (the animation reads as not yet begun).
    public func localTime(parentTime: Double, removedOnCompletion: Bool,
                          groupDuration: Double? = nil) -> Double? {
        localTime(parentTime: parentTime, removedOnCompletion: removedOnCompletion,
                  duration: resolvedDuration(groupDuration: groupDuration))?.time
    }

    /// `localTime(parentTime:removedOnCompletion:groupDuration:)` for an already
    /// resolved duration `d > 0`, also returning how many whole cycles precede
    /// the current one (for `isCumulative`).
    @inlinable
    func localTime(parentTime: Double, removedOnCompletion: Bool,
                   duration d: Double) -> (time: Double, iteration: Double)? {
        let cycle = autoreverses ? 2 * d : d
        let active: Double
        if repeatDuration > 0 {
            active = repeatDuration
        } else if repeatCount >= Double(Float.greatestFiniteMagnitude) {
            active = .infinity
        } else if repeatCount > 0 {
            active = repeatCount * cycle
        } else {
            active = cycle
        }
        var t = (parentTime - beginTime) * speed
        let isAfter: Bool
        if t < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            t = 0
            isAfter = false
        } else if t >= active {
            guard (fillMode == .forwards || fillMode == .both) && !removedOnCompletion else { return nil }
            t = active
            isAfter = true
        } else {
            isAfter = false
        }
        let ta = t + timeOffset
        guard ta.isFinite else { return nil }
        guard cycle.isFinite else { return (min(max(ta, 0), d), 0) }
        var k = (ta / cycle).rounded(.down)
        var c = ta - k * cycle
        if c < 0 { c += cycle; k -= 1 } else if c >= cycle { c -= cycle; k += 1 }
        if isAfter && c == 0 && ta > 0 {
            c = cycle
            k -= 1
        }
        if autoreverses && c > d { c = 2 * d - c }
        return (min(max(c, 0), d), k)
    }
}
