import Foundation

/// The checkout the tests were built from, found from this file's own path
/// (`Tests/LayerFXTestSupport/Repository.swift`), so tests can read the
/// examples, docs and scripts they check.
public enum Repository {
    /// The repository's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The file or folder at `relativePath` in the repository, e.g. `docs/embedding.md`.
    public static func url(_ relativePath: String) -> URL {
        root.appending(path: relativePath)
    }

    /// The path of the example scene `name` in `Examples/`, e.g. `pulsing-rings.json`.
    public static func example(_ name: String) -> String {
        url("Examples/\(name)").path
    }
}
