/// The keyed container of a `TreeDecoder`: the members of one JSON object.
///
/// `allKeys` lists the object's keys in document order (those `Key` accepts).
struct TreeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TreeDecoder
    private var d: JSONDocument { decoder.document }

    init(decoder: TreeDecoder) { self.decoder = decoder }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { d.memberKeys(decoder.index).compactMap { Key(stringValue: d.string($0)) } }

    func contains(_ key: Key) -> Bool { lookup(key) != nil }

    /// The value node of `key`, if the object has it.
    private func lookup(_ key: Key) -> Int? {
        return d.member(key.stringValue, in: decoder.index).map { $0 + 1 }
    }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [AnyCodingKey(key.stringValue)] }

    private func value(_ key: Key) throws -> Int {
        guard let node = lookup(key) else {
            throw DecodingError.keyNotFound(key, .init(
                codingPath: codingPath, debugDescription: "missing required key \"\(key.stringValue)\""))
        }
        return node
    }

    func decodeNil(forKey key: Key) throws -> Bool { d.kind(try value(key)) == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try TreeDecoder.bool(d, value(key), path(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try TreeDecoder.string(d, value(key), path(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try TreeDecoder.double(d, value(key), path(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try TreeDecoder.float(d, value(key), path(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try TreeDecoder.integer(type, d, value(key), path(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try TreeDecoder.integer(type, d, value(key), path(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try TreeDecoder.integer(type, d, value(key), path(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try TreeDecoder.integer(type, d, value(key), path(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try TreeDecoder.integer(type, d, value(key), path(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try TreeDecoder.integer(type, d, value(key), path(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try TreeDecoder.integer(type, d, value(key), path(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try TreeDecoder.integer(type, d, value(key), path(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try TreeDecoder.integer(type, d, value(key), path(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try TreeDecoder.integer(type, d, value(key), path(key)) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try TreeDecoder.decode(type, node: value(key), parent: decoder, component: .key(key.stringValue))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = lookup(key), d.kind(node) != .null else { return nil }
        return try TreeDecoder.decode(type, node: node, parent: decoder, component: .key(key.stringValue))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(value(key), .key(key.stringValue)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(value(key), .key(key.stringValue)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        guard let key = Key(stringValue: "super") else {
            throw DecodingError.keyNotFound(AnyCodingKey("super"), .init(
                codingPath: codingPath, debugDescription: "missing required key \"super\""))
        }
        return try superDecoder(forKey: key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try decoder.child(value(key), .key(key.stringValue))
    }
}
