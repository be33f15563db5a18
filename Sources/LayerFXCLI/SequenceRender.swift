#if canImport(Glibc)
import Glibc
#endif
import LayerFX

/// Renders a frame schedule with one renderer (one GL context for the whole
/// run) into a `FrameSink`, with a progress line. It first removes the
/// temporary files that killed runs on this machine left in the output folder.
struct SequenceRender {
    let renderer: Renderer
    let scene: Scene
    let schedule: FrameSchedule
    let target: OutputTarget
    let skipExisting: Bool
    let quiet: Bool
    let interruption: Interruption?
    /// The zlib level of PNG frames.
    let pngCompression: PNGCompression

    func run() throws {
        if let folder = target.folder {
            let removed = TemporaryFiles.removeAbandoned(in: folder)
            if !removed.isEmpty {
                printError("layerfx: notice: removed \(removed.count) temporary file\(removed.count == 1 ? "" : "s") of killed runs from \(folder)")
            }
        }
        let size = SceneEvaluator.pixelSize(of: scene)
        let sink = try FrameSink(target: target, width: size.width, height: size.height,
                                 framesPerSecond: schedule.fps, interruption: interruption, pngCompression: pngCompression)
        let progress = ProgressLine(total: schedule.numbers.count, quiet: quiet)
        var renderError: Error?
        do {
            var numbers: [Int] = []
            for n in schedule.numbers {
                if skipExisting, let path = target.path(forFrame: n), access(path, F_OK) == 0 {
                    progress.advance()
                } else {
                    numbers.append(n)
                }
            }
            if target.isSVG {
                for n in numbers {
                    if sink.backgroundError != nil { break }
                    try sink.accept(renderer.output(scene, at: schedule.time(ofFrame: n), for: target), frame: n)
                    progress.advance()
                }
            } else {
                try drawSequence(numbers, into: sink, progress: progress)
            }
        } catch is EncoderFailed {
            // The sink's own error is reported by `finish`.
        } catch {
            renderError = error
        }
        // Also after a failure: no encoder is left writing when the process exits.
        try sink.finish(succeeded: renderError == nil)
        progress.finish()
        if let renderError { throw renderError }
    }

    /// Draws frames `numbers` as one sequence (on the GPU each frame is read
    /// back while the next is drawn) and hands each to the sink in order.
    private func drawSequence(_ numbers: [Int], into sink: FrameSink, progress: ProgressLine) throws {
        try renderer.renderSequence(scene, times: numbers.map { schedule.time(ofFrame: $0) }) { index, pixels in
            if sink.backgroundError != nil { throw EncoderFailed() }
            try sink.accept(.pixels(pixels), frame: numbers[index])
            progress.advance()
        }
    }
}

/// Stops a sequence whose encoder failed (the sink reports why).
private struct EncoderFailed: Error {}
