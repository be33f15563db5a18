import ArgumentParser
import LayerFX

/// `--strict`, for the commands that read scenes: what a Lottie file asks
/// for that is not drawn is then an error, not a warning.
struct StrictOption: ParsableArguments {
    @Flag(help: "Refuse a Lottie file that asks for something LayerFX does not draw (expressions, effects, 3D, …) instead of warning.")
    var strict = false

    /// Reads the scene or Lottie animation at `path`; prints one warning
    /// line naming what is not drawn, or throws it with `--strict`.
    func read(_ path: String, textContext: TextContext = TextContext()) throws -> LoadedScene {
        let loaded = try SceneLoader.read(contentsOfFile: path, textContext: textContext)
        guard !loaded.report.features.isEmpty else { return loaded }
        let list = loaded.report.features.map { "\($0.name) (in layer \"\($0.layer)\")" }.joined(separator: ", ")
        if strict { throw CLIError("\(path): not drawn, and --strict refuses it: \(list)") }
        printError("layerfx: warning: \(path): not drawn: \(list)")
        return loaded
    }
}
