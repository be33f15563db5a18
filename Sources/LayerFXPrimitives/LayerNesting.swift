/// Checks how a frame's offscreen-layer markers nest (both backends need a
/// well-formed array: every ``ShapeKind/beginLayer`` closed by a
/// ``ShapeKind/composite``, at most one ``ShapeKind/beginMask`` in between,
/// whose composite then says how the mask covers the layer).
public enum LayerNesting {
    /// Why a primitive array is not well formed.
    public struct Error: Swift.Error, CustomStringConvertible {
        public let description: String
    }

    /// Throws when `kinds` do not nest as described above.
    public static func check(_ kinds: [ShapeKind]) throws(Error) {
        _ = try groups(of: kinds)
    }

    /// For each `beginLayer` index, the index of its `composite` and, for a
    /// masked layer, of its `beginMask`.
    public static func groups(of kinds: [ShapeKind]) throws(Error) -> (composites: [Int: Int], masks: [Int: Int]) {
        var open: [(begin: Int, mask: Int?)] = []
        var ends: [Int: Int] = [:], masks: [Int: Int] = [:]
        for (i, kind) in kinds.enumerated() {
            switch kind {
            case .beginLayer:
                open.append((i, nil))
            case .beginMask:
                guard let last = open.last, last.mask == nil else {
                    throw Error(description: "primitive \(i): beginMask outside a layer or after another beginMask")
                }
                open[open.count - 1].mask = i
            case .composite:
                guard let last = open.popLast() else {
                    throw Error(description: "primitive \(i): composite without a beginLayer")
                }
                ends[last.begin] = i
                if let mask = last.mask { masks[last.begin] = mask }
            default:
                break
            }
        }
        if let unclosed = open.last {
            throw Error(description: "primitive \(unclosed.begin): beginLayer never composited")
        }
        return (ends, masks)
    }
}
