#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The names in a folder, read with `opendir`/`readdir` (no Foundation).
public enum DirectoryListing {
    /// Every entry of the folder at `path`, `.` and `..` included, in the
    /// order the file system gives them; empty when it cannot be opened.
    public static func names(in path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            })
        }
        return names
    }
}
