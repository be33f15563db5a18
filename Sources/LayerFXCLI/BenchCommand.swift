import ArgumentParser
import Dispatch
import FoundationEssentials
import LayerFX

/// `layerfx bench`: benchmarks for comparing machines and backends.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmarks: time LayerFX's backends on the ripple field or on any scene.",
        subcommands: [RipplesBenchCommand.self, SceneBenchCommand.self])
}

/// `layerfx bench ripples`: the many-concurrent-ripples frame of the peer comparison.
struct RipplesBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ripples",
        abstract: "Time frames of the ripple field (N translucent ringed circles) on one backend.",
        discussion: """
            The field is the one Cairo, Skia, Blend2D and ThorVG are measured on
            (Benchmarks/Peers/gen_ripples.py, run by scripts/compare-peers): --scene
            reads its JSON files as they are, --count N generates the same field
            in-process. A frame is drawing plus
            reading the pixels back (no PNG encoding); the field is evaluated once,
            unless --animated gives every ripple a growing, fading animation and
            evaluates each frame at its own time, which is then counted too: the
            animated field is compiled once, one ripple at a time (the size of its
            compiled records is printed), and each frame is evaluated in the arrays
            of the one before. After --warmup untimed frames, --frames frames are
            timed; the median and minimum are printed with megapixels per second
            (painted area Σ π(r+1)², as the peers count it, over the median).

            Examples:
              layerfx bench ripples --count 100000 --backend cpu
              layerfx bench ripples --scene .build-peers/scenes/ripples-100000.json --backend gpu --json
              layerfx bench ripples --count 100000 --animated --evaluate-only
            """)

    @Option(help: "Generate the field of N ripples (as gen_ripples.py does for N).")
    var count: Int?

    @Option(help: "Read a ripple-field JSON file (written by gen_ripples.py).")
    var scene: String?

    @Option(help: "gpu (OpenGL ES through EGL) or cpu; a benchmark names its backend, so there is no auto.")
    var backend: BenchBackend = .gpu

    @Option(help: ArgumentHelp(DeviceOption.help, valueName: "n"))
    var device: String?

    @Option(help: "Frame size WxH (default: the scene's, 1920x1080 for --count).")
    var size: String?

    @Option(help: "Timed frames.")
    var frames: Int = 5

    @Option(help: "Untimed frames first.")
    var warmup: Int = 2

    @Flag(help: "Animate every ripple and evaluate the scene at each frame's time (evaluation is timed too).")
    var animated = false

    @Flag(help: "Time only the evaluation of the scene into primitives (no drawing).")
    var evaluateOnly = false

    @Option(name: [.short, .customLong("output")], help: "Also write the last frame to this PNG file.")
    var output: String?

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    @Option(help: "What each ripple is drawn as: circle (the peers' field), rounded-rect (a square of side 2r, corners r/4) or star (five points, radii r and r/2); every one filled and stroked as the circle is.")
    var shape: RippleField.Shape = .circle

    @Option(help: Compositing.help)
    var compositing: Compositing = .automatic

    @OptionGroup var budgetOptions: BudgetOptions

    func validate() throws {
        if (count == nil) == (scene == nil) { throw ValidationError("give either --count N or --scene FILE") }
        if let count, count < 0 || count > 10_000_000 {
            throw ValidationError("--count must be 0…10000000, got \(count)")
        }
        if frames < 1 || frames > 10_000 { throw ValidationError("--frames must be 1…10000, got \(frames)") }
        if warmup < 0 || warmup > 10_000 { throw ValidationError("--warmup must be 0…10000, got \(warmup)") }
        if let size { _ = try FrameSizeText.parse(size) }
    }

    func run() throws {
        try reportingErrors {
            let result = try locatingFrameErrors(in: scene ?? "ripples") { try measure(makeField()) }
            print(json ? result.json : result.text)
        }
    }

    /// The field --count generates or --scene reads, at --size when given.
    private func makeField() throws -> RippleField {
        if let count {
            let frameSize = try size.map(FrameSizeText.parse) ?? (width: 1920, height: 1080)
            return RippleField(count: count, width: frameSize.width, height: frameSize.height)
        }
        var field = try RippleField(contentsOfFile: scene!)
        if let size { (field.width, field.height) = try FrameSizeText.parse(size) }
        return field
    }

    private func measure(_ field: consuming RippleField) throws -> RippleBenchResult {
        let evaluatesEachFrame = animated || evaluateOnly
        let statistics = TileStatistics()
        let renderer = evaluateOnly ? nil
            : backend == .cpu && device == nil ? Renderer.cpu(compositing: compositing, tileStatistics: statistics)
            : try DeviceOption.renderer(backend == .gpu ? .gpu : .cpu, option: device, compositing: compositing)
        let budget = try budgetOptions.budget()
        let evaluator = renderer?.evaluator ?? SceneEvaluator()
        let (count, width, height, paintedArea) = (field.ripples.count, field.width, field.height, field.paintedArea)
        // An animated field is compiled one ripple at a time and evaluated
        // every frame (neither the field nor a layer tree is kept); a still
        // one is evaluated once.
        // Each frame is evaluated in the arrays of the one before (handed back once drawn).
        var storage = FrameStorage()
        let frameAt: (Double, inout FrameStorage) throws -> Frame
        var compiledBytes: Int? = nil
        if evaluatesEachFrame {
            let compiled = field.compiledAnimatedScene(shape: shape)
            compiledBytes = compiled.compiledBytes
            _ = consume field
            frameAt = { try evaluator.frame(for: compiled, at: $0, budget: budget, storage: &$1) }
        } else {
            let still = try evaluator.frame(for: field.scene(shape: shape), at: 0, budget: budget)
            frameAt = { _, _ in still }
        }
        var times: [Double] = []
        var evaluationTimes: [Double] = []
        // One buffer for every frame: drawing allocates no pixels.
        var last = PixelBuffer(width: 0, height: 0, bytes: [])
        for index in 0..<(warmup + frames) {
            let time = Double(index) / 60
            let start = DispatchTime.now().uptimeNanoseconds
            let frame = try frameAt(time, &storage)
            let evaluated = DispatchTime.now().uptimeNanoseconds
            if let renderer { try renderer.render(frame, into: &last) }
            let end = DispatchTime.now().uptimeNanoseconds
            if evaluatesEachFrame { storage.recycle(consume frame) }
            if index >= warmup {
                times.append(Double(end - start) / 1e6)
                if evaluatesEachFrame { evaluationTimes.append(Double(evaluated - start) / 1e6) }
            }
        }
        if let output, renderer != nil { try PNGEncoder.write(last, to: output) }
        let gpu = renderer?.gpuInfo
        return RippleBenchResult(
            count: count, width: width, height: height, frames: frames,
            backend: evaluateOnly ? "none" : renderer!.backend.rawValue, animated: evaluatesEachFrame,
            times: times, evaluationTimes: evaluationTimes, paintedPixels: paintedArea,
            renderer: evaluateOnly ? "none" : gpu?.renderer ?? "cpu (\(CPURenderer.defaultThreadCount) threads)",
            platform: gpu?.platform?.rawValue, compiledBytes: compiledBytes,
            compositing: renderer == nil ? nil : compositing.rawValue,
            tiles: statistics.frames > 0 ? (statistics.meanVisitsPerPixel, statistics.earlyShare) : nil)
    }
}

extension RippleField.Shape: ExpressibleByArgument {}

/// The backends a benchmark can name.
enum BenchBackend: String, ExpressibleByArgument, CaseIterable {
    case gpu, cpu
}

/// Parses "WxH" frame sizes.
enum FrameSizeText {
    static func parse(_ text: String) throws -> (width: Int, height: Int) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...FrameSize.maximumSide).contains(w),
              (1...FrameSize.maximumSide).contains(h) else {
            throw ValidationError("--size must be WxH with each side 1…\(FrameSize.maximumSide), got \"\(text)\"")
        }
        return (w, h)
    }
}
