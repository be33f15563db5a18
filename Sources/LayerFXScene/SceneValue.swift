import LayerFXCore

/// Read access to one JSON value, as the scene document types decode it.
///
/// The document types (`SceneDocument`, `LayerDocument`, …) are `Decodable`;
/// their logic is written once against this protocol and runs on one of two
/// readers: `TreeValue`, which reads SceneLoader's parsed `JSONDocument`
/// directly (no allocation per value, errors located by node), and
/// `DecoderValue`, which reads through any `Decoder`'s containers.
protocol SceneValue {
    associatedtype Object: SceneObject where Object.Value == Self

    var kind: JSONKind { get }
    /// How the value is named in messages: "null", "a number", "true", ….
    var kindDescription: String { get }

    /// The numbers of an array of `counts` numbers (at most 6); `expected`
    /// names the value in the error when it is no such array (e.g. "a point [x, y]").
    func numbers(_ counts: ClosedRange<Int>, expected: String) throws -> SmallNumbers

    /// The value as a number; an error unless it is one.
    func number() throws -> Double
    /// The value as a boolean; an error unless it is one.
    func bool() throws -> Bool
    /// The value as a string; an error unless it is one.
    func string() throws -> String
    /// The value as an object; an error unless it is one.
    func object() throws -> Object
    /// Number of elements; an error unless the value is an array.
    func elementCount() throws -> Int
    /// Calls `body` with each element's index and value; an error unless the value is an array.
    func forEachElement(_ body: (Int, Self) throws -> Void) throws

    /// An error about this value.
    func issue(_ message: String) -> DecodingIssue
}

/// The members of one JSON object.
protocol SceneObject {
    associatedtype Value: SceneValue

    /// Calls `body` with each member in document order.
    func forEachMember(_ body: (MemberKey, Value) throws -> Void) throws
    /// The value of the member named `name`, if there is one.
    func member(_ name: String) -> Value?

    /// An error about the object.
    func issue(_ message: String) -> DecodingIssue
    /// An error about one of its keys (the path names the object, the position the key).
    func issue(aboutKey key: MemberKey, _ message: String) -> DecodingIssue
}

/// An object key as met while iterating an object.
struct MemberKey {
    var name: String
    /// Reader-specific: the key's node in a `JSONDocument`, or -1.
    var token: Int = -1
}

extension SceneValue {
    /// "expected …, found …" about this value.
    func mismatch(_ expected: String) -> DecodingIssue {
        issue("expected \(expected), found \(kindDescription)")
    }

    /// The value as an integer; an error unless it is a whole number in range.
    func integer() throws -> Int {
        let value = try number()
        guard let result = Int(exactly: value) else {
            throw issue(value.rounded() == value ? "number out of range" : "expected an integer, found \(value.numberText)")
        }
        return result
    }

    func numbers(_ counts: ClosedRange<Int>, expected: String) throws -> SmallNumbers {
        guard kind == .array else { throw issue("expected \(expected)") }
        let count = try elementCount()
        guard counts.contains(count) else {
            throw issue("expected \(expected), found an array of \(count) element\(count == 1 ? "" : "s")")
        }
        var result = SmallNumbers()
        try forEachElement { _, element in result.append(try element.number()) }
        return result
    }

    /// The number, checked against `constraint`.
    func number(_ constraint: NumberConstraint) throws -> Double {
        let value = try number()
        if let problem = constraint.violation(value) { throw issue(problem) }
        return value
    }

    /// The elements, each read by `read`.
    func array<T>(_ read: (Self) throws -> T) throws -> [T] {
        var result: [T] = []
        result.reserveCapacity(try elementCount())
        try forEachElement { _, element in result.append(try read(element)) }
        return result
    }

    /// The case of `cases` whose raw value is this string; `what` names the
    /// kind of value in the error ("fill mode").
    func name<T: RawRepresentable>(_ what: String, _ cases: [T]) throws -> T where T.RawValue == String {
        try name(what, cases, spelled: \.rawValue)
    }

    /// The case of `cases` that `spelled` writes as this string; `what` names
    /// the kind of value in the error ("fill rule").
    func name<T>(_ what: String, _ cases: [T], spelled: (T) -> String) throws -> T {
        let name = try string()
        guard let value = cases.first(where: { spelled($0) == name }) else {
            throw issue(StrictKeys.unknownName(what, name, options: cases.map(spelled)))
        }
        return value
    }
}

extension SceneObject {
    /// The value of the required member `name`.
    func required(_ name: String) throws -> Value {
        guard let value = member(name) else { throw issue("missing required key \"\(name)\"") }
        return value
    }
}

/// Up to six numbers without a heap allocation (points, sizes, rects, colors,
/// matrices).
struct SmallNumbers: RandomAccessCollection {
    private var storage: (Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0)
    private(set) var count = 0

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(i: Int) -> Double {
        precondition(i >= 0 && i < count, "index out of range")
        switch i {
        case 0: return storage.0
        case 1: return storage.1
        case 2: return storage.2
        case 3: return storage.3
        case 4: return storage.4
        default: return storage.5
        }
    }

    mutating func append(_ value: Double) {
        precondition(count < 6, "SmallNumbers holds at most 6 numbers")
        switch count {
        case 0: storage.0 = value
        case 1: storage.1 = value
        case 2: storage.2 = value
        case 3: storage.3 = value
        case 4: storage.4 = value
        default: storage.5 = value
        }
        count += 1
    }
}

/// A document type written once against `SceneValue`: conforming supplies
/// `init(_:)`, and `Decodable` reads through `TreeValue` when the decoder is
/// SceneLoader's `TreeDecoder`, otherwise through `DecoderValue`.
protocol SceneValueDecodable: Decodable {
    init<V: SceneValue>(_ value: V) throws
}

extension SceneValueDecodable {
    init(from decoder: any Decoder) throws {
        if let tree = decoder.treeValue { try self.init(tree) } else { try self.init(DecoderValue(decoder: decoder)) }
    }
}
