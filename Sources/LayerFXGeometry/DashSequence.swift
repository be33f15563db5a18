/// A dash pattern laid along a contour: the stretches (`on`) it strokes.
struct DashSequence {
    /// Dash and gap lengths, an even count, none negative, positive total.
    let lengths: [Double]
    /// The total of `lengths`: one period of the pattern.
    let period: Double
    /// The phase reduced into 0..<period.
    let phase: Double

    /// Most periods laid along one contour; beyond that (dashes far below a
    /// pixel) the contour is stroked solid.
    static let maximumPeriods = 100_000.0

    /// `pattern` started `phase` into it, or nil for a solid stroke: an
    /// empty pattern, or one whose total is not positive and finite once
    /// negative lengths count as 0. An odd count is repeated, as Core
    /// Graphics does; a non-finite phase counts as 0.
    init?(_ pattern: some Sequence<Double>, phase: Double) {
        var lengths = pattern.map { $0 > 0 ? $0 : 0 }
        if !lengths.count.isMultiple(of: 2) { lengths += lengths }
        let period = lengths.reduce(0, +)
        guard period > 0, period.isFinite else { return nil }
        self.lengths = lengths
        self.period = period
        let reduced = phase.isFinite ? phase.truncatingRemainder(dividingBy: period) : 0
        self.phase = reduced < 0 ? reduced + period : reduced
    }

    /// The dashes along a contour of `length`, from its start, as (start,
    /// end) distances in order; a dash of length 0 is a single distance.
    /// Nil when the pattern is too fine to lay out (stroke solid instead).
    func dashes(alongLength length: Double) -> [(Double, Double)]? {
        guard length / period <= Self.maximumPeriods else { return nil }
        // Find the entry the phase falls in and what is left of it.
        var index = 0
        var remaining = lengths[0]
        var offset = phase
        while offset >= remaining, offset > 0 {
            offset -= remaining
            index = (index + 1) % lengths.count
            remaining = lengths[index]
        }
        remaining -= offset
        var dashes: [(Double, Double)] = []
        var position = 0.0
        while true {
            let end = position + remaining
            if index.isMultiple(of: 2) { dashes.append((position, min(end, length))) }
            if end >= length { break }
            position = end
            index = (index + 1) % lengths.count
            remaining = lengths[index]
        }
        return dashes
    }
}
