/// A `Decoder` over one value of a parsed `JSONDocument`.
///
/// Each decoder links to its parent, so coding paths are built only when an
/// error needs one. Type mismatches are reported as `DecodingError`s whose
/// messages read "expected a number, found a string"; `SceneError` later adds
/// the JSON path and the line and column of the value.
final class TreeDecoder: Decoder {
    let document: JSONDocument
    /// The value's node in `document`.
    let index: Int
    let parent: TreeDecoder?
    /// The step from `parent` to this value; `nil` for the root.
    let component: PathComponent?

    init(document: JSONDocument, index: Int = JSONDocument.root, parent: TreeDecoder? = nil,
         component: PathComponent? = nil) {
        self.document = document
        self.index = index
        self.parent = parent
        self.component = component
    }

    /// The path from the root to this value.
    var path: [PathComponent] {
        var components: [PathComponent] = []
        var decoder: TreeDecoder? = self
        while let d = decoder, let c = d.component {
            components.append(c)
            decoder = d.parent
        }
        return components.reversed()
    }

    var codingPath: [any CodingKey] { path.map(\.codingKey) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard document.kind(index) == .object else {
            throw Self.mismatch([String: Any].self, "an object", document, index, path: codingPath)
        }
        if Key.self == AnyCodingKey.self {
            // The common case, with the container's generic types known statically.
            let container = KeyedDecodingContainer(TreeKeyedContainer<AnyCodingKey>(decoder: self))
            return unsafeBitCast(container, to: KeyedDecodingContainer<Key>.self)
        }
        return KeyedDecodingContainer(TreeKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard document.kind(index) == .array else {
            throw Self.mismatch([Any].self, "an array", document, index, path: codingPath)
        }
        return TreeUnkeyedContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TreeSingleValueContainer(decoder: self)
    }

    /// A decoder for node `node` below this value.
    func child(_ node: Int, _ component: PathComponent) -> TreeDecoder {
        TreeDecoder(document: document, index: node, parent: self, component: component)
    }

    // MARK: - Unboxing (shared by the containers)

    static func mismatch(_ type: Any.Type, _ expected: String, _ d: JSONDocument, _ i: Int,
                         path: [any CodingKey]) -> DecodingError {
        let context = DecodingError.Context(
            codingPath: path, debugDescription: "expected \(expected), found \(d.kindDescription(i))")
        if d.kind(i) == .null { return .valueNotFound(type, context) }
        return .typeMismatch(type, context)
    }

    static func bool(_ d: JSONDocument, _ i: Int, _ path: @autoclosure () -> [any CodingKey]) throws -> Bool {
        guard d.kind(i) == .bool else { throw mismatch(Bool.self, "true or false", d, i, path: path()) }
        return d.bool(i)
    }

    static func string(_ d: JSONDocument, _ i: Int, _ path: @autoclosure () -> [any CodingKey]) throws -> String {
        guard d.kind(i) == .string else { throw mismatch(String.self, "a string", d, i, path: path()) }
        return d.string(i)
    }

    static func double(_ d: JSONDocument, _ i: Int, _ path: @autoclosure () -> [any CodingKey]) throws -> Double {
        guard d.kind(i) == .number else { throw mismatch(Double.self, "a number", d, i, path: path()) }
        return d.number(i)
    }

    static func float(_ d: JSONDocument, _ i: Int, _ path: @autoclosure () -> [any CodingKey]) throws -> Float {
        let f = Float(try double(d, i, path()))
        guard f.isFinite else {
            throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "number out of range"))
        }
        return f
    }

    static func integer<T: FixedWidthInteger>(_ type: T.Type, _ d: JSONDocument, _ i: Int,
                                              _ path: @autoclosure () -> [any CodingKey]) throws -> T {
        guard d.kind(i) == .number else { throw mismatch(T.self, "an integer", d, i, path: path()) }
        let value = d.number(i)
        guard let result = T(exactly: value) else {
            let what = value.rounded() == value ? "number out of range" : "expected an integer, found \(value)"
            throw DecodingError.typeMismatch(T.self, .init(codingPath: path(), debugDescription: what))
        }
        return result
    }

    /// Decodes `T` from node `node` below `parent`, taking the common scalar
    /// types without a nested decoder.
    static func decode<T: Decodable>(_ type: T.Type, node: Int, parent: TreeDecoder,
                                     component: PathComponent) throws -> T {
        let d = parent.document
        let path = { parent.codingPath + [component.codingKey] }
        // T is the type compared, so the casts hold.
        if T.self == Double.self { return unsafeBitCast(try double(d, node, path()), to: T.self) }
        if T.self == String.self { return unsafeBitCast(try string(d, node, path()), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try bool(d, node, path()), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try integer(Int.self, d, node, path()), to: T.self) }
        return try T(from: parent.child(node, component))
    }
}

/// The single-value container of a `TreeDecoder`.
struct TreeSingleValueContainer: SingleValueDecodingContainer {
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    private var d: JSONDocument { decoder.document }
    private var i: Int { decoder.index }

    init(decoder: TreeDecoder) { self.decoder = decoder }

    func decodeNil() -> Bool { d.kind(i) == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try TreeDecoder.bool(d, i, codingPath) }
    func decode(_ type: String.Type) throws -> String { try TreeDecoder.string(d, i, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try TreeDecoder.double(d, i, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try TreeDecoder.float(d, i, codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try TreeDecoder.integer(type, d, i, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try TreeDecoder.integer(type, d, i, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try TreeDecoder.integer(type, d, i, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try TreeDecoder.integer(type, d, i, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try TreeDecoder.integer(type, d, i, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try TreeDecoder.integer(type, d, i, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try TreeDecoder.integer(type, d, i, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try TreeDecoder.integer(type, d, i, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try TreeDecoder.integer(type, d, i, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try TreeDecoder.integer(type, d, i, codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == Double.self { return unsafeBitCast(try TreeDecoder.double(d, i, codingPath), to: T.self) }
        if T.self == String.self { return unsafeBitCast(try TreeDecoder.string(d, i, codingPath), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try TreeDecoder.bool(d, i, codingPath), to: T.self) }
        return try T(from: decoder)
    }
}
