import LayerFXCore
import LayerFXImageIO
import LayerFXTestSupport
import Testing

/// LayerFX writes PNG itself (its own fast deflater or zlib, Sub/Up
/// filters); libpng must read back exactly the straight-alpha pixels with
/// every compression.
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
        let decoded = try DecodedPNG(PNGEncoder.encode(image, compression: .zlib(level: level)))
        #expect(decoded.width == 37 && decoded.height == 23)
        #expect(decoded.bytes == PNGEncoder.straightAlpha(image))
    }

    /// 700 × 500 pixels are 1.4 MB of scanlines: two pieces deflated apart
    /// (the second primed with the end of the first), one zlib stream whose
    /// checksum libpng verifies.
    @Test(arguments: [Int32(0), 1, 9])
    func anImageOfSeveralPiecesReadsBack(level: Int32) throws {
        let image = Self.sample(width: 700, height: 500)
        let png = try PNGEncoder.encode(image, compression: .zlib(level: level))
        #expect(try DecodedPNG(png).bytes == PNGEncoder.straightAlpha(image))
        #expect(try PNGEncoder.encode(image, compression: .zlib(level: level)) == png)
    }

    @Test func higherLevelsWriteSmallerFilesOfTheSamePixels() throws {
        let image = Self.sample(width: 256, height: 128)
        let fast = try PNGEncoder.encode(image, compression: .zlib(level: 1))
        let small = try PNGEncoder.encode(image, compression: .zlib(level: 9))
        let stored = try PNGEncoder.encode(image, compression: .zlib(level: 0))
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

    // MARK: The fast deflater

    /// Opaque flat colour with a few edges: what rendered frames are like.
    static func flat(width: Int, height: Int) -> PixelBuffer {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let inside = (x - width / 2) * (x - width / 2) + (y - height / 2) * (y - height / 2) < width * width / 9
                bytes += inside ? [200, 40, 90, 255] : y % 97 == 5 ? [UInt8(x % 256), 9, 9, 255] : [255, 255, 255, 255]
            }
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }

    /// Deterministic noise, which no match helps: the fast deflater must fall
    /// back to stored blocks.
    static func noise(width: Int, height: Int) -> PixelBuffer {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<width * height * 4).map { _ -> UInt8 in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        return PixelBuffer(width: width, height: height, bytes: bytes.enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element })
    }

    /// Sizes around the piece boundary (`LFX_PNG_FAST_PIECE_BYTES`, 256 KiB
    /// of scanlines): one row, one column, a piece of one row, several pieces
    /// and a last piece of one row.
    @Test(arguments: [(1, 1), (1, 300), (300, 1), (37, 23), (700, 500), (70_000, 3), (256, 257)])
    func theFastDeflaterReadsBack(width: Int, height: Int) throws {
        for image in [Self.sample(width: width, height: height), Self.flat(width: width, height: height)] {
            let png = try PNGEncoder.encode(image, compression: .fast)
            #expect(try DecodedPNG(png).bytes == PNGEncoder.straightAlpha(image))
            #expect(try PNGEncoder.encode(image, compression: .fast) == png)
        }
    }

    @Test func fastIsTheDefaultAndFilesOfFlatColourAreSmall() throws {
        let image = Self.flat(width: 1080, height: 720)
        let fast = try PNGEncoder.encode(image)
        #expect(fast == (try PNGEncoder.encode(image, compression: .fast)))
        let zlib = try PNGEncoder.encode(image, compression: .zlib(level: 1))
        #expect(try DecodedPNG(fast).bytes == DecodedPNG(zlib).bytes)
        // 3.1 MB of scanlines, mostly runs: a few kilobytes either way.
        #expect(fast.count < 20_000 && fast.count < zlib.count * 2, "fast \(fast.count), zlib \(zlib.count)")
    }

    @Test func noiseIsStoredNotExpanded() throws {
        let image = Self.noise(width: 300, height: 200)
        let png = try PNGEncoder.encode(image, compression: .fast)
        #expect(try DecodedPNG(png).bytes == image.bytes)
        // The scanlines (240,200 bytes) in stored blocks of at most 65,535
        // bytes, 5 bytes of framing each, plus the PNG and zlib framing.
        #expect(png.count <= 200 * (300 * 4 + 1) + 5 * 4 + 64, "\(png.count)")
    }

    /// Byte counts in the Fibonacci sequence make an optimal Huffman code 23
    /// bits deep, past deflate's 15: the code lengths must be limited and
    /// still make a code libpng decodes.
    @Test func skewedByteCountsNeedLimitedCodeLengths() throws {
        var symbols: [UInt8] = []
        var (count, next) = (1, 1)
        for symbol in 1...24 {
            symbols += repeatElement(UInt8(symbol * 7), count: count)
            (count, next) = (next, count + next)
        }
        var state: UInt64 = 42
        for i in stride(from: symbols.count - 1, to: 0, by: -1) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            symbols.swapAt(i, Int(state >> 33) % (i + 1))
        }
        // One opaque row: its scanline is filtered with Sub, each byte minus
        // the same channel of the pixel before, so running sums of the
        // symbols give pixels whose scanline is the symbols.
        let width = (symbols.count + 2) / 3
        var bytes = [UInt8](repeating: 255, count: width * 4)
        var running: [UInt8] = [0, 0, 0]
        for x in 0..<width {
            for c in 0..<3 {
                running[c] &+= x * 3 + c < symbols.count ? symbols[x * 3 + c] : 0
                bytes[x * 4 + c] = running[c]
            }
        }
        let image = PixelBuffer(width: width, height: 1, bytes: bytes)
        #expect(try DecodedPNG(PNGEncoder.encode(image, compression: .fast)).bytes == bytes)
    }
}
