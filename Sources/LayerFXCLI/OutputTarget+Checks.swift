#if canImport(Glibc)
import Glibc
#endif

/// Checks of an `-o` name made before anything is rendered, so a typo costs
/// an error line naming what is wrong instead of a render thrown away.
extension OutputTarget {
    /// The extensions an output file name may end in.
    static let fileExtensions = [".png", ".svg", ".gif"] + videoExtensions

    /// What exists at `path` (following links).
    enum Existing {
        case nothing, file, folder, special
    }

    /// What exists at `path`: nothing, a regular file, a folder, or a device,
    /// FIFO or socket (written directly, never replaced).
    static func existing(_ path: String) -> Existing {
        var info = stat()
        guard stat(path, &info) == 0 else { return .nothing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .special
        }
    }

    /// Rejects an output name that cannot name a PNG, SVG, GIF or video file:
    /// empty, ending in `/`, an existing folder, a folder that does not exist,
    /// or a name without one of the known extensions (an extension LayerFX
    /// does not write, such as `.jpg`, is named in the message). An existing device, FIFO or
    /// socket (`/dev/null`) is accepted as it is.
    static func checkFileName(_ text: String) throws {
        guard !text.isEmpty else { throw CLIError("-o needs a file name (.png, .svg, .gif, .mp4, .webm) or - for standard output") }
        let expected = "expected a file name ending in .png, .svg, .gif, .mp4 or .webm, or - for standard output"
        guard !text.hasSuffix("/") else { throw CLIError("-o \(text): ends in '/'; \(expected)") }
        switch existing(text) {
        case .special: return
        case .folder: throw CLIError("-o \(text): is a folder; \(expected)")
        case .file, .nothing: break
        }
        let slash = text.lastIndex(of: "/")
        let name = slash.map { String(text[text.index(after: $0)...]) } ?? text
        let lower = name.lowercased()
        guard fileExtensions.contains(where: { lower.hasSuffix($0) }) else {
            if let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex {
                throw CLIError("-o \(text): LayerFX does not write \(name[dot...]) files; \(expected)")
            }
            throw CLIError("-o \(text): \(expected)")
        }
        guard !fileExtensions.contains(lower) else {
            throw CLIError("-o \(text): the file name is only an extension; \(expected)")
        }
        guard let slash else { return }
        let folder = slash == text.startIndex ? "/" : String(text[..<slash])
        guard !folder.contains("%") else { return }  // a frame-number field in a folder name
        switch existing(folder) {
        case .folder: return
        case .nothing: throw CLIError("cannot write \(text): folder \(folder) does not exist")
        case .file, .special: throw CLIError("cannot write \(text): \(folder) is not a folder")
        }
    }
}
