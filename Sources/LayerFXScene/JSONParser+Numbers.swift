/// Number parsing: strict RFC 8259 grammar, correctly rounded, overflow rejected.
extension JSONParser {
    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        let end = bytes.count
        var i = index
        @inline(__always) func digit(_ i: Int) -> UInt64? {
            guard i < end else { return nil }
            let d = bytes[i] &- UInt8(ascii: "0")
            return d < 10 ? UInt64(d) : nil
        }
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative {
            i += 1
            guard digit(i) != nil else {
                if i < end, bytes[i] == UInt8(ascii: "I") {
                    throw error("NaN and Infinity are not valid JSON numbers", at: start)
                }
                throw error("invalid number; expected a digit after '-'", at: start)
            }
        }
        // The significand's digits go into `mantissa` while it holds 19 or fewer;
        // longer numbers take the slow, correctly rounded path.
        var mantissa: UInt64 = 0
        var digits = 0          // significant digits in `mantissa`
        var exact = true
        var scale = 0           // power of ten to apply to `mantissa`
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if digit(i) != nil {
                throw error("leading zeros are not allowed in numbers", at: start)
            }
        } else {
            while let d = digit(i) {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ d
                    digits += 1
                } else {
                    exact = false
                }
                i += 1
            }
        }
        if i < end, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digit(i) != nil else {
                throw error("invalid number; expected a digit after '.'", at: start)
            }
            while let d = digit(i) {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ d
                    if mantissa != 0 { digits += 1 }
                    scale -= 1
                } else {
                    exact = false
                }
                i += 1
            }
        }
        if i < end, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var negativeExponent = false
            if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
                negativeExponent = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            guard digit(i) != nil else {
                throw error("invalid number; expected a digit in the exponent", at: start)
            }
            var exponent = 0
            while let d = digit(i) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(d) }
                i += 1
            }
            scale += negativeExponent ? -exponent : exponent
        }
        index = i
        if i < end, isIdentifierByte(bytes[i]) || bytes[i] == UInt8(ascii: ".") {
            throw error("invalid number \(describeWord(start))", at: start)
        }

        // Clinger's fast path: an exact mantissa below 2^53 times an exact power
        // of ten (10^0 … 10^22) is correctly rounded by one multiplication or division.
        var value: Double
        if exact, mantissa < (1 << 53), scale >= -22, scale <= 22 {
            var power = 1.0
            for _ in 0..<abs(scale) { power *= 10 }
            value = Double(mantissa)
            if scale >= 0 { value *= power } else { value /= power }
            if negative { value = -value }
        } else {
            value = slowParse(start..<i)
        }
        guard value.isFinite else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(i, start + 24)]), as: UTF8.self)
            throw error("number \(text)\(i - start > 24 ? "…" : "") is out of range (beyond ±1.8e308)", at: start)
        }
        return value
    }

    /// Correctly rounded conversion for numbers the fast path cannot take.
    func slowParse(_ range: Range<Int>) -> Double {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        return Double(text) ?? .nan
    }
}
