import LayerFXCore
import LayerFXModel

/// A scene prepared once for evaluating many frames (a sequence, a
/// benchmark): `SceneEvaluator.frame(for:at:budget:)` draws the same frame
/// from it as from the scene, byte for byte, in less time.
///
/// What is compiled so far: top-level shape layers that draw one ellipse
/// (the circles of ripple fields and particle effects) with no sublayers,
/// mask, clip, background or border, and whose animations are all basic or
/// spring animations of scalar key paths with both ends given, keyframe
/// animations of numbers, or groups of those (``ScalarChannel``).
/// Such a layer becomes a flat record of the few values its drawing reads;
/// its timing, its static transform and its channels are kept once in
/// tables shared by every layer with the same bits (a channel without its
/// `beginTime`, which the layer's record keeps). Every other layer is kept
/// as it is and walked as `SceneEvaluator.frame(for:at:budget:)` walks it.
///
/// A compiled scene does not hold the scene it was made from: built from a
/// sequence of layers (``init(size:scale:backgroundColor:baseDirectory:layers:)``),
/// layers that compile are never all held at once.
public struct CompiledScene: Sendable {
    /// The scene's size in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    /// The colour under the layers.
    public let backgroundColor: Color
    /// The folder relative font paths are taken in.
    public let baseDirectory: String?
    /// For each top-level layer: its index in `leaves` (≥ 0), or the bitwise
    /// complement of its index in `walkedLayers` (< 0).
    let slots: [Int32]
    /// The top-level layers that did not compile, walked as they are.
    let walkedLayers: [Layer]
    /// The compiled top-level layers.
    let leaves: [CompiledShapeLeaf]
    /// The leaves' channels, each leaf's in one contiguous range.
    let channels: [ChannelUse]
    /// What leaves share (timings, static transforms, channels).
    let shared: SharedTables

    /// Compiles `scene`.
    public init(_ scene: Scene) {
        self.init(size: scene.size, scale: scene.scale, backgroundColor: scene.backgroundColor,
                  baseDirectory: scene.baseDirectory, layers: scene.layers)
    }

    /// Compiles the scene with these settings (``Scene``'s properties of the
    /// same names) and top-level `layers`, taking one layer at a time: a
    /// lazy sequence that makes each layer when asked (a generated field of
    /// a million ripples) is compiled without the whole tree ever existing.
    public init(size: Size, scale: Double = 1, backgroundColor: Color = .clear, baseDirectory: String? = nil,
                layers: some Sequence<Layer>) {
        self.size = size; self.scale = scale; self.backgroundColor = backgroundColor
        self.baseDirectory = baseDirectory
        var compiler = LeafCompiler()
        var slots: [Int32] = []
        var walkedLayers: [Layer] = []
        slots.reserveCapacity(layers.underestimatedCount)
        compiler.leaves.reserveCapacity(layers.underestimatedCount)
        for layer in layers {
            if let leaf = compiler.compile(layer) {
                slots.append(leaf)
            } else {
                slots.append(~Int32(truncatingIfNeeded: walkedLayers.count))
                walkedLayers.append(layer)
            }
        }
        self.slots = slots
        self.walkedLayers = walkedLayers
        leaves = compiler.leaves
        channels = compiler.channels
        shared = compiler.shared
    }

    /// How many top-level layers the scene has.
    public var layerCount: Int { slots.count }

    /// How many top-level layers were compiled (the rest are walked).
    public var compiledLayerCount: Int { leaves.count }

    /// Bytes held by the compiled records and shared tables (not counting
    /// the layers that are walked): what a compiled layer costs in memory.
    public var compiledBytes: Int {
        slots.capacity * MemoryLayout<Int32>.stride + leaves.capacity * MemoryLayout<CompiledShapeLeaf>.stride
            + channels.capacity * MemoryLayout<ChannelUse>.stride + shared.bytes
    }
}

/// One of a leaf's channels: the shared channel that starts at 0, and when
/// this one begins.
struct ChannelUse: Sendable {
    /// When the channel begins, in the layer's time.
    let beginTime: Double
    /// Its index in ``SharedTables/channels``.
    let channel: UInt32
    /// Whether the leaf's channel before it has the same timing, bit for bit
    /// (`beginTime` included), so the same progress at every time (a
    /// ripple's scale and opacity).
    let sharesProgressWithPrevious: Bool
}

/// The values compiled leaves share, each kept once.
struct SharedTables: Sendable {
    /// Layer timings.
    var timings: [LayerTiming] = []
    /// Static transforms (the components the channels start from, and the matrix).
    var transforms: [LayerTransform] = []
    /// Channels beginning at 0.
    var channels: [ScalarChannel] = []
    /// The keyframe channels' values.
    var keyframes: [ScalarKeyframes] = []

    /// The bytes the tables hold.
    var bytes: Int {
        timings.capacity * MemoryLayout<LayerTiming>.stride + transforms.capacity * MemoryLayout<LayerTransform>.stride
            + channels.capacity * MemoryLayout<ScalarChannel>.stride + keyframes.reduce(0) { $0 + $1.byteCount }
    }
}

/// Makes the records of a ``CompiledScene``, one top-level layer at a time.
private struct LeafCompiler {
    var leaves: [CompiledShapeLeaf] = []
    var channels: [ChannelUse] = []
    private var timings = InternTable<LayerTiming> {
        $0.beginTime.bitPattern == $1.beginTime.bitPattern && $0.speed.bitPattern == $1.speed.bitPattern
            && $0.timeOffset.bitPattern == $1.timeOffset.bitPattern
    }
    private var transforms = InternTable<LayerTransform> { a, b in
        let m = a.matrix, n = b.matrix
        return a.translationX.bitPattern == b.translationX.bitPattern
            && a.translationY.bitPattern == b.translationY.bitPattern && a.rotation.bitPattern == b.rotation.bitPattern
            && a.scaleX.bitPattern == b.scaleX.bitPattern && a.scaleY.bitPattern == b.scaleY.bitPattern
            && m.a.bitPattern == n.a.bitPattern && m.b.bitPattern == n.b.bitPattern && m.c.bitPattern == n.c.bitPattern
            && m.d.bitPattern == n.d.bitPattern && m.tx.bitPattern == n.tx.bitPattern && m.ty.bitPattern == n.ty.bitPattern
    }
    private var sharedChannels = InternTable<ScalarChannel> { $0.hasSameBits(as: $1) }
    private var keyframes = InternTable<ScalarKeyframes> { $0.hasSameBits(as: $1) }

    var shared: SharedTables {
        SharedTables(timings: timings.values, transforms: transforms.values, channels: sharedChannels.values,
                     keyframes: keyframes.values)
    }

    /// The index of `layer`'s new leaf, or nil when the layer does not compile.
    mutating func compile(_ layer: Layer) -> Int32? {
        guard leaves.count < Int(Int32.max), let shape = CompiledShapeLeaf.Shape(layer) else { return nil }
        let firstChannel = channels.count
        var previous: ScalarChannel? = nil
        for animation in layer.animations {
            guard let compiled = ScalarChannel.channels(compiling: animation, keyframeIndex: { keyframes.intern($0) }),
                  channels.count - firstChannel + compiled.count <= Int(UInt16.max),
                  channels.count <= Int(UInt32.max) - compiled.count else {
                channels.removeSubrange(firstChannel...)
                return nil
            }
            for channel in compiled {
                guard let index = sharedChannels.intern(channel.beginningAtZero) else {
                    channels.removeSubrange(firstChannel...)
                    return nil
                }
                channels.append(ChannelUse(beginTime: channel.beginTime, channel: index,
                                           sharesProgressWithPrevious: previous?.hasSameProgress(as: channel) ?? false))
                previous = channel
            }
        }
        guard let timing = timings.intern(layer.timing), let transform = transforms.intern(layer.properties.transform)
        else {
            channels.removeSubrange(firstChannel...)
            return nil
        }
        leaves.append(CompiledShapeLeaf(shape: shape, timing: timing, transform: transform,
                                        firstChannel: UInt32(firstChannel), channelCount: UInt16(channels.count - firstChannel)))
        return Int32(leaves.count - 1)
    }
}
