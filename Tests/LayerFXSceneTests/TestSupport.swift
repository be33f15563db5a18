import Testing
import LayerFXModel
import LayerFXScene

/// Decodes `json` as a scene file named "scene.json".
func decodeScene(_ json: String) throws(SceneError) -> Scene {
    try SceneLoader.decode(Array(json.utf8), source: "scene.json")
}

/// The error `json` is rejected with, or `nil` if it decodes.
func sceneError(_ json: String) -> SceneError? {
    do {
        _ = try decodeScene(json)
        return nil
    } catch {
        return error
    }
}

/// A minimal document around `layers` (a JSON array's contents).
func sceneWithLayers(_ layers: String) -> String {
    "{\"size\": [100, 100], \"layers\": [\(layers)]}"
}

/// The error for a one-line document whose only layer is `layer`.
func layerError(_ layer: String) -> SceneError? {
    sceneError(sceneWithLayers(layer))
}

/// The first animation of the only layer of a one-line document.
func decodeAnimation(_ animation: String, layerType: String = "layer") throws(SceneError) -> Animation {
    let scene = try decodeScene(sceneWithLayers("{\"type\": \"\(layerType)\", \"animations\": [\(animation)]}"))
    return scene.layers[0].animations[0]
}

/// The error for a one-line document whose only layer has `animation`.
func animationError(_ animation: String, layerType: String = "layer") -> SceneError? {
    layerError("{\"type\": \"\(layerType)\", \"animations\": [\(animation)]}")
}

/// Compares doubles to 1e-9.
func close(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

/// The 1-based column (in Unicode scalars) where `needle` first occurs in the
/// one-line `text`; `occurrence` picks a later one.
func column(of needle: String, in text: String, occurrence: Int = 1) -> Int? {
    let scalars = Array(text.unicodeScalars), pattern = Array(needle.unicodeScalars)
    var seen = 0
    guard scalars.count >= pattern.count else { return nil }
    for start in 0...(scalars.count - pattern.count) where Array(scalars[start..<start + pattern.count]) == pattern {
        seen += 1
        if seen == occurrence { return start + 1 }
    }
    return nil
}

/// Checks that `json` (one line) is rejected at `path` with `message`, pointing
/// at the column where `at` occurs.
func expectRejected(_ json: String, path: String, message: String, at needle: String, occurrence: Int = 1,
                    sourceLocation: SourceLocation = #_sourceLocation) {
    guard let error = sceneError(json) else {
        Issue.record("expected an error, but the document decoded", sourceLocation: sourceLocation)
        return
    }
    #expect(error.source == "scene.json", sourceLocation: sourceLocation)
    #expect(error.path == path, sourceLocation: sourceLocation)
    #expect(error.message == message, sourceLocation: sourceLocation)
    #expect(error.line == 1, sourceLocation: sourceLocation)
    #expect(error.column == column(of: needle, in: json, occurrence: occurrence), sourceLocation: sourceLocation)
}
