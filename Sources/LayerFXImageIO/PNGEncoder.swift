import CPNG
import LayerFXPrimitives
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

    /// Encodes `image` as PNG bytes in memory.
    public static func encode(_ image: PixelBuffer) throws -> [UInt8] {
        let pixels = straightAlpha(image)
        var png = makeImage(image)
        var size: png_alloc_size_t = 0
        let rowStride = png_int_32(image.width * 4)
        let probe = pixels.withUnsafeBytes {
            png_image_write_to_memory(&png, nil, &size, 0, $0.baseAddress, rowStride, nil)
        }
        guard probe != 0 else { throw failure(&png, "encoding PNG") }
        var out = [UInt8](repeating: 0, count: Int(size))
        let ok = out.withUnsafeMutableBytes { dst in
            pixels.withUnsafeBytes {
                png_image_write_to_memory(&png, dst.baseAddress, &size, 0, $0.baseAddress, rowStride, nil)
            }
        }
        guard ok != 0 else { throw failure(&png, "encoding PNG") }
        return Array(out.prefix(Int(size)))
    }

    /// Writes `image` to `path` atomically: the PNG goes to a temporary file
    /// beside `path`, which is renamed over `path` only when complete, so a
    /// failure never leaves a partial file behind.
    public static func write(_ image: PixelBuffer, to path: String) throws {
        let data = try encode(image)
        try AtomicFile.write(data, to: path)
    }

    private static func makeImage(_ image: PixelBuffer) -> png_image {
        var png = png_image()
        png.version = png_uint_32(PNG_IMAGE_VERSION)
        png.width = png_uint_32(image.width)
        png.height = png_uint_32(image.height)
        png.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        return png
    }

    private static func failure(_ png: inout png_image, _ what: String) -> ImageWriteError {
        let message = withUnsafeBytes(of: png.message) { raw in
            String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
        }
        png_image_free(&png)
        return ImageWriteError(description: "\(what) failed: \(message)")
    }
}
