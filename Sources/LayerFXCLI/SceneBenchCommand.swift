import ArgumentParser
import Dispatch
import FoundationEssentials
import LayerFX

/// `layerfx bench scene FILE`: times any scene as a sequence of frames.
struct SceneBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene",
        abstract: "Time a scene's frames on one backend: evaluation, drawing and readback, no file encoding.",
        discussion: """
            Frame n of the sequence shows scene time n / fps, as `layerfx render`
            draws it; the timed frames are those of --from..<--to (default the
            first second at 60 fps, 60 frames). --warmup frames are drawn first
            and not timed (the first frames of the range again). Each frame is
            evaluated (scene → display list), drawn and read back into memory;
            a frame's time is the wait from the previous frame's pixels to its
            own, and the median and minimum milliseconds per frame are printed,
            with the median evaluation time on its own. One renderer draws the
            whole run as one sequence, as `render` does (on the GPU a frame is
            read back while the next is drawn). --height sets the scale that makes
            the frame that many pixels tall. --evaluate-only times evaluation
            alone: the frames are evaluated one after the other, each in the
            arrays of the one before, and nothing is drawn.

            Examples:
              layerfx bench scene Examples/waves.json --height 1080 --backend cpu
              layerfx bench scene scene.json --scale 2 --from 0 --to 3 --fps 30 --json
              layerfx bench scene Examples/waves.json --evaluate-only --to 14
            """)

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(parsing: .unconditional, help: "Pixels per point; overrides the scene's scale.")
    var scale: Double?

    @Option(help: "Scale the frame to this many pixels tall (instead of --scale).")
    var height: Int?

    @Option(parsing: .unconditional, help: "First scene time of the timed frames (seconds).")
    var from: Double = 0

    @Option(parsing: .unconditional, help: "End of the timed frames (seconds, excluded).")
    var to: Double = 1

    @Option(parsing: .unconditional, help: "Frames per second.")
    var fps: Double = 60

    @Option(help: "Untimed frames first.")
    var warmup: Int = 2

    @Option(help: "gpu (OpenGL ES through EGL) or cpu; a benchmark names its backend, so there is no auto.")
    var backend: BenchBackend = .cpu

    @Option(help: ArgumentHelp(DeviceOption.help, valueName: "n"))
    var device: String?

    @Option(help: Compositing.help)
    var compositing: Compositing = .automatic

    @Flag(help: "Time evaluation alone (scene → display list); draw nothing.")
    var evaluateOnly = false

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    @OptionGroup var budgetOptions: BudgetOptions

    func validate() throws {
        if scale != nil, height != nil { throw ValidationError("give --scale or --height, not both") }
        if let scale, !(scale.isFinite && scale > 0) {
            throw ValidationError("--scale must be a positive number, got \(scale)")
        }
        if let height, !(1...FrameSize.maximumSide).contains(height) {
            throw ValidationError("--height must be 1…\(FrameSize.maximumSide), got \(height)")
        }
        if warmup < 0 || warmup > 10_000 { throw ValidationError("--warmup must be 0…10000, got \(warmup)") }
    }

    func run() throws {
        try reportingErrors {
            let textContext = TextContext()
            let loaded = try scaledScene(textContext)
            let schedule = try FrameSchedule(from: from, to: to, fps: fps, includeEnd: false)
            guard schedule.numbers.count <= 100_000 else {
                throw CLIError("--from \(from) --to \(to) at \(fps) fps is \(schedule.numbers.count) frames; a benchmark times at most 100000")
            }
            let budget = try budgetOptions.budget()
            let result = try locatingFrameErrors(in: scene) {
                if evaluateOnly {
                    return try measureEvaluation(loaded, schedule, SceneEvaluator(textContext: textContext), budget)
                }
                let renderer = try DeviceOption.renderer(backend == .gpu ? .gpu : .cpu, option: device,
                                                         compositing: compositing, textContext: textContext)
                renderer.budget = budget
                return try measure(loaded, schedule, renderer)
            }
            print(json ? result.json : result.text)
        }
    }

    private func scaledScene(_ textContext: TextContext) throws -> Scene {
        let loaded = try SceneLoader.load(contentsOfFile: scene, textContext: textContext)
        if let scale { return try loaded.checkedScale(scale) }
        guard let height else { return loaded }
        // The decoder rejects scenes under half a pixel tall, so the height is positive.
        return try loaded.checkedScale(Double(height) / loaded.size.height, option: "--height \(height): scale")
    }

    /// The warm-up frames' numbers (the first frames of the range again).
    private func warmupNumbers(_ schedule: FrameSchedule) -> [Int] {
        (0..<warmup).map { schedule.numbers[$0 % schedule.numbers.count] }
    }

    private func measureEvaluation(_ scene: Scene, _ schedule: FrameSchedule, _ evaluator: SceneEvaluator,
                                   _ budget: WorkBudget) throws -> SceneBenchResult {
        let warmupNumbers = warmupNumbers(schedule)
        let compiled = CompiledScene(scene)
        var storage = FrameStorage()
        var times: [Double] = []
        for (index, number) in (warmupNumbers + schedule.numbers).enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            let frame = try evaluator.frame(for: compiled, at: schedule.time(ofFrame: number), budget: budget, storage: &storage)
            if index >= warmupNumbers.count { times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6) }
            storage.recycle(consume frame)
        }
        let size = SceneEvaluator.pixelSize(of: scene)
        return SceneBenchResult(scene: self.scene, width: size.width, height: size.height, scale: scene.scale,
                                backend: "none", renderer: "none", compositing: nil, times: times,
                                evaluationTimes: times)
    }

    private func measure(_ scene: Scene, _ schedule: FrameSchedule, _ renderer: Renderer) throws -> SceneBenchResult {
        let warmupNumbers = warmupNumbers(schedule)
        // One more frame after the timed ones, not timed: on the GPU the last
        // timed frame's readback then overlaps a drawing, as every other one's does.
        let numbers = warmupNumbers + schedule.numbers + schedule.numbers.prefix(1)
        let timed = warmupNumbers.count..<(warmupNumbers.count + schedule.numbers.count)
        let evaluator = renderer.evaluator, budget = renderer.budget
        let compiled = CompiledScene(scene), storage = SequenceFrameStorage()
        // One sequence, as `render` draws one: a frame's time is the wait from
        // the previous frame's pixels to its own (evaluation, drawing and
        // readback; the next frame is evaluated while one is drawn, and on the
        // GPU a frame's readback overlaps the next one's drawing).
        var times: [Double] = []
        let evaluationTimes = LockedValue([Double](repeating: 0, count: numbers.count))
        var last = DispatchTime.now().uptimeNanoseconds
        try renderer.renderSequence(count: numbers.count, frame: { index in
            let start = DispatchTime.now().uptimeNanoseconds
            let frame = try storage.frame(index) {
                try evaluator.frame(for: compiled, at: schedule.time(ofFrame: numbers[index]), budget: budget, storage: &$0)
            }
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            evaluationTimes.withLock { $0[index] = milliseconds }
            return frame
        }, deliver: { index, _ in
            let now = DispatchTime.now().uptimeNanoseconds
            if timed.contains(index) { times.append(Double(now - last) / 1e6) }
            last = now
        })
        let size = SceneEvaluator.pixelSize(of: scene)
        return SceneBenchResult(
            scene: self.scene, width: size.width, height: size.height, scale: scene.scale,
            backend: renderer.backend.rawValue,
            renderer: renderer.gpuInfo?.renderer ?? "cpu (\(CPURenderer.defaultThreadCount) threads)",
            compositing: compositing.rawValue, times: times, evaluationTimes: evaluationTimes.withLock { Array($0[timed]) })
    }
}
