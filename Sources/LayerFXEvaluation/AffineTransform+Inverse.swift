import LayerFXCore
import LayerFXModel

extension AffineTransform {
    /// The inverse transform, or nil when the matrix is singular.
    var inverted: AffineTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id,
                               tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// Determinant of the linear part.
    var determinant: Double { a * d - b * c }
}
