import CLayerFXEncode
import CPNG
import Dispatch
import LayerFXCore
#if canImport(Glibc)
import Glibc
#endif

/// Why an image could not be written.
public struct ImageWriteError: Error, CustomStringConvertible, Sendable {
    /// What failed, naming the file.
    public let description: String
}

/// Writes PNG files (RGBA, 8 bits per channel, straight alpha) with zlib
/// directly: rows filtered in parallel, deflated in pieces on all cores.
public enum PNGEncoder {
    /// Converts premultiplied pixels to the straight alpha a PNG stores.
    public static func straightAlpha(_ image: PixelBuffer) -> [UInt8] {
        var out = image.bytes
        out.withUnsafeMutableBufferPointer { bytes in
            var i = 0
            while i < bytes.count {
                let a = UInt32(bytes[i + 3])
                if a != 0 && a != 255 {
                    for c in 0..<3 {
                        bytes[i + c] = UInt8(min((UInt32(bytes[i + c]) * 255 + a / 2) / a, 255))
                    }
                } else if a == 0 {
                    bytes[i] = 0; bytes[i + 1] = 0; bytes[i + 2] = 0
                }
                i += 4
            }
        }
        return out
    }

    /// The zlib level frames are written at unless told otherwise: 1, the
    /// fastest that compresses (level 6, libpng's default, takes several times
    /// as long for files a few percent smaller).
    public static let defaultCompressionLevel: Int32 = 1

    /// Encodes `image` as PNG bytes in memory: 8-bit RGBA, straight alpha,
    /// each row filtered with Sub or Up (whichever gives the smaller sum of
    /// absolute differences), deflated at zlib `level` (0 stores, 9 is the
    /// smallest and slowest; clamped to 0…9).
    public static func encode(_ image: PixelBuffer, level: Int32 = defaultCompressionLevel) throws -> [UInt8] {
        let filtered = PNGRowFilter.filter(image)
        let compressed = try deflate(filtered, level: min(max(level, 0), 9))
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        header += [8, 6, 0, 0, 0]   // 8 bits, RGBA, deflate, adaptive filtering, no interlace
        out.appendChunk("IHDR", header)
        out.appendChunk("IDAT", compressed)
        out.appendChunk("IEND", [])
        return out
    }

    /// Writes `image` to `path` atomically: the PNG goes to a temporary file
    /// beside `path`, which is renamed over `path` only when complete, so a
    /// failure never leaves a partial file behind.
    public static func write(_ image: PixelBuffer, to path: String, level: Int32 = defaultCompressionLevel) throws {
        let data = try encode(image, level: level)
        try AtomicFile.write(data, to: path)
    }

    /// One zlib stream of `bytes`: the header, the deflate data of every
    /// `LFX_DEFLATE_PIECE` bytes compressed in parallel (each primed with
    /// the 32 KiB before it, so the ratio stays close to one pass), and the
    /// Adler-32 checksum. Pieces have a fixed size, so the bytes do not depend
    /// on the number of cores.
    private static func deflate(_ bytes: [UInt8], level: Int32) throws -> [UInt8] {
        let pieceLength = Int(LFX_DEFLATE_PIECE)
        let pieces = max((bytes.count + pieceLength - 1) / pieceLength, 1)
        let bound = lfx_deflate_piece_bound(pieceLength)
        let results = LockedValue([(data: [UInt8], adler: uLong)?](repeating: nil, count: pieces))
        bytes.withUnsafeBufferPointer { source in
            let input = UnsafeSendableInput(source)
            DispatchQueue.concurrentPerform(iterations: pieces) { index in
                let start = index * pieceLength, length = min(pieceLength, input.buffer.count - start)
                var written = -1
                let data = [UInt8](unsafeUninitializedCapacity: bound) { out, count in
                    written = lfx_deflate_piece(input.buffer.baseAddress, input.buffer.count, index, level,
                                                out.baseAddress, out.count)
                    count = max(written, 0)
                }
                let adler = adler32(1, input.buffer.baseAddress.map { $0 + start }, uInt(max(length, 0)))
                if written >= 0 { results.withLock { $0[index] = (data, adler) } }
            }
        }
        let parts = results.withLock { $0 }
        // FLEVEL is informational; the header must be a multiple of 31.
        var out: [UInt8] = [0x78, level <= 1 ? 0x01 : level <= 5 ? 0x5E : level == 6 ? 0x9C : 0xDA]
        var adler: uLong = 1
        for (index, part) in parts.enumerated() {
            guard let part else { throw ImageWriteError(description: "encoding PNG failed: zlib could not deflate") }
            out += part.data
            let length = min(pieceLength, bytes.count - index * pieceLength)
            adler = adler32_combine(adler, part.adler, off_t(max(length, 0)))
        }
        out.appendBigEndian(UInt32(truncatingIfNeeded: adler))
        return out
    }
}

/// The filtered bytes, read by the concurrent deflate tasks.
private struct UnsafeSendableInput: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>
    init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }
}
