import LayerFXCore

/// A value an animation can carry (`fromValue`, `toValue`, keyframe `values`),
/// typed by the key path it animates.
public enum AnimatableValue: Hashable, Sendable {
    /// A number (`opacity`, `position.x`, `transform.rotation`, …).
    case scalar(Double)
    /// A point (`position`, `anchorPoint`, `startPoint`, …).
    case point(Point)
    /// A size (`bounds.size`).
    case size(Size)
    /// A rectangle (`bounds`).
    case rect(Rect)
    /// A colour (`backgroundColor`, `fillColor`, …).
    case color(Color)
    /// `nil` colour (no fill, no stroke, no background).
    case noColor
    /// A transform (`transform`, `sublayerTransform`, `instanceTransform`).
    case transform(LayerTransform)
    /// A shape path (`path`).
    case path(ShapePath)
    /// A list of numbers (`locations`, `lineDashPattern`).
    case numbers(NumberList)
    /// A list of colours (`colors`).
    case colors([Color])
}

/// The type of value a key path holds; decoding uses it to read `fromValue` & co.
public enum AnimatableValueType: String, Hashable, Sendable {
    /// ``AnimatableValue/scalar(_:)``.
    case scalar
    /// ``AnimatableValue/point(_:)``.
    case point
    /// ``AnimatableValue/size(_:)``.
    case size
    /// ``AnimatableValue/rect(_:)``.
    case rect
    /// ``AnimatableValue/color(_:)`` or ``AnimatableValue/noColor``.
    case color
    /// ``AnimatableValue/transform(_:)``.
    case transform
    /// ``AnimatableValue/path(_:)``.
    case path
    /// ``AnimatableValue/numbers(_:)``.
    case numbers
    /// ``AnimatableValue/colors(_:)``.
    case colors
}
