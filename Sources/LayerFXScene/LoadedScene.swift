import LayerFXModel

/// A scene as read from a file, with what was read: the file's format,
/// and for a Lottie animation what of it LayerFX does not draw.
public struct LoadedScene: Sendable {
    /// The scene.
    public var scene: Scene
    /// The file's format.
    public var format: SceneFileFormat
    /// What the file asks for that is not drawn (always empty for a scene file).
    public var report = LottieReport()
    /// A Lottie animation's counts (nil for a scene file).
    public var lottie: LottieSummary?

    /// A scene read from a file of `format`, with `report` and, for a Lottie animation, its `lottie` counts.
    public init(scene: Scene, format: SceneFileFormat, report: LottieReport = LottieReport(), lottie: LottieSummary? = nil) {
        self.scene = scene; self.format = format; self.report = report; self.lottie = lottie
    }
}

/// What a Lottie file holds, as `layerfx info` shows it.
public struct LottieSummary: Sendable, Hashable {
    /// Frames per second.
    public var frameRate: Double
    /// The first frame (`ip`) and the frame after the last (`op`).
    public var inPoint: Double, outPoint: Double
    /// Layers, in the root composition and every precomposition.
    public var layerCount: Int
    /// Shape items (groups, paths, paints, modifiers) in all shape layers.
    public var shapeCount: Int
}

/// The formats LayerFX reads scenes from.
public enum SceneFileFormat: String, Sendable {
    /// A scene file of LayerFX's format (JSON with Core Animation's names).
    case scene
    /// A Lottie animation (bodymovin JSON).
    case lottie
}
