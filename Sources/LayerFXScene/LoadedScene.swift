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

    /// A scene read from a file of `format`, with `report`.
    public init(scene: Scene, format: SceneFileFormat, report: LottieReport = LottieReport()) {
        self.scene = scene; self.format = format; self.report = report
    }
}

/// The formats LayerFX reads scenes from.
public enum SceneFileFormat: String, Sendable {
    /// A scene file of LayerFX's format (JSON with Core Animation's names).
    case scene
    /// A Lottie animation (bodymovin JSON).
    case lottie
}
