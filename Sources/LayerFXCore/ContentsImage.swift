#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The pixels of a layer's `contents` (`CALayer.contents`): a decoded image,
/// premultiplied RGBA8, rows top first.
///
/// An image is decoded once, when its scene is read, and then shared by
/// reference: by every layer that shows it, by the frames that draw it and
/// by the backends (the GPU keeps a texture of it while the image lives).
/// It never changes, so it is safe to share between threads. Its pixels
/// live in memory of its own, at an address that stays put for the image's
/// life, which the CPU kernels read directly.
///
/// Two images are equal when they have the same size and pixels (their
/// ``source`` does not count).
public final class ContentsImage: Hashable, @unchecked Sendable {
    /// Width in pixels, at least 1.
    public let width: Int
    /// Height in pixels, at least 1.
    public let height: Int
    /// Where the image came from, as the scene wrote it (a file path or a
    /// data URI), so that a scene can be written back; nil for one made
    /// from pixels.
    public let source: String?
    /// `width × height × 4` bytes, never moved or freed before the image is.
    private let storage: UnsafeMutableBufferPointer<UInt8>

    /// An image of `width × height` pixels (each at least 1) whose
    /// premultiplied RGBA8 bytes, rows top first, `initialize` writes into
    /// the buffer it is given (`width × height × 4` bytes, zeroed); an error
    /// it throws is rethrown.
    public init<E: Error>(width: Int, height: Int, source: String? = nil,
                          initialize: (UnsafeMutableBufferPointer<UInt8>) throws(E) -> Void) throws(E) {
        precondition(width > 0 && height > 0, "an image has at least one pixel")
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        let (count, overflow4) = pixels.multipliedReportingOverflow(by: 4)
        precondition(!overflow && !overflow4, "image size overflows")
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
        storage.initialize(repeating: 0)
        do {
            try initialize(storage)
        } catch {
            storage.deallocate()
            throw error
        }
        self.width = width; self.height = height; self.source = source; self.storage = storage
    }

    /// An image of `width × height` pixels from `bytes`, premultiplied RGBA8
    /// rows top first (`width × height × 4` of them).
    public convenience init(width: Int, height: Int, premultipliedBytes bytes: [UInt8], source: String? = nil) {
        precondition(width > 0 && height > 0 && bytes.count % (4 * width) == 0 && bytes.count / (4 * width) == height,
                     "ContentsImage needs width × height × 4 bytes")
        self.init(width: width, height: height, source: source) { (buffer: UnsafeMutableBufferPointer<UInt8>) in
            _ = buffer.update(fromContentsOf: bytes)
        }
    }

    deinit { storage.deallocate() }

    /// The premultiplied RGBA8 bytes, rows top first; valid while the image lives.
    public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(storage) }

    /// The premultiplied RGBA bytes of pixel (x, y), y counted from the top.
    public subscript(x: Int, y: Int) -> SIMD4<UInt8> {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the image")
        let i = (y * width + x) * 4
        return SIMD4(storage[i], storage[i + 1], storage[i + 2], storage[i + 3])
    }

    public static func == (a: ContentsImage, b: ContentsImage) -> Bool {
        a === b || (a.width == b.width && a.height == b.height
                    && memcmp(a.storage.baseAddress!, b.storage.baseAddress!, a.storage.count) == 0)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
    }
}

extension PixelBuffer {
    /// A copy of `image`'s pixels.
    public init(_ image: ContentsImage) {
        self.init(width: image.width, height: image.height, bytes: Array(image.bytes))
    }
}
