import CPNG

/// PNG's per-row filters for 8-bit RGBA (4 bytes per pixel).
enum PNGRowFilter {
    /// Rows prefixed with their filter type: each row is filtered with Sub
    /// (1) or Up (2), whichever has the smaller sum of absolute differences
    /// (the heuristic the PNG specification suggests, over two filters that
    /// are cheap to compute); the first row, with no row above, with Sub.
    static func filter(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        let rowBytes = width * 4
        var out = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        var sub = [UInt8](repeating: 0, count: rowBytes), up = [UInt8](repeating: 0, count: rowBytes)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                sub.withUnsafeMutableBufferPointer { sub in
                    up.withUnsafeMutableBufferPointer { up in
                        for y in 0..<height {
                            let row = src.baseAddress! + y * rowBytes
                            var subCost = 0, upCost = 0
                            for i in 0..<rowBytes {
                                let left = i >= 4 ? row[i - 4] : 0
                                let s = row[i] &- left
                                sub[i] = s
                                subCost &+= Int(Int8(bitPattern: s).magnitude)
                            }
                            if y > 0 {
                                let above = row - rowBytes
                                for i in 0..<rowBytes {
                                    let u = row[i] &- above[i]
                                    up[i] = u
                                    upCost &+= Int(Int8(bitPattern: u).magnitude)
                                }
                            }
                            let useUp = y > 0 && upCost < subCost
                            let line = dst.baseAddress! + y * (rowBytes + 1)
                            line[0] = useUp ? 2 : 1
                            (line + 1).update(from: (useUp ? up : sub).baseAddress!, count: rowBytes)
                        }
                    }
                }
            }
        }
        return out
    }
}

extension [UInt8] {
    /// Appends `value` most significant byte first.
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)])
    }

    /// Appends a PNG chunk: length, type, data and the CRC-32 of type and data.
    mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let typed = Array(type.utf8) + data
        append(contentsOf: typed)
        let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        appendBigEndian(UInt32(truncatingIfNeeded: crc))
    }
}
