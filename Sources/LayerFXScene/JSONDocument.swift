#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A parsed JSON document, stored flat: every value is a `JSONNode` in
/// document order, and the values inside an array or object follow it
/// (object members as a key node, then the value). Nodes hold no references,
/// so building, walking and freeing even a document of millions of values
/// costs a few large allocations.
///
/// Nodes remember the byte offset where they start; line and column are
/// computed only when an error is reported (see `SourceLocation`).
///
/// The nodes and strings live in buffers the document owns, so reading them
/// involves no reference counting.
final class JSONDocument: @unchecked Sendable {
    /// All values; the root is node 0. Allocated with `malloc`, owned.
    let nodes: UnsafeMutablePointer<JSONNode>
    let nodeCount: Int
    /// Contents of string nodes (and object keys), indexed by `JSONNode.payload`.
    let strings: UnsafeMutablePointer<String>
    let stringCount: Int

    /// Takes ownership of `nodes` (from `malloc`, `nodeCount` initialized).
    init(nodes: UnsafeMutablePointer<JSONNode>, nodeCount: Int, strings: [String]) {
        self.nodes = nodes
        self.nodeCount = nodeCount
        self.strings = UnsafeMutablePointer<String>.allocate(capacity: max(strings.count, 1))
        self.strings.initialize(from: strings, count: strings.count)
        stringCount = strings.count
    }

    deinit {
        free(nodes)
        strings.deinitialize(count: stringCount)
        strings.deallocate()
    }

    /// Index of the root value.
    static let root = 0

    @inline(__always) func kind(_ i: Int) -> JSONKind { nodes[i].kind }
    @inline(__always) func offset(_ i: Int) -> Int { Int(nodes[i].offset) }
    /// The number at node `i` (which must be a number).
    @inline(__always) func number(_ i: Int) -> Double { Double(bitPattern: nodes[i].payload) }
    /// The boolean at node `i` (which must be a boolean).
    @inline(__always) func bool(_ i: Int) -> Bool { nodes[i].payload != 0 }
    /// The string at node `i` (which must be a string or a key).
    @inline(__always) func string(_ i: Int) -> String { strings[Int(nodes[i].payload)] }
    /// Number of elements (array) or members (object) of node `i`.
    @inline(__always) func count(_ i: Int) -> Int { Int(nodes[i].count) }
    /// The node after node `i` and everything inside it.
    @inline(__always) func next(_ i: Int) -> Int { Int(nodes[i].end) }

    /// The key node of each member of object `i`; its value is the node after it.
    func memberKeys(_ i: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(count(i))
        var j = i + 1
        for _ in 0..<count(i) {
            result.append(j)
            j = next(j + 1)
        }
        return result
    }

    /// The key node of member `key` of object `i`, if it has one.
    func member(_ key: String, in i: Int) -> Int? {
        var j = i + 1
        for _ in 0..<count(i) {
            if strings[Int(nodes[j].payload)] == key { return j }
            j = next(j + 1)
        }
        return nil
    }

    /// The value one path step below node `i`, if it exists.
    func child(_ component: PathComponent, of i: Int) -> Int? {
        switch (kind(i), component) {
        case (.array, .index(let n)):
            guard n >= 0, n < count(i) else { return nil }
            var j = i + 1
            for _ in 0..<n { j = next(j) }
            return j
        case (.object, .key(let key)):
            return member(key, in: i).map { $0 + 1 }
        default:
            return nil
        }
    }

    /// The path from the root to node `target` (a value node, not a key).
    func path(to target: Int) -> [PathComponent] {
        var path: [PathComponent] = []
        var node = JSONDocument.root
        descent: while node != target, target > node, target < next(node) {
            switch kind(node) {
            case .array:
                var element = node + 1
                for i in 0..<count(node) {
                    if target < next(element) {
                        path.append(.index(i))
                        node = element
                        continue descent
                    }
                    element = next(element)
                }
                break descent
            case .object:
                var key = node + 1
                for _ in 0..<count(node) {
                    if target < next(key + 1) {
                        if target == key { break descent }
                        path.append(.key(string(key)))
                        node = key + 1
                        continue descent
                    }
                    key = next(key + 1)
                }
                break descent
            default:
                break descent
            }
        }
        return path
    }

    /// How node `i` is named in messages: "null", "a number", "an object", ….
    func kindDescription(_ i: Int) -> String {
        switch kind(i) {
        case .bool: bool(i) ? "true" : "false"
        default: kind(i).phrase
        }
    }
}

/// One value of a `JSONDocument`.
struct JSONNode: Sendable {
    var kind: JSONKind
    /// Arrays: element count; objects: member count; otherwise 0.
    var count: Int32
    /// Index of the node after this one's subtree.
    var end: Int32
    /// Byte offset of the value's first character (of a key's opening quote).
    var offset: Int64
    /// Numbers: the `Double`'s bit pattern; booleans: 0 or 1; strings and keys:
    /// an index into `JSONDocument.strings`.
    var payload: UInt64
}

/// The kinds of JSON value.
enum JSONKind: UInt8, Sendable {
    case null, bool, number, string, array, object

    /// How the kind is named in messages: "null", "a number", ….
    var phrase: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
