import Foundation
import LayerFXTestSupport
import Testing

/// The repository stands on its own: no tracked file refers to the shared
/// folder beside the checkout, which a clone does not have.
struct RepositoryReferenceTests {
    static let repository = Repository.root

    /// The references looked for, built from pieces so that this file does not contain them.
    static let forbidden = [".." + "/shared", "/work" + "/shared"]

    @Test func noTrackedFileRefersToTheSharedFolder() throws {
        let files = try Self.trackedFiles()
        #expect(files.contains("README.md") && files.contains("Package.swift"), "listed \(files.count) files")
        var offenders: [String] = []
        for file in files {
            guard let bytes = Self.contents(of: Self.repository.appending(path: file).path),
                  let text = String(validating: bytes, as: UTF8.self) else { continue }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where Self.forbidden.contains(where: { line.contains($0) }) {
                offenders.append("\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(offenders.isEmpty, "files refer to a folder outside the repository:\n\(offenders.joined(separator: "\n"))")
    }

    /// The bytes of the file at `path`, nil when it cannot be read. (Read
    /// with stdio: FileManager.contents(atPath:) leaks a page for an empty
    /// file in Foundation 6.3.1, which LeakSanitizer reports.)
    static func contents(of path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            bytes += chunk.prefix(count)
            if count < chunk.count { return ferror(file) == 0 ? bytes : nil }
        }
    }

    /// `git ls-files` in the repository; in a copy that is not a git checkout,
    /// every file outside hidden folders (`.build`, `.git`, …).
    static func trackedFiles() throws -> [String] {
        let git = try ProcessRunner.run(["git", "-C", repository.path, "ls-files", "-z"])
        if git.status == 0 {
            return git.stdout.split(separator: "\0").map(String.init)
        }
        return walkedFiles()
    }

    private static func walkedFiles() -> [String] {
        let root = repository.standardizedFileURL.path + "/"
        guard let walker = FileManager.default.enumerator(at: repository, includingPropertiesForKeys: [.isRegularFileKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var files: [String] = []
        for case let url as URL in walker {
            let path = String(url.standardizedFileURL.path.dropFirst(root.count))
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(path) }
        }
        return files
    }
}
