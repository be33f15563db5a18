#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import LayerFX

/// Renders a frame schedule with one renderer (one GL context for the whole
/// run) on the calling thread, while PNG encoding and writing run on the other
/// cores. At most `inFlight` frames wait for encoding, so memory stays flat
/// however long the run.
struct SequenceRender {
    let renderer: Renderer
    let scene: Scene
    let schedule: FrameSchedule
    let output: OutputPattern
    let skipExisting: Bool
    let quiet: Bool

    static var inFlight: Int { max(ProcessInfo.processInfo.activeProcessorCount, 2) }

    func run() throws {
        let progress = ProgressLine(total: schedule.numbers.count, quiet: quiet)
        let encoders = DispatchQueue(label: "layerfx.encode", attributes: .concurrent)
        let slots = DispatchSemaphore(value: Self.inFlight)
        let pending = DispatchGroup()
        let failure = FirstError()
        if case .standardOutput = output.kind { signal(SIGPIPE, SIG_IGN) }

        do {
            try renderAll(progress: progress, encoders: encoders, slots: slots, pending: pending, failure: failure)
        } catch {
            failure.record(error)
        }
        pending.wait()  // also after a failure: no encoder is left writing when the process exits
        progress.finish()
        if let error = failure.error { throw error }
    }

    private func renderAll(progress: ProgressLine, encoders: DispatchQueue, slots: DispatchSemaphore,
                           pending: DispatchGroup, failure: FirstError) throws {
        for n in schedule.numbers {
            if failure.error != nil { break }
            if let path = output.path(forFrame: n) {
                if skipExisting, access(path, F_OK) == 0 { progress.advance(); continue }
                let pixels = try renderer.render(scene, at: schedule.time(ofFrame: n))
                slots.wait()
                pending.enter()
                encoders.async {
                    defer { slots.signal(); pending.leave() }
                    do { try PNGEncoder.write(pixels, to: path) } catch { failure.record(error) }
                }
            } else {
                let pixels = try renderer.render(scene, at: schedule.time(ofFrame: n))
                try Self.writeStandardOutput(PNGEncoder.straightAlpha(pixels))
            }
            progress.advance()
        }
    }

    /// Raw straight-alpha RGBA rows, top first, as `ffmpeg -f rawvideo -pix_fmt rgba` reads them.
    static func writeStandardOutput(_ bytes: [UInt8]) throws {
        var written = 0
        try bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = write(STDOUT_FILENO, raw.baseAddress! + written, raw.count - written)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { throw CLIError("cannot write to standard output: \(String(cString: strerror(errno)))") }
                written += n
            }
        }
    }
}

/// The first error of the encoding tasks.
private final class FirstError: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Error?
    var error: Error? { lock.withLock { stored } }
    func record(_ error: Error) { lock.withLock { if stored == nil { stored = error } } }
}
