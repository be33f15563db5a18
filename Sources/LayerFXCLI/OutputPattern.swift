/// The `-o` argument of a sequence render: a file name with one printf-style
/// frame-number field (`%d`, `%4d`, `%04d`), or `-` for raw frames on stdout.
struct OutputPattern {
    enum Kind { case files(prefix: String, width: Int, zeroPad: Bool, suffix: String), standardOutput }
    let kind: Kind

    init(_ text: String) throws {
        if text == "-" { kind = .standardOutput; return }
        let scalars = Array(text)
        var fields: [(start: Int, end: Int, width: Int, zeroPad: Bool)] = []
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "%" else { i += 1; continue }
            var j = i + 1
            if j < scalars.count, scalars[j] == "%" { i = j + 1; continue }
            let zero = j < scalars.count && scalars[j] == "0"
            var digits = ""
            while j < scalars.count, let d = scalars[j].wholeNumberValue, d >= 0 { digits.append(scalars[j]); j += 1 }
            guard j < scalars.count, scalars[j] == "d" else {
                throw CLIError("-o \(text): only %d, %Nd and %0Nd fields are understood (use %% for a literal %)")
            }
            fields.append((i, j + 1, Int(digits) ?? 0, zero))
            i = j + 1
        }
        guard fields.count == 1, let field = fields.first else {
            throw CLIError("-o \(text): a frame sequence needs exactly one frame-number field such as %04d (or - for raw frames on stdout)")
        }
        func literal(_ part: ArraySlice<Character>) -> String { String(part).replacingOccurrences(of: "%%", with: "%") }
        kind = .files(prefix: literal(scalars[..<field.start]), width: min(field.width, 20), zeroPad: field.zeroPad,
                      suffix: literal(scalars[field.end...]))
    }

    /// The file name of frame `n` (nil for stdout).
    func path(forFrame n: Int) -> String? {
        guard case let .files(prefix, width, zeroPad, suffix) = kind else { return nil }
        let digits = String(n)
        let pad = String(repeating: zeroPad ? "0" : " ", count: max(width - digits.count, 0))
        return prefix + pad + digits + suffix
    }
}
