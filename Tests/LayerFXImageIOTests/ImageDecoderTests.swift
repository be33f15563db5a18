import Foundation
import LayerFXCore
import LayerFXImageIO
import LayerFXTestSupport
import Testing

/// Layer contents are decoded once into premultiplied RGBA8: every PNG
/// colour type and bit depth, and JPEG, from the small files of
/// `Tests/LayerFXImageIOTests/Images` (written by its `generate.py`).
@Suite struct ImageDecoderTests {
    static func decode(_ name: String) throws -> ContentsImage {
        try ImageDecoder.decode(TestImages.bytes(name), source: name)
    }

    /// Every pixel, row by row.
    static func pixels(_ image: ContentsImage) -> [SIMD4<UInt8>] {
        (0..<image.height).flatMap { y in (0..<image.width).map { x in image[x, y] } }
    }

    @Test func straightAlphaIsPremultipliedRoundingToNearest() throws {
        let image = try Self.decode("rgba.png")
        #expect(image.width == 2 && image.height == 2 && image.source == "rgba.png")
        // 255·128/255 = 128; 255·64/255 = 64; a clear pixel loses its colour.
        #expect(Self.pixels(image) == [SIMD4(255, 0, 0, 255), SIMD4(0, 128, 0, 128),
                                       SIMD4(0, 0, 0, 0), SIMD4(64, 64, 64, 64)])
    }

    @Test func rgbIsOpaque() throws {
        #expect(Self.pixels(try Self.decode("rgb.png")) == [SIMD4(10, 20, 30, 255), SIMD4(40, 50, 60, 255),
                                                           SIMD4(250, 240, 230, 255)])
    }

    @Test func greyBecomesRGB() throws {
        #expect(Self.pixels(try Self.decode("grey.png")) == [SIMD4(0, 0, 0, 255), SIMD4(128, 128, 128, 255),
                                                            SIMD4(255, 255, 255, 255)])
        // 200·51/255 = 40.
        #expect(Self.pixels(try Self.decode("grey-alpha.png")) == [SIMD4(100, 100, 100, 255), SIMD4(40, 40, 40, 51)])
    }

    @Test func paletteEntriesTakeTheirTransparency() throws {
        // Entries 0 and 1 have alpha 0 and 128, the others none (opaque).
        #expect(Self.pixels(try Self.decode("palette.png")) == [SIMD4(0, 0, 0, 0), SIMD4(0, 128, 0, 128),
                                                               SIMD4(0, 0, 255, 255), SIMD4(255, 255, 0, 255)])
    }

    /// 16-bit samples are scaled to 8 bits as sRGB values (not taken as
    /// linear light): 257·k is k, 0x8000 is 128.
    @Test func sixteenBitSamplesAreScaled() throws {
        #expect(Self.pixels(try Self.decode("rgb16.png")) == [SIMD4(255, 128, 0, 255), SIMD4(10, 200, 99, 255)])
        #expect(Self.pixels(try Self.decode("grey-alpha16.png")) == [SIMD4(40, 40, 40, 51)])
    }

    @Test func jpegDecodesToOpaqueRGBA() throws {
        let flat = try Self.decode("flat.jpg")
        #expect(flat.width == 8 && flat.height == 8)
        #expect(Set(Self.pixels(flat)) == [SIMD4(200, 100, 50, 255)])
        #expect(Set(Self.pixels(try Self.decode("grey.jpg"))) == [SIMD4(77, 77, 77, 255)])
    }

    @Test func theFormatIsToldByTheFirstBytes() throws {
        #expect(ImageDecoder.format(of: try TestImages.bytes("rgb.png")) == .png)
        #expect(ImageDecoder.format(of: try TestImages.bytes("flat.jpg")) == .jpeg)
        #expect(ImageDecoder.format(of: Array("GIF89a".utf8)) == nil)
        #expect(throws: ImageDecodingError.unknownFormat) { try ImageDecoder.decode(Array("GIF89a".utf8)) }
        #expect(throws: ImageDecodingError.unknownFormat) { try ImageDecoder.decode([]) }
    }

    @Test func theSizeIsReadFromTheHeader() throws {
        let png = try ImageDecoder.size(of: TestImages.bytes("rgba.png")), jpeg = try ImageDecoder.size(of: TestImages.bytes("flat.jpg"))
        #expect(png.width == 2 && png.height == 2 && jpeg.width == 8 && jpeg.height == 8)
    }

    /// Corrupt and truncated files are errors with the library's reason,
    /// never a crash or a half-grey image.
    @Test func corruptImagesAreErrors() throws {
        #expect(throws: ImageDecodingError.malformed("IHDR: CRC error")) {
            try ImageDecoder.decode(TestImages.badChecksum("rgba.png"))
        }
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(TestImages.truncated("rgba.png", by: 38)) }
        #expect(throws: ImageDecodingError.malformed("Premature end of JPEG file")) {
            try ImageDecoder.decode(TestImages.truncated("flat.jpg", by: 40))
        }
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode([0xFF, 0xD8, 0xFF]) }
        #expect(throws: ImageDecodingError.malformed("CMYK JPEG images are not supported")) {
            try ImageDecoder.decode(TestImages.bytes("cmyk.jpg"))
        }
    }

    /// The size is checked from the header, before any pixel is allocated:
    /// a 20000-pixel-wide PNG header is refused at once.
    @Test func imagesOverTheLimitsAreRefused() throws {
        #expect(throws: ImageDecodingError.tooLarge(width: 20000, height: 1)) {
            try ImageDecoder.decode(TestImages.pngHeader(width: 20000, height: 1))
        }
        #expect(throws: ImageDecodingError.tooLarge(width: 10000, height: 10000)) {
            try ImageDecoder.size(of: TestImages.pngHeader(width: 10000, height: 10000))
        }
        #expect(ImageDecodingError.tooLarge(width: 20000, height: 1).description
                == "is 20000×1 px, over the limit of 16384 px per side")
        #expect(ImageDecodingError.tooLarge(width: 10000, height: 10000).description
                == "is 10000×10000 px (100000000 pixels), over the limit of 67108864 pixels")
    }

    @Test func imagesAreEqualByPixels() throws {
        let a = try Self.decode("rgb.png"), b = try ImageDecoder.decode(TestImages.bytes("rgb.png"))
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != (try Self.decode("grey.png")))
        let made = ContentsImage(width: 1, height: 1, premultipliedBytes: [1, 2, 3, 4])
        #expect(made[0, 0] == SIMD4(1, 2, 3, 4) && made.source == nil)
    }
}
