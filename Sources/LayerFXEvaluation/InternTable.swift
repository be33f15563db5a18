/// Values kept once, each found again by value: what a ``CompiledScene``
/// shares between layers (their timing, their static transform, their
/// channels). Two values are one entry only when they hold the same bits
/// (`sameBits`), which `==` does not check (0 equals −0), so sharing never
/// changes a number the evaluation reads.
struct InternTable<Value: Hashable> {
    /// The distinct values, in the order they were first interned.
    private(set) var values: [Value] = []
    /// The first entry of each value (by `==`).
    private var index: [Value: UInt32] = [:]
    /// The later entries of values equal to an earlier one but not the
    /// same bits (0 after −0), rare.
    private var others: [Value: [UInt32]] = [:]
    private let sameBits: (Value, Value) -> Bool

    /// An empty table whose entries are shared by values for which `sameBits` holds.
    init(sameBits: @escaping (Value, Value) -> Bool) { self.sameBits = sameBits }

    /// The index of `value` in ``values``, appending it when it is new;
    /// nil when the table holds `UInt32.max` values already. A value with
    /// NaN in it equals nothing, so it always gets an entry of its own.
    mutating func intern(_ value: Value) -> UInt32? {
        let first = index[value]
        if let first {
            if sameBits(values[Int(first)], value) { return first }
            if let match = others[value]?.first(where: { sameBits(values[Int($0)], value) }) { return match }
        }
        guard values.count < Int(UInt32.max) else { return nil }
        let i = UInt32(values.count)
        values.append(value)
        if first == nil { index[value] = i } else { others[value, default: []].append(i) }
        return i
    }
}
