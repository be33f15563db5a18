import Foundation
import LayerFX
import LayerFXCore
import LayerFXTestSupport
import Testing

/// The thread rule of the docs, "one renderer per thread": renderers on
/// several threads at once produce the same bytes as one after another.
@Suite(.serialized)
struct ThreadSafetyTests {
    /// One job per thread: a different scene and time each.
    static let jobs: [(scene: String, time: Double)] = [
        ("17-pulsing-rings.json", 1.5), ("20-ripple.json", 0.5), ("21-replicator.json", 0.3),
        ("12-translucency.json", 0), ("24-conic-gradient.json", 0), ("07-rotation.json", 0),
    ]
    static let rounds = 3

    @Test(.requiresGPU) func concurrentGPURenderersMatchSerialOutput() throws {
        try expectConcurrentMatchesSerial(.gpu)
    }

    @Test func concurrentCPURenderersMatchSerialOutput() throws {
        try expectConcurrentMatchesSerial(.cpu)
    }

    private func expectConcurrentMatchesSerial(_ backend: BackendChoice) throws {
        let frames = try Self.jobs.map { job in try SceneEvaluator().frame(for: try Fixtures.scene(job.scene), at: job.time) }
        let serial = try frames.map { try Renderer(backend).render($0) }

        let results = LockedValue<[Int: [Result<PixelBuffer, any Error>]]>([:])
        let done = DispatchSemaphore(value: 0)
        for (index, frame) in frames.enumerated() {
            let thread = Thread {
                var mine: [Result<PixelBuffer, any Error>] = []
                do {
                    let renderer = try Renderer(backend)   // its own context, on its own thread
                    for _ in 0..<Self.rounds { mine.append(Result { try renderer.render(frame) }) }
                } catch {
                    mine.append(.failure(error))
                }
                results.withLock { $0[index] = mine }
                done.signal()
            }
            thread.start()
        }
        for _ in frames { done.wait() }

        let collected = results.withLock { $0 }
        for (index, job) in Self.jobs.enumerated() {
            let outputs = collected[index] ?? []
            #expect(outputs.count == Self.rounds, "\(job.scene): \(outputs)")
            for output in outputs {
                let pixels = try output.get()
                #expect(pixels == serial[index], "\(backend) \(job.scene) t=\(job.time) differs on a concurrent thread")
            }
        }
    }
}
