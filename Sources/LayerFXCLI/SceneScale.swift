import LayerFX

extension Scene {
    /// The scene drawn at `scale` pixels per point; throws when the frame
    /// would pass the per-side pixel limit.
    func checkedScale(_ scale: Double, option: String = "--scale") throws -> Scene {
        var scaled = self
        scaled.scale = scale
        let limit = FrameSize.maximumSide
        let size = SceneEvaluator.pixelExtent(of: scaled)
        guard size.width <= Double(limit), size.height <= Double(limit) else {
            throw CLIError("\(option) \(scale) makes a \(size.width.numberText)×\(size.height.numberText) px frame; the limit is \(limit) px per side")
        }
        return scaled
    }
}
