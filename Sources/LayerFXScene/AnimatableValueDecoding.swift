import LayerFXModel

/// Reads `fromValue`, `toValue`, `byValue` and keyframe `values`, whose JSON
/// form depends on the animated key path's `valueType`.
enum AnimatableValueDecoding {
    /// Decodes one value for `keyPath` (nil: a number). `isDelta` (for
    /// `byValue`) allows negative sizes and dash lengths, since a `byValue` is
    /// added to another value.
    static func decode<V: SceneValue>(for keyPath: AnimatableKeyPath?, from value: V,
                                      isDelta: Bool = false) throws -> AnimatableValue {
        switch keyPath?.valueType ?? .scalar {
        case .scalar: .scalar(try value.number())
        case .point: .point(try PointValue(value).point)
        case .size: .size(try SizeValue(value, allowNegative: isDelta).size)
        case .rect: .rect(try RectValue(value, allowNegative: isDelta).rect)
        case .color: try ColorValue(value).color.map(AnimatableValue.color) ?? .noColor
        case .transform: .transform(try TransformValue(value).transform)
        case .path: .path(try PathValue(value).path)
        case .numbers:
            .numbers(keyPath == .lineDashPattern ? try DashPattern.lengths(value, isDelta: isDelta)
                                                 : try GradientStops.locations(value))
        case .colors: .colors(try GradientStops.colors(value))
        }
    }
}
