/// Why a font could not be resolved, loaded or rasterized; `description` is
/// a complete sentence fit for the command line.
public struct FontError: Error, CustomStringConvertible, Equatable {
    public let description: String

    init(_ description: String) { self.description = description }

    /// `font file "fonts/A.ttf" not found`, and ` in /scenes` when `name`
    /// was taken relative to the folder `directory`.
    static func fileNotFound(_ name: String, relativeTo directory: String? = nil) -> FontError {
        FontError("font file \"\(name)\" not found" + (directory.map { " in \($0)" } ?? ""))
    }

    static func noFont(named name: String, searched: [String]) -> FontError {
        FontError("no font named \"\(name)\" (searched: \(searched.joined(separator: ", "))); "
                  + "install fonts-dejavu-core or give a .ttf path")
    }

    static func notAFile(_ path: String, folder: Bool) -> FontError {
        FontError("font file \"\(path)\" is \(folder ? "a folder" : "not a regular file (a device, FIFO or socket)")")
    }

    static func unreadable(_ path: String, _ error: Int32) -> FontError {
        FontError("font file \"\(path)\" could not be loaded (\(FreeType.describe(error)))")
    }
}
