import LayerFXCore

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
        case .nonNegative: value < 0 ? "must not be negative (got \(value.numberText))" : nil
        case .positive: value <= 0 ? "must be greater than 0 (got \(value.numberText))" : nil
        }
    }
}
