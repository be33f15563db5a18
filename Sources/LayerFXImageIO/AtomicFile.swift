#if canImport(Glibc)
import Glibc
#endif

/// Writes whole files so that readers never see a partial one: the bytes go to
/// a hidden temporary file in the destination's folder (named as
/// `TemporaryFiles` describes), which is renamed over the destination only when
/// complete.
public enum AtomicFile {
    /// Writes `bytes` to a temporary file in the destination's directory, then
    /// renames it to `path`. On any error the temporary file is removed and
    /// `path` is left as it was.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        if isSpecial(path) { return try writeInPlace(bytes, to: path) }
        let name = TemporaryFiles.prefix(process: getpid()) + "XXXXXX.tmp"
        var template = Array((folder(of: path) + "/" + name).utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard fd >= 0 else { throw error("cannot write \(path)") }
        let tempPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let ok = writeAll(bytes, to: fd)
        let saved = errno
        guard ok, fsync(fd) == 0 || errno == EINVAL, close(fd) == 0 else {
            errno = saved
            let failure = error("cannot write \(path)")
            unlink(tempPath)
            throw failure
        }
        try commit(tempPath, to: path)
    }

    /// A fresh hidden name beside `path` for a file another writer (giflib,
    /// ffmpeg) fills before `commit(_:to:)` renames it over `path`.
    public static func temporaryPath(beside path: String, extension ext: String) -> String {
        folder(of: path) + "/" + TemporaryFiles.prefix(process: getpid()) + "\(UInt32.random(in: 0...UInt32.max)).\(ext)"
    }

    /// Gives the finished `temporaryPath` the usual 0644 (less the umask) and
    /// renames it over `path`; on failure removes it and leaves `path` as it was.
    public static func commit(_ temporaryPath: String, to path: String) throws {
        // mkstemps creates files 0600 and other writers use their own modes.
        let mask = umask(0); umask(mask)
        chmod(temporaryPath, 0o644 & ~mask)
        if isSpecial(path) {
            unlink(temporaryPath)
            throw ImageWriteError(description: "cannot write \(path): not a regular file (a device, FIFO or socket)")
        }
        guard rename(temporaryPath, path) == 0 else {
            let failure = error("cannot write \(path)")
            unlink(temporaryPath)
            throw failure
        }
    }

    /// Writes every byte to `fd`, retrying interrupted writes; false (with
    /// `errno` set) when the descriptor refuses them.
    public static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var written = 0
        return bytes.withUnsafeBytes { raw -> Bool in
            while written < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                if n <= 0 { if errno == EINTR { continue }; return false }
                written += n
            }
            return true
        }
    }

    /// Whether `path` is a device, FIFO or socket (following links), which
    /// must be written to and never replaced by a rename.
    static func isSpecial(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }

    /// Writes `bytes` straight into the device, FIFO or socket at `path`
    /// (`/dev/null`, `/dev/stdout`): there is no file to replace atomically.
    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws {
        // Non-blocking, so a FIFO without a reader fails (ENXIO) instead of waiting forever.
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw error("cannot write \(path)") }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let ok = writeAll(bytes, to: fd)
        let saved = errno
        close(fd)
        guard ok else {
            errno = saved
            throw error("cannot write \(path)")
        }
    }

    /// The folder a file at `path` lands in ("." for a bare name).
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    private static func error(_ what: String) -> ImageWriteError {
        ImageWriteError(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
