import LayerFX

/// The text of `layerfx info FILE`: a line per fact.
struct SceneInfoText {
    let text: String

    init(_ loaded: LoadedScene) {
        let scene = loaded.scene
        var lines = ["format:       \(loaded.format == .lottie ? "Lottie animation" : "LayerFX scene")",
                     "size:         \(scene.size.width.numberText)×\(scene.size.height.numberText) points"]
        if let lottie = loaded.lottie {
            let frames = lottie.outPoint - lottie.inPoint
            lines += ["frame rate:   \(lottie.frameRate.numberText) fps",
                      "frames:       \(frames.numberText) (\(lottie.inPoint.numberText) to \(lottie.outPoint.numberText))",
                      "duration:     \((frames / lottie.frameRate).numberText) s",
                      "layers:       \(lottie.layerCount)",
                      "shapes:       \(lottie.shapeCount)"]
        } else if let timeline = scene.timeline {
            lines += ["frame rate:   \(timeline.frameRate.numberText) fps",
                      "duration:     \((timeline.end - timeline.start).numberText) s (from \(timeline.start.numberText) s)"]
        }
        if loaded.format == .lottie {
            lines.append(loaded.report.features.isEmpty ? "not drawn:    nothing"
                : "not drawn:    " + loaded.report.features.map { "\($0.name) (in layer \"\($0.layer)\")" }.joined(separator: ", "))
        }
        text = lines.joined(separator: "\n") + "\n"
    }
}
