#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// String parsing: escapes, UTF-8 validation and interning of short strings.
extension JSONParser {
    /// Parses a string starting at its opening quote; returns its index in
    /// `strings`. Short strings without escapes are interned: a repeated key
    /// or value costs a scan and a comparison, not a new `String`.
    mutating func parseString() throws(JSONSyntaxError) -> Int {
        let open = index
        let start = index + 1
        var i = start
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                index = i + 1
                return try internedString(start: start, length: i - start)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            i += 1
        }
        index = i
        guard index < bytes.count else {
            throw error("unterminated string", at: open)
        }
        if bytes[index] < 0x20 { throw controlCharacterError() }
        // Slow path: copy with escapes decoded.
        var buffer = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                let string = try buffer.withUnsafeBufferPointer { (b) throws(JSONSyntaxError) -> String in
                    try makeString(b, start: start)
                }
                strings.append(string)
                return strings.count - 1
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer)
            case 0..<0x20:
                throw controlCharacterError()
            default:
                buffer.append(byte)
                index += 1
            }
        }
        throw error("unterminated string", at: open)
    }


    /// The index in `strings` of the escape-free string `bytes[start..<start + length]`.
    mutating func internedString(start: Int, length: Int) throws(JSONSyntaxError) -> Int {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<start + length])
        guard length <= 64 else {
            strings.append(try makeString(slice, start: start))
            return strings.count - 1
        }
        // Hash the length and the first and last 8 bytes (or all, when shorter).
        let base = UnsafeRawPointer(bytes.baseAddress! + start)
        var head: UInt64 = 0, tail: UInt64 = 0
        if length >= 8 {
            head = base.loadUnaligned(as: UInt64.self)
            tail = base.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
        } else {
            for k in 0..<length { head |= UInt64(slice[k]) << (8 * UInt64(k)) }
        }
        var hash = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(length)
        hash ^= hash >> 29
        let slot = Int(truncatingIfNeeded: hash ^ (hash >> 32)) & (Self.internCacheSize - 1)
        let cached = internCache[slot]
        if cached.hash == hash, cached.length == length,
           memcmp(bytes.baseAddress! + cached.offset, bytes.baseAddress! + start, length) == 0 {
            return cached.index
        }
        strings.append(try makeString(slice, start: start))
        internCache[slot] = InternedString(hash: hash, offset: start, length: length, index: strings.count - 1)
        return strings.count - 1
    }

    func makeString(_ utf8: UnsafeBufferPointer<UInt8>, start: Int) throws(JSONSyntaxError) -> String {
        // ASCII (the usual case) needs no validation.
        var ascii = true
        for byte in utf8 where byte >= 0x80 {
            ascii = false
            break
        }
        if ascii { return String(decoding: utf8, as: UTF8.self) }
        guard let string = String(validating: utf8, as: UTF8.self) else {
            throw error("invalid UTF-8 in string", at: start)
        }
        return string
    }

    func controlCharacterError() -> JSONSyntaxError {
        error("control character U+\(hex4(Int(bytes[index]))) must be escaped in a string")
    }

    mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1  // backslash
        guard index < bytes.count else { throw error("unterminated string") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                      bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired surrogate \\u\(hex4(scalar)) in string", at: escapeStart)
                }
                index += 2
                let low = try parseHex4(escapeStart: escapeStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("unpaired surrogate \\u\(hex4(scalar)) in string", at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error("unpaired surrogate \\u\(hex4(scalar)) in string", at: escapeStart)
            }
            buffer.append(contentsOf: Array(String(Character(Unicode.Scalar(UInt32(scalar))!)).utf8))
        default:
            throw error("invalid escape sequence \"\\\(Character(Unicode.Scalar(byte)))\" in string",
                        at: escapeStart)
        }
    }

    mutating func parseHex4(escapeStart: Int) throws(JSONSyntaxError) -> Int {
        var value = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexDigit(bytes[index]) else {
                throw error("invalid \\u escape in string; expected four hex digits", at: escapeStart)
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }
}
