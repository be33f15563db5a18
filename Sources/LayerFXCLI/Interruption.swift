#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import LayerFX

/// Ends a render that SIGINT, SIGTERM or SIGHUP interrupts without leaving a
/// partial file: stops the helpers registered with `onSignal` (ffmpeg), removes
/// every temporary file of this process from the output folder, prints one
/// line and ends the process by the same signal (exit status 128 + N in a shell).
/// Finished files stay: they were renamed into place whole.
final class Interruption: @unchecked Sendable {
    private let folder: String
    private let resumable: Bool
    private let stops = LockedValue<[@Sendable () -> Void]>([])
    /// Set when a signal's handling has begun, before the helpers are stopped.
    private let ending = LockedValue(false)
    private var sources: [DispatchSourceSignal] = []

    /// Watches for the signals while the render writes `target`; nil for
    /// standard output, which leaves no file behind.
    init?(writing target: OutputTarget) {
        guard let folder = target.folder else { return nil }
        self.folder = folder
        resumable = !target.isSingleStream
        let queue = DispatchQueue(label: "layerfx.signals")
        // libdispatch catches the signal for the source itself; its default
        // action (ending the process) comes back in `end(by:)`.
        sources = [SIGINT, SIGTERM, SIGHUP].map { signo in
            let source = DispatchSource.makeSignalSource(signal: signo, queue: queue)
            source.setEventHandler { [weak self] in self?.end(by: signo) }
            source.resume()
            return source
        }
    }

    deinit { sources.forEach { $0.cancel() } }

    /// Runs `stop` first when a signal arrives (before temporary files are removed).
    func onSignal(_ stop: @escaping @Sendable () -> Void) {
        stops.withLock { $0.append(stop) }
    }

    /// Leaves the process to the signal's handling when one has begun: the
    /// error the caller is about to report (ffmpeg killed under it, a closed
    /// pipe) is a consequence of the signal, and the handler ends the process
    /// with the signal's own message and status. Returns otherwise.
    func deferToSignal() {
        guard ending.withLock({ $0 }) else { return }
        while true { pause() }
    }

    private func end(by signo: Int32) {
        ending.withLock { $0 = true }
        stops.withLock { $0 }.forEach { $0() }
        TemporaryFiles.removeOwn(in: folder)
        let name = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"][signo] ?? "signal \(signo)"
        let kept = resumable ? "; finished frames are complete (rerun with --skip-existing to resume)" : ""
        printError("layerfx: error: interrupted by \(name); no unfinished file is left in \(folder)\(kept)")
        signal(signo, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signo)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signo)
        _exit(128 + signo)
    }
}
