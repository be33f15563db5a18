/// Reads the fuzz input front to back; past its end every read is zero.
struct ByteReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// `count` little-endian bytes as an unsigned integer.
    private mutating func integer(bytes count: Int) -> UInt64 {
        (0..<count).reduce(0) { value, shift in value | UInt64(byte()) << (8 * UInt64(shift)) }
    }

    mutating func uint32() -> UInt32 { UInt32(truncatingIfNeeded: integer(bytes: 4)) }
    mutating func int32() -> Int32 { Int32(bitPattern: uint32()) }
    mutating func uint64() -> UInt64 { integer(bytes: 8) }

    /// Up to `limit` bytes: a length byte pair, then that many bytes (fewer at the end).
    mutating func chunk(limit: Int) -> ArraySlice<UInt8> {
        let length = min(Int(integer(bytes: 2)), limit, bytes.count - min(index, bytes.count))
        defer { index += length }
        return bytes[index..<index + length]
    }

    /// An interesting double most of the time, otherwise raw bits.
    mutating func double() -> Double {
        let choice = Int(byte())
        let interesting: [Double] = [
            0, -0.0, 0.37, 1, 1.5, 2, 0.5, 0.01, 1e-300, -1, 1e3, 1e9, 1e30, 1e300, -1e308,
            .infinity, -.infinity, .nan, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
        ]
        return choice < interesting.count ? interesting[choice] : Double(bitPattern: uint64())
    }

    /// One of `values` picked by the next byte.
    mutating func pick<T>(_ values: [T]) -> T { values[Int(byte()) % values.count] }
}
