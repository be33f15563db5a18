import Foundation
import LayerFX

/// A video file written by ffmpeg from raw RGBA frames on its standard input
/// (H.264 in .mp4, VP9 in .webm, yuv420p). ffmpeg writes a temporary file
/// that `AtomicFile.commit` renames into place once ffmpeg exits cleanly.
/// One thread feeds it; `kill()` may come from the signal handler's thread.
final class VideoPipe: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    private let path: String
    private let temporaryPath: String

    /// Where ffmpeg is, from `PATH`; nil when it is not installed.
    static func ffmpegPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    init(path: String, width: Int, height: Int, framesPerSecond: Double) throws {
        guard let ffmpeg = Self.ffmpegPath() else {
            throw CLIError("writing \(path) needs ffmpeg, which is not installed (Debian: apt install ffmpeg); or pipe -o - into your own encoder")
        }
        self.path = path
        let ext = path.lowercased().hasSuffix(".webm") ? "webm" : "mp4"
        temporaryPath = AtomicFile.temporaryPath(beside: path, extension: ext)
        let codec = ext == "webm" ? ["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "32"] : ["-c:v", "libx264", "-crf", "18"]
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y",
                             "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
                             "-r", String(framesPerSecond), "-i", "-"]
            + codec + ["-pix_fmt", "yuv420p", "-f", ext, temporaryPath]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
    }

    func add(_ image: PixelBuffer) throws {
        do {
            try input.fileHandleForWriting.write(contentsOf: PNGEncoder.straightAlpha(image))
        } catch {
            throw failure()
        }
    }

    func finish() throws {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw failure() }
        try AtomicFile.commit(temporaryPath, to: path)
    }

    /// Stops ffmpeg and removes its partial file (a failed run).
    func cancel() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        unlink(temporaryPath)
    }

    /// Ends ffmpeg at once (SIGKILL, so it does not finish the file) and waits
    /// up to two seconds until it has stopped (gone or a zombie: it creates no
    /// more files); an interrupted run then removes its file. The wait reads
    /// /proc: Foundation's `isRunning` was seen to stay true while the main
    /// thread renders.
    func kill() {
        let pid = process.processIdentifier
        guard process.isRunning, pid > 0, Glibc.kill(pid, SIGKILL) == 0 else { return }
        for _ in 0..<2000 where !Self.hasStopped(pid) { usleep(1000) }
    }

    private static func hasStopped(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        // The state letter follows the parenthesized command name.
        guard let close = stat.lastIndex(of: ")") else { return true }
        return stat[close...].dropFirst(2).first == "Z"
    }

    /// ffmpeg's own message, after it has stopped; the temporary file is removed.
    private func failure() -> CLIError {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        unlink(temporaryPath)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").last.map(String.init) ?? "exit status \(process.terminationStatus)"
        return CLIError("ffmpeg failed writing \(path): \(message)")
    }
}
