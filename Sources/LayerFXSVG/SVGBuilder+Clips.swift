import LayerFXPrimitives

extension SVGBuilder {
    /// `element` inside a group per clip of `primitive` (its rounded
    /// rectangles, in device space); nil when a clip is empty, so nothing shows.
    mutating func clipped(_ element: String, by primitive: PrimitiveInstance) -> String? {
        var result = element
        for clip in Self.clipShapes(of: primitive).reversed() {
            guard let shape = clip else { return nil }
            result = "<g clip-path=\"url(#\(definitions.clip(shape)))\">\(result)</g>"
        }
        return result + "\n"
    }

    /// Whether a clip of `primitive` is empty (nothing of it shows).
    static func hasEmptyClip(_ primitive: PrimitiveInstance) -> Bool {
        clipShapes(of: primitive).contains { $0 == nil }
    }

    /// The clips in use (`clipRadii.z` of them, 0…2), each its device-space
    /// shape or nil when empty.
    private static func clipShapes(of primitive: PrimitiveInstance) -> [String?] {
        let count = primitive.clipRadii.z > 1.5 ? 2 : primitive.clipRadii.z > 0.5 ? 1 : 0
        let clips = [(primitive.clip0Linear, primitive.clip0Offset, primitive.clipRadii.x),
                     (primitive.clip1Linear, primitive.clip1Offset, primitive.clipRadii.y)]
        return clips.prefix(count).map { clipShape(linear: $0.0, offset: $0.1, radius: $0.2) }
    }

    /// A clip's rounded rectangle in device space: the clip-local rectangle
    /// centred at the origin, placed by the inverse of the device →
    /// clip-local map; nil when it is empty or the map is singular.
    static func clipShape(linear m: SIMD4<Float>, offset: SIMD4<Float>, radius: Float) -> String? {
        let a = Double(m.x), b = Double(m.y), c = Double(m.z), d = Double(m.w)
        let det = a * d - b * c
        let hw = Double(offset.z), hh = Double(offset.w)
        guard det != 0, det.isFinite, hw > 0, hh > 0 else { return nil }
        // clip-local = L·device + t, so device = L⁻¹·(clip-local − t).
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        let tx = Double(offset.x), ty = Double(offset.y)
        let e = -(ia * tx + ic * ty), f = -(ib * tx + id * ty)
        let r = min(max(Double(radius), 0), min(hw, hh))
        var rect = "<rect x=\"\(SVGNumber.text(-hw, decimals: 3))\" y=\"\(SVGNumber.text(-hh, decimals: 3))\""
        rect += " width=\"\(SVGNumber.text(2 * hw, decimals: 3))\" height=\"\(SVGNumber.text(2 * hh, decimals: 3))\""
        if r > 0 { rect += " rx=\"\(SVGNumber.text(r, decimals: 3))\"" }
        rect += transformAttribute(matrix(ia, ib, ic, id, e, f)) + "/>"
        return rect
    }

    /// `matrix(a b c d e f)`, or `translate(e f)` for a translation.
    static func matrix(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) -> String {
        let linear = [a, b, c, d].map { SVGNumber.text($0, significant: 7) }
        let move = [e, f].map { SVGNumber.text($0, decimals: 3) }
        if linear == ["1", "0", "0", "1"] { return "translate(\(move[0]) \(move[1]))" }
        return "matrix(\(linear.joined(separator: " ")) \(move[0]) \(move[1]))"
    }

    /// The transform attribute of a primitive's local → device map (none for the identity).
    static func transform(of p: PrimitiveInstance) -> String {
        let m = p.transform, t = p.translation
        return transformAttribute(matrix(Double(m.x), Double(m.y), Double(m.z), Double(m.w), Double(t.x), Double(t.y)))
    }

    /// ` transform="…"` for a `matrix` value; empty for the identity.
    static func transformAttribute(_ matrix: String) -> String {
        matrix == "translate(0 0)" ? "" : " transform=\"\(matrix)\""
    }

    /// `fill`/`stroke` attribute values for straight-alpha `color` times
    /// `opacity`: the colour (inside a mask, ``colorValue(_:)``'s) and its
    /// opacity attribute (`name-opacity`) when below 1.
    func paint(_ name: String, _ color: SIMD4<Float>, opacity: Float) -> String {
        let alpha = color.w * opacity
        var text = " \(name)=\"\(colorValue(color))\""
        if alpha < 1 { text += " \(name)-opacity=\"\(SVGNumber.fraction(alpha))\"" }
        return text
    }
}
