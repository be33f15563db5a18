import LayerFXModel

/// `lineDashPattern` (of a shape layer and of animations on it): dash and gap
/// lengths, none negative and not all 0; an empty list strokes solid.
enum DashPattern {
    /// The lengths of the array `value`. `isDelta` (for `byValue`, which is
    /// added to another pattern) lets them be negative and all 0.
    static func lengths<V: SceneValue>(_ value: V, isDelta: Bool = false) throws -> NumberList {
        var lengths: [Double] = []
        try value.forEachElement { _, element in
            let length = try element.number()
            if !isDelta, let problem = NumberConstraint.nonNegative.violation(length) {
                throw element.issue("dash length \(problem)")
            }
            lengths.append(length)
        }
        if !isDelta, !lengths.isEmpty, lengths.allSatisfy({ $0 == 0 }) {
            throw value.issue("a dash pattern needs a length greater than 0 (all are 0); use null or [] for a solid line")
        }
        return NumberList(lengths)
    }
}
