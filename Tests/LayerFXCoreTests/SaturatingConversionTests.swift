import LayerFXCore
import Testing

/// `init(saturating:)`: every floating-point value becomes an integer without trapping.
struct SaturatingConversionTests {
    @Test(arguments: [
        (1e30, Int.max), (-1e30, Int.min), (Double.infinity, Int.max), (-Double.infinity, Int.min),
        (Double.nan, 0), (9.223372036854775807e18, Int.max), (-9.223372036854775808e18, Int.min),
        (2.9, 2), (-2.9, -2), (0, 0), (Double.leastNonzeroMagnitude, 0), (1e300, Int.max),
    ])
    func doubleToInt(_ value: Double, _ expected: Int) {
        #expect(Int(saturating: value) == expected)
    }

    @Test func floatToNarrowIntegers() {
        #expect(Int32(saturating: Float(3e9)) == Int32.max)
        #expect(Int32(saturating: -Float.infinity) == Int32.min)
        #expect(UInt8(saturating: Float(-1)) == 0)
        #expect(UInt8(saturating: Float(255.7)) == 255)
        #expect(UInt8(saturating: Float(256)) == 255)
        #expect(UInt32(saturating: Float.nan) == 0)
        #expect(Int(saturating: Float.greatestFiniteMagnitude) == Int.max)
    }

    @Test func roundingFirst() {
        #expect(Int(saturating: 2.5, rounding: .up) == 3)
        #expect(Int(saturating: -2.5, rounding: .down) == -3)
        #expect(Int(saturating: 1e20, rounding: .toNearestOrEven) == Int.max)
        #expect(Int(saturating: Double.nan, rounding: .up) == 0)
    }
}
