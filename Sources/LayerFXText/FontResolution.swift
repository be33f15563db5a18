import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How a CATextLayer `font` value names a file: the rules
/// `TextContext.font(named:relativeTo:)` applies, without its caches.
enum FontResolution {
    /// The directories names are searched in for `$LAYERFX_FONT_PATH` value
    /// `fontPath` (colon-separated, empty entries ignored): its folders
    /// first, then /usr/share/fonts.
    static func searchDirectories(fontPath: String?) -> [String] {
        (fontPath ?? "").split(separator: ":").map(String.init) + ["/usr/share/fonts"]
    }

    /// Whether `name` (trimmed) is a file path rather than a family/face
    /// name: it contains "/" or ends in .ttf, .otf or .ttc.
    static func isPath(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        return name.contains("/") || [".ttf", ".otf", ".ttc"].contains { lowercased.hasSuffix($0) }
    }

    /// The file a path `name` means: itself when absolute or when `directory`
    /// is nil (then relative to the working directory), else `name` inside
    /// `directory`.
    static func file(_ name: String, relativeTo directory: String?) -> String {
        guard let directory, !name.hasPrefix("/") else { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The absolute path of `file` with symbolic links resolved; it must be a
    /// regular file (FreeType would wait forever on a FIFO without a writer).
    /// `name` and `directory` say how the scene named it, for the error.
    static func canonicalPath(ofFile file: String, name: String, directory: String?) throws -> String {
        guard let resolved = realpath(file, nil) else {
            throw FontError.fileNotFound(name, relativeTo: name.hasPrefix("/") ? nil : directory)
        }
        defer { free(resolved) }
        let path = String(cString: resolved)
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw FontError.notAFile(path, folder: info.st_mode & S_IFMT == S_IFDIR)
        }
        return path
    }

    /// The font file `name` (a family/face name, trimmed, not empty) means in
    /// `catalog` (see `FontNames`), if any.
    static func file(named name: String, in catalog: [String: String]) -> String? {
        FontNames.candidates(for: name).lazy.compactMap { catalog[$0] }.first
    }
}

/// The font files under some directories, by normalized file name.
enum FontCatalog {
    /// Each font file (.ttf, .otf, .ttc) under `directories`, recursively, by
    /// its normalized name without extension (`FontNames.normalized`); when
    /// names collide the earlier directory, then the earlier path, wins.
    static func files(in directories: [String]) -> [String: String] {
        var files: [String: String] = [:]
        for directory in directories {
            let found = (try? FileManager.default.subpathsOfDirectory(atPath: directory)) ?? []
            for relative in found.sorted() {
                let url = URL(fileURLWithPath: relative)
                guard ["ttf", "otf", "ttc"].contains(url.pathExtension.lowercased()) else { continue }
                let key = FontNames.normalized(url.deletingPathExtension().lastPathComponent)
                if files[key] == nil { files[key] = directory + "/" + relative }
            }
        }
        return files
    }
}
