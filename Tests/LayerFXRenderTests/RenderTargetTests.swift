import LayerFX
import LayerFXTestSupport
import Testing

/// Every render target gets the same bytes: a new buffer, a reused buffer,
/// and caller memory with padded rows (whose padding is left alone).
@Suite(.serialized)
struct RenderTargetTests {
    static let sceneName = "26-mask-star-gradient.json"

    static func frame(_ name: String = sceneName, at time: Double = 1) throws -> Frame {
        try SceneEvaluator().frame(for: Fixtures.scene(name), at: time)
    }

    @Test func cpuTargets() throws {
        try Self.checkEveryTarget(CPURenderer())
    }

    @Test(.requiresGPU)
    func gpuTargets() throws {
        try Self.checkEveryTarget(GPUAvailability.renderer.get())
    }

    static func checkEveryTarget(_ renderer: any RenderBackend) throws {
        try reusedBufferKeepsItsStorageAndGetsTheSameBytes(renderer)
        try bufferOfAnotherSizeIsReplaced(renderer)
        for padding in [0, 3, 16] { try callerMemoryWithPaddedRows(renderer, padding: padding) }
        try sequenceDeliversEachFramesBytesInOrder(renderer)
    }

    /// Frames of two sizes, in order: each delivered once, in order, with the
    /// bytes `render` gives it alone (on the GPU, through the double-buffered
    /// pixel-buffer objects, resized in the middle).
    static func sequenceDeliversEachFramesBytesInOrder(_ renderer: any RenderBackend) throws {
        let frames = try [0, 0.5, 1].map { try frame(at: $0) } + [frame("21-replicator.json", at: 0.3), frame(at: 1.5)]
        let asked = LockedValue<[Int]>([])
        var delivered: [(Int, PixelBuffer)] = []
        try renderer.renderSequence(count: frames.count, frame: { index in
            asked.withLock { $0.append(index) }
            return frames[index]
        }, deliver: { index, pixels in
            // Frame i + 1 is asked for while frame i is drawn, never earlier
            // (the GPU delivers frame i after drawing i + 1, while i + 2 is asked for).
            #expect(asked.withLock { $0.count } <= index + (renderer.backend == .gpu ? 3 : 2))
            delivered.append((index, pixels))
        })
        #expect(asked.withLock { $0 } == Array(frames.indices))
        #expect(delivered.map(\.0) == Array(frames.indices))
        for (index, pixels) in delivered {
            #expect(pixels == (try renderer.render(frames[index])), "frame \(index)")
        }
        #expect(frames[3].width != frames[0].width || frames[3].height != frames[0].height)
    }

    static func reusedBufferKeepsItsStorageAndGetsTheSameBytes(_ renderer: any RenderBackend) throws {
        let first = try frame(at: 0), second = try frame(at: 1)
        var buffer = try renderer.render(first)
        let storage = buffer.bytes.withUnsafeBufferPointer { $0.baseAddress }
        try renderer.render(second, into: &buffer)
        #expect(buffer.bytes.withUnsafeBufferPointer { $0.baseAddress } == storage)
        #expect(buffer == (try renderer.render(second)))
        #expect(buffer != (try renderer.render(first)))   // the frames differ, so the bytes were redrawn
    }

    static func bufferOfAnotherSizeIsReplaced(_ renderer: any RenderBackend) throws {
        var buffer = PixelBuffer(width: 3, height: 2, bytes: [UInt8](repeating: 7, count: 24))
        let frame = try frame()
        try renderer.render(frame, into: &buffer)
        #expect(buffer.width == frame.width && buffer.height == frame.height)
        #expect(buffer == (try renderer.render(frame)))
    }

    static func callerMemoryWithPaddedRows(_ renderer: any RenderBackend, padding: Int) throws {
        let frame = try frame()
        let rowBytes = frame.width * 4 + padding
        var memory = [UInt8](repeating: 0xA5, count: rowBytes * frame.height)
        try memory.withUnsafeMutableBytes { try renderer.render(frame, into: $0.baseAddress!, rowBytes: rowBytes) }
        let expected = try renderer.render(frame)
        for y in 0..<frame.height {
            let row = memory[(y * rowBytes)..<(y * rowBytes + frame.width * 4)]
            #expect(Array(row) == Array(expected.bytes[(y * frame.width * 4)..<((y + 1) * frame.width * 4)]), "row \(y)")
            #expect(memory[(y * rowBytes + frame.width * 4)..<((y + 1) * rowBytes)].allSatisfy { $0 == 0xA5 },
                    "row \(y)'s padding was written")
        }
    }
}
