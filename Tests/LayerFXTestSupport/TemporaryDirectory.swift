import Foundation

/// Fresh empty folders for tests to write into, all inside one folder per
/// test process (`layerfx-tests-<pid>` in the system's temporary folder).
/// The first folder a process makes removes the folders of earlier test
/// processes that have ended, so test runs do not pile up in the temporary
/// folder.
public enum TemporaryDirectory {
    /// Creates a new empty folder `<prefix>-<UUID>` in this process's folder.
    public static func make(_ prefix: String = "layerfx-test") throws -> URL {
        let url = processFolder.appending(path: "\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// What the names of the processes' folders start with.
    static let folderPrefix = "layerfx-tests-"

    /// This process's folder, made when first used, after removing those of
    /// processes that no longer run (the system's temporary folder itself
    /// when the folder cannot be made).
    private static let processFolder: URL = {
        let files = FileManager.default
        let base = files.temporaryDirectory
        for name in (try? files.contentsOfDirectory(atPath: base.path)) ?? [] where name.hasPrefix(folderPrefix) {
            guard let pid = Int32(name.dropFirst(folderPrefix.count)), pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? files.removeItem(at: base.appending(path: name))
        }
        let folder = base.appending(path: "\(folderPrefix)\(getpid())")
        return (try? files.createDirectory(at: folder, withIntermediateDirectories: true)) != nil ? folder : base
    }()
}
