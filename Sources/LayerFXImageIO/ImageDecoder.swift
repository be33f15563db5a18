import CLayerFXDecode
import CPNG
import LayerFXCore

/// Reads PNG and JPEG images, a layer's `contents`, into premultiplied RGBA8
/// ``LayerFXCore/ContentsImage``s.
///
/// PNG goes through libpng's simplified API (`png_image_*`, which reports
/// errors without unwinding through the caller): every colour type and bit
/// depth (greyscale, palette, 16-bit, with or without transparency) becomes
/// 8-bit RGBA, 16-bit samples scaled to 8 bits as sRGB values, a `gAMA`
/// chunk other than sRGB's converted to sRGB. JPEG goes through libjpeg-turbo
/// (greyscale and YCbCr; C helpers catch its errors). The format is told
/// by the file's first bytes, not by its name. Straight alpha is then
/// premultiplied, each channel rounded to nearest (`(c·a + 127) / 255`).
///
/// An image is at most ``maximumSide`` pixels per side and
/// ``maximumPixels`` pixels in all, checked from its header before any
/// pixel is decoded.
public enum ImageDecoder {
    /// The formats read.
    public enum Format: Sendable, Equatable {
        /// PNG (signature `89 50 4E 47 0D 0A 1A 0A`).
        case png
        /// JPEG (starting `FF D8 FF`).
        case jpeg
    }

    /// Most pixels per side of an image: 16384, as a frame.
    public static let maximumSide = FrameSize.maximumSide
    /// Most pixels in one image: 2²⁶ (67,108,864; 256 MiB decoded).
    public static let maximumPixels = 1 << 26

    /// The format `bytes` start like, or nil.
    public static func format(of bytes: [UInt8]) -> Format? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }

    /// The image's size in pixels, from its header alone.
    /// - Throws: ``ImageDecodingError`` when `bytes` are neither format, the
    ///   header is malformed, or the size is over the limits.
    public static func size(of bytes: [UInt8]) throws(ImageDecodingError) -> (width: Int, height: Int) {
        switch format(of: bytes) {
        case .png?: return try withPNG(bytes) { (image: inout png_image) in (Int(image.width), Int(image.height)) }
        case .jpeg?: return try jpegSize(bytes)
        case nil: throw .unknownFormat
        }
    }

    /// The image `bytes` hold, premultiplied, with `source` as its ``LayerFXCore/ContentsImage/source``.
    /// - Throws: ``ImageDecodingError`` when `bytes` are neither format,
    ///   cannot be decoded, or the image is over the limits.
    public static func decode(_ bytes: [UInt8], source: String? = nil) throws(ImageDecodingError) -> ContentsImage {
        switch format(of: bytes) {
        case .png?: return try decodePNG(bytes, source: source)
        case .jpeg?: return try decodeJPEG(bytes, source: source)
        case nil: throw .unknownFormat
        }
    }

    /// Throws when an image of `width × height` is over the limits.
    private static func check(width: Int, height: Int) throws(ImageDecodingError) {
        guard width <= maximumSide, height <= maximumSide, width * height <= maximumPixels else {
            throw .tooLarge(width: width, height: height)
        }
        guard width > 0, height > 0 else { throw .malformed("the image has no pixels") }
    }

    // MARK: - PNG

    /// Calls `body` with the PNG `bytes` once libpng has read its header
    /// (a size within the limits); the image is freed afterwards, as it is
    /// when `png_image_finish_read` finishes or fails.
    private static func withPNG<T>(_ bytes: [UInt8], _ body: (inout png_image) throws(ImageDecodingError) -> T)
        throws(ImageDecodingError) -> T {
        let result = bytes.withUnsafeBytes { raw -> Result<T, ImageDecodingError> in
            var image = png_image()
            image.version = png_uint_32(PNG_IMAGE_VERSION)
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                return .failure(.malformed(pngMessage(image)))
            }
            defer { png_image_free(&image) }
            do throws(ImageDecodingError) {
                try check(width: Int(image.width), height: Int(image.height))
                return .success(try body(&image))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// libpng's reason for the last failure.
    private static func pngMessage(_ image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }

    private static func decodePNG(_ bytes: [UInt8], source: String?) throws(ImageDecodingError) -> ContentsImage {
        try withPNG(bytes) { (image: inout png_image) throws(ImageDecodingError) in
            // 8-bit RGBA; 16-bit samples are sRGB values, as in browsers (libpng would take them as linear).
            image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
            image.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
            return try ContentsImage(width: Int(image.width), height: Int(image.height), source: source) {
                (pixels: UnsafeMutableBufferPointer<UInt8>) throws(ImageDecodingError) in
                guard png_image_finish_read(&image, nil, pixels.baseAddress, 0, nil) != 0 else {
                    throw .malformed(pngMessage(image))
                }
                premultiply(pixels)
            }
        }
    }

    /// Premultiplies straight RGBA8 `pixels` in place, rounding to nearest.
    static func premultiply(_ pixels: UnsafeMutableBufferPointer<UInt8>) {
        var i = 0
        while i + 3 < pixels.count {
            let alpha = UInt32(pixels[i + 3])
            if alpha != 255 {
                for c in i..<(i + 3) { pixels[c] = UInt8(truncatingIfNeeded: (UInt32(pixels[c]) * alpha + 127) / 255) }
            }
            i += 4
        }
    }

    // MARK: - JPEG

    private static func jpegSize(_ bytes: [UInt8]) throws(ImageDecodingError) -> (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(LFX_DECODE_MESSAGE_LENGTH))
        let read = bytes.withUnsafeBufferPointer { data in
            lfx_jpeg_size(data.baseAddress, data.count, &width, &height, &message)
        }
        guard read != 0 else { throw .malformed(jpegMessage(message)) }
        try check(width: Int(width), height: Int(height))
        return (Int(width), Int(height))
    }

    private static func decodeJPEG(_ bytes: [UInt8], source: String?) throws(ImageDecodingError) -> ContentsImage {
        let (width, height) = try jpegSize(bytes)
        return try ContentsImage(width: width, height: height, source: source) {
            (pixels: UnsafeMutableBufferPointer<UInt8>) throws(ImageDecodingError) in
            var message = [CChar](repeating: 0, count: Int(LFX_DECODE_MESSAGE_LENGTH))
            let decoded = bytes.withUnsafeBufferPointer { data in
                lfx_jpeg_decode(data.baseAddress, data.count, Int32(width), Int32(height), pixels.baseAddress, &message)
            }
            guard decoded != 0 else { throw .malformed(jpegMessage(message)) }
        }
    }

    private static func jpegMessage(_ message: [CChar]) -> String {
        String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Why ``ImageDecoder`` could not read an image. The description is the end
/// of a sentence about the image: `image file "a.png" ` + description.
public enum ImageDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes start like neither a PNG nor a JPEG.
    case unknownFormat
    /// The library could not read the image; its reason.
    case malformed(String)
    /// The image is over ``ImageDecoder/maximumSide`` or ``ImageDecoder/maximumPixels``.
    case tooLarge(width: Int, height: Int)

    /// "is not a PNG or JPEG image", "could not be decoded (…)", "is 20000×10 px, …".
    public var description: String {
        switch self {
        case .unknownFormat:
            return "is not a PNG or JPEG image"
        case .malformed(let reason):
            return "could not be decoded (\(reason))"
        case .tooLarge(let width, let height):
            let size = "\(width)×\(height) px"
            if width > ImageDecoder.maximumSide || height > ImageDecoder.maximumSide {
                return "is \(size), over the limit of \(ImageDecoder.maximumSide) px per side"
            }
            return "is \(size) (\(width * height) pixels), over the limit of \(ImageDecoder.maximumPixels) pixels"
        }
    }
}
