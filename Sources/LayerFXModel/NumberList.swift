/// A list of numbers (`locations`, `lineDashPattern`): an array, except that
/// up to ``inlineCapacity`` numbers are held inline, so making or
/// interpolating a short list (a gradient's stops, a dash pattern)
/// allocates nothing.
public struct NumberList: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    /// The most numbers held without an array.
    public static let inlineCapacity = 8

    /// Up to `inlineCapacity` numbers inline (the first `count` of the
    /// vector), or more in an array.
    private enum Storage: Sendable {
        case inline(count: Int, SIMD8<Double>)
        case array([Double])
    }

    private var storage: Storage

    /// The list of `count` numbers whose i-th is `number(i)` (no number for a count below 1).
    public init(count: Int, _ number: (Int) -> Double) {
        if count <= Self.inlineCapacity {
            let count = Swift.max(count, 0)
            var values = SIMD8<Double>()
            for i in 0..<count { values[i] = number(i) }
            storage = .inline(count: count, values)
        } else {
            storage = .array((0..<count).map(number))
        }
    }

    /// The numbers of `numbers`, in order.
    public init(_ numbers: some Sequence<Double>) {
        let array = Array(numbers)
        self.init(count: array.count) { array[$0] }
    }

    /// The listed numbers.
    public init(arrayLiteral numbers: Double...) { self.init(numbers) }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .inline(let count, _): count
        case .array(let array): array.count
        }
    }

    public subscript(position: Int) -> Double {
        switch storage {
        case .inline(let count, let values):
            precondition(position >= 0 && position < count, "NumberList index out of range")
            return values[position]
        case .array(let array): return array[position]
        }
    }

    /// Equal when they hold the same numbers (as `Double` compares them) in the same order.
    public static func == (lhs: NumberList, rhs: NumberList) -> Bool { lhs.elementsEqual(rhs) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for number in self { hasher.combine(number) }
    }
}
