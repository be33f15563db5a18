import FoundationEssentials
import LayerFX
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A video file written by ffmpeg from raw RGBA frames on its standard input
/// (H.264 in .mp4, VP9 in .webm, yuv420p). ffmpeg writes a temporary file
/// that `AtomicFile.commit` renames into place once ffmpeg exits cleanly.
/// One thread feeds it; `kill()` may come from the signal handler's thread.
final class VideoPipe: @unchecked Sendable {
    /// ffmpeg's process, started with `posix_spawn`.
    private let pid: pid_t
    /// The writing end of ffmpeg's standard input; -1 once closed. Only the
    /// feeding thread touches it.
    private var input: Int32
    /// The reading end of ffmpeg's standard error.
    private let errors: Int32
    /// ffmpeg's exit status once the feeding thread has waited for it
    /// (`waitpid` reaps a process once); `kill()` reads it from another thread.
    private let exit = LockedValue<Int32?>(nil)
    private let path: String
    private let temporaryPath: String

    /// Where ffmpeg is, from `PATH`; nil when it is not installed.
    static func ffmpegPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/ffmpeg"
            if access(candidate, X_OK) == 0 { return candidate }
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
        let arguments = [ffmpeg, "-hide_banner", "-loglevel", "error", "-y",
                         "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
                         "-r", String(framesPerSecond), "-i", "-"]
            + codec + ["-pix_fmt", "yuv420p", "-f", ext, temporaryPath]
        let spawned = try Self.spawn(ffmpeg, arguments)
        pid = spawned.pid
        input = spawned.input
        errors = spawned.errors
    }

    deinit {
        closeInput()
        close(errors)
    }

    func add(_ image: PixelBuffer) throws {
        guard input >= 0, AtomicFile.writeAll(PNGEncoder.straightAlpha(image), to: input) else { throw failure() }
    }

    func finish() throws {
        closeInput()
        guard waitForExit() == 0 else { throw failure() }
        try AtomicFile.commit(temporaryPath, to: path)
    }

    /// Stops ffmpeg and removes its partial file (a failed run).
    func cancel() {
        closeInput()
        if exit.withLock({ $0 }) == nil { Glibc.kill(pid, SIGTERM) }
        _ = waitForExit()
        unlink(temporaryPath)
    }

    /// Ends ffmpeg at once (SIGKILL, so it does not finish the file) and waits
    /// up to two seconds until it has stopped (gone or a zombie: it creates no
    /// more files); an interrupted run then removes its file. It does not
    /// reap ffmpeg: the thread feeding it does that.
    func kill() {
        guard exit.withLock({ $0 }) == nil, Glibc.kill(pid, SIGKILL) == 0 else { return }
        for _ in 0..<2000 where !Self.hasStopped(pid) { usleep(1000) }
    }

    private static func hasStopped(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        // The state letter follows the parenthesized command name.
        guard let close = stat.lastIndex(of: ")") else { return true }
        return stat[close...].dropFirst(2).first == "Z"
    }

    private func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// ffmpeg's exit status (128 + the signal when a signal ended it), waiting
    /// for it the first time. The wait holds no lock, so `kill()` from the
    /// signal thread is not held up behind an ffmpeg still encoding.
    private func waitForExit() -> Int32 {
        if let status = exit.withLock({ $0 }) { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        let code = raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        exit.withLock { $0 = code }
        return code
    }

    /// ffmpeg's own message, after it has stopped; the temporary file is removed.
    private func failure() -> CLIError {
        closeInput()
        let status = waitForExit()
        unlink(temporaryPath)
        var message: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(errors, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            message += chunk[0..<n]
        }
        let last = String(decoding: message, as: UTF8.self).split(separator: "\n").last.map(String.init)
        return CLIError("ffmpeg failed writing \(path): \(last ?? "exit status \(status)")")
    }

    /// Starts `executable` with `arguments` (the first is its name), its
    /// standard input a new pipe, its output /dev/null and its errors a second
    /// pipe; returns the process and the two ends LayerFX keeps.
    private static func spawn(_ executable: String, _ arguments: [String]) throws -> (pid: pid_t, input: Int32, errors: Int32) {
        var inputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1]
        guard pipe(&inputPipe) == 0 else { throw spawnError("a pipe") }
        guard pipe(&errorPipe) == 0 else {
            inputPipe.forEach { close($0) }
            throw spawnError("a pipe")
        }
        for fd in inputPipe + errorPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copies; the originals close at exec.
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], STDIN_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], STDERR_FILENO)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(inputPipe[0])
        close(errorPipe[1])
        guard result == 0 else {
            close(inputPipe[1])
            close(errorPipe[0])
            errno = result
            throw spawnError(executable)
        }
        return (pid, inputPipe[1], errorPipe[0])
    }

    private static func spawnError(_ what: String) -> CLIError {
        CLIError("cannot start ffmpeg: \(what): \(String(cString: strerror(errno)))")
    }
}
