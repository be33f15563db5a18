/// An 8-bit RGBA image, rows top to bottom, premultiplied alpha (what both
/// backends produce; encoders convert to straight alpha).
public struct PixelBuffer: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes, premultiplied RGBA, top row first.
    public var bytes: [UInt8]

    /// An image from `width × height × 4` premultiplied RGBA bytes, top row first.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4, "PixelBuffer needs width × height × 4 bytes")
        self.width = width; self.height = height; self.bytes = bytes
    }

    /// The premultiplied RGBA bytes of pixel (x, y), y counted from the top.
    public subscript(x: Int, y: Int) -> SIMD4<UInt8> {
        let i = (y * width + x) * 4
        return SIMD4(bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
    }
}
