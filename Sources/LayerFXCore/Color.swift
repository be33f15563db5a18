/// An sRGB color with straight (non-premultiplied) alpha, components in 0…1.
public struct Color: Hashable, Sendable {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Opacity, 0…1 (straight: the colour components are not multiplied by it).
    public var alpha: Double
    /// A colour from straight-alpha sRGB components in 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// Transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0, alpha: 1)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1, alpha: 1)

    /// Each component clamped to 0…1 (animated colors may overshoot).
    public var clamped: Color {
        func c(_ v: Double) -> Double { min(max(v, 0), 1) }
        return Color(red: c(red), green: c(green), blue: c(blue), alpha: c(alpha))
    }
}
