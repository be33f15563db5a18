/// How a text layer's string splits into lines of drawable characters.
enum TextLines {
    /// The lines of `string`: "\n", "\r", "\r\n", U+0085, U+2028 and U+2029
    /// each end a line; a tab stands for a space; other control characters
    /// and default-ignorable code points (zero-width joiners and spaces, soft
    /// hyphens, variation selectors, byte-order marks) are dropped, taking no
    /// room, as Core Text does. Everything else becomes one glyph each: no
    /// shaping, so combining marks take their own (usually zero-width) glyphs.
    static func split(_ string: String) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = [[]]
        var previous: Unicode.Scalar?
        for scalar in string.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\n" where previous == "\r":
                continue
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
                lines.append([])
            case "\t":
                lines[lines.count - 1].append(" ")
            default:
                let properties = scalar.properties
                if properties.generalCategory == .control || properties.isDefaultIgnorableCodePoint { continue }
                lines[lines.count - 1].append(scalar)
            }
        }
        return lines
    }
}
