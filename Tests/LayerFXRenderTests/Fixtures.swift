import Foundation
import LayerFX

/// The render tests' scenes: the files of `Scenes/`, and the times and scales
/// `Scenes/parity.json` renders each at.
enum Fixtures {
    /// The folder of scenes, copied into the test bundle.
    static let folder = Bundle.module.resourceURL!.appending(path: "Scenes")

    /// The file in `Scenes/` holding the times and scales, which is not a scene.
    static let settingsFile = "parity.json"

    /// The parity scenes in `Scenes/`, sorted by name.
    static let sceneNames: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") && $0 != settingsFile }.sorted()
    }()

    /// The scene file `name` of `Scenes/`.
    static func scene(_ name: String) throws -> Scene {
        try SceneLoader.load(contentsOfFile: folder.appending(path: name).path)
    }

    /// What `Scenes/parity.json` holds (decoded when first used; a file that
    /// does not decode fails the tests that read it).
    static let settings: Result<RenderSettings, any Error> = Result {
        try JSONDecoder().decode(RenderSettings.self, from: Data(contentsOf: folder.appending(path: settingsFile)))
    }

    /// The times the scene `name` is rendered at (animated scenes at several instants).
    static func times(for name: String) throws -> [Double] {
        try settings.get().times(for: name)
    }

    /// The pixel scales the scene `name` is rendered at.
    static func scales(for name: String, scene: Scene) throws -> [Double] {
        try settings.get().scales(for: name) ?? [scene.scale]
    }

    /// The scene file `name` at each scale it is rendered at (the scene's
    /// `scale` set), with each time it is rendered at.
    static func renderings(of name: String) throws -> [(scene: Scene, time: Double)] {
        let scene = try Fixtures.scene(name), times = try Fixtures.times(for: name)
        return try scales(for: name, scene: scene).flatMap { scale in
            var scaled = scene
            scaled.scale = scale
            return times.map { (scaled, $0) }
        }
    }
}
