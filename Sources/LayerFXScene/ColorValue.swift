import LayerFXCore

/// A color: `"#RRGGBB"`, `"#RRGGBBAA"` (hex, sRGB, straight alpha),
/// `[r, g, b, a]` or `[r, g, b]` (components in 0…1), or `null` (no color).
struct ColorValue: SceneValueDecodable {
    /// `nil` for JSON `null`.
    var color: Color?

    static let expected = "a color \"#RRGGBB\", \"#RRGGBBAA\" or [r, g, b, a] with components in 0…1"

    init<V: SceneValue>(_ value: V) throws {
        switch value.kind {
        case .null:
            color = nil
        case .string:
            let text = try value.string()
            guard let parsed = Self.parseHex(text) else {
                throw value.issue("invalid color \"\(text)\"; expected \"#RRGGBB\" or \"#RRGGBBAA\"")
            }
            color = parsed
        default:
            let c = try value.numbers(3...4, expected: Self.expected)
            for (i, component) in c.enumerated() where !(0...1).contains(component) {
                throw value.issue(atIndex: i, "color component must be in 0…1 (got \(component.numberText))")
            }
            color = Color(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 1)
        }
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (either case).
    static func parseHex(_ text: String) -> Color? {
        let utf8 = text.utf8
        guard utf8.first == UInt8(ascii: "#"), utf8.count == 7 || utf8.count == 9 else { return nil }
        var components = SmallNumbers()
        var high: Int? = nil
        for byte in utf8.dropFirst() {
            guard let digit = hexDigit(byte) else { return nil }
            if let h = high {
                components.append(Double(h * 16 + digit) / 255)
                high = nil
            } else {
                high = digit
            }
        }
        return Color(red: components[0], green: components[1], blue: components[2],
                     alpha: components.count == 4 ? components[3] : 1)
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
