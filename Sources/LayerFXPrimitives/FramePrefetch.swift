import Dispatch

/// Asks for the frames of a sequence one ahead: frame i + 1 is evaluated on
/// a background thread while frame i is drawn, so a sequence costs about the
/// larger of evaluation and drawing per frame rather than their sum. The
/// backends' `renderSequence` use it.
public enum FramePrefetch {
    /// Calls `draw(i, frame(i))` for i in `0..<count`, in order, on the
    /// calling thread, while `frame(i + 1)` runs on another; the first error
    /// of either stops the sequence (after the running evaluation ends).
    public static func run(count: Int, frame: @escaping @Sendable (Int) throws -> Frame,
                    draw: (Int, Frame) throws -> Void) throws {
        guard count > 0 else { return }
        var next = Result { try frame(0) }
        for index in 0..<count {
            let current = try next.get()
            guard index + 1 < count else {
                try draw(index, current)
                break
            }
            let ahead = PendingFrame()
            DispatchQueue.global(qos: .userInitiated).async {
                ahead.finish(Result { try frame(index + 1) })
            }
            do {
                try draw(index, current)
            } catch {
                _ = ahead.wait()
                throw error
            }
            next = ahead.wait()
        }
    }
}

/// A frame being evaluated on another thread.
private final class PendingFrame: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<Frame, any Error>?

    /// Stores the evaluation's result (once) and wakes the waiter.
    func finish(_ result: Result<Frame, any Error>) {
        self.result = result
        done.signal()
    }

    /// Waits for ``finish(_:)`` and returns what it stored.
    func wait() -> Result<Frame, any Error> {
        done.wait()
        return result!
    }
}
