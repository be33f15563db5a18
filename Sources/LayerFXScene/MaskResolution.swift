import LayerFXModel

/// A layer as decoded, before `mask` references by name are resolved: its
/// sublayers and mask are still decoded layers.
struct DecodedLayer {
    /// Everything but `sublayers` and `mask`.
    var layer: Layer
    var sublayers: [DecodedLayer] = []
    var mask: MaskSource? = nil
    /// The fonts this layer draws text with (its own, or those of the layers
    /// its effect generated), checked once the document is decoded.
    var fontUses: [FontUse] = []
    /// The image of its `contents`, loaded once the document is decoded.
    var contentsUse: ContentsUse? = nil

    /// Where a layer's mask comes from.
    indirect enum MaskSource {
        /// `"mask": { …layer… }`.
        case inline(DecodedLayer)
        /// `"mask": "name"`: another layer of the document, taken out of its
        /// place (as assigning `CALayer.mask` removes it from its superlayer).
        case reference(String, issue: (String) -> DecodingIssue)
    }
}

/// Builds the final layer tree: inline masks in place, and the layer named by
/// each `"mask": "name"` reference (the first with that name, depth first)
/// moved into the mask slot of the layer that names it. Rejects a name no
/// layer has, a layer named as the mask of two layers, and cycles: a layer
/// masked by itself, by a layer that contains it, or by masks that lead back
/// to it.
enum MaskResolver {
    static func resolve(_ roots: [DecodedLayer]) throws -> [Layer] {
        var graph = Graph()
        let rootIDs = roots.map { graph.add($0, parent: nil) }
        let holders = try graph.holdersOfReferencedLayers()
        try graph.checkForCycles(holders: holders)
        return rootIDs.compactMap { graph.build($0, holders: holders) }
    }

    /// Every decoded layer once, depth first (a layer, its mask, its sublayers),
    /// with its superlayer (or masked layer) and its mask reference.
    private struct Graph {
        struct Node {
            /// The layer without sublayers and mask.
            var layer: Layer
            var parent: Int?
            var sublayers: [Int] = []
            var inlineMask: Int? = nil
            var reference: (name: String, issue: (String) -> DecodingIssue)? = nil
            var name: String? { layer.name }
        }
        var nodes: [Node] = []

        /// Adds `decoded` and its subtree; returns its id.
        mutating func add(_ decoded: DecodedLayer, parent: Int?) -> Int {
            let id = nodes.count
            nodes.append(Node(layer: decoded.layer, parent: parent))
            switch decoded.mask {
            case .inline(let mask)?: nodes[id].inlineMask = add(mask, parent: id)
            case .reference(let name, let issue)?: nodes[id].reference = (name, issue)
            case nil: break
            }
            nodes[id].sublayers = decoded.sublayers.map { add($0, parent: id) }
            return id
        }

        /// The model layer of node `id`, or nil for a referenced layer reached
        /// at its original place (it appears only as its holder's mask).
        func build(_ id: Int, holders: [Int: Int], asMask: Bool = false) -> Layer? {
            if !asMask && holders[id] != nil { return nil }
            let node = nodes[id]
            var layer = node.layer
            layer.sublayers = node.sublayers.compactMap { build($0, holders: holders) }
            if let mask = node.inlineMask {
                layer.mask = build(mask, holders: holders, asMask: true)
            } else if node.reference != nil, let target = holders.first(where: { $0.value == id })?.key {
                layer.mask = build(target, holders: holders, asMask: true)
            }
            return layer
        }

        /// Referenced node → the node whose mask it becomes.
        func holdersOfReferencedLayers() throws -> [Int: Int] {
            var holders: [Int: Int] = [:]
            for (id, node) in nodes.enumerated() {
                guard let reference = node.reference else { continue }
                guard let target = nodes.firstIndex(where: { $0.name == reference.name }) else {
                    throw reference.issue("no layer is named \"\(reference.name)\"")
                }
                if let first = holders[target] {
                    throw reference.issue("layer \"\(reference.name)\" is already the mask of \(describe(first)); a layer can mask only one layer")
                }
                holders[target] = id
            }
            return holders
        }

        /// Walks up from each holder (a referenced layer continues at its
        /// holder, any other at its superlayer); reaching the referenced layer
        /// again is a cycle.
        func checkForCycles(holders: [Int: Int]) throws {
            for (target, holder) in holders.sorted(by: { $0.value < $1.value }) {
                var walk: [Int] = []
                var current: Int? = holder
                while let id = current, !walk.contains(id) {
                    walk.append(id)
                    if id == target {
                        let chain = ([target] + walk.dropLast().reversed() + [target]).map(describe)
                        throw nodes[holder].reference!.issue(
                            "mask cycle: \(chain.joined(separator: " → ")) (a layer cannot be masked by itself or by a layer that contains it)")
                    }
                    current = holders[id] ?? nodes[id].parent
                }
            }
        }

        private func describe(_ id: Int) -> String {
            nodes[id].name.map { "\"\($0)\"" } ?? "an unnamed layer"
        }
    }
}
