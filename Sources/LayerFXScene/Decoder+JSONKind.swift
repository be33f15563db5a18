extension Decoder {
    /// This decoder as a `TreeDecoder`, if it is one.
    var treeDecoder: TreeDecoder? { self as? TreeDecoder }

    /// The kind of value this decoder holds. A `TreeDecoder` knows it; other
    /// decoders are probed by trying containers in turn. Values that take
    /// several JSON forms (colors, paths, transforms) switch on it.
    var jsonKind: JSONKind {
        if let tree = treeDecoder { return tree.document.kind(tree.index) }
        if let single = try? singleValueContainer() {
            if single.decodeNil() { return .null }
            if (try? single.decode(String.self)) != nil { return .string }
            if (try? single.decode(Bool.self)) != nil { return .bool }
            if (try? single.decode(Double.self)) != nil { return .number }
        }
        if (try? unkeyedContainer()) != nil { return .array }
        return .object
    }
}
