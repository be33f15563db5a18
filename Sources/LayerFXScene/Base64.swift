/// Base64 (RFC 4648's alphabet, `+` and `/`), as the data of a `data:` URI.
enum Base64 {
    /// Where base64 text stops being valid: the 0-based index of the
    /// offending Unicode scalar, nil when the text ends too early.
    struct Failure: Error {
        var index: Int
        var scalar: Unicode.Scalar?
    }

    /// The bytes `text` encodes. Padding (`=`) is optional but, when
    /// present, ends the text; no whitespace is allowed; a final group of
    /// one character is incomplete.
    static func decode(_ text: Substring.UnicodeScalarView) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 4 * 3 + 2)
        var group: UInt32 = 0, count = 0, index = 0, padding = 0
        for scalar in text {
            defer { index += 1 }
            if scalar == "=" {
                // At most two, after two or three characters of a group.
                guard count >= 2, padding + count < 4 else { throw Failure(index: index, scalar: scalar) }
                padding += 1
                continue
            }
            guard padding == 0, let value = Self.value(of: scalar) else { throw Failure(index: index, scalar: scalar) }
            group = group << 6 | value
            count += 1
            if count == 4 {
                bytes += [UInt8(truncatingIfNeeded: group >> 16), UInt8(truncatingIfNeeded: group >> 8),
                          UInt8(truncatingIfNeeded: group)]
                group = 0; count = 0
            }
        }
        switch count {
        case 0: break
        case 2: bytes.append(UInt8(truncatingIfNeeded: group >> 4))
        case 3: bytes += [UInt8(truncatingIfNeeded: group >> 10), UInt8(truncatingIfNeeded: group >> 2)]
        default: throw Failure(index: index, scalar: nil)
        }
        return bytes
    }

    private static func value(of scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "A"..."Z": scalar.value - 65
        case "a"..."z": scalar.value - 97 + 26
        case "0"..."9": scalar.value - 48 + 52
        case "+": 62
        case "/": 63
        default: nil
        }
    }
}
