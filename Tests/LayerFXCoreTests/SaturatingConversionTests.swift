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

    /// `Int`'s concrete conversions from `Float` and `Double` give what the
    /// generic one gives, around both ends of the range and elsewhere.
    @Test func concreteIntConversionsMatchTheGenericOne() {
        func generic<F: BinaryFloatingPoint>(_ value: F) -> Int { Int(saturating: value) }
        func genericRounded<F: BinaryFloatingPoint>(_ value: F) -> Int { Int(saturating: value, rounding: .up) }
        let floats: [Float] = [0x1p63, Float(0x1p63).nextDown, -0x1p63, Float(-0x1p63).nextUp, Float(-0x1p63).nextDown,
                               .infinity, -.infinity, .nan, 0, -0.0, 2.5, -2.5, .leastNonzeroMagnitude, 123456.7,
                               .greatestFiniteMagnitude]
        for value in floats {
            #expect(Int(saturating: value) == generic(value), "\(value)")
            #expect(Int(saturating: value, rounding: .up) == genericRounded(value), "\(value)")
        }
        let doubles: [Double] = [0x1p63, Double(0x1p63).nextDown, -0x1p63, Double(-0x1p63).nextUp,
                                 Double(-0x1p63).nextDown, .infinity, -.infinity, .nan, 0, -2.5, 1e300, 4503599627370497]
        for value in doubles {
            #expect(Int(saturating: value) == generic(value), "\(value)")
            #expect(Int(saturating: value, rounding: .up) == genericRounded(value), "\(value)")
        }
    }
}
