import ArgumentParser
import LayerFX

/// `layerfx render SCENE -o OUT.png`.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one frame of a scene to a PNG file.",
        discussion: """
            The PNG is written to a temporary file and renamed into place, so a failed
            render never leaves a partial file.

            Examples:
              layerfx render Examples/pulsing-rings.json -o rings.png
              layerfx render Examples/pulsing-rings.json -o rings-1.5s.png --time 1.5
              layerfx render scene.json -o out.png --backend cpu --scale 2
            """)

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(name: [.short, .customLong("output")], help: "The PNG file to write.")
    var output: String

    @Option(parsing: .unconditional, help: "Scene time in seconds (0 = when the animations were added; may be negative).")
    var time: Double = 0

    @Option(help: "auto (GPU if an EGL display opens, else CPU), gpu or cpu.")
    var backend: BackendChoice = .auto

    @Option(help: "Pixels per point; overrides the scene's scale.")
    var scale: Double?

    func validate() throws {
        guard time.isFinite else { throw ValidationError("--time must be a finite number of seconds, got \(time)") }
        if let scale, !(scale.isFinite && scale > 0) {
            throw ValidationError("--scale must be a positive number, got \(scale)")
        }
    }

    func run() throws {
        try reportingErrors {
            var loaded = try SceneLoader.load(contentsOfFile: scene)
            if let scale {
                loaded.scale = scale
                let size = SceneEvaluator.pixelSize(of: loaded)
                let limit = SceneLoader.maximumPixelDimension
                guard size.width <= limit, size.height <= limit else {
                    throw CLIError("--scale \(scale) makes a \(size.width)×\(size.height) px frame; the limit is \(limit) px per side")
                }
            }
            let renderer = try Renderer(backend)
            if let reason = renderer.fallbackReason {
                printError("layerfx: notice: GPU unavailable, rendering on the CPU (\(reason))")
            }
            let pixels = try renderer.render(loaded, at: time)
            try PNGEncoder.write(pixels, to: output)
        }
    }
}

extension BackendChoice: ExpressibleByArgument {}
