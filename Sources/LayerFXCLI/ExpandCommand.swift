import ArgumentParser
import FoundationEssentials
import LayerFX

/// `layerfx expand SCENE [-o OUT]`.
struct ExpandCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expand",
        abstract: "Print a scene with its effect layers expanded into ordinary layers and animations.",
        discussion: """
            The output is a scene file of the contract (version 1) without effect
            layers: decoding it gives the same scene. Keys come in a fixed order,
            values equal to their defaults are left out, and numbers are written in
            the shortest form that reads back exactly. Mask references by name
            are written inline.

            Examples:
              layerfx expand Examples/pulsing-rings.json
              layerfx expand Examples/waves.json -o waves-expanded.json
            """)

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(name: [.short, .customLong("output")], help: "Write to this file instead of standard output.")
    var output: String?

    func run() throws {
        try reportingErrors {
            let text = SceneEncoder.encode(try SceneLoader.load(contentsOfFile: scene))
            if let output, output != "-" {
                try AtomicFile.write(Array(text.utf8), to: output)
            } else {
                try StandardOutput.write(text)
            }
        }
    }
}
