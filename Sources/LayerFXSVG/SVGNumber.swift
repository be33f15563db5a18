import LayerFXCore

/// How the SVG writer spells numbers and colours: fixed decimals with
/// trailing zeros and a leading zero dropped (`0.5` → `.5`, `-0.25` → `-.25`,
/// `3.000` → `3`), so that the same frame always gives the same bytes.
enum SVGNumber {
    /// `value` rounded to `decimals` places (at most 9), written compactly;
    /// "0" for a value that rounds to zero or is not finite.
    static func text(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        let places = min(max(decimals, 0), 9)
        var scale: Double = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        // Past 2^53 the digits below are noise anyway: Swift's shortest form (`1e+20`).
        guard scaled < 9e15 else { return "\(value.rounded())" }
        let units = Int64(scaled)
        if units == 0 { return "0" }
        let divisor = Int64(scale)
        let whole = units / divisor
        var fraction = units % divisor
        var fractionText = ""
        if fraction > 0 {
            var digits = places
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let raw = String(fraction)
            fractionText = "." + String(repeating: "0", count: digits - raw.count) + raw
        }
        let sign = value < 0 ? "-" : ""
        return sign + (whole == 0 && !fractionText.isEmpty ? "" : String(whole)) + fractionText
    }

    /// `value` to about `significant` significant digits (for matrix entries,
    /// whose size varies more than coordinates do).
    static func text(_ value: Double, significant: Int) -> String {
        guard value.isFinite, value != 0 else { return "0" }
        var magnitude = 0
        var v = abs(value)
        while v >= 10 { v /= 10; magnitude += 1 }
        while v < 1 { v *= 10; magnitude -= 1 }
        return text(value, decimals: significant - 1 - magnitude)
    }

    /// A coordinate: thousandths of a unit.
    static func coordinate(_ value: Float) -> String { text(Double(value), decimals: 3) }

    /// An opacity or gradient offset in 0…1: four decimals.
    static func fraction(_ value: Float) -> String { text(Double(min(max(value, 0), 1)), decimals: 4) }

    /// `#rrggbb` of a straight-alpha colour (components clamped to 0…1, rounded to 8 bits).
    static func hexColor(_ color: SIMD4<Float>) -> String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for component in [color.x, color.y, color.z] {
            let byte = Int(saturating: (min(max(component, 0), 1) * 255).rounded())
            text.append(digits[byte >> 4]); text.append(digits[byte & 15])
        }
        return text
    }
}
