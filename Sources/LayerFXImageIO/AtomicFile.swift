#if canImport(Glibc)
import Glibc
#endif

/// Writes whole files so that readers never see a partial one.
public enum AtomicFile {
    /// Writes `bytes` to a temporary file in the destination's directory, then
    /// renames it to `path`. On any error the temporary file is removed and
    /// `path` is left as it was.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        var template = Array(((directory.isEmpty ? "" : directory) + "/.layerfx-XXXXXX.tmp").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard fd >= 0 else { throw error("cannot write \(path)") }
        let tempPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = 0
        let ok = bytes.withUnsafeBytes { raw -> Bool in
            while written < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                if n <= 0 { if errno == EINTR { continue }; return false }
                written += n
            }
            return true
        }
        let saved = errno
        guard ok, fsync(fd) == 0 || errno == EINVAL, close(fd) == 0 else {
            errno = saved
            let failure = error("cannot write \(path)")
            unlink(tempPath)
            throw failure
        }
        // mkstemps creates the file 0600; give it the usual 0644 (less the umask).
        let mask = umask(0); umask(mask)
        chmod(tempPath, 0o644 & ~mask)
        guard rename(tempPath, path) == 0 else {
            let failure = error("cannot write \(path)")
            unlink(tempPath)
            throw failure
        }
    }

    private static func error(_ what: String) -> ImageWriteError {
        ImageWriteError(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
