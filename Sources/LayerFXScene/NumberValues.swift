/// A range check applied to a decoded number.
enum NumberConstraint {
    case any
    /// ≥ 0.
    case nonNegative
    /// > 0.
    case positive

    /// The complaint about `value`, or `nil` when it passes.
    func violation(_ value: Double) -> String? {
        switch self {
        case .any: nil
        case .nonNegative: value < 0 ? "must not be negative (got \(formatNumber(value)))" : nil
        case .positive: value <= 0 ? "must be greater than 0 (got \(formatNumber(value)))" : nil
        }
    }
}

/// `3` for 3.0, `0.5` for 0.5: numbers as a scene file would write them.
func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return "\(value)"
}
