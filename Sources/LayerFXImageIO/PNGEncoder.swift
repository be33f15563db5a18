import CLayerFXEncode
import CPNG
import Dispatch
import FoundationEssentials
import LayerFXCore
#if canImport(Glibc)
import Glibc
#endif

/// How ``PNGEncoder`` compresses the image data.
public enum PNGCompression: Sendable, Equatable {
    /// LayerFX's own deflater, the default: runs of a repeated byte (what
    /// flat colour and repeated rows filter to) are the only matches it looks
    /// for, under Huffman codes made for each piece of the image. Several
    /// times faster than zlib's fastest level; files of rendered frames come
    /// out about as small, photographic content larger.
    case fast
    /// zlib at `level`: 0 stores, 9 is the smallest and slowest (clamped to
    /// 0…9).
    case zlib(level: Int32)
}

/// Why an image could not be written.
public struct ImageWriteError: Error, CustomStringConvertible, Sendable {
    /// What failed, naming the file.
    public let description: String
}

/// Writes PNG files (RGBA, 8 bits per channel, straight alpha) itself: rows
/// filtered and deflated in pieces on all cores, by LayerFX's own fast
/// deflater or by zlib (see ``PNGCompression``).
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

    /// Encodes `image` as PNG bytes in memory: 8-bit RGBA, straight alpha,
    /// each row filtered with Sub or Up (whichever gives the smaller sum of
    /// absolute differences), deflated as `compression` says.
    public static func encode(_ image: PixelBuffer, compression: PNGCompression = .fast) throws -> [UInt8] {
        let compressed: [UInt8]
        switch compression {
        case .fast: compressed = try fastDeflate(image)
        case .zlib(let level): compressed = try deflate(PNGRowFilter.filter(image), level: min(max(level, 0), 9))
        }
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
    public static func write(_ image: PixelBuffer, to path: String, compression: PNGCompression = .fast) throws {
        let data = try encode(image, compression: compression)
        try AtomicFile.write(data, to: path)
    }

    /// One zlib stream of `image`'s scanlines from LayerFX's own deflater
    /// (`lfx_png_fast_piece`): the rows cut into pieces of about
    /// `LFX_PNG_FAST_PIECE_BYTES`, each filtered and deflated in parallel,
    /// then the pieces in order and the Adler-32 of them all. The piece size
    /// depends on the width only, so the bytes do not depend on the number of
    /// cores.
    private static func fastDeflate(_ image: PixelBuffer) throws -> [UInt8] {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return try deflate([], level: 1) }
        let rowsPerPiece = Int(lfx_png_fast_rows_per_piece(Int32(width)))
        let pieces = max((height + rowsPerPiece - 1) / rowsPerPiece, 1)
        let results = LockedValue([DeflatedPiece?](repeating: nil, count: pieces))
        // One scratch area a worker, reused for each of its pieces: memory
        // written once is not faulted in again.
        let workers = min(pieces, max(ProcessInfo.processInfo.activeProcessorCount, 1))
        let scratchSize = lfx_png_fast_scratch_size(Int32(width), Int32(rowsPerPiece))
        image.bytes.withUnsafeBufferPointer { pixels in
            let input = UnsafeSendableInput(pixels)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                let scratch = UnsafeMutableRawPointer.allocate(byteCount: scratchSize, alignment: 64)
                defer { scratch.deallocate() }
                for index in stride(from: worker, to: pieces, by: workers) {
                    let first = index * rowsPerPiece, last = min(first + rowsPerPiece, height) - 1
                    let bound = lfx_png_fast_piece_bound(Int32(width), Int32(last - first + 1))
                    var written = -1
                    var checksum: UInt32 = 1
                    let data = [UInt8](unsafeUninitializedCapacity: bound) { out, count in
                        written = lfx_png_fast_piece(input.buffer.baseAddress, Int32(width), Int32(first), Int32(last),
                                                     index == pieces - 1 ? 1 : 0, scratch, out.baseAddress, out.count,
                                                     &checksum)
                        count = max(written, 0)
                    }
                    guard written >= 0 else { continue }
                    let piece = DeflatedPiece(data: data, adler: uLong(checksum),
                                              length: (last - first + 1) * (width * 4 + 1))
                    results.withLock { $0[index] = piece }
                }
            }
        }
        return try zlibStream(flags: 0x01, results.withLock { $0 }, failure: "a piece overran its bound")
    }

    /// One zlib stream of `bytes`: the header, the deflate data of every
    /// `LFX_DEFLATE_PIECE` bytes compressed in parallel (each primed with
    /// the 32 KiB before it, so the ratio stays close to one pass), and the
    /// Adler-32 checksum. Pieces have a fixed size, so the bytes do not depend
    /// on the number of cores.
    private static func deflate(_ bytes: [UInt8], level: Int32) throws -> [UInt8] {
        let pieceLength = Int(LFX_DEFLATE_PIECE)
        let pieces = max((bytes.count + pieceLength - 1) / pieceLength, 1)
        let bound = lfx_deflate_piece_bound(pieceLength)
        let results = LockedValue([DeflatedPiece?](repeating: nil, count: pieces))
        bytes.withUnsafeBufferPointer { source in
            let input = UnsafeSendableInput(source)
            DispatchQueue.concurrentPerform(iterations: pieces) { index in
                let start = index * pieceLength, length = min(pieceLength, input.buffer.count - start)
                var written = -1
                let data = [UInt8](unsafeUninitializedCapacity: bound) { out, count in
                    written = lfx_deflate_piece(input.buffer.baseAddress, input.buffer.count, index, level,
                                                out.baseAddress, out.count)
                    count = max(written, 0)
                }
                guard written >= 0 else { return }
                let adler = adler32(1, input.buffer.baseAddress.map { $0 + start }, uInt(max(length, 0)))
                let piece = DeflatedPiece(data: data, adler: adler, length: max(length, 0))
                results.withLock { $0[index] = piece }
            }
        }
        // FLEVEL is informational; the header must be a multiple of 31.
        return try zlibStream(flags: level <= 1 ? 0x01 : level <= 5 ? 0x5E : level == 6 ? 0x9C : 0xDA,
                              results.withLock { $0 }, failure: "zlib could not deflate")
    }

    /// A zlib stream (deflate, 32 KiB window, then `flags`) of `pieces` in
    /// order and the Adler-32 of all their input; a missing piece is the
    /// error `failure`.
    private static func zlibStream(flags: UInt8, _ pieces: [DeflatedPiece?], failure: String) throws -> [UInt8] {
        var out: [UInt8] = [0x78, flags]
        var adler: uLong = 1
        for piece in pieces {
            guard let piece else { throw ImageWriteError(description: "encoding PNG failed: \(failure)") }
            out += piece.data
            adler = adler32_combine(adler, piece.adler, off_t(piece.length))
        }
        out.appendBigEndian(UInt32(truncatingIfNeeded: adler))
        return out
    }
}

/// One piece of a deflate stream made in parallel: its deflate data, which
/// ends on a byte boundary, and the Adler-32 and length of its input.
private struct DeflatedPiece: Sendable {
    let data: [UInt8]
    let adler: uLong
    let length: Int
}

/// The filtered bytes, read by the concurrent deflate tasks.
private struct UnsafeSendableInput: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>
    init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }
}
