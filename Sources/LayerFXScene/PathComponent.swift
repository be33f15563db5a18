/// One step of a JSON path: an object key or an array index.
enum PathComponent: Hashable, Sendable {
    case key(String)
    case index(Int)

    /// The step as a `CodingKey` (an `AnyCodingKey` or an `IndexCodingKey`).
    var codingKey: any CodingKey {
        switch self {
        case .key(let k): AnyCodingKey(k)
        case .index(let i): IndexCodingKey(i)
        }
    }

    /// The step for a `CodingKey`: keys with an integer value are array indices.
    init(_ key: any CodingKey) {
        if let i = key.intValue { self = .index(i) } else { self = .key(key.stringValue) }
    }

    /// Longest path shown in full; deeper paths keep their first and last
    /// `elidedEnds` steps around a `…`, so an error line stays short.
    static let longestShownPath = 24
    static let elidedEnds = 8

    /// Formats a path the way messages show it: `layers[2].animations[0].keyPath`;
    /// the empty path (the document root) is "". Paths deeper than
    /// `longestShownPath` steps show their ends: `[0][0]…[0][0]`.
    static func format(_ path: [PathComponent]) -> String {
        guard path.count <= longestShownPath else {
            return format(path.prefix(elidedEnds), continuing: "") + format(path.suffix(elidedEnds), continuing: "…")
        }
        return format(path[...], continuing: "")
    }

    /// `prefix` followed by `path`, with a dot before a key unless it comes first.
    private static func format(_ path: ArraySlice<PathComponent>, continuing prefix: String) -> String {
        var out = prefix
        for component in path {
            switch component {
            case .key(let k):
                if !out.isEmpty { out += "." }
                out += k
            case .index(let i):
                out += "[\(i)]"
            }
        }
        return out
    }
}

/// A coding key for any object key, used to see every key an object has.
struct AnyCodingKey: CodingKey, Hashable, Sendable {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

/// A coding key for an array index.
struct IndexCodingKey: CodingKey, Hashable, Sendable {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}
