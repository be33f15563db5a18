/// A `SceneValue` reading through any `Decoder`'s containers, so the scene
/// document types decode with any decoder (Foundation's `JSONDecoder`, or
/// `TreeDecoder` through its containers). Errors carry the coding path.
struct DecoderValue: SceneValue {
    let decoder: any Decoder

    var kind: JSONKind { decoder.jsonKind }

    var kindDescription: String {
        if kind == .bool, let b = try? decoder.singleValueContainer().decode(Bool.self) { return b ? "true" : "false" }
        return kind.phrase
    }

    func number() throws -> Double {
        guard kind == .number else { throw mismatch("a number") }
        let value = try decoder.singleValueContainer().decode(Double.self)
        guard value.isFinite else { throw issue("number out of range") }
        return value
    }

    func bool() throws -> Bool {
        guard kind == .bool else { throw mismatch("true or false") }
        return try decoder.singleValueContainer().decode(Bool.self)
    }

    func string() throws -> String {
        guard kind == .string else { throw mismatch("a string") }
        return try decoder.singleValueContainer().decode(String.self)
    }

    func object() throws -> DecoderObject {
        guard kind == .object else { throw mismatch("an object") }
        return DecoderObject(decoder: decoder, container: try decoder.container(keyedBy: AnyCodingKey.self))
    }

    func elementCount() throws -> Int {
        guard kind == .array else { throw mismatch("an array") }
        return try decoder.unkeyedContainer().count ?? 0
    }

    func forEachElement(_ body: (Int, DecoderValue) throws -> Void) throws {
        guard kind == .array else { throw mismatch("an array") }
        var elements = try decoder.unkeyedContainer()
        var i = 0
        while !elements.isAtEnd {
            try body(i, DecoderValue(decoder: try elements.superDecoder()))
            i += 1
        }
    }

    func issue(_ message: String) -> DecodingIssue {
        DecodingIssue(decoder.codingPath, message)
    }
}

/// The members of an object read through a keyed container.
struct DecoderObject: SceneObject {
    let decoder: any Decoder
    let container: KeyedDecodingContainer<AnyCodingKey>

    func forEachMember(_ body: (MemberKey, DecoderValue) throws -> Void) throws {
        for key in container.allKeys {
            try body(MemberKey(name: key.stringValue), DecoderValue(decoder: try container.superDecoder(forKey: key)))
        }
    }

    func member(_ name: String) -> DecoderValue? {
        let key = AnyCodingKey(name)
        guard container.contains(key), let decoder = try? container.superDecoder(forKey: key) else { return nil }
        return DecoderValue(decoder: decoder)
    }

    func issue(_ message: String) -> DecodingIssue {
        DecodingIssue(decoder.codingPath, message)
    }

    func issue(aboutKey key: MemberKey, _ message: String) -> DecodingIssue {
        DecodingIssue(decoder.codingPath, message, memberKey: key.name)
    }
}

extension Decoder {
    /// The value this decoder holds as a `TreeValue`, when it is a `TreeDecoder`:
    /// the document types then read the parsed document directly.
    var treeValue: TreeValue? {
        treeDecoder.map { TreeValue(document: $0.document, node: $0.index) }
    }
}
