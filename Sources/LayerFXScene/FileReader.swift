#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads whole files with POSIX calls, so failures carry the system's reason.
enum FileReader {
    /// Largest file read (a scene, a contents image): 1 GiB.
    static let maximumSize = 1 << 30

    /// Why a file could not be read.
    enum Failure: Error {
        /// A system call failed with this `errno`.
        case system(Int32)
        /// The file is larger than `maximumSize`.
        case tooLarge

        /// `No such file or directory`, `larger than 1024 MiB`.
        var reason: String {
            switch self {
            case .system(let code): String(cString: strerror(code))
            case .tooLarge: "larger than \(maximumSize >> 20) MiB"
            }
        }
    }

    /// The bytes of the scene file at `path`; a failure is a `SceneError`
    /// with path "" and a message like `cannot read file: No such file or directory`.
    static func read(_ path: String) throws(SceneError) -> [UInt8] {
        do throws(Failure) {
            return try bytes(of: path)
        } catch {
            let limit = if case .tooLarge = error { ", the limit for a scene file" } else { "" }
            throw SceneError(source: path, path: "", message: "cannot read file: \(error.reason)\(limit)")
        }
    }

    /// The bytes of the file at `path`, at most `maximumSize` of them.
    static func bytes(of path: String) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .system(errno) }
        defer { close(fd) }

        var bytes: [UInt8] = []
        var info = stat()
        if fstat(fd, &info) == 0, info.st_size > 0 {
            guard info.st_size <= maximumSize else { throw .tooLarge }
            bytes.reserveCapacity(Int(info.st_size))
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(errno)
            }
            if count == 0 { break }
            // A device or pipe that never ends (/dev/zero) stops here.
            guard bytes.count + count <= maximumSize else { throw .tooLarge }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}
