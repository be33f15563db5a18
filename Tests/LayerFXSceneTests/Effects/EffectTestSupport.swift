import Foundation
import Testing
import LayerFXCore
import LayerFXModel
import LayerFXScene
import LayerFXTestSupport

/// Loads `Examples/<name>`.
func loadExample(_ name: String) throws -> Scene {
    try SceneLoader.load(contentsOfFile: Repository.example(name))
}

/// The layer called `name`; records an issue when there is none.
func namedLayer(_ name: String, in scene: Scene, sourceLocation: SourceLocation = #_sourceLocation) throws -> LocatedLayer {
    try #require(scene.layer(named: name), "no layer named \(name)", sourceLocation: sourceLocation)
}

extension LocatedLayer {
    /// The presentation properties at scene time `time`, `lag` seconds behind
    /// (a replicator copy's `k · instanceDelay`).
    func presentation(at time: Double, lag: Double = 0) -> LayerProperties {
        layer.presentationProperties(atLocalTime: localTime(atSceneTime: time) - lag)
    }
}

/// The first subpath's ellipse, or nil.
func ellipse(_ path: ShapePath) -> Rect? {
    if case .ellipse(let rect)? = path.subpaths.first { return rect }
    return nil
}

/// The first subpath's star radii and centre, or nil.
func star(_ path: ShapePath) -> (center: Point, points: Int, outer: Double, inner: Double)? {
    if case let .star(center, points, outer, inner, _)? = path.subpaths.first { return (center, points, outer, inner) }
    return nil
}

/// A one-layer scene around an effect layer's JSON members.
func effectScene(_ members: String, size: String = "[400, 400]") throws -> Scene {
    try decodeScene("{\"size\": \(size), \"layers\": [{\"type\": \"effect\", \(members)}]}")
}
