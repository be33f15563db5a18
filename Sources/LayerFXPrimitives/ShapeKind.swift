/// The signed-distance shape of a primitive. Raw values are what the shaders
/// see in `a_translation.z`.
public enum ShapeKind: Int, Sendable, CaseIterable {
    /// Ellipse (circle when both radii match): `shape` = (cx, cy, rx, ry).
    case ellipse = 0
    /// Rounded rectangle: `shape` = (cx, cy, halfWidth, halfHeight), `shapeExtra.x` = corner radius.
    case roundedRect = 1
    /// Regular star: `shape` = (cx, cy, outerRadius, innerRadius),
    /// `shapeExtra.x` = number of points, `shapeExtra.y` = rotation (radians).
    case star = 2
}
