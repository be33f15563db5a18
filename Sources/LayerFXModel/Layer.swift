import LayerFXCore

/// A node of the layer tree, like a `CALayer` (or subclass) with its
/// sublayers and the animations added to it.
///
/// A value type whose contents live in one shared, copy-on-write box: copying
/// a layer (handing it to a function, iterating sublayers) costs a reference
/// count, not a copy of its ~870 bytes and a retain of each of its arrays;
/// the first change to a shared copy copies the box.
public struct Layer: Hashable, Sendable {
    /// Used in error messages and by `layerfx values --layer`.
    public var name: String? {
        get { storage.name }
        set { unique().name = newValue }
    }
    /// Which layer class: plain, shape, gradient or replicator.
    public var kind: LayerKind {
        get { storage.kind }
        set { unique().kind = newValue }
    }
    /// The model values (what the layer shows with no animation).
    public var properties: LayerProperties {
        get { storage.properties }
        _modify { yield &unique().properties }
    }
    /// Back to front.
    public var sublayers: [Layer] {
        get { storage.sublayers }
        _modify { yield &unique().sublayers }
    }
    /// In the order they were added; later ones override earlier ones on the same key path.
    public var animations: [Animation] {
        get { storage.animations }
        _modify { yield &unique().animations }
    }
    /// The layer's own beginTime/speed/timeOffset, applied to its animations and subtree.
    public var timing: LayerTiming {
        get { storage.timing }
        _modify { yield &unique().timing }
    }

    /// `CALayer.mask`: a layer whose alpha (its whole rendered subtree) masks
    /// this layer and its sublayers. It lives in this layer's coordinate
    /// space (as a sublayer would, without `sublayerTransform`) and its time
    /// is this layer's local time.
    public var mask: Layer? {
        get { storage.mask.first }
        set { unique().mask = newValue.map { [$0] } ?? [] }
    }

    private var storage: Storage

    /// A layer with its properties, sublayers, animations and timing.
    public init(name: String? = nil, kind: LayerKind = .plain, properties: LayerProperties = .init(),
                sublayers: [Layer] = [], animations: [Animation] = [], timing: LayerTiming = .identity,
                mask: Layer? = nil) {
        storage = Storage(name: name, kind: kind, properties: properties, sublayers: sublayers,
                          animations: animations, timing: timing, mask: mask.map { [$0] } ?? [])
    }

    /// The box, copied first when another layer value shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    public static func == (a: Layer, b: Layer) -> Bool {
        a.storage === b.storage || a.storage.contents == b.storage.contents
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.contents)
    }

    /// A layer's contents. Shared between layer values only while none of
    /// them changes it (`unique()`), so it is never written while shared.
    private final class Storage: @unchecked Sendable {
        var name: String?
        var kind: LayerKind
        var properties: LayerProperties
        var sublayers: [Layer]
        var animations: [Animation]
        var timing: LayerTiming
        /// Held in an array because a struct cannot contain itself; zero or one element.
        var mask: [Layer]

        init(name: String?, kind: LayerKind, properties: LayerProperties, sublayers: [Layer],
             animations: [Animation], timing: LayerTiming, mask: [Layer]) {
            self.name = name; self.kind = kind; self.properties = properties; self.sublayers = sublayers
            self.animations = animations; self.timing = timing; self.mask = mask
        }

        func copy() -> Storage {
            Storage(name: name, kind: kind, properties: properties, sublayers: sublayers,
                    animations: animations, timing: timing, mask: mask)
        }

        /// Every field, for equality and hashing.
        var contents: Contents {
            Contents(name: name, kind: kind, properties: properties, sublayers: sublayers,
                     animations: animations, timing: timing, mask: mask)
        }
    }

    private struct Contents: Hashable {
        let name: String?, kind: LayerKind, properties: LayerProperties, sublayers: [Layer]
        let animations: [Animation], timing: LayerTiming, mask: [Layer]
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
    /// The span of time the scene is meant to be played over and its frame
    /// rate (a Lottie animation's), when the file gives them.
    public var timeline: SceneTimeline?

    /// A scene of `size` points drawn at `scale` pixels per point, its
    /// relative font paths taken in `baseDirectory` (nil: the working directory).
    public init(size: Size, scale: Double = 1, backgroundColor: Color = .clear, layers: [Layer],
                baseDirectory: String? = nil) {
        self.size = size; self.scale = scale; self.backgroundColor = backgroundColor; self.layers = layers
        self.baseDirectory = baseDirectory
    }
}

/// The span of time a scene is meant to be played over, and at what rate:
/// a Lottie animation's in and out points and frame rate (kept in scene
/// files converted from one). A sequence given no range renders it.
public struct SceneTimeline: Hashable, Sendable {
    /// Frames per second.
    public var frameRate: Double
    /// Seconds of the first frame.
    public var start: Double
    /// Seconds where the last frame ends (exclusive).
    public var end: Double

    /// A timeline of `frameRate` frames a second from `start` to `end` seconds.
    public init(frameRate: Double, start: Double, end: Double) {
        self.frameRate = frameRate; self.start = start; self.end = end
    }

    /// The number of whole frames from `start` up to `end`.
    public var frameCount: Int { Int(saturating: ((end - start) * frameRate).rounded(.up), rounding: .down) }
}

