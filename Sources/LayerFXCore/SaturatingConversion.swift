/// Conversions from floating-point values to integers that never trap.
///
/// Scene files can hold any finite number, and arithmetic on them can give
/// infinities and NaNs. Swift's `Int(someDouble)` stops the process when the
/// value is out of range, so every conversion of a value that came from a
/// scene (or from arithmetic on one) goes through ``Swift/FixedWidthInteger/init(saturating:)``.
extension FixedWidthInteger {
    /// The integer `value` truncates to, limited to this type's range:
    /// values above `Self.max` (and +∞) give `Self.max`, values below
    /// `Self.min` (and −∞) give `Self.min`, and NaN gives 0.
    ///
    /// ```swift
    /// Int(saturating: 1e30)            // Int.max
    /// Int(saturating: -Double.infinity) // Int.min
    /// Int32(saturating: Float.nan)     // 0
    /// Int(saturating: (x - 0.5).rounded(.up))
    /// ```
    @inlinable
    public init<F: BinaryFloatingPoint>(saturating value: F) {
        if value.isNaN {
            self = 0
        } else if value >= F(Self.max) {
            // F(Self.max) may round up to 2^bitWidth, which is out of range.
            self = Self.max
        } else if value <= F(Self.min) {
            self = Self.min
        } else if Self.isSigned || Self.bitWidth < 64, F.self == Double.self {
            // In range: the concrete conversion is one instruction, where the
            // generic `init(_:)` takes a slow path through the value's bits.
            self.init(truncatingIfNeeded: Int64(unsafeBitCast(value, to: Double.self)))
        } else if Self.isSigned || Self.bitWidth < 64, F.self == Float.self {
            self.init(truncatingIfNeeded: Int64(unsafeBitCast(value, to: Float.self)))
        } else {
            self.init(value)
        }
    }

    /// `value` rounded by `rule`, then converted as ``init(saturating:)``.
    @inlinable
    public init<F: BinaryFloatingPoint>(saturating value: F, rounding rule: FloatingPointRoundingRule) {
        self.init(saturating: value.rounded(rule))
    }
}

extension Int {
    /// ``Swift/FixedWidthInteger/init(saturating:)`` for a `Double`: the same
    /// results, with the bounds as constants (±2⁶³, exact in `Double`), so
    /// that it inlines into the per-primitive loops that convert pixel boxes.
    @inlinable @inline(__always)
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 0x1p63 {
            self = .max
        } else if value <= -0x1p63 {
            self = .min
        } else {
            self = Int(value)
        }
    }

    /// ``Swift/FixedWidthInteger/init(saturating:)`` for a `Float`: the
    /// `Double` conversion of its exact `Double` value (NaN and ±∞ included).
    @inlinable @inline(__always)
    public init(saturating value: Float) {
        self.init(saturating: Double(value))
    }

    /// `value` rounded by `rule`, then converted as ``init(saturating:)-(Float)``.
    @inlinable @inline(__always)
    public init(saturating value: Float, rounding rule: FloatingPointRoundingRule) {
        self.init(saturating: value.rounded(rule))
    }

    /// `value` rounded by `rule`, then converted as ``init(saturating:)-(Double)``.
    @inlinable @inline(__always)
    public init(saturating value: Double, rounding rule: FloatingPointRoundingRule) {
        self.init(saturating: value.rounded(rule))
    }
}
