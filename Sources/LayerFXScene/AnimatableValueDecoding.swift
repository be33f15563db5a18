import LayerFXModel

/// Reads `fromValue`, `toValue`, `byValue` and keyframe `values`, whose JSON
/// form depends on the animated key path's `valueType`.
enum AnimatableValueDecoding {
    /// Decodes one value of `type`. `isDelta` (for `byValue`) allows negative
    /// sizes, since a `byValue` is added to another value.
    static func decode<V: SceneValue>(_ type: AnimatableValueType, from value: V,
                                      isDelta: Bool = false) throws -> AnimatableValue {
        switch type {
        case .scalar: .scalar(try value.number())
        case .point: .point(try PointValue(value).point)
        case .size: .size(try SizeValue(value, allowNegative: isDelta).size)
        case .rect: .rect(try RectValue(value, allowNegative: isDelta).rect)
        case .color: try ColorValue(value).color.map(AnimatableValue.color) ?? .noColor
        case .transform: .transform(try TransformValue(value).transform)
        case .path: .path(try PathValue(value).path)
        case .numbers: .numbers(try GradientStops.locations(value))
        case .colors: .colors(try GradientStops.colors(value))
        }
    }
}
