import ArgumentParser
import FoundationEssentials
import LayerFX

/// `layerfx render SCENE -o OUT.png`.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one frame, or a range of frames, to PNG or SVG files, a GIF, a video or raw RGBA.",
        discussion: """
            One frame: --time T (default 0). A sequence: --from/--to or --frames, with
            an output name holding a frame-number field such as %04d; frame n shows
            scene time exactly n / fps, so ranges and shards of one job produce the
            same files as the whole job. --to is excluded unless --include-end.
            A .svg name writes each frame as an SVG 1.1 document (vector shapes and
            glyph outlines; --backend and --device do not apply). A .gif name writes
            one animated GIF; .mp4 and .webm run ffmpeg (when installed); -o -
            writes raw straight-alpha RGBA frames to standard output.
            Every file is written to a temporary name and renamed into place, so a
            failed render never leaves a partial file.

            Examples:
              layerfx render Examples/pulsing-rings.json -o rings.png --time 1.5
              layerfx render scene.json -o out.png --backend cpu --scale 2
              layerfx render scene.json -o frame.svg --time 1.5
              layerfx render scene.json --from 0 --to 3 --fps 60 -o 'frames/%04d.png'
              layerfx render scene.json --frames 10-19 --shard 2/4 -o 'frames/%04d.png'
              layerfx render Examples/typing-dots.json --to 1.2 --fps 25 -o dots.gif
              layerfx render scene.json --to 3 -o - | ffmpeg -f rawvideo \\
                  -pix_fmt rgba -s 600x600 -r 60 -i - rings.mp4
            """)

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(name: [.short, .customLong("output")],
            help: "A .png or .svg file (for a sequence a name with %04d), a .gif, .mp4 or .webm file, or - for raw RGBA on stdout.")
    var output: String

    @Option(parsing: .unconditional, help: "Scene time in seconds of one frame (default 0; may be negative).")
    var time: Double?

    @Option(parsing: .unconditional, help: "A sequence from this scene time (seconds; default 0).")
    var from: Double?

    @Option(parsing: .unconditional, help: "A sequence up to this scene time (excluded unless --include-end).")
    var to: Double?

    @Flag(help: "Include the frame at --to when it falls on a frame time.")
    var includeEnd = false

    @Option(parsing: .unconditional, help: "A sequence of frame numbers FIRST-LAST (inclusive), frame n at n / fps.")
    var frames: String?

    @Option(parsing: .unconditional, help: "Frames per second of a sequence.")
    var fps: Double = 60

    @Option(help: "Render only shard K of N (K/N, 1-based), or auto from Slurm or Kubernetes indexed-job variables.")
    var shard: String?

    @Flag(help: "Leave frames whose file exists alone (to resume a run).")
    var skipExisting = false

    @Flag(help: "No progress line.")
    var quiet = false

    @Option(help: "auto (GPU if an EGL display opens, else CPU), gpu or cpu.")
    var backend: BackendChoice = .auto

    @Option(parsing: .unconditional, help: "Pixels per point; overrides the scene's scale.")
    var scale: Double?

    @Option(help: Compositing.help)
    var compositing: Compositing = .automatic

    @Option(help: ArgumentHelp(DeviceOption.help, valueName: "n"))
    var device: String?

    @Option(help: PNGCompressionOption.help, transform: PNGCompressionOption.parse)
    var pngCompression: PNGCompression = .fast

    @OptionGroup var budgetOptions: BudgetOptions

    /// Whether this is a sequence render.
    var isSequence: Bool { from != nil || to != nil || frames != nil }

    func validate() throws {
        if let time, !time.isFinite { throw ValidationError("--time must be a finite number of seconds, got \(time)") }
        if time != nil, isSequence {
            throw ValidationError("--time renders one frame; --from, --to and --frames render a sequence; use one or the other")
        }
        if frames != nil, from != nil || to != nil {
            throw ValidationError("use either --frames or --from/--to, not both")
        }
        if from != nil, to == nil { throw ValidationError("--from needs --to (the end of the sequence)") }
        if !isSequence, shard != nil || skipExisting || includeEnd {
            throw ValidationError("--shard, --skip-existing and --include-end apply to sequences (--from/--to or --frames)")
        }
        if let scale, !(scale.isFinite && scale > 0) {
            throw ValidationError("--scale must be a positive number, got \(scale)")
        }
    }

    func run() throws {
        try reportingErrors {
            // One context for loading and every frame: each font is found and
            // each glyph rasterized once.
            let textContext = TextContext()
            var loaded = try SceneLoader.load(contentsOfFile: scene, textContext: textContext)
            if let scale { loaded = try loaded.checkedScale(scale) }
            let target = try OutputTarget(output, sequence: isSequence)
            if target.isSingleStream, shard != nil || skipExisting {
                throw CLIError("--shard and --skip-existing need numbered PNG files (-o 'frames/%04d.png'), not \(output)")
            }
            let schedule = try isSequence ? sequenceSchedule() : nil
            let interruption = Interruption(writing: target)
            defer { withExtendedLifetime(interruption) {} }
            do {
                try render(loaded, to: target, schedule: schedule, interruption: interruption, textContext: textContext)
            } catch {
                interruption?.deferToSignal()
                throw error
            }
        }
    }
}

extension RenderCommand {
    /// Draws the scene (one frame or the sequence) and writes it to `target`.
    private func render(_ loaded: Scene, to target: OutputTarget, schedule: FrameSchedule?,
                        interruption: Interruption?, textContext: TextContext) throws {
        // An SVG is written from the evaluated frame: no backend draws it.
        let renderer = try target.isSVG ? Renderer(.cpu, textContext: textContext)
            : DeviceOption.renderer(backend, option: device, compositing: compositing, textContext: textContext)
        renderer.budget = try budgetOptions.budget()
        if let reason = renderer.fallbackReason {
            printError("layerfx: notice: GPU unavailable, rendering on the CPU (\(reason))")
        }
        if let schedule {
            try locatingFrameErrors(in: scene) {
                try SequenceRender(renderer: renderer, scene: loaded, schedule: schedule, target: target,
                                   skipExisting: skipExisting, quiet: quiet, interruption: interruption,
                                   pngCompression: pngCompression).run()
            }
        } else {
            let output = try locatingFrameErrors(in: scene) { try renderer.output(loaded, at: time ?? 0, for: target) }
            let size = SceneEvaluator.pixelSize(of: loaded)
            let sink = try FrameSink(target: target, width: size.width, height: size.height,
                                     framesPerSecond: fps, interruption: interruption, pngCompression: pngCompression)
            try sink.accept(output, frame: 0)
            try sink.finish(succeeded: true)
        }
    }

    /// The frames of this run: the range, then this machine's shard of it.
    func sequenceSchedule() throws -> FrameSchedule {
        var schedule = try frames.map { try FrameSchedule(frames: $0, fps: fps) }
            ?? FrameSchedule(from: from ?? 0, to: to ?? 0, fps: fps, includeEnd: includeEnd)
        if let shard {
            let part = try Shard(parsing: shard, environment: ProcessInfo.processInfo.environment)
            schedule = schedule.shard(part.index, of: part.count)
        }
        return schedule
    }
}

extension BackendChoice: ExpressibleByArgument {}
extension Compositing: ExpressibleByArgument {
    /// The `--compositing` option's help, for every command that has it.
    static let help = ArgumentHelp("auto (tiles where primitives lie at least 24 deep on average, else in order), ordered (each primitive blended in drawing order) or tiles (each pixel composited once, front to back, within 1/255 of the exact composite: frames of circles, ellipses, rounded rectangles, stars and glyphs, and runs of them between other primitives; on the GPU with OpenGL ES 3.1 compute shaders).")
}
