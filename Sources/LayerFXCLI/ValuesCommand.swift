import ArgumentParser
import FoundationEssentials
import LayerFX

/// `layerfx values SCENE --layer NAME --key-path KEY --times T1,T2,…`.
struct ValuesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "values",
        abstract: "Print a layer's presentation value of one key path at given times.",
        discussion: """
            One line per time: the time, then the value's numbers separated by spaces
            (colors as r g b a in 0…1 with straight alpha, points as x y, sizes as
            w h, rects as x y w h, transforms as the affine matrix a b c d tx ty,
            paths as each subpath's key and numbers, lists element by element).
            "none" is a nil color or an unset list. Times are in scene seconds;
            every ancestor's and the layer's own beginTime/speed/timeOffset
            apply, as when rendering.

            Examples:
              layerfx values Examples/pulsing-rings.json --layer pulse.ring0 \\
                  --key-path transform.scale --times 0,0.5,1.5
              layerfx values scene.json --layer dot --key-path backgroundColor \\
                  --times 0:3:0.25
            """)

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(help: "The layer's name (its \"name\" in the scene; the first match, depth first).")
    var layer: String

    @Option(name: .customLong("key-path"), help: "A Core Animation key path, e.g. opacity, position.x, transform.scale.")
    var keyPath: String

    @Option(parsing: .unconditional, help: "Comma-separated times in seconds (may be negative); start:end:step for a range.")
    var times: String

    func run() throws {
        try reportingErrors {
            let list = try TimeList(parsing: times).times
            let key = try Self.keyPath(keyPath)
            let loaded = try SceneLoader.load(contentsOfFile: scene)
            guard let found = loaded.layer(named: layer) else {
                throw CLIError("\(scene): no layer named \"\(layer)\"" + Self.nameHint(layer, in: loaded))
            }
            if let owner = key.owner, found.layer.kind != owner {
                throw CLIError("key path \"\(key.name)\" applies to \(owner.typeName) layers only; layer \"\(layer)\" is a \(found.layer.kind.typeName) layer")
            }
            var output = ""
            for time in list {
                let properties = found.layer.presentationProperties(atLocalTime: found.localTime(atSceneTime: time))
                output += ValueText.time(time) + " " + ValueText.text(key.value(in: properties)) + "\n"
                if output.utf8.count > 1 << 16 { try StandardOutput.write(output); output = "" }
            }
            try StandardOutput.write(output)
        }
    }

    /// The key path named `name`, or an error with the closest valid name.
    static func keyPath(_ name: String) throws -> AnimatableKeyPath {
        if let key = AnimatableKeyPath(rawValue: name) { return key }
        let names = AnimatableKeyPath.allCases.map(\.name)
        if let suggestion = KeySuggestion.closest(to: name, in: names) {
            throw CLIError("unknown key path \"\(name)\"; did you mean \"\(suggestion)\"?")
        }
        throw CLIError("unknown key path \"\(name)\"; known key paths: \(names.joined(separator: ", "))")
    }

    /// "; did you mean …" or the names the scene has.
    static func nameHint(_ name: String, in scene: Scene) -> String {
        var names: [String] = []
        func collect(_ layers: [Layer]) {
            for layer in layers {
                if let n = layer.name { names.append(n) }
                collect(layer.sublayers)
            }
        }
        collect(scene.layers)
        if names.isEmpty { return " (no layer has a \"name\")" }
        if let suggestion = KeySuggestion.closest(to: name, in: names) { return "; did you mean \"\(suggestion)\"?" }
        return " (named layers: \(names.prefix(20).joined(separator: ", "))\(names.count > 20 ? ", …" : ""))"
    }
}
