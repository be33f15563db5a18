import LayerFXModel

/// The layers a ``FrameBuilder`` walks, seen through their nodes: the
/// scene's own `Layer` values (``LayerValues``, the reference walk) or a
/// compiled scene's flattened arrays (``FlatLayers``). The walk is generic
/// over it, so each kind of tree gets its own specialized walk, with no
/// dynamic dispatch; both draw the same frame, byte for byte.
protocol LayerTree {
    associatedtype Node
    associatedtype Sublayers: Sequence<Node>

    /// The node's layer class.
    func kind(of node: Node) -> LayerKind
    /// The node's own beginTime/speed/timeOffset.
    func timing(of node: Node) -> LayerTiming
    /// The node's presentation values at its local time `localTime`.
    func presentation(of node: Node, atLocalTime localTime: Double) -> LayerProperties
    /// The node's mask layer, if any.
    func mask(of node: Node) -> Node?
    /// The node's sublayers, back to front.
    func sublayers(of node: Node) -> Sublayers
    /// Whether the node has sublayers.
    func hasSublayers(_ node: Node) -> Bool
}

/// A scene's layers as they are: the tree walk that compiled scenes are
/// checked against, and the one a single frame of a scene takes.
struct LayerValues: LayerTree {
    func kind(of layer: Layer) -> LayerKind { layer.kind }
    func timing(of layer: Layer) -> LayerTiming { layer.timing }
    func presentation(of layer: Layer, atLocalTime localTime: Double) -> LayerProperties {
        layer.presentationProperties(atLocalTime: localTime)
    }
    func mask(of layer: Layer) -> Layer? { layer.mask }
    func sublayers(of layer: Layer) -> [Layer] { layer.sublayers }
    func hasSublayers(_ layer: Layer) -> Bool { !layer.sublayers.isEmpty }
}

/// Layers flattened into arrays in depth-first order: a node, then its
/// sublayers' subtrees back to front, then its mask's subtree, so every
/// subtree is one contiguous run of nodes and a node is its index. The
/// nodes are columns, an array a field: each node's layer class, timing and
/// model values, its animations compiled into ``AnimationChannel``s (one
/// contiguous run a node, their values in one ``AnimationTables``), and
/// where its sublayers and its subtree end. Nothing of the scene's `Layer`
/// values is kept. Built once when a scene is compiled, for the layers its
/// compiler does not reduce to records of its own.
struct FlatLayers: LayerTree {
    /// Each node's layer class.
    private(set) var kinds: [LayerKind] = []
    /// Each node's own beginTime/speed/timeOffset.
    private(set) var timings: [LayerTiming] = []
    /// Each node's model values.
    private(set) var models: [LayerProperties] = []
    /// Where node i's sublayers end (its mask's subtree, if any, starts there).
    private(set) var sublayersEnds: [Int] = []
    /// Where node i's subtree ends.
    private(set) var subtreeEnds: [Int] = []
    /// Every node's animations, compiled: node i's are `channels[channelStarts[i]..<channelStarts[i + 1]]`.
    private(set) var channels: [AnimationChannel] = []
    /// Where each node's channels begin, and one more: where the last node's end.
    private(set) var channelStarts: [Int] = [0]
    /// The channels' values, keyframes, paths and group timings.
    private(set) var tables = AnimationTables()

    /// How many nodes there are.
    var count: Int { kinds.count }

    /// Appends `layer`'s subtree (sublayers and mask, at any depth); returns its node.
    mutating func append(_ layer: Layer) -> Int {
        let node = count
        kinds.append(layer.kind)
        timings.append(layer.timing)
        models.append(layer.properties)
        for animation in layer.animations { channels += tables.channels(compiling: animation) }
        channelStarts.append(channels.count)
        sublayersEnds.append(0)
        subtreeEnds.append(0)
        for sublayer in layer.sublayers { _ = append(sublayer) }
        sublayersEnds[node] = count
        if let mask = layer.mask { _ = append(mask) }
        subtreeEnds[node] = count
        return node
    }

    func kind(of node: Int) -> LayerKind { kinds[node] }
    func timing(of node: Int) -> LayerTiming { timings[node] }

    func presentation(of node: Int, atLocalTime localTime: Double) -> LayerProperties {
        let model = models[node]
        var presentation = model
        // Through a buffer pointer each channel is read in place, not copied.
        channels.withUnsafeBufferPointer { channels in
            for i in channelStarts[node]..<channelStarts[node + 1] {
                channels[i].apply(atLocalTime: localTime, to: &presentation, model: model, tables: tables)
            }
        }
        return presentation
    }

    func mask(of node: Int) -> Int? {
        sublayersEnds[node] < subtreeEnds[node] ? sublayersEnds[node] : nil
    }

    func sublayers(of node: Int) -> Siblings {
        Siblings(position: node + 1, end: sublayersEnds[node], subtreeEnds: subtreeEnds)
    }

    func hasSublayers(_ node: Int) -> Bool { sublayersEnds[node] > node + 1 }

    /// A node's sublayers: each one's subtree ends where the next begins.
    struct Siblings: Sequence, IteratorProtocol {
        /// The next sublayer's node.
        var position: Int
        let end: Int
        let subtreeEnds: [Int]

        mutating func next() -> Int? {
            guard position < end else { return nil }
            defer { position = subtreeEnds[position] }
            return position
        }
    }
}
