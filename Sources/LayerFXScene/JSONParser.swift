#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A syntax error found while parsing: where it is and what was expected.
struct JSONSyntaxError: Error, Sendable {
    /// Byte offset of the offending character (the input's length at end of input).
    var offset: Int
    /// The path of the innermost value being parsed.
    var path: [PathComponent]
    var message: String
}

/// A strict RFC 8259 JSON parser that builds a `JSONDocument`.
///
/// Rejects what lenient parsers accept: trailing commas, comments, single
/// quotes, unquoted keys, `NaN`/`Infinity`, leading zeros, control characters
/// in strings, invalid UTF-8, lone surrogates, duplicate keys, and numbers
/// that overflow a `Double` (such as `1e999`). A leading UTF-8 byte order mark
/// is skipped.
struct JSONParser {
    /// Deepest nesting of arrays and objects accepted.
    static let maximumDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Whether `path` is kept up to date (only when re-parsing to report an error).
    var tracksPath = false
    var path: [PathComponent] = []
    /// The nodes built so far, in a `malloc` buffer (handed to the document,
    /// or freed by `parse` on failure).
    var nodes: UnsafeMutablePointer<JSONNode>
    var nodeCount = 0
    var nodeCapacity: Int
    var strings: [String] = []
    /// Recently seen short strings (see `parseString`).
    var internCache = [InternedString](repeating: InternedString(), count: internCacheSize)
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // About one value per 8 bytes in typical scenes.
        nodeCapacity = bytes.count / 8 + 16
        nodes = malloc(nodeCapacity * MemoryLayout<JSONNode>.stride)!.assumingMemoryBound(to: JSONNode.self)
    }

    /// Makes room for one more node.
    @inline(__always)
    mutating func reserveNode() {
        if nodeCount == nodeCapacity {
            nodeCapacity *= 2
            nodes = realloc(nodes, nodeCapacity * MemoryLayout<JSONNode>.stride)!
                .assumingMemoryBound(to: JSONNode.self)
        }
    }

    /// Parses one JSON document that must span the whole input.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONDocument {
        var parser = JSONParser(bytes: bytes)
        do throws(JSONSyntaxError) {
            return try parser.parseDocument()
        } catch {
            free(parser.nodes)
            // Parse again keeping track of the path, which the fast pass does not,
            // to name the value the error is in.
            var tracking = JSONParser(bytes: bytes)
            tracking.tracksPath = true
            defer { free(tracking.nodes) }
            do throws(JSONSyntaxError) {
                _ = try tracking.parseDocument()
            } catch let located {
                throw located
            }
            throw error
        }
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONDocument {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        try skipWhitespace()
        try parseValue()
        try skipWhitespace()
        if index < bytes.count {
            throw error("unexpected \(describe(index)) after the end of the JSON document")
        }
        guard nodeCount < Int32.max else { throw error("the document has too many values", at: 0) }
        return JSONDocument(nodes: nodes, nodeCount: nodeCount, strings: strings)
    }

    /// Appends a node without children.
    @inline(__always)
    mutating func append(_ kind: JSONKind, at offset: Int, payload: UInt64) {
        reserveNode()
        (nodes + nodeCount).initialize(to: JSONNode(kind: kind, count: 0, end: Int32(truncatingIfNeeded: nodeCount + 1),
                                                    offset: Int64(offset), payload: payload))
        nodeCount += 1
    }



    // MARK: - Values

    /// Parses one value and appends its nodes.
    mutating func parseValue() throws(JSONSyntaxError) {
        guard index < bytes.count else {
            throw error("unexpected end of input; expected a JSON value")
        }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"):
            try parseObject()
        case UInt8(ascii: "["):
            try parseArray()
        case UInt8(ascii: "\""):
            append(.string, at: start, payload: UInt64(try parseString()))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            append(.number, at: start, payload: try parseNumber().bitPattern)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            append(.bool, at: start, payload: 1)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            append(.bool, at: start, payload: 0)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            append(.null, at: start, payload: 0)
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error("NaN and Infinity are not valid JSON numbers")
        case UInt8(ascii: "'"):
            throw error("strings must use double quotes")
        default:
            throw error("unexpected \(describe(index)); expected a JSON value")
        }
    }

    /// Appends a container node whose count and end are filled in when it closes.
    mutating func openContainer(_ kind: JSONKind) throws(JSONSyntaxError) -> Int {
        try enterContainer()
        let node = nodeCount
        reserveNode()
        (nodes + nodeCount).initialize(to: JSONNode(kind: kind, count: 0, end: 0, offset: Int64(index), payload: 0))
        nodeCount += 1
        index += 1  // { or [
        return node
    }

    mutating func closeContainer(_ node: Int, count: Int) {
        index += 1  // } or ]
        nodes[node].count = Int32(truncatingIfNeeded: count)
        nodes[node].end = Int32(truncatingIfNeeded: nodeCount)
        leaveContainer()
    }

    mutating func parseObject() throws(JSONSyntaxError) {
        let node = try openContainer(.object)
        try skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            closeContainer(node, count: 0)
            return
        }
        var count = 0
        var seen: Set<String>? = nil
        while true {
            guard index < bytes.count else {
                throw error("unexpected end of input; expected a string key in double quotes")
            }
            guard bytes[index] == UInt8(ascii: "\"") else {
                if bytes[index] == UInt8(ascii: "'") { throw error("strings must use double quotes") }
                throw error("unexpected \(describe(index)); expected a string key in double quotes")
            }
            let keyOffset = index
            let keyIndex = try parseString()
            let key = strings[keyIndex]
            // Duplicate keys: a linear scan for small objects, a set beyond.
            if count < 16 {
                var j = node + 1
                for _ in 0..<count {
                    let other = Int(nodes[j].payload)
                    if other == keyIndex || strings[other] == key {
                        throw error("duplicate key \"\(key)\"", at: keyOffset)
                    }
                    j = Int(nodes[j + 1].end)
                }
            } else {
                if seen == nil {
                    seen = []
                    var j = node + 1
                    for _ in 0..<count {
                        seen!.insert(strings[Int(nodes[j].payload)])
                        j = Int(nodes[j + 1].end)
                    }
                }
                if !seen!.insert(key).inserted {
                    throw error("duplicate key \"\(key)\"", at: keyOffset)
                }
            }
            append(.string, at: keyOffset, payload: UInt64(keyIndex))
            try skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error(index < bytes.count
                    ? "unexpected \(describe(index)); expected ':' after the key \"\(key)\""
                    : "unexpected end of input; expected ':' after the key \"\(key)\"")
            }
            index += 1
            try skipWhitespace()
            if tracksPath { path.append(.key(key)) }
            try parseValue()
            if tracksPath { path.removeLast() }
            count += 1
            try skipWhitespace()
            guard index < bytes.count else {
                throw error("unexpected end of input; expected ',' or '}'")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "}") {
                closeContainer(node, count: count)
                return
            }
            guard byte == UInt8(ascii: ",") else {
                throw error("unexpected \(describe(index)); expected ',' or '}'")
            }
            let comma = index
            index += 1
            try skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                throw error("trailing comma is not allowed", at: comma)
            }
        }
    }

    mutating func parseArray() throws(JSONSyntaxError) {
        let node = try openContainer(.array)
        try skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            closeContainer(node, count: 0)
            return
        }
        var count = 0
        if tracksPath { path.append(.index(0)) }
        while true {
            if tracksPath { path[path.count - 1] = .index(count) }
            try parseValue()
            count += 1
            try skipWhitespace()
            if tracksPath, index >= bytes.count || bytes[index] != UInt8(ascii: ",") {
                path.removeLast()  // errors below are about the array itself
            }
            guard index < bytes.count else {
                throw error("unexpected end of input; expected ',' or ']'")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "]") {
                closeContainer(node, count: count)
                return
            }
            guard byte == UInt8(ascii: ",") else {
                throw error("unexpected \(describe(index)); expected ',' or ']'")
            }
            let comma = index
            index += 1
            try skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                if tracksPath { path.removeLast() }
                throw error("trailing comma is not allowed", at: comma)
            }
        }
    }

    mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("arrays and objects are nested more than \(Self.maximumDepth) levels deep")
        }
    }

    mutating func leaveContainer() { depth -= 1 }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = index
        let count = literal.utf8CodeUnitCount
        var matches = bytes.count - start >= count
        if matches {
            let text = literal.utf8Start
            for k in 0..<count where bytes[start + k] != text[k] {
                matches = false
                break
            }
        }
        // A literal must not run into more letters ("nullx", "trueish").
        if matches, start + count < bytes.count, isIdentifierByte(bytes[start + count]) {
            matches = false
        }
        guard matches else {
            throw error("unexpected \(describeWord(start)); expected a JSON value")
        }
        index += count
    }

    // MARK: - Helpers

    mutating func skipWhitespace() throws(JSONSyntaxError) {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                index += 1
            case UInt8(ascii: "/"):
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*") {
                    throw error("comments are not allowed in JSON")
                }
                return
            default:
                return
            }
        }
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || isDigit(byte) || byte == UInt8(ascii: "_")
    }

    func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    func hex4(_ value: Int) -> String {
        let s = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }

    /// Names the character at `offset` for a message: `character "x"`, `end of input`.
    func describe(_ offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return "character U+\(hex4(Int(byte)))" }
        return "non-ASCII character"
    }

    /// Names the word starting at `offset` for a message: `"nul"`, `"True"`.
    func describeWord(_ offset: Int) -> String {
        var end = offset
        while end < bytes.count, end - offset < 20,
              isIdentifierByte(bytes[end]) || bytes[end] == UInt8(ascii: ".")
                || bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") {
            end += 1
        }
        if end == offset { return describe(offset) }
        return "\"" + String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self) + "\""
    }

    func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? index, path: path, message: message)
    }

    /// One slot of the string cache: where a string's bytes first occurred.
    struct InternedString {
        var hash: UInt64 = 0
        var offset = 0
        var length = -1
        var index = 0
    }

    static let internCacheSize = 1024
}
