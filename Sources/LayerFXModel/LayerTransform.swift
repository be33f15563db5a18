import LayerFXCore

/// A layer's `transform` (or `sublayerTransform`), kept in the decomposed form
/// Core Animation's `transform.*` key paths address: translation, then
/// rotation about z, then scale. A general affine matrix that is set directly
/// (`transform` from six numbers) is kept as `matrix` and applied after the
/// components are folded in (translation · rotation · scale · matrix).
public struct LayerTransform: Hashable, Sendable {
    /// `transform.translation.x`, in points.
    public var translationX: Double = 0
    /// `transform.translation.y`, in points.
    public var translationY: Double = 0
    /// `transform.rotation.z`, in radians, clockwise on screen.
    public var rotation: Double = 0
    /// `transform.scale.x`.
    public var scaleX: Double = 1
    /// `transform.scale.y`.
    public var scaleY: Double = 1
    /// A general matrix set directly, applied before the components.
    public var matrix: AffineTransform

    /// A transform from its components (all at identity by default).
    public init(translationX: Double = 0, translationY: Double = 0, rotation: Double = 0,
                scaleX: Double = 1, scaleY: Double = 1, matrix: AffineTransform = .identity) {
        self.translationX = translationX; self.translationY = translationY
        self.rotation = rotation; self.scaleX = scaleX; self.scaleY = scaleY; self.matrix = matrix
    }

    /// No translation, rotation or scale.
    public static let identity = LayerTransform()

    /// The affine matrix: scale first, then rotation, then translation, after `matrix`.
    @inlinable
    public var affine: AffineTransform {
        matrix
            .concatenating(.scale(scaleX, scaleY))
            .concatenating(.rotation(rotation))
            .concatenating(.translation(translationX, translationY))
    }
}
