/// A `SceneValue` reading node `node` of a parsed `JSONDocument` directly.
///
/// It holds no path: errors name the node, and `SceneError` finds the node's
/// JSON path by walking down from the root. The document must outlive the
/// value (it is referenced without retaining it, which keeps reading free of
/// reference counting); `SceneLoader` keeps it alive while decoding.
struct TreeValue: SceneValue {
    unowned(unsafe) let document: JSONDocument
    let node: Int

    init(document: JSONDocument, node: Int) {
        self.document = document
        self.node = node
    }

    var kind: JSONKind { document.kind(node) }
    var kindDescription: String { document.kindDescription(node) }

    func number() throws -> Double {
        guard kind == .number else { throw mismatch("a number") }
        return document.number(node)
    }

    func bool() throws -> Bool {
        guard kind == .bool else { throw mismatch("true or false") }
        return document.bool(node)
    }

    func string() throws -> String {
        guard kind == .string else { throw mismatch("a string") }
        return document.string(node)
    }

    func object() throws -> TreeObject {
        guard kind == .object else { throw mismatch("an object") }
        return TreeObject(document: document, node: node)
    }

    func elementCount() throws -> Int {
        guard kind == .array else { throw mismatch("an array") }
        return document.count(node)
    }

    func forEachElement(_ body: (Int, TreeValue) throws -> Void) throws {
        let count = try elementCount()
        var element = node + 1
        for i in 0..<count {
            try body(i, TreeValue(document: document, node: element))
            element = document.next(element)
        }
    }

    func numbers(_ counts: ClosedRange<Int>, expected: String) throws -> SmallNumbers {
        guard kind == .array else { throw issue("expected \(expected)") }
        let count = document.count(node)
        guard counts.contains(count) else {
            throw issue("expected \(expected), found an array of \(count) element\(count == 1 ? "" : "s")")
        }
        var result = SmallNumbers()
        var element = node + 1
        for _ in 0..<count {
            guard document.kind(element) == .number else {
                throw TreeValue(document: document, node: element).mismatch("a number")
            }
            result.append(document.number(element))
            element = document.next(element)
        }
        return result
    }

    func issue(_ message: String) -> DecodingIssue {
        DecodingIssue(node: node, message)
    }
}

/// The members of an object node of a `JSONDocument`.
struct TreeObject: SceneObject {
    unowned(unsafe) let document: JSONDocument
    let node: Int

    func forEachMember(_ body: (MemberKey, TreeValue) throws -> Void) throws {
        var key = node + 1
        for _ in 0..<document.count(node) {
            try body(MemberKey(name: document.string(key), token: key), TreeValue(document: document, node: key + 1))
            key = document.next(key + 1)
        }
    }

    func member(_ name: String) -> TreeValue? {
        document.member(name, in: node).map { TreeValue(document: document, node: $0 + 1) }
    }

    func issue(_ message: String) -> DecodingIssue {
        DecodingIssue(node: node, message)
    }

    func issue(aboutKey key: MemberKey, _ message: String) -> DecodingIssue {
        DecodingIssue(node: node, message, memberKey: key.name)
    }
}
