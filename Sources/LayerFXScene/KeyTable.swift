/// Finds the case of a `String`-backed enum named by a key, for the handful of
/// keys one kind of JSON object has. Keys are bucketed by length and first
/// byte, so a lookup is usually one string comparison, and no hashing.
struct KeyTable<Key: RawRepresentable & CaseIterable> where Key.RawValue == String {
    private var buckets: [[(name: String, key: Key)]]

    init() {
        buckets = Array(repeating: [], count: 32 * 32)
        for key in Key.allCases {
            buckets[Self.bucket(key.rawValue)].append((key.rawValue, key))
        }
    }

    @inline(__always)
    private static func bucket(_ name: String) -> Int {
        let utf8 = name.utf8
        return (utf8.count & 31) << 5 | Int((utf8.first ?? 0) & 31)
    }

    /// The case named `name`, if there is one.
    func callAsFunction(_ name: String) -> Key? {
        for entry in buckets[Self.bucket(name)] where entry.name == name { return entry.key }
        return nil
    }
}

extension KeyTable: Sendable where Key: Sendable {}
