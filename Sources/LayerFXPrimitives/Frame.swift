/// Everything a backend needs to draw one image: its pixel size, the clear
/// color and the primitives in draw order (back to front).
public struct Frame: Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Straight-alpha background (r, g, b, a).
    public var background: SIMD4<Float>
    /// Back to front.
    public var primitives: [PrimitiveInstance]

    /// A frame of `width × height` pixels cleared to `background`, then `primitives` drawn in order.
    public init(width: Int, height: Int, background: SIMD4<Float> = .zero, primitives: [PrimitiveInstance]) {
        self.width = width; self.height = height; self.background = background; self.primitives = primitives
    }
}

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

/// A renderer of frames: the GPU and CPU backends.
public protocol RenderBackend {
    /// Draws `frame` and returns its pixels.
    func render(_ frame: Frame) throws -> PixelBuffer
}
