/// How CATextLayer font names map onto font files.
///
/// A name matches a file whose name (without extension) is the same ignoring
/// case, spaces and punctuation: "DejaVu Sans Bold", "DejaVuSans-Bold" and
/// "dejavu_sans_bold" all name `DejaVuSans-Bold.ttf`, and "Liberation Sans"
/// names `LiberationSans.ttf` if one is installed. Failing that, a name is read
/// as a family and a style, and Apple's families map onto the closest DejaVu
/// face (the faces of `fonts-dejavu-core`):
///
/// | family (any case, spaces or punctuation)                       | DejaVu family     |
/// |----------------------------------------------------------------|-------------------|
/// | Helvetica, Helvetica Neue, Arial, .SFUI(Display/Text), SF Pro, San Francisco, system, system-ui, AppleSystemUIFont, sans-serif, sans | DejaVu Sans |
/// | SF Mono, Menlo, Monaco, Courier, Courier New, monospace, mono   | DejaVu Sans Mono  |
/// | Times, Times New Roman, Georgia, New York, serif               | DejaVu Serif      |
/// | DejaVu Sans / Sans Mono / Sans Condensed / Serif / Serif Condensed | itself        |
///
/// | style words                                                    | DejaVu face       |
/// |----------------------------------------------------------------|-------------------|
/// | none, Regular, Medium, Book, Normal, Roman, Plain              | regular           |
/// | Semibold, Demibold, Bold, Extrabold, Ultrabold, Heavy, Black    | Bold              |
/// | Light, Extralight, Ultralight, Thin, Hairline                  | ExtraLight (DejaVu Sans only; regular for the others) |
/// | Italic, Oblique (with any of the above)                        | Oblique (Sans, Mono, Condensed) or Italic (Serif), BoldOblique / BoldItalic when bold; light italic is ExtraLight |
///
/// So ".SFUI-Heavy" and "system-heavy" (Apple's heavy system font) are DejaVu
/// Sans Bold, "Helvetica" DejaVu Sans, "Menlo-Italic" DejaVu Sans Mono Oblique.
/// A style word outside the table (e.g. "Helvetica-Fancy") matches nothing.
enum FontNames {
    /// The family CATextLayer uses when it has no font: Helvetica, whose
    /// stand-in is this.
    static let defaultFamily = "DejaVu Sans"

    /// `name` in lowercase ASCII letters and digits only, the form names and
    /// file names are compared in.
    static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) })
    }

    /// The normalized file names (without extension) that `name` may mean,
    /// best first.
    static func candidates(for name: String) -> [String] {
        let key = normalized(name)
        guard let (family, rest) = aliases.lazy.compactMap({ alias in
            key.hasPrefix(alias.prefix) ? (alias.family, String(key.dropFirst(alias.prefix.count))) : nil
        }).first, let style = FontStyle(parsing: rest) else { return [key] }
        let mapped = normalized(family.fileName(style))
        return mapped == key ? [key] : [key, mapped]
    }

    /// Family prefixes, longest first within each overlap ("sansserif" before "sans").
    private static let aliases: [(prefix: String, family: DejaVuFamily)] = [
        ("dejavusanscondensed", .sansCondensed), ("dejavusansmono", .sansMono), ("dejavusans", .sans),
        ("dejavuserifcondensed", .serifCondensed), ("dejavuserif", .serif),
        ("helveticaneue", .sans), ("helvetica", .sans), ("arial", .sans),
        ("sfuidisplay", .sans), ("sfuitext", .sans), ("sfui", .sans),
        ("sfprodisplay", .sans), ("sfprotext", .sans), ("sfpro", .sans), ("sanfrancisco", .sans),
        ("applesystemuifont", .sans), ("systemui", .sans), ("system", .sans), ("sansserif", .sans),
        ("sfmono", .sansMono), ("menlo", .sansMono), ("monaco", .sansMono), ("couriernew", .sansMono),
        ("courier", .sansMono), ("monospace", .sansMono), ("mono", .sansMono),
        ("timesnewroman", .serif), ("times", .serif), ("georgia", .serif), ("newyork", .serif),
        ("serif", .serif), ("sans", .sans),
    ].sorted { $0.prefix.count > $1.prefix.count }
}

/// The weight and slant a font name's style words ask for.
private struct FontStyle {
    var bold = false, light = false, italic = false

    private enum Effect { case none, bold, light, italic }

    private static let words: [(word: String, effect: Effect)] = [
        ("regular", .none), ("medium", .none), ("book", .none), ("normal", .none), ("roman", .none),
        ("plain", .none),
        ("semibold", .bold), ("demibold", .bold), ("extrabold", .bold), ("ultrabold", .bold), ("bold", .bold),
        ("heavy", .bold), ("black", .bold),
        ("extralight", .light), ("ultralight", .light), ("light", .light), ("thin", .light), ("hairline", .light),
        ("italic", .italic), ("oblique", .italic),
    ]

    /// The style `words` (normalized, run together) spell, or nil when some
    /// part of them is not a style word.
    init?(parsing words: String) {
        var rest = Substring(words)
        while !rest.isEmpty {
            guard let match = Self.words.first(where: { rest.hasPrefix($0.word) }) else { return nil }
            switch match.effect {
            case .none: break
            case .bold: bold = true
            case .light: light = true
            case .italic: italic = true
            }
            rest = rest.dropFirst(match.word.count)
        }
    }
}

/// The families of `fonts-dejavu-core`, and which file holds each style.
private enum DejaVuFamily {
    case sans, sansCondensed, sansMono, serif, serifCondensed

    func fileName(_ style: FontStyle) -> String {
        let base: String
        switch self {
        case .sans: base = "DejaVuSans"
        case .sansCondensed: base = "DejaVuSansCondensed"
        case .sansMono: base = "DejaVuSansMono"
        case .serif: base = "DejaVuSerif"
        case .serifCondensed: base = "DejaVuSerifCondensed"
        }
        if style.light && !style.bold && self == .sans { return base + "-ExtraLight" }
        let slant = style.italic ? (self == .serif || self == .serifCondensed ? "Italic" : "Oblique") : ""
        let weight = style.bold ? "Bold" : ""
        return weight.isEmpty && slant.isEmpty ? base : base + "-" + weight + slant
    }
}
