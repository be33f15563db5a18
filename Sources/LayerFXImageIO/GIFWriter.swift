#if canImport(Glibc)
import Glibc
#endif
import CGIF
import LayerFXCore

/// Writes an animated GIF through giflib, one frame at a time (memory stays
/// flat): each frame gets its own 255-colour palette (giflib's median-cut
/// quantizer) plus a transparent index for pixels under half alpha, and loops
/// forever. The file is written beside its destination and renamed into place
/// by `finish()`, so a failed run leaves no partial GIF.
public final class GIFWriter {
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// Hundredths of a second per frame (GIF's unit).
    public let delay: Int
    private let path: String
    private let temporaryPath: String
    private var file: UnsafeMutablePointer<GifFileType>?

    /// Opens the GIF; `framesPerSecond` becomes a per-frame delay rounded to
    /// GIF's 1/100 s (at least 1/100 s).
    public init(path: String, width: Int, height: Int, framesPerSecond: Double) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw ImageWriteError(description: "a GIF is at most 65535 px a side (got \(width)×\(height))")
        }
        self.width = width; self.height = height; self.path = path
        delay = min(max(Int(saturating: 100 / framesPerSecond, rounding: .toNearestOrAwayFromZero), 1), 65_535)
        temporaryPath = AtomicFile.temporaryPath(beside: path, extension: "gif.tmp")
        var error: Int32 = 0
        file = EGifOpenFileName(temporaryPath, true, &error)
        guard let file else { throw Self.failure("cannot write \(path)", error) }
        EGifSetGifVersion(file, true)
        guard EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, nil) == GIF_OK else {
            throw abandon("cannot write \(path)")
        }
        // NETSCAPE2.0 application block: loop forever.
        var application = Array("NETSCAPE2.0".utf8)
        var loop: [UInt8] = [1, 0, 0]
        guard EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE) == GIF_OK,
              EGifPutExtensionBlock(file, Int32(application.count), &application) == GIF_OK,
              EGifPutExtensionBlock(file, Int32(loop.count), &loop) == GIF_OK,
              EGifPutExtensionTrailer(file) == GIF_OK else { throw abandon("cannot write \(path)") }
    }

    deinit {
        if file != nil { _ = abandon("") }
    }

    /// Appends one frame (premultiplied RGBA of the writer's size).
    public func add(_ image: PixelBuffer) throws {
        guard let file else { throw ImageWriteError(description: "GIF \(path) is already finished") }
        guard image.width == width, image.height == height else {
            throw ImageWriteError(description: "GIF frames must all be \(width)×\(height)")
        }
        let count = width * height
        let rgba = PNGEncoder.straightAlpha(image)
        var red = [UInt8](repeating: 0, count: count), green = red, blue = red
        var opaque = [Bool](repeating: false, count: count)
        for i in 0..<count {
            red[i] = rgba[4 * i]; green[i] = rgba[4 * i + 1]; blue[i] = rgba[4 * i + 2]
            opaque[i] = rgba[4 * i + 3] >= 128
        }
        var indices = [GifByteType](repeating: 0, count: count)
        var colors = [GifColorType](repeating: GifColorType(), count: 256)
        var size: Int32 = 255
        guard GifQuantizeBuffer(UInt32(width), UInt32(height), &size, &red, &green, &blue, &indices, &colors)
                == GIF_OK else { throw ImageWriteError(description: "cannot quantize a frame of \(path)") }
        let transparent: GifByteType = 255
        for i in 0..<count where !opaque[i] { indices[i] = transparent }

        var control = GraphicsControlBlock(DisposalMode: DISPOSE_BACKGROUND, UserInputFlag: false,
                                           DelayTime: Int32(delay), TransparentColor: Int32(transparent))
        var controlBytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &controlBytes)
        guard let map = GifMakeMapObject(256, &colors) else { throw abandon("cannot write \(path)") }
        defer { GifFreeMapObject(map) }
        guard EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), &controlBytes) == GIF_OK,
              EGifPutImageDesc(file, 0, 0, Int32(width), Int32(height), false, map) == GIF_OK else {
            throw abandon("cannot write \(path)")
        }
        try indices.withUnsafeMutableBufferPointer { rows in
            for y in 0..<height {
                guard EGifPutLine(file, rows.baseAddress! + y * width, Int32(width)) == GIF_OK else {
                    throw abandon("cannot write \(path)")
                }
            }
        }
    }

    /// Closes the GIF and renames it into place.
    public func finish() throws {
        guard let file else { throw ImageWriteError(description: "GIF \(path) is already finished") }
        self.file = nil
        var error: Int32 = 0
        guard EGifCloseFile(file, &error) == GIF_OK else {
            unlink(temporaryPath)
            throw Self.failure("cannot write \(path)", error)
        }
        try AtomicFile.commit(temporaryPath, to: path)
    }

    /// Closes and deletes the temporary file; returns the error to throw.
    @discardableResult
    private func abandon(_ message: String) -> ImageWriteError {
        let code = file?.pointee.Error ?? 0
        if let file { var ignored: Int32 = 0; EGifCloseFile(file, &ignored) }
        file = nil
        unlink(temporaryPath)
        return Self.failure(message, code)
    }

    private static func failure(_ message: String, _ code: Int32) -> ImageWriteError {
        let reason = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        return ImageWriteError(description: "\(message): \(reason)")
    }
}
