import CEGL
import LayerFXCore

/// Two pixel-buffer objects that frames are read back into in turn, so that
/// the copy of frame i to memory can wait until frame i + 1 has been drawn
/// (the GPU fills one while the host maps the other).
struct ReadbackBuffers {
    private var buffers: [GLuint] = []
    private var byteCount = 0

    /// Starts reading the bound framebuffer's `width × height` pixels into
    /// buffer `slot` (0 or 1); `glReadPixels` returns before the copy ends.
    mutating func startReading(width: Int, height: Int, into slot: Int) {
        if buffers.isEmpty {
            buffers = [0, 0]
            glGenBuffers(2, &buffers)
        }
        let bytes = width * height * 4
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffers[slot])
        if byteCount != bytes {
            // Both buffers get the new size: a sequence keeps one frame size.
            for buffer in buffers {
                glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffer)
                glBufferData(GLenum(GL_PIXEL_PACK_BUFFER), bytes, nil, GLenum(GL_STREAM_READ))
            }
            byteCount = bytes
            glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffers[slot])
        }
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
    }

    /// The pixels of buffer `slot`, read by an earlier ``startReading(width:height:into:)``
    /// of that size, copied into `pixels` (reused when it has that size).
    func finishReading(width: Int, height: Int, from slot: Int, into pixels: inout PixelBuffer) throws {
        let bytes = width * height * 4
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffers[slot])
        defer { glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0) }
        guard let mapped = glMapBufferRange(GLenum(GL_PIXEL_PACK_BUFFER), 0, bytes, GLbitfield(GL_MAP_READ_BIT)) else {
            throw GPUError("mapping the pixel-buffer object of a \(width)×\(height) frame failed (0x\(String(glGetError(), radix: 16)))")
        }
        defer { glUnmapBuffer(GLenum(GL_PIXEL_PACK_BUFFER)) }
        if pixels.width != width || pixels.height != height {
            pixels = PixelBuffer(width: width, height: height,
                                 bytes: [UInt8](unsafeUninitializedCapacity: bytes) { buffer, count in
                                     buffer.baseAddress!.initialize(from: mapped.assumingMemoryBound(to: UInt8.self),
                                                                    count: bytes)
                                     count = bytes
                                 })
        } else {
            pixels.bytes.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: mapped, byteCount: bytes) }
        }
    }

    /// Deletes both buffers (in the renderer's context).
    mutating func delete() {
        if !buffers.isEmpty { glDeleteBuffers(2, &buffers) }
        buffers = []
        byteCount = 0
    }
}
