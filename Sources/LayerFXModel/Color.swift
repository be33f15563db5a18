/// An sRGB color with straight (non-premultiplied) alpha, components in 0…1.
public struct Color: Hashable, Sendable {
    public var red, green, blue, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0, alpha: 1)
    public static let white = Color(red: 1, green: 1, blue: 1, alpha: 1)

    /// Each component clamped to 0…1 (animated colors may overshoot).
    public var clamped: Color {
        func c(_ v: Double) -> Double { min(max(v, 0), 1) }
        return Color(red: c(red), green: c(green), blue: c(blue), alpha: c(alpha))
    }
}
