#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import FoundationEssentials
import LayerFX

/// Takes rendered frames in order and writes them to an `OutputTarget`.
/// Numbered PNGs are encoded on the other cores while the caller renders the
/// next frame, with at most `inFlight` frames waiting, so memory stays flat;
/// SVG documents, GIF, video and raw frames go out in order on the caller's thread.
final class FrameSink {
    private enum Writer {
        case png(String)
        case svg(String)
        case numberedFiles(OutputTarget)
        case gif(GIFWriter)
        case video(VideoPipe)
        case standardOutput
    }

    private let writer: Writer
    private let encoders = DispatchQueue(label: "layerfx.encode", attributes: .concurrent)
    private let slots = DispatchSemaphore(value: FrameSink.inFlight)
    private let pending = DispatchGroup()
    private let failure = FirstError()
    /// How PNG frames are compressed.
    private let pngCompression: PNGCompression

    static var inFlight: Int { max(ProcessInfo.processInfo.activeProcessorCount, 2) }

    /// `interruption` learns how to stop ffmpeg when a signal ends the run;
    /// PNG frames are compressed as `pngCompression` says.
    init(target: OutputTarget, width: Int, height: Int, framesPerSecond: Double,
         interruption: Interruption? = nil, pngCompression: PNGCompression = .fast) throws {
        self.pngCompression = pngCompression
        switch target {
        case .png(let path): writer = .png(path)
        case .svg(let path): writer = .svg(path)
        case .numberedFiles: writer = .numberedFiles(target)
        case .gif(let path):
            writer = .gif(try GIFWriter(path: path, width: width, height: height, framesPerSecond: framesPerSecond))
        case .video(let path):
            signal(SIGPIPE, SIG_IGN)
            let video = try VideoPipe(path: path, width: width, height: height, framesPerSecond: framesPerSecond)
            interruption?.onSignal { video.kill() }
            writer = .video(video)
        case .standardOutput:
            signal(SIGPIPE, SIG_IGN)
            writer = .standardOutput
        }
    }

    /// The first error of the background encoders, if any yet.
    var backgroundError: Error? { failure.error }

    /// Writes frame number `n`.
    func accept(_ output: FrameOutput, frame n: Int) throws {
        let pixels: PixelBuffer
        switch output {
        case .svg(let document):
            let path: String?
            switch writer {
            case .svg(let file): path = file
            case .numberedFiles(let target): path = target.path(forFrame: n)
            default: path = nil
            }
            if let path { try AtomicFile.write(document.bytes, to: path) }
            return
        case .pixels(let image): pixels = image
        }
        switch writer {
        case .png(let path): try PNGEncoder.write(pixels, to: path, compression: pngCompression)
        case .svg: break
        case .numberedFiles(let target):
            guard let path = target.path(forFrame: n) else { return }
            slots.wait()
            pending.enter()
            encoders.async { [slots, pending, failure, pngCompression] in
                defer { slots.signal(); pending.leave() }
                do { try PNGEncoder.write(pixels, to: path, compression: pngCompression) } catch { failure.record(error) }
            }
        case .gif(let gif): try gif.add(pixels)
        case .video(let video): try video.add(pixels)
        case .standardOutput:
            // Raw straight-alpha RGBA rows, top first, as `ffmpeg -f rawvideo -pix_fmt rgba` reads them.
            try StandardOutput.write(PNGEncoder.straightAlpha(pixels))
        }
    }

    /// Waits for the encoders and completes the file; `succeeded` false
    /// abandons a GIF or video instead of renaming it into place.
    func finish(succeeded: Bool) throws {
        pending.wait()
        if let error = failure.error {
            if case .video(let video) = writer { video.cancel() }
            throw error
        }
        guard succeeded else {
            if case .video(let video) = writer { video.cancel() }
            return  // a GIF writer removes its temporary file when released
        }
        switch writer {
        case .gif(let gif): try gif.finish()
        case .video(let video): try video.finish()
        case .png, .svg, .numberedFiles, .standardOutput: break
        }
    }
}

/// One frame as its target wants it: pixels, or for SVG targets the
/// evaluated frame's document (never rasterized).
enum FrameOutput {
    case pixels(PixelBuffer)
    case svg(SVGDocument)
}

extension Renderer {
    /// The frame of `scene` at `time` as `target` wants it; the renderer's
    /// budget applies to both.
    func output(_ scene: Scene, at time: Double, for target: OutputTarget) throws -> FrameOutput {
        guard target.isSVG else { return .pixels(try render(scene, at: time)) }
        return .svg(try SVGDocument(evaluator.frame(for: scene, at: time, budget: budget), textContext: textContext))
    }
}

/// The first error of the encoding tasks.
private final class FirstError: @unchecked Sendable {
    private let stored = LockedValue<Error?>(nil)
    var error: Error? { stored.withLock { $0 } }
    func record(_ error: Error) { stored.withLock { if $0 == nil { $0 = error } } }
}
