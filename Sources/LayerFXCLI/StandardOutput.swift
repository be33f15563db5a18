import LayerFX
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writing to the process's standard output, unbuffered.
enum StandardOutput {
    /// Writes all of `bytes`.
    /// - Throws: `CLIError` with the system's reason when the output is closed or full.
    static func write(_ bytes: [UInt8]) throws {
        guard AtomicFile.writeAll(bytes, to: STDOUT_FILENO) else {
            throw CLIError("cannot write to standard output: \(String(cString: strerror(errno)))")
        }
    }

    /// Writes `text` as UTF-8.
    static func write(_ text: String) throws {
        try write(Array(text.utf8))
    }
}
