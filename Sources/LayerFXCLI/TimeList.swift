import LayerFXCore

/// The `--times` argument of `layerfx values`: comma-separated times in
/// seconds, each a number or a range `start:end:step` (end included when a
/// step lands on it).
struct TimeList {
    /// At most this many times, so a typo in a step cannot print forever.
    static let limit = 1_000_000
    var times: [Double]

    init(parsing text: String) throws {
        times = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: ":", omittingEmptySubsequences: false)
            let numbers = try parts.map { part -> Double in
                let trimmed = part.trimmingWhitespace()
                guard let value = Double(trimmed), value.isFinite else {
                    throw CLIError("--times: \"\(trimmed)\" in \"\(item)\" is not a finite number of seconds")
                }
                return value
            }
            switch numbers.count {
            case 1: times.append(numbers[0])
            case 3:
                let (start, end, step) = (numbers[0], numbers[1], numbers[2])
                guard step > 0, end >= start else {
                    throw CLIError("--times: the range \"\(item)\" needs start ≤ end and a positive step")
                }
                let steps = Int(saturating: (end - start) / step + 1e-9, rounding: .down)
                let count = steps < Self.limit ? steps + 1 : steps
                guard count <= Self.limit - times.count else {
                    throw CLIError("--times: the range \"\(item)\" has \(count) times; the limit is \(Self.limit)")
                }
                for i in 0..<count { times.append(start + Double(i) * step) }
            default:
                throw CLIError("--times: \"\(item)\" is neither a time nor a range start:end:step")
            }
            guard times.count <= Self.limit else { throw CLIError("--times: more than \(Self.limit) times") }
        }
    }
}
