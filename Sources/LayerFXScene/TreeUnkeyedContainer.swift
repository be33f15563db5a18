/// The unkeyed container of a `TreeDecoder`: the elements of one JSON array.
struct TreeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: TreeDecoder
    private(set) var currentIndex = 0
    /// Node of the element at `currentIndex`.
    private var cursor: Int
    let count: Int?
    private var d: JSONDocument { decoder.document }

    init(decoder: TreeDecoder) {
        self.decoder = decoder
        cursor = decoder.index + 1
        count = decoder.document.count(decoder.index)
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var isAtEnd: Bool { currentIndex >= count! }

    private var elementPath: [any CodingKey] { codingPath + [IndexCodingKey(currentIndex)] }

    /// The node of the next element; throws when the array has no more.
    private func next(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(
                codingPath: elementPath,
                debugDescription: "expected more elements; the array has only \(count!)"))
        }
        return cursor
    }

    private mutating func advance() {
        cursor = d.next(cursor)
        currentIndex += 1
    }

    private mutating func take<T>(_ type: T.Type,
                                  _ unbox: (JSONDocument, Int, @autoclosure () -> [any CodingKey]) throws -> T) throws -> T {
        let node = try next(type)
        let result = try unbox(d, node, elementPath)
        advance()
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard d.kind(try next(Never.self)) == .null else { return false }
        advance()
        return true
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try take(type) { try TreeDecoder.bool($0, $1, $2()) } }
    mutating func decode(_ type: String.Type) throws -> String { try take(type) { try TreeDecoder.string($0, $1, $2()) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try take(type) { try TreeDecoder.double($0, $1, $2()) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try take(type) { try TreeDecoder.float($0, $1, $2()) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try take(type) { try TreeDecoder.integer(type, $0, $1, $2()) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try take(type) { try TreeDecoder.integer(type, $0, $1, $2()) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try take(type) { try TreeDecoder.integer(type, $0, $1, $2()) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try take(type) { try TreeDecoder.integer(type, $0, $1, $2()) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try take(type) { try TreeDecoder.integer(type, $0, $1, $2()) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try take(type) { try TreeDecoder.integer(type, $0, $1, $2()) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try take(type) { try TreeDecoder.integer(type, $0, $1, $2()) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try take(type) { try TreeDecoder.integer(type, $0, $1, $2()) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try take(type) { try TreeDecoder.integer(type, $0, $1, $2()) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try take(type) { try TreeDecoder.integer(type, $0, $1, $2()) } }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let node = try next(type)
        let result = try TreeDecoder.decode(type, node: node, parent: decoder, component: .index(currentIndex))
        advance()
        return result
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try decoder.child(next(type), .index(currentIndex)).container(keyedBy: type)
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try decoder.child(next([Any].self), .index(currentIndex)).unkeyedContainer()
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let child = try decoder.child(next(Any.self), .index(currentIndex))
        advance()
        return child
    }
}
