import LayerFXCore
import LayerFXImageIO
import LayerFXTestSupport
import Testing

/// LayerFX writes PNG itself (zlib, Sub/Up filters); libpng must read back
/// exactly the straight-alpha pixels at every compression level.
@Suite struct PNGEncoderTests {
    /// A premultiplied image with opaque, translucent and clear pixels, and
    /// rows that favour each filter.
    static func sample(width: Int = 37, height: Int = 23) -> PixelBuffer {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let a = UInt8((x * 7 + y * 3) % 4 == 0 ? 0 : (x * 13 + y * 29) % 256)
                let channel = { (k: Int) in UInt8(Int(a) * ((x * k + y * 11) % 256) / 255) }
                bytes += [channel(3), channel(5), channel(9), a]
            }
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }

    @Test(arguments: [Int32(0), 1, 6, 9])
    func libpngReadsBackTheStraightAlphaPixels(level: Int32) throws {
        let image = Self.sample()
        let decoded = try DecodedPNG(PNGEncoder.encode(image, level: level))
        #expect(decoded.width == 37 && decoded.height == 23)
        #expect(decoded.bytes == PNGEncoder.straightAlpha(image))
    }

    /// 700 × 500 pixels are 1.4 MB of scanlines: two pieces deflated apart
    /// (the second primed with the end of the first), one zlib stream whose
    /// checksum libpng verifies.
    @Test(arguments: [Int32(0), 1, 9])
    func anImageOfSeveralPiecesReadsBack(level: Int32) throws {
        let image = Self.sample(width: 700, height: 500)
        let png = try PNGEncoder.encode(image, level: level)
        #expect(try DecodedPNG(png).bytes == PNGEncoder.straightAlpha(image))
        #expect(try PNGEncoder.encode(image, level: level) == png)
    }

    @Test func higherLevelsWriteSmallerFilesOfTheSamePixels() throws {
        let image = Self.sample(width: 256, height: 128)
        let fast = try PNGEncoder.encode(image, level: 1), small = try PNGEncoder.encode(image, level: 9)
        let stored = try PNGEncoder.encode(image, level: 0)
        #expect(small.count <= fast.count)
        #expect(fast.count < stored.count)
        #expect(try DecodedPNG(small).bytes == DecodedPNG(stored).bytes)
    }

    @Test func theSignatureAndChunksAreInOrder() throws {
        let png = try PNGEncoder.encode(Self.sample(width: 2, height: 1))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(String(decoding: png[12..<16], as: UTF8.self) == "IHDR")
        #expect(String(decoding: png.suffix(8).prefix(4), as: UTF8.self) == "IEND")
    }
}
