import ArgumentParser

/// `layerfx`: renders Core Animation-style scenes headlessly.
@main
struct LayerFXCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layerfx",
        abstract: "Render Core Animation-style layer scenes to images, on the GPU (EGL) or the CPU.",
        discussion: """
            Scenes are JSON files that use Core Animation's own property and key-path
            names (see the README's scene format section).

            Examples:
              layerfx render Examples/pulsing-rings.json -o rings.png --time 1.5
              layerfx render Examples/ripple.json -o ripple.png --backend cpu --scale 3
              layerfx values Examples/pulsing-rings.json --layer pulse.ring0 \\
                  --key-path opacity --times 0:3:0.5
              layerfx expand Examples/waves.json
              layerfx info
              layerfx bench ripples --count 100000 --backend cpu
            """,
        subcommands: [RenderCommand.self, ValuesCommand.self, ExpandCommand.self, InfoCommand.self, BenchCommand.self])
}
