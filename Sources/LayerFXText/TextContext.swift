import FoundationEssentials
import LayerFXCore

/// What drawing text needs and keeps between frames: a FreeType library, the
/// fonts it loaded, the names they were asked for by, and the `GlyphAtlas`
/// their glyphs are rasterized into.
///
/// Whoever evaluates scenes owns one (`SceneEvaluator`, and through it the
/// umbrella module's `Renderer`) and passes it on; nothing is cached
/// process-wide, so two contexts share no fonts, atlas pixels or FreeType
/// library (only the counter that numbers atlas generations), and
/// everything a context loaded is freed with it. Use one context for a run of
/// frames: a glyph is rasterized once per context, and each font name is
/// resolved once per context, at its first use.
///
/// Thread-safe: its caches are behind one lock, each font's FreeType calls
/// behind the library's.
///
/// ```swift
/// let text = TextContext()
/// let scene = try SceneLoader.load(contentsOfFile: "title.json", textContext: text)
/// let frame = try SceneEvaluator(textContext: text).frame(for: scene, at: 0)
/// ```
public final class TextContext: Sendable {
    /// The atlas every glyph laid out with this context is rasterized into.
    public let atlas = GlyphAtlas()
    /// The directories family/face names are searched in (recursively, in
    /// order; the first file found for a name wins).
    public let searchDirectories: [String]

    private let freeType = FreeType()
    private let cache = LockedValue(FontCache())
    /// Text laid out so far (``layout(_:font:fontSize:alignment:boundsWidth:)``).
    let layouts = LockedValue([LayoutKey: [PlacedGlyph]]())

    /// A context that searches `searchDirectories` for font names; by
    /// default those of ``defaultSearchDirectories``, read now.
    public init(searchDirectories: [String] = TextContext.defaultSearchDirectories) {
        self.searchDirectories = searchDirectories
    }

    /// The directories names are searched in by default: those of
    /// `$LAYERFX_FONT_PATH` (colon-separated) first, then /usr/share/fonts.
    public static var defaultSearchDirectories: [String] {
        FontResolution.searchDirectories(fontPath: ProcessInfo.processInfo.environment["LAYERFX_FONT_PATH"])
    }

    /// The font a CATextLayer `font` value names:
    /// - nil (or blank): the default face, DejaVu Sans, standing in for
    ///   CATextLayer's default Helvetica;
    /// - a path (contains "/" or ends in .ttf, .otf or .ttc): that file; a
    ///   relative path is taken inside `directory` (a scene file's folder),
    ///   or in the working directory when `directory` is nil;
    /// - otherwise a family/face name such as "DejaVu Sans", "DejaVu Sans Bold",
    ///   "DejaVuSans-Bold", "Helvetica", "Helvetica-Bold", ".SFUI-Heavy" or
    ///   "system-heavy", matched to a font file name in
    ///   ``searchDirectories`` or mapped to the closest DejaVu face (see
    ///   `FontNames` for the mapping).
    ///
    /// Each value is resolved once per context, on its first use (the
    /// search directories are listed then, once); later calls, from any
    /// thread, return the same `Font` or throw the same error. A file is
    /// loaded once, whatever names lead to it.
    /// - Throws: `FontError`, e.g. `font file "/x/y.ttf" not found`,
    ///   `font file "fonts/y.ttf" not found in /scenes` or
    ///   `no font named "Foo" (searched: /usr/share/fonts); install fonts-dejavu-core or give a .ttf path`.
    public func font(named name: String?, relativeTo directory: String? = nil) throws -> Font {
        let name = (name ?? "").trimmingWhitespace()
        let isPath = FontResolution.isPath(name)
        // Only a relative path depends on the directory.
        let key = FontRequest(name: name, directory: isPath && !name.hasPrefix("/") ? directory : nil)
        return try cache.withLock { cache in
            if let resolved = cache.requests[key] { return resolved }
            let resolved = Result { try resolve(key, isPath: isPath, cache: &cache) }
            cache.requests[key] = resolved
            return resolved
        }.get()
    }

    /// Finds and loads the font of `request`, with `cache`'s catalog and fonts.
    private func resolve(_ request: FontRequest, isPath: Bool, cache: inout FontCache) throws -> Font {
        let file: String
        if isPath {
            file = FontResolution.file(request.name, relativeTo: request.directory)
        } else {
            let lookup = request.name.isEmpty ? FontNames.defaultFamily : request.name
            if cache.catalog == nil { cache.catalog = FontCatalog.files(in: searchDirectories) }
            guard let found = FontResolution.file(named: lookup, in: cache.catalog ?? [:]) else {
                throw FontError.noFont(named: lookup, searched: searchDirectories)
            }
            file = found
        }
        let path = try FontResolution.canonicalPath(ofFile: file, name: request.name, directory: request.directory)
        if let font = cache.fonts[path] { return font }
        let font = try Font(loading: path, with: freeType)
        cache.fonts[path] = font
        return font
    }
}

/// A `font` value as resolved: trimmed, with the directory a relative path
/// is taken in (nil for anything else).
private struct FontRequest: Hashable {
    var name: String
    var directory: String?
}

/// A context's caches, guarded by its lock.
private struct FontCache {
    /// Every value asked for so far, and what it resolved to.
    var requests: [FontRequest: Result<Font, any Error>] = [:]
    /// Loaded fonts by canonical path.
    var fonts: [String: Font] = [:]
    /// The search directories' font files, listed on the first name looked up.
    var catalog: [String: String]?
}
