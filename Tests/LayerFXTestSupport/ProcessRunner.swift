import Foundation
import LayerFXCore

/// How a finished process ended and what it printed.
public struct ProcessResult: CustomStringConvertible, Sendable {
    /// The exit status (or the signal number, for a process a signal ended).
    public let status: Int32
    /// Standard output as bytes (raw frames, PNG files).
    public let stdoutBytes: [UInt8]
    /// Standard error as text.
    public let stderr: String

    /// Standard output as text.
    public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }

    /// The status and both streams, for a failed expectation's message.
    public var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
}

/// Runs a program to its end and captures what it printed.
public enum ProcessRunner {
    /// Runs `program` with `arguments`; `environment` adds to this process's
    /// and `directory` is the working folder (this process's when nil). Both
    /// pipes are read while it runs, so neither can fill up and stall it.
    public static func run(_ program: URL, _ arguments: [String], environment: [String: String] = [:],
                           in directory: URL? = nil) throws -> ProcessResult {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errData = LockedValue(Data())
        let errDone = DispatchSemaphore(value: 0)
        let errHandle = err.fileHandleForReading
        Thread {
            let data = errHandle.readDataToEndOfFile()
            errData.withLock { $0 = data }
            errDone.signal()
        }.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errDone.wait()
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus, stdoutBytes: Array(outData),
                             stderr: String(decoding: errData.withLock { $0 }, as: UTF8.self))
    }

    /// Runs `command` (a program found on `PATH`, then its arguments) through `/usr/bin/env`.
    public static func run(_ command: [String], environment: [String: String] = [:],
                           in directory: URL? = nil) throws -> ProcessResult {
        try run(URL(fileURLWithPath: "/usr/bin/env"), command, environment: environment, in: directory)
    }
}
