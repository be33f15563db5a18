import Foundation
import LayerFX

/// The render tests' scenes, in `Scenes/`.
enum Fixtures {
    /// The folder of scenes, copied into the test bundle.
    static let folder = Bundle.module.resourceURL!.appending(path: "Scenes")

    /// The parity scenes in `Scenes/`, sorted by name.
    static let sceneNames: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }()

    /// The scene file `name` of `Scenes/`.
    static func scene(_ name: String) throws -> Scene {
        try SceneLoader.load(contentsOfFile: folder.appending(path: name).path)
    }

    /// The times each scene is rendered at (animated scenes at several instants).
    static func times(for name: String) -> [Double] {
        switch name {
        case "17-pulsing-rings.json": [0, 1.5, 2.25, 4.2]
        case "20-ripple.json": [0.25, 0.5, 0.875]
        case "21-replicator.json": [0, 0.3]
        case "25-shimmer.json": [0.75, 1.5, 3.5]
        case "26-mask-star-gradient.json": [0, 1]
        case "27-group-opacity.json": [0.25, 2]
        case "30-shimmer-text-mask.json": [0.75, 1.5, 3.5]
        case "31-balloon.json": [0, 0.25]
        case "35-dashes-trim.json": [0.5, 1.5]
        case "37-ripple-field.json": [0, 0.4]
        case "36-star-waves-mask.json": [0, 1]
        default: [0]
        }
    }

    /// The pixel scales a scene is rendered at: its own, and for the layer
    /// kinds of issue #4 (scenes 21 and up) points at 1 and 4 pixels.
    static func scales(for name: String, scene: Scene) -> [Double] {
        guard let number = Int(name.prefix { $0.isNumber }), number >= 21 else { return [scene.scale] }
        return [1, 4]
    }
}
