/// Where `render -o` sends frames: numbered PNG or SVG files (`%d`, `%4d`,
/// `%04d` fields), one PNG or SVG, an animated GIF, a video through ffmpeg
/// (`.mp4`, `.webm`), or `-` for raw RGBA on standard output.
enum OutputTarget: Equatable {
    case numberedFiles(prefix: String, width: Int, zeroPad: Bool, suffix: String)
    case png(String)
    case svg(String)
    case gif(String)
    case video(String)
    case standardOutput

    /// Whether `text` names an output of many frames: numbered files, a GIF,
    /// a video or standard output (a single PNG or SVG otherwise).
    static func holdsFrames(_ text: String) -> Bool {
        let lower = text.lowercased()
        return text == "-" || lower.hasSuffix(".gif") || videoExtensions.contains { lower.hasSuffix($0) }
            || ((try? fields(in: text))?.isEmpty == false)
    }

    /// Video containers written by running ffmpeg.
    static let videoExtensions = [".mp4", ".webm"]

    /// `sequence`: several frames are coming, so a PNG name needs a field.
    init(_ text: String, sequence: Bool) throws {
        let lower = text.lowercased()
        if text == "-" { self = .standardOutput; return }
        try Self.checkFileName(text)
        if lower.hasSuffix(".gif") { self = .gif(text); return }
        if Self.videoExtensions.contains(where: { lower.hasSuffix($0) }) { self = .video(text); return }
        let fields = try Self.fields(in: text)
        guard sequence else {
            guard fields.isEmpty else { throw CLIError("-o \(text): a frame-number field needs a sequence (--from/--to or --frames)") }
            let path = text.replacing("%%", with: "%")
            self = lower.hasSuffix(".svg") ? .svg(path) : .png(path)
            return
        }
        guard fields.count == 1, let field = fields.first else {
            throw CLIError("-o \(text): a frame sequence needs exactly one frame-number field such as %04d, a .gif or video file name, or - for raw frames on stdout")
        }
        let scalars = Array(text)
        func literal(_ part: ArraySlice<Character>) -> String { String(part).replacing("%%", with: "%") }
        self = .numberedFiles(prefix: literal(scalars[..<field.start]), width: min(field.width, 20),
                         zeroPad: field.zeroPad, suffix: literal(scalars[field.end...]))
    }

    /// The `%…d` fields of `text`.
    private static func fields(in text: String) throws -> [(start: Int, end: Int, width: Int, zeroPad: Bool)] {
        let scalars = Array(text)
        var fields: [(start: Int, end: Int, width: Int, zeroPad: Bool)] = []
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "%" else { i += 1; continue }
            var j = i + 1
            if j < scalars.count, scalars[j] == "%" { i = j + 1; continue }
            let zero = j < scalars.count && scalars[j] == "0"
            var digits = ""
            while j < scalars.count, scalars[j].isASCII, let d = scalars[j].wholeNumberValue, d >= 0 {
                digits.append(scalars[j]); j += 1
            }
            guard j < scalars.count, scalars[j] == "d" else {
                throw CLIError("-o \(text): only %d, %Nd and %0Nd fields are understood (use %% for a literal %)")
            }
            fields.append((i, j + 1, Int(digits) ?? 0, zero))
            i = j + 1
        }
        return fields
    }

    /// Whether every frame goes to one file or stream, so shards and resuming do not apply.
    var isSingleStream: Bool {
        switch self {
        case .gif, .video, .standardOutput, .png, .svg: true
        case .numberedFiles: false
        }
    }

    /// The folder the files land in, where temporary files are written and
    /// cleaned up ("." for a bare name); nil for standard output.
    var folder: String? {
        let path: String
        switch self {
        case .png(let file), .svg(let file), .gif(let file), .video(let file): path = file
        case .numberedFiles(let prefix, _, _, _): path = prefix
        case .standardOutput: return nil
        }
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Whether frames are written as SVG documents (evaluated, not rasterized).
    var isSVG: Bool {
        switch self {
        case .svg: true
        case .numberedFiles(_, _, _, let suffix): suffix.lowercased().hasSuffix(".svg")
        default: false
        }
    }

    /// The file name of frame `n` of a numbered-files target.
    func path(forFrame n: Int) -> String? {
        guard case let .numberedFiles(prefix, width, zeroPad, suffix) = self else { return nil }
        let digits = String(n)
        let pad = String(repeating: zeroPad ? "0" : " ", count: max(width - digits.count, 0))
        return prefix + pad + digits + suffix
    }
}
