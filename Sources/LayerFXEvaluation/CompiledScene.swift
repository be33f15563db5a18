import LayerFXCore
import LayerFXModel

/// A scene prepared once for evaluating many frames (a sequence, a
/// benchmark): `SceneEvaluator.frame(for:at:budget:)` draws the same frame
/// from it as from the scene, byte for byte, in less time.
///
/// What is compiled so far:
/// - shape layers that draw one ellipse (the circles of ripple fields and
///   particle effects) with no sublayers, mask, clip, background or border,
///   and whose animations are all basic or spring animations of scalar key
///   paths with both ends given, keyframe animations of numbers, or groups
///   of those (``ScalarChannel``). Such a layer becomes a flat record of the
///   few values its drawing reads; its timing, its static transform and its
///   channels are kept once in tables shared by every layer with the same
///   bits (a channel without its `beginTime`, which the layer's record keeps);
/// - plain layers that only hold sublayers (opaque, nothing to draw, no
///   mask or clip, animated only in position and transform, by animations
///   that compile as the circles' do): their sublayers are compiled in their place,
///   between an entry that opens the container and one that closes it, so a
///   field of circles under a root layer is evaluated as fast, and split
///   across cores, as one at the top level.
///
/// Every other layer is flattened into arrays of nodes (``FlatLayers``:
/// depth first, each subtree one run of nodes, its animations compiled
/// into `AnimationChannel`s) and walked from them by index, by the walk
/// that draws a scene's `Layer` values (the reference the compiled frames
/// are tested against).
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
    /// The layers in document order, one entry each, and one more after a
    /// container's sublayers: a leaf's index in `leaves` (≥ 0), or the
    /// bitwise complement of an index in `nodes` (< 0).
    let entries: [Int32]
    /// The entries that are not leaves: walked layers, and where containers open and close.
    let nodes: [CompiledNode]
    /// The layers that did not compile to records of their own, flattened
    /// into arrays and walked (a `.walked` node names its root).
    let walked: FlatLayers
    /// The compiled containers.
    let containers: [CompiledContainer]
    /// The compiled leaves.
    let leaves: [CompiledShapeLeaf]
    /// The leaves' channels, each leaf's in one contiguous range.
    let channels: [ChannelUse]
    /// What leaves share (timings, static transforms, channels).
    let shared: SharedTables
    /// Where each entry is in the document, when some container compiled
    /// (otherwise empty, and entry i is top-level layer i): its container
    /// (−1 at the top level; for the entry that closes a container, that
    /// container), and its index among that container's sublayers (among the
    /// top-level layers at the top level).
    let entryParents: [Int32], entrySteps: [Int32]
    /// The first entry of each top-level layer, when some container compiled (otherwise empty).
    let topLevelEntries: [Int32]

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
        var compiler = SceneCompiler(root: .scale(scale, scale))
        compiler.reserveCapacity(layers.underestimatedCount)
        for (index, layer) in layers.enumerated() {
            compiler.add(layer, step: Int32(truncatingIfNeeded: index), parent: -1)
        }
        entries = compiler.entries
        nodes = compiler.nodes
        walked = compiler.walked
        containers = compiler.containers
        leaves = compiler.leaves.leaves
        channels = compiler.leaves.channels
        shared = compiler.leaves.shared
        (entryParents, entrySteps, topLevelEntries) = compiler.containers.isEmpty
            ? ([], [], []) : (compiler.entryParents, compiler.entrySteps, compiler.topLevelEntries)
    }

    /// How many top-level layers the scene has.
    public var layerCount: Int { topLevelEntries.isEmpty ? entries.count : topLevelEntries.count }

    /// How many layers were compiled to records, at any depth (circle
    /// leaves and the plain layers holding them); the rest are walked from
    /// flattened arrays.
    public var compiledLayerCount: Int { leaves.count + containers.count }

    /// Bytes held by the compiled records and shared tables (not counting
    /// the flattened layers that are walked): what a compiled layer costs in memory.
    public var compiledBytes: Int {
        (entries.capacity + entryParents.capacity + entrySteps.capacity + topLevelEntries.capacity)
            * MemoryLayout<Int32>.stride + nodes.capacity * MemoryLayout<CompiledNode>.stride
            + containers.capacity * MemoryLayout<CompiledContainer>.stride
            + leaves.capacity * MemoryLayout<CompiledShapeLeaf>.stride
            + channels.capacity * MemoryLayout<ChannelUse>.stride + shared.bytes
    }

    /// Where entry `index` is in the document: `layers[i]` or `sublayers[i]`.
    func step(ofEntry index: Int) -> DocumentStep {
        guard !entryParents.isEmpty else { return .layer(index) }
        let step = Int(entrySteps[index])
        return entryParents[index] < 0 ? .layer(step) : .sublayer(step)
    }

    /// The container whose sublayers are open at entry `index` (the one it
    /// closes, for a closing entry); −1 at the top level.
    func parent(ofEntry index: Int) -> Int {
        entryParents.isEmpty ? -1 : Int(entryParents[index])
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

/// Makes the entries of a ``CompiledScene``, one top-level layer at a time.
private struct SceneCompiler {
    /// The transform of top-level layers to device pixels.
    let root: AffineTransform
    var entries: [Int32] = []
    var nodes: [CompiledNode] = []
    var walked = FlatLayers()
    var containers: [CompiledContainer] = []
    var leaves = LeafCompiler()
    var entryParents: [Int32] = [], entrySteps: [Int32] = [], topLevelEntries: [Int32] = []

    init(root: AffineTransform) { self.root = root }

    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
        leaves.leaves.reserveCapacity(count)
    }

    /// Adds `layer`, the sublayer `step` of container `parent` (−1: the
    /// top-level layer `step`), and its sublayers when it is a container.
    mutating func add(_ layer: Layer, step: Int32, parent: Int32) {
        if parent < 0 { topLevelEntries.append(Int32(truncatingIfNeeded: entries.count)) }
        let parentToDevice = parent < 0 ? root : containers[Int(parent)].staticSublayerToDevice
        if let leaf = leaves.compile(layer) {
            append(leaf, step: step, parent: parent)
        } else if containers.count < Int(Int32.max),
                  var container = CompiledContainer(layer, parentToDevice: parentToDevice,
                                                    compile: { leaves.channels(compiling: $0) }) {
            let index = Int32(containers.count)
            container.openEntry = Int32(truncatingIfNeeded: entries.count)
            containers.append(container)
            append(node: .open(index), step: step, parent: parent)
            for (sublayer, child) in layer.sublayers.enumerated() {
                add(child, step: Int32(truncatingIfNeeded: sublayer), parent: index)
            }
            containers[Int(index)].closeEntry = Int32(truncatingIfNeeded: entries.count)
            // A task that starts at the close has the container open: its parent is the container.
            append(node: .close(index), step: step, parent: index)
        } else {
            append(node: .walked(walked.append(layer)), step: step, parent: parent)
        }
    }

    private mutating func append(node: CompiledNode, step: Int32, parent: Int32) {
        append(~Int32(truncatingIfNeeded: nodes.count), step: step, parent: parent)
        nodes.append(node)
    }

    private mutating func append(_ entry: Int32, step: Int32, parent: Int32) {
        entries.append(entry)
        entryParents.append(parent)
        entrySteps.append(step)
    }
}

/// Makes the leaves' records, channels and shared tables.
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

    /// The channels of `animation` (their keyframes kept in the shared table); nil when it does not compile.
    mutating func channels(compiling animation: Animation) -> [ScalarChannel]? {
        ScalarChannel.channels(compiling: animation, keyframeIndex: { keyframes.intern($0) })
    }

    /// The index of `layer`'s new leaf, or nil when the layer does not compile.
    mutating func compile(_ layer: Layer) -> Int32? {
        guard leaves.count < Int(Int32.max), let shape = CompiledShapeLeaf.Shape(layer) else { return nil }
        let firstChannel = channels.count
        var previous: ScalarChannel? = nil
        for animation in layer.animations {
            guard let compiled = channels(compiling: animation),
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
