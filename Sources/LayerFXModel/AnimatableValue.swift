/// A value an animation can carry (`fromValue`, `toValue`, keyframe `values`),
/// typed by the key path it animates.
public enum AnimatableValue: Hashable, Sendable {
    case scalar(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    /// `nil` colour (no fill, no stroke, no background).
    case noColor
    case transform(LayerTransform)
    case path(ShapePath)
    /// A list of numbers (`locations`, `lineDashPattern`).
    case numbers([Double])
    /// A list of colours (`colors`).
    case colors([Color])
}

/// The type of value a key path holds; decoding uses it to read `fromValue` & co.
public enum AnimatableValueType: String, Hashable, Sendable {
    case scalar, point, size, rect, color, transform, path, numbers, colors
}
