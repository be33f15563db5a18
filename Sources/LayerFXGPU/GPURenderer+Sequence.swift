import CEGL
import LayerFXCore
import LayerFXPrimitives

extension GPURenderer {
    /// Draws frames `0..<count` with double-buffered readback: frame i is read
    /// into one of two pixel-buffer objects while frame i + 1 is drawn, and
    /// only then mapped and copied into the buffer handed to `deliver(i, …)`.
    /// The bytes are those of ``render(_:)``; frames must keep one size (a
    /// frame of another size first delivers the frame before it).
    /// Each next frame is evaluated while the current one is drawn.
    public func renderSequence(count: Int, frame: @escaping @Sendable (Int) throws -> Frame,
                               deliver: (Int, PixelBuffer) throws -> Void) throws {
        var pixels = PixelBuffer(width: 0, height: 0, bytes: [])
        var pending: (index: Int, width: Int, height: Int)?
        try FramePrefetch.run(count: count, frame: frame) { index, next in
            let width = next.width, height = next.height
            if let earlier = pending, earlier.width != width || earlier.height != height {
                // A new size: finish the earlier frame before the buffers are resized.
                try withCurrentContext { try collect(earlier, into: &pixels) }
                pending = nil
                try deliver(earlier.index, pixels)
            }
            guard width > 0, height > 0 else {
                try deliver(index, PixelBuffer(width: width, height: height, bytes: []))
                return
            }
            let earlier = pending
            try withCurrentContext {
                if try !drawInTiles(next) { try drawIntoOwnTarget(next) }
                readback.startReading(width: width, height: height, into: index % 2)
                if let earlier { try collect(earlier, into: &pixels) }
            }
            pending = (index, width, height)
            if let earlier { try deliver(earlier.index, pixels) }
        }
        if let last = pending {
            try withCurrentContext { try collect(last, into: &pixels) }
            try deliver(last.index, pixels)
        }
    }

    /// Maps the pixel-buffer object frame `frame.index` was read into.
    private func collect(_ frame: (index: Int, width: Int, height: Int), into pixels: inout PixelBuffer) throws {
        try readback.finishReading(width: frame.width, height: frame.height, from: frame.index % 2, into: &pixels)
        try failureCheck.check(while: "reading back a \(frame.width)×\(frame.height) frame")
    }
}
