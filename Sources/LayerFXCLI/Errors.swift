import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// An error the CLI reports as one line.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Writes `text` (a line ends with `terminator`) to standard error, unbuffered.
func printError(_ text: String, terminator: String = "\n") {
    var bytes = Array((text + terminator).utf8)
    _ = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// Runs `body`; any error becomes one line on stderr (`layerfx: error: …`) and exit code 1.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ExitCode {
        throw error
    } catch {
        printError("layerfx: error: \(error)")
        throw ExitCode(1)
    }
}
