import LayerFXCore

/// Which backend draws: the two implementations of ``RenderBackend``.
public enum Backend: String, Sendable, CaseIterable {
    /// OpenGL ES 3 through EGL (`GPURenderer`).
    case gpu
    /// The C kernels on all cores (`CPURenderer`).
    case cpu
}

/// A renderer of frames: the GPU and CPU backends.
///
/// A backend draws a ``Frame`` into a target: caller memory (rows of any
/// length), a ``PixelBuffer`` whose storage is reused from frame to frame,
/// or a new ``PixelBuffer``. The GPU backend also draws into a host's
/// framebuffer object (`GPURenderer.render(_:intoFramebuffer:origin:options:)`).
/// Every target gets the same bytes: premultiplied RGBA8, top row first.
public protocol RenderBackend {
    /// Which backend this is.
    var backend: Backend { get }

    /// Draws `frame` into caller memory: `frame.height` rows of
    /// `frame.width` premultiplied RGBA8 pixels, top row first, the first at
    /// `pixels` and each `rowBytes` bytes after the one above
    /// (`rowBytes ≥ frame.width × 4`). Bytes past each row's pixels are not
    /// touched.
    func render(_ frame: Frame, into pixels: UnsafeMutableRawPointer, rowBytes: Int) throws

    /// Draws frames `0..<count` in order and hands each one's pixels to
    /// `deliver(i, pixels)`, in order, on the calling thread: the same bytes
    /// as ``render(_:)`` one by one. `frame(i + 1)` runs on another thread
    /// while frame i is drawn (evaluation overlaps drawing). The buffer
    /// handed over may be reused for a later frame: keep a copy to keep it.
    /// The CPU draws and delivers each frame in turn, redrawing only the
    /// rows that can differ from the frame before (``FrameDamage``); the GPU also reads
    /// frame i back through a pixel-buffer object while it draws frame
    /// i + 1, so `deliver(i, …)` comes after that drawing.
    func renderSequence(count: Int, frame: @escaping @Sendable (Int) throws -> Frame,
                        deliver: (Int, PixelBuffer) throws -> Void) throws
}

extension RenderBackend {
    /// Draws `frame` into `buffer`, reusing its storage when it already has
    /// the frame's size and is not shared (a sequence drawn into one buffer
    /// allocates no memory per frame).
    public func render(_ frame: Frame, into buffer: inout PixelBuffer) throws {
        let width = frame.width, height = frame.height
        guard buffer.width == width, buffer.height == height else {
            buffer = try render(frame)
            return
        }
        guard width > 0, height > 0 else { return }
        try buffer.bytes.withUnsafeMutableBytes { raw in
            try render(frame, into: raw.baseAddress!, rowBytes: width * 4)
        }
    }

    /// Draws and delivers one frame after another into one reused buffer,
    /// evaluating each next frame while the current one is drawn.
    public func renderSequence(count: Int, frame: @escaping @Sendable (Int) throws -> Frame,
                               deliver: (Int, PixelBuffer) throws -> Void) throws {
        var buffer = PixelBuffer(width: 0, height: 0, bytes: [])
        try FramePrefetch.run(count: count, frame: frame) { index, frame in
            try render(frame, into: &buffer)
            try deliver(index, buffer)
        }
    }

    /// Draws `frame` into a new buffer and returns it.
    public func render(_ frame: Frame) throws -> PixelBuffer {
        let width = frame.width, height = frame.height
        var failure: (any Error)?
        let bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            count = buffer.count
            guard let base = buffer.baseAddress else { return }
            HugePages.advise(base, count: buffer.count)
            do { try render(frame, into: UnsafeMutableRawPointer(base), rowBytes: width * 4) } catch {
                buffer.initialize(repeating: 0)
                failure = error
            }
        }
        if let failure { throw failure }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }
}
