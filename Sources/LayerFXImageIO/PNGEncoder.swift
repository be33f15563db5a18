import CPNG
import LayerFXCore
#if canImport(Glibc)
import Glibc
#endif

/// Why an image could not be written.
public struct ImageWriteError: Error, CustomStringConvertible, Sendable {
    /// What failed, naming the file.
    public let description: String
}

/// Writes PNG files through libpng (RGBA, 8 bits per channel, straight alpha).
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

    /// One zlib stream of `bytes`.
    private static func deflate(_ bytes: [UInt8], level: Int32) throws -> [UInt8] {
        var status = Z_OK
        // Uninitialized: only the pages zlib writes are touched.
        let out = [UInt8](unsafeUninitializedCapacity: Int(compressBound(uLong(bytes.count)))) { dst, count in
            var size = uLong(dst.count)
            status = bytes.withUnsafeBufferPointer { src in
                compress2(dst.baseAddress, &size, src.baseAddress, uLong(src.count), level)
            }
            count = status == Z_OK ? Int(size) : 0
        }
        guard status == Z_OK else { throw ImageWriteError(description: "encoding PNG failed: zlib error \(status)") }
        return out
    }
}
