import Foundation
import Testing

/// A `layerfx` (or helper) process started without waiting for it, so a test
/// can watch its files, stop it, signal it and then collect its end.
final class BackgroundRun {
    let process = Process()
    private let errors = Pipe()

    /// Starts `executable` (default: the built `layerfx`) with `arguments`;
    /// `environment` adds to (or, with nil values, removes from) this process's.
    init(_ arguments: [String], executable: URL = CLI.executable,
         environment: [String: String?] = [:], directory: URL? = nil) throws {
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.executableURL = executable
        process.arguments = arguments
        process.environment = merged
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// Sends `signo` to the process.
    func send(_ signo: Int32) { kill(pid, signo) }

    /// Waits for the end, at most `seconds` (then it is killed and the test
    /// fails); returns how it ended and what it printed on stderr.
    func finish(within seconds: Double = 120) -> (reason: Process.TerminationReason, status: Int32, stderr: String) {
        if !eventually(within: seconds, { hasEnded(pid) }) {
            Issue.record("\(process.arguments ?? []) still ran after \(seconds) s; killed")
            send(SIGKILL)
        }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationReason, process.terminationStatus, text)
    }
}

/// Whether process `pid` has exited (gone, or a zombie not yet reaped).
///
/// `/proc/PID/stat` is read with `open` and `read`: Foundation's file
/// reading leaks its buffer when the process ends between the two (seen by
/// LeakSanitizer), and the line fits in 1 KiB.
func hasEnded(_ pid: Int32) -> Bool {
    let file = open("/proc/\(pid)/stat", O_RDONLY)
    guard file >= 0 else { return true }
    defer { close(file) }
    var bytes = [UInt8](repeating: 0, count: 1024)
    let count = read(file, &bytes, bytes.count)
    guard count > 0 else { return true }
    let stat = String(decoding: bytes[..<count], as: UTF8.self)
    guard let paren = stat.lastIndex(of: ")") else { return true }
    return stat[paren...].dropFirst(2).first == "Z"
}

/// Polls `condition` every 5 ms for at most `seconds` (a bound against hangs,
/// not a timing expectation); true once it holds.
func eventually(within seconds: Double = 120, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        usleep(5000)
    }
    return try condition()
}

/// Files of a folder: (visible, hidden) names, sorted.
func listing(_ dir: URL) throws -> (visible: [String], hidden: [String]) {
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    return (names.filter { !$0.hasPrefix(".") }, names.filter { $0.hasPrefix(".") })
}

/// Whether `bytes` are one complete PNG: the signature, then chunks whose
/// CRCs match, IHDR first, IEND last, nothing after it.
func isCompletePNG(_ bytes: [UInt8]) -> Bool {
    guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return false }
    var at = 8
    var types: [String] = []
    while at + 12 <= bytes.count {
        let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        guard at + 12 + length <= bytes.count else { return false }
        let typeAndData = Array(bytes[(at + 4)..<(at + 8 + length)])
        let stored = bytes[(at + 8 + length)..<(at + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard crc32(typeAndData) == stored else { return false }
        types.append(String(decoding: typeAndData.prefix(4), as: UTF8.self))
        at += 12 + length
        if types.last == "IEND" { break }
    }
    return types.first == "IHDR" && types.last == "IEND" && at == bytes.count
}

private func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}
