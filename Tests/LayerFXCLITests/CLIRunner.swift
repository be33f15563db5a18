import Foundation

/// Runs the built `layerfx` executable and captures what it printed.
struct CLIResult {
    let status: Int32
    /// Standard output as bytes (raw frames) and as text.
    let stdoutBytes: [UInt8]
    var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
    let stderr: String
}

enum CLI {
    /// The `layerfx` binary next to the test bundle in the build folder.
    static var executable: URL {
        var dir = Bundle.main.bundleURL
        while dir.path != "/" {
            let candidate = dir.appending(path: "layerfx")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        return Bundle.main.bundleURL.appending(path: "layerfx")
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIResult {
        try run(executable, arguments, environment: environment)
    }

    /// Runs `program` with `arguments` and captures what it printed.
    static func run(_ program: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> CLIResult {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIResult(status: process.terminationStatus,
                         stdoutBytes: Array(outData),
                         stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh empty directory for one test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "layerfx-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The repository's example scenes.
    static func example(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Examples/\(name)").path
    }
}
