import ArgumentParser
import FoundationEssentials
import LayerFX

/// `layerfx convert ANIM.json -o SCENE.json`.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Write a Lottie animation as a scene file of ordinary layers and animations.",
        discussion: """
            Each Lottie layer becomes a few Core Animation layers (a transform, its
            anchor, its visibility, its content) named after it, its keyframes
            CAKeyframeAnimations with the keyframes' easing as timing functions,
            on the animation's clock in seconds (frame f at f / frame rate); what
            cannot be written so (a path built from animated sizes, a trimmed
            outline, a position along a spatial Bézier) is sampled at every frame.
            The scene's timeline keeps the frame rate and the in and out points,
            so `layerfx render` draws the same frames from either file. What is not
            drawn is printed as a warning (an error with --strict). A scene file
            is written back as `layerfx expand` writes it.

            Examples:
              layerfx convert animation.json -o scene.json
              layerfx convert animation.json --strict > scene.json
            """)

    @Argument(help: "The Lottie animation (or scene file).")
    var input: String

    @Option(name: [.short, .customLong("output")], help: "Write to this file instead of standard output.")
    var output: String?

    @OptionGroup var strictOption: StrictOption

    func run() throws {
        try reportingErrors {
            let text = SceneEncoder.encode(try strictOption.read(input).scene)
            if let output, output != "-" {
                try AtomicFile.write(Array(text.utf8), to: output)
            } else {
                try StandardOutput.write(text)
            }
        }
    }
}
