import LayerFXCore

extension Rect {
    /// The same rectangle with a non-negative width and height (as `CGRect.standardized`).
    var standardized: Rect {
        Rect(x: min(origin.x, origin.x + size.width), y: min(origin.y, origin.y + size.height),
             width: abs(size.width), height: abs(size.height))
    }
}

extension Color {
    /// Clamped to 0…1, then multiplied component-wise by `tint` (alpha included).
    func tinted(_ tint: Color) -> Color {
        let c = clamped
        return Color(red: c.red * tint.red, green: c.green * tint.green, blue: c.blue * tint.blue,
                     alpha: c.alpha * tint.alpha)
    }
}
