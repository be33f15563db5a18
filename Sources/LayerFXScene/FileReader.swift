#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads whole files with POSIX calls, so failures carry the system's reason.
enum FileReader {
    /// Largest scene file read: 1 GiB.
    static let maximumSize = 1 << 30

    /// The bytes of the file at `path`; a failure is a `SceneError` with path ""
    /// and a message like `cannot read file: No such file or directory`.
    static func read(_ path: String) throws(SceneError) -> [UInt8] {
        func failure(_ code: Int32) -> SceneError {
            SceneError(source: path, path: "", message: "cannot read file: \(String(cString: strerror(code)))")
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw failure(errno) }
        defer { close(fd) }

        var bytes: [UInt8] = []
        var info = stat()
        let tooLarge = SceneError(source: path, path: "",
                                  message: "cannot read file: larger than \(maximumSize >> 20) MiB, the limit for a scene file")
        if fstat(fd, &info) == 0, info.st_size > 0 {
            guard info.st_size <= maximumSize else { throw tooLarge }
            bytes.reserveCapacity(Int(info.st_size))
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(errno)
            }
            if count == 0 { break }
            // A device or pipe that never ends (/dev/zero) stops here.
            guard bytes.count + count <= maximumSize else { throw tooLarge }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}
