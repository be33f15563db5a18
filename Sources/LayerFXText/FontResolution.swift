import Foundation
import LayerFXCore

extension Font {
    /// Resolves a CATextLayer `font` value, searching `defaultSearchDirectories`:
    /// - nil (or blank): the default face, DejaVu Sans, standing in for
    ///   CATextLayer's default Helvetica;
    /// - a path (contains "/" or ends in .ttf, .otf or .ttc; relative to the
    ///   working directory): that file;
    /// - otherwise a family/face name such as "DejaVu Sans", "DejaVu Sans Bold",
    ///   "DejaVuSans-Bold", "Helvetica", "Helvetica-Bold", ".SFUI-Heavy" or
    ///   "system-heavy", matched to a font file name or mapped to the closest
    ///   DejaVu face (see `FontNames` for the mapping).
    ///
    /// Loaded faces are cached process-wide by canonical path: resolving the
    /// same file twice, under any name, gives the same `Font`.
    /// - Throws: `FontError`, e.g. `font file "/x/y.ttf" not found` or
    ///   `no font named "Foo" (searched: /usr/share/fonts); install fonts-dejavu-core or give a .ttf path`.
    public static func resolve(_ name: String?) throws -> Font {
        try resolve(name, searchDirectories: defaultSearchDirectories)
    }

    /// `resolve(_:)` searching `searchDirectories` (recursively, in order; the
    /// first file found for a name wins) instead of the default directories.
    public static func resolve(_ name: String?, searchDirectories: [String]) throws -> Font {
        let name = name?.trimmingCharacters(in: .whitespaces) ?? ""
        if isPath(name) { return try load(canonicalPath(ofFile: name)) }
        let lookup = name.isEmpty ? FontNames.defaultFamily : name
        let catalog = FontCatalog.files(in: searchDirectories)
        guard let path = FontNames.candidates(for: lookup).lazy.compactMap({ catalog[$0] }).first else {
            throw FontError.noFont(named: lookup, searched: searchDirectories)
        }
        return try load(canonicalPath(ofFile: path))
    }

    /// The directories names are searched in: those of `$LAYERFX_FONT_PATH`
    /// (colon-separated) first, then /usr/share/fonts.
    public static var defaultSearchDirectories: [String] {
        searchDirectories(fontPath: ProcessInfo.processInfo.environment["LAYERFX_FONT_PATH"])
    }

    /// The search directories for a `$LAYERFX_FONT_PATH` value (empty entries ignored).
    static func searchDirectories(fontPath: String?) -> [String] {
        (fontPath ?? "").split(separator: ":").map(String.init) + ["/usr/share/fonts"]
    }

    private static let loaded = LockedValue<[String: Font]>([:])

    private static func load(_ path: String) throws -> Font {
        try loaded.withLock { loaded in
            if let font = loaded[path] { return font }
            let font = try Font(loading: path)
            loaded[path] = font
            return font
        }
    }

    private static func isPath(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        return name.contains("/") || [".ttf", ".otf", ".ttc"].contains { lowercased.hasSuffix($0) }
    }

    /// The absolute path of `file` with symbolic links resolved; it must be a
    /// regular file (FreeType would wait forever on a FIFO without a writer).
    private static func canonicalPath(ofFile file: String) throws -> String {
        guard let resolved = realpath(file, nil) else { throw FontError.fileNotFound(file) }
        defer { free(resolved) }
        let path = String(cString: resolved)
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw FontError.notAFile(path, folder: info.st_mode & S_IFMT == S_IFDIR)
        }
        return path
    }
}

/// The font files under some directories, by normalized file name.
enum FontCatalog {
    private static let cache = LockedValue<[[String]: [String: String]]>([:])

    /// Each font file (.ttf, .otf, .ttc) under `directories`, recursively, by
    /// its normalized name without extension (`FontNames.normalized`); when
    /// names collide the earlier directory, then the earlier path, wins.
    /// Listed once per process for each list of directories.
    static func files(in directories: [String]) -> [String: String] {
        cache.withLock { cache in
            if let files = cache[directories] { return files }
            var files: [String: String] = [:]
            for directory in directories {
                let found = (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String]) ?? []
                for relative in found.sorted() {
                    let url = URL(fileURLWithPath: relative)
                    guard ["ttf", "otf", "ttc"].contains(url.pathExtension.lowercased()) else { continue }
                    let key = FontNames.normalized(url.deletingPathExtension().lastPathComponent)
                    if files[key] == nil { files[key] = directory + "/" + relative }
                }
            }
            cache[directories] = files
            return files
        }
    }
}
