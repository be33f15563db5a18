import CPNG
import LayerFXCore

/// A PNG decoded by libpng (independent of LayerFX's own encoder) into 8-bit
/// straight-alpha RGBA, top row first.
public struct DecodedPNG: Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// RGBA bytes, straight (not premultiplied) alpha, `width * height * 4` of them.
    public let bytes: [UInt8]

    /// Decodes the PNG bytes `png`.
    public init(_ png: [UInt8]) throws {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let begun = png.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        try self.init(finishing: &image, begun: begun != 0, source: "\(png.count) PNG bytes")
    }

    /// Decodes the PNG file at `path`.
    public init(contentsOfFile path: String) throws {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let begun = png_image_begin_read_from_file(&image, path)
        try self.init(finishing: &image, begun: begun != 0, source: path)
    }

    private init(finishing image: inout png_image, begun: Bool, source: String) throws {
        guard begun else { throw PNGDecodingError(description: "libpng cannot read \(source)") }
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // RGBA, 8 bits
        width = Int(image.width)
        height = Int(image.height)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        guard png_image_finish_read(&image, nil, &bytes, 0, nil) != 0 else {
            png_image_free(&image)
            throw PNGDecodingError(description: "libpng cannot decode \(source)")
        }
        self.bytes = bytes
    }

    /// The pixels premultiplied (rounded to nearest), as the backends produce them.
    public var premultiplied: PixelBuffer {
        var bytes = bytes
        for i in stride(from: 0, to: bytes.count, by: 4) {
            let alpha = UInt32(bytes[i + 3])
            for c in 0..<3 { bytes[i + c] = UInt8((UInt32(bytes[i + c]) * alpha + 127) / 255) }
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }
}

/// Why libpng could not read or decode a PNG.
public struct PNGDecodingError: Error, CustomStringConvertible {
    /// What failed, naming the file or the byte count.
    public let description: String
}
