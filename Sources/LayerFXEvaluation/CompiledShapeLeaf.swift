import LayerFXCore
import LayerFXGeometry
import LayerFXModel

/// A compiled top-level shape layer drawing one ellipse (see
/// ``CompiledScene``): the model values its drawing reads, and where its
/// shared values and channels are.
struct CompiledShapeLeaf: Sendable {
    /// What the layer draws and where, from its model properties.
    let shape: Shape
    /// Its timing's index in ``SharedTables/timings``.
    let timing: UInt32
    /// Its model transform's index in ``SharedTables/transforms``: the
    /// components the channels start from, and the matrix.
    let transform: UInt32
    /// The range of its channels in ``CompiledScene``'s channels.
    let firstChannel: UInt32, channelCount: UInt16

    /// The model values of a compiled leaf that are its own (not shared).
    struct Shape: Sendable {
        /// The anchor point in the layer's space: `bounds.origin + anchorPoint × bounds.size`.
        let anchor: Point
        /// The path's one ellipse.
        let ellipse: Rect
        /// `opacity`, `position` and `lineWidth`, which the channels start from.
        let opacity: Double, positionX: Double, positionY: Double, lineWidth: Double
        /// The fill and stroke colours as the tree walk resolves them at the
        /// top level (tinted white, clamped), in single precision; alpha 0
        /// when there is none. The stroke is none when `strokeEnd ≤ strokeStart`.
        ///
        /// Single precision loses nothing: the walk reads a resolved colour
        /// only as single-precision numbers (after clamping, which leaves
        /// these values as they are) and in its `alpha > 0` test, which a
        /// colour whose alpha rounds to 0 would answer differently, so such a
        /// layer does not compile.
        let fill: SIMD4<Float>, stroke: SIMD4<Float>

        /// The shape of `layer`; nil when the layer is not one that compiles
        /// (see ``CompiledScene``; its animations are checked apart).
        init?(_ layer: Layer) {
            let p = layer.properties
            guard layer.kind == .shape, layer.sublayers.isEmpty, layer.mask == nil, !p.isHidden, !p.masksToBounds,
                  p.contents == nil,
                  !((p.backgroundColor?.alpha ?? 0) > 0), !(p.borderWidth > 0 && (p.borderColor?.alpha ?? 0) > 0),
                  p.path.subpaths.count == 1, case .ellipse(let ellipse) = p.path.subpaths[0] else { return nil }
            let fill = FrameBuilder.visible(p.fillColor?.tinted(.white))
            let stroke = p.strokeEnd > p.strokeStart ? FrameBuilder.visible(p.strokeColor?.tinted(.white)) : nil
            // A visible stroke must be one the analytic shape draws exactly (the tree walk outlines others as polygons).
            guard stroke == nil || FrameBuilder.analyticJoins(.ellipse(in: ellipse), StrokeStyle(p)) != nil
            else { return nil }
            let size = p.bounds.size
            anchor = Point(x: p.bounds.origin.x + p.anchorPoint.x * size.width,
                           y: p.bounds.origin.y + p.anchorPoint.y * size.height)
            self.ellipse = ellipse
            opacity = p.opacity
            positionX = p.position.x; positionY = p.position.y
            lineWidth = p.lineWidth
            guard let fill = Self.single(fill), let stroke = Self.single(stroke) else { return nil }
            self.fill = fill
            self.stroke = stroke
        }

        /// The colour in single precision (zero for none); nil when its alpha rounds to 0.
        private static func single(_ color: Color?) -> SIMD4<Float>? {
            guard let color else { return .zero }
            let vector = SIMD4(Float(color.red), Float(color.green), Float(color.blue), Float(color.alpha))
            return vector.w > 0 ? vector : nil
        }

        /// `vector` as a colour: the single-precision numbers exactly.
        static func color(_ vector: SIMD4<Float>) -> Color {
            Color(red: Double(vector.x), green: Double(vector.y), blue: Double(vector.z), alpha: Double(vector.w))
        }
    }
}
