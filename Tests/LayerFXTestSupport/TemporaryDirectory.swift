import Foundation

/// Fresh empty folders for tests to write into.
public enum TemporaryDirectory {
    /// Creates a new empty folder `<prefix>-<UUID>` in the system's temporary folder.
    public static func make(_ prefix: String = "layerfx-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
