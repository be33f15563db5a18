#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import LayerFX

/// The progress line of a sequence render on a terminal: frames done, frames
/// per second and time left, redrawn at most ten times a second on stderr.
/// Silent when stderr is not a terminal or with `--quiet`.
final class ProgressLine {
    private let total: Int
    private let enabled: Bool
    private let start = Date()
    private var done = 0
    private var lastDraw = Date.distantPast

    init(total: Int, quiet: Bool) {
        self.total = total
        enabled = !quiet && isatty(STDERR_FILENO) == 1
    }

    /// One more frame rendered (or skipped).
    func advance() {
        done += 1
        guard enabled, done == total || Date().timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = Date()
        draw()
    }

    /// Ends the line.
    func finish() {
        guard enabled else { return }
        draw()
        printError("")
    }

    private func draw() {
        let elapsed = max(Date().timeIntervalSince(start), 1e-6)
        let fps = Double(done) / elapsed
        let left = fps > 0 ? Double(total - done) / fps : 0
        let percent = total > 0 ? 100 * done / total : 100
        printError("\rlayerfx: frame \(done)/\(total) (\(percent)%), " + String(printf: "%.1f fps, ", fps)
                   + "\(Self.clock(left)) left\u{1B}[K", terminator: "")
    }

    static func clock(_ seconds: Double) -> String {
        let s = max(Int(saturating: seconds, rounding: .toNearestOrAwayFromZero), 0)
        return s >= 3600 ? String(printf: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                         : String(printf: "%d:%02d", s / 60, s % 60)
    }
}
