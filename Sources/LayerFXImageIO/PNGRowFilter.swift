import CLayerFXEncode
import CPNG
import Dispatch
import FoundationEssentials
import LayerFXCore

/// PNG's per-row filters for 8-bit RGBA (4 bytes per pixel).
enum PNGRowFilter {
    /// The PNG scanlines of `image`: rows in straight alpha, each prefixed
    /// with its filter type, Sub (1) or Up (2), whichever has the smaller sum
    /// of absolute differences (the heuristic the PNG specification suggests,
    /// over two filters that are cheap to compute); the first row, with no
    /// row above, with Sub (`lfx_png_filter_rows`). Rows are filtered in
    /// parallel.
    static func filter(_ image: PixelBuffer) -> [UInt8] {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return [] }
        let chunks = min(height, max(ProcessInfo.processInfo.activeProcessorCount, 1) * 4)
        return [UInt8](unsafeUninitializedCapacity: (width * 4 + 1) * height) { out, count in
            let target = UnsafeSendableBytes(out.baseAddress!)
            image.bytes.withUnsafeBufferPointer { pixels in
                let source = UnsafeSendableBytes(UnsafeMutablePointer(mutating: pixels.baseAddress!))
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let first = chunk * height / chunks, last = (chunk + 1) * height / chunks - 1
                    lfx_png_filter_rows(source.pointer, Int32(width), Int32(first), Int32(last),
                                        target.pointer + first * (width * 4 + 1))
                }
            }
            count = out.count
        }
    }
}

/// A byte pointer handed to concurrent tasks; each writes disjoint rows.
private struct UnsafeSendableBytes: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UInt8>
    init(_ pointer: UnsafeMutablePointer<UInt8>) { self.pointer = pointer }
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
