import LayerFXCore
import LayerFXPrimitives

extension SVGBuilder {
    /// An image primitive: its image (written once, a PNG data URI in an
    /// `image` of the definitions, one user unit per texel) placed by a
    /// `use` whose transform is the texel mapping, then the primitive's
    /// transform; times its opacity, tinted by a colour-matrix filter when
    /// the tint is not opaque white or a mask needs other colours
    /// (``colorMatrix(tint:in:)``), inside its
    /// rectangle when that was cut smaller than the image, and its clips.
    mutating func drawImage(_ p: PrimitiveInstance) {
        let map = p.paint2
        guard p.opacity > 0, p.fillColor.w > 0, let index = p.imageIndex, index < frame.images.count,
              map.z > 0, map.w > 0, map.z.isFinite, map.w.isFinite else { return }
        let image = frame.images[index]
        guard let id = definitions.image(image) else { return }
        let m = p.transform, t = p.translation
        let a = Double(m.x), b = Double(m.y), c = Double(m.z), d = Double(m.w)
        let sx = 1 / Double(map.z), sy = 1 / Double(map.w), ox = Double(map.x), oy = Double(map.y)
        let placement = Self.matrix(a * sx, b * sx, c * sy, d * sy, a * ox + c * oy + Double(t.x), b * ox + d * oy + Double(t.y))
        var element = "<use xlink:href=\"#\(id)\"\(Self.transformAttribute(placement))"
        if p.opacity < 1 { element += " opacity=\"\(SVGNumber.fraction(p.opacity))\"" }
        if let values = Self.colorMatrix(tint: p.fillColor, in: maskCoverage) {
            element += " filter=\"url(#\(definitions.colorMatrix(values.map { SVGNumber.text(Double($0), decimals: 4) }.joined(separator: " "))))\""
        }
        element += "/>"
        // A rectangle cut smaller than the image (far geometry) clips it.
        let s = p.shape
        let rect = (x: Double(s.x - s.z), y: Double(s.y - s.w), width: 2 * Double(s.z), height: 2 * Double(s.w))
        let full = (width: Double(image.width) * sx, height: Double(image.height) * sy)
        if abs(rect.x - ox) > 1e-3 * full.width || abs(rect.y - oy) > 1e-3 * full.height
            || abs(rect.width - full.width) > 1e-3 * full.width || abs(rect.height - full.height) > 1e-3 * full.height {
            let numbers = [rect.x, rect.y, rect.width, rect.height].map { SVGNumber.text($0, significant: 7) }
            let cut = "<rect x=\"\(numbers[0])\" y=\"\(numbers[1])\" width=\"\(numbers[2])\" height=\"\(numbers[3])\"\(Self.transform(of: p))/>"
            element = "<g clip-path=\"url(#\(definitions.clip(cut)))\">\(element)</g>"
        }
        if let clipped = clipped(element, by: p) { append(clipped) }
    }

    /// The colour matrix (20 numbers, rows r, g, b, a, on straight colours)
    /// that gives an image tinted by `tint` the colours `SVGBuilder.colorValue`
    /// gives other elements where they go: its colours times the tint (outside
    /// masks and in luminance masks), white (alpha masks) or black (inverted
    /// alpha masks) keeping the alpha, or one minus its tinted colours
    /// (inverted luminance masks); always the alpha times the tint's. Nil
    /// when that is the image as it is (an opaque white tint, outside masks
    /// or in a luminance mask).
    static func colorMatrix(tint: SIMD4<Float>, in coverage: MaskCoverage?) -> [Float]? {
        let a = tint.w
        switch coverage {
        case nil, .luminance:
            guard tint != SIMD4(1, 1, 1, 1) else { return nil }
            return [tint.x, 0, 0, 0, 0, 0, tint.y, 0, 0, 0, 0, 0, tint.z, 0, 0, 0, 0, 0, a, 0]
        case .alpha:
            return [0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, a, 0]
        case .alphaInverted:
            return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, a, 0]
        case .luminanceInverted:
            return [-tint.x, 0, 0, 0, 1, 0, -tint.y, 0, 0, 1, 0, 0, -tint.z, 0, 1, 0, 0, 0, a, 0]
        }
    }
}
