import LayerFXCore

/// A node of the layer tree, like a `CALayer` (or subclass) with its
/// sublayers and the animations added to it.
public struct Layer: Hashable, Sendable {
    /// Used in error messages and by `layerfx values --layer`.
    public var name: String?
    /// Which layer class: plain, shape, gradient or replicator.
    public var kind: LayerKind
    /// The model values (what the layer shows with no animation).
    public var properties: LayerProperties
    /// Back to front.
    public var sublayers: [Layer]
    /// In the order they were added; later ones override earlier ones on the same key path.
    public var animations: [Animation]
    /// The layer's own beginTime/speed/timeOffset, applied to its animations and subtree.
    public var timing: LayerTiming
    /// Held in an array because a struct cannot contain itself; zero or one element.
    private var maskStorage: [Layer]

    /// `CALayer.mask`: a layer whose alpha (its whole rendered subtree) masks
    /// this layer and its sublayers. It lives in this layer's coordinate
    /// space (as a sublayer would, without `sublayerTransform`) and its time
    /// is this layer's local time.
    public var mask: Layer? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }

    /// A layer with its properties, sublayers, animations and timing.
    public init(name: String? = nil, kind: LayerKind = .plain, properties: LayerProperties = .init(),
                sublayers: [Layer] = [], animations: [Animation] = [], timing: LayerTiming = .identity,
                mask: Layer? = nil) {
        self.name = name; self.kind = kind; self.properties = properties
        self.sublayers = sublayers; self.animations = animations; self.timing = timing
        self.maskStorage = mask.map { [$0] } ?? []
    }
}

/// A whole scene: the frame size in points, its pixel scale, a background and
/// the root layers (back to front).
public struct Scene: Hashable, Sendable {
    /// Frame size in points.
    public var size: Size
    /// Output pixels per point.
    public var scale: Double
    /// Straight-alpha background; `.clear` by default.
    public var backgroundColor: Color
    /// The root layers, back to front.
    public var layers: [Layer]
    /// The folder a text layer's relative font file path is taken in: the
    /// scene file's folder (absolute) when the scene was read from a file;
    /// nil, the working directory, otherwise.
    public var baseDirectory: String?

    /// A scene of `size` points drawn at `scale` pixels per point, its
    /// relative font paths taken in `baseDirectory` (nil: the working directory).
    public init(size: Size, scale: Double = 1, backgroundColor: Color = .clear, layers: [Layer],
                baseDirectory: String? = nil) {
        self.size = size; self.scale = scale; self.backgroundColor = backgroundColor; self.layers = layers
        self.baseDirectory = baseDirectory
    }
}
