/// A layer's `transform` (or `sublayerTransform`), kept in the decomposed form
/// Core Animation's `transform.*` key paths address: translation, then
/// rotation about z, then scale. A general affine matrix that is set directly
/// (`transform` from six numbers) is kept as `matrix` and applied after the
/// components are folded in (translation · rotation · scale · matrix).
public struct LayerTransform: Hashable, Sendable {
    public var translationX: Double = 0
    public var translationY: Double = 0
    public var rotation: Double = 0
    public var scaleX: Double = 1
    public var scaleY: Double = 1
    public var matrix: AffineTransform = .identity

    public init(translationX: Double = 0, translationY: Double = 0, rotation: Double = 0,
                scaleX: Double = 1, scaleY: Double = 1, matrix: AffineTransform = .identity) {
        self.translationX = translationX; self.translationY = translationY
        self.rotation = rotation; self.scaleX = scaleX; self.scaleY = scaleY; self.matrix = matrix
    }

    public static let identity = LayerTransform()

    /// The affine matrix: scale first, then rotation, then translation, after `matrix`.
    public var affine: AffineTransform {
        matrix
            .concatenating(.scale(scaleX, scaleY))
            .concatenating(.rotation(rotation))
            .concatenating(.translation(translationX, translationY))
    }
}
