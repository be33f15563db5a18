import FoundationEssentials

/// What `layerfx bench ripples` measured, as text or one JSON object.
struct RippleBenchResult {
    let count: Int, width: Int, height: Int, frames: Int
    let backend: String
    let animated: Bool
    /// Milliseconds per timed frame.
    let times: [Double]
    /// Milliseconds spent evaluating each timed frame (empty when evaluated once).
    let evaluationTimes: [Double]
    /// Σ π(r + 1)² over the ripples.
    let paintedPixels: Double
    let renderer: String
    let platform: String?
    /// Bytes the compiled field's records hold (nil when not compiled).
    let compiledBytes: Int?
    /// How the CPU composited (nil on the GPU and when nothing was drawn).
    let compositing: String?
    /// With tile compositing: circles shaded per pixel, and the share of
    /// pixels that stopped before the end of their tile's list.
    let tiles: (visitsPerPixel: Double, earlyShare: Double)?

    var medianMilliseconds: Double { Timing.median(times) }
    var minMilliseconds: Double { times.min() ?? 0 }
    var megapixelsPerSecond: Double { paintedPixels / 1e6 / (medianMilliseconds / 1e3) }

    var text: String {
        var lines = [
            "ripples:      \(count) at \(width)x\(height)\(animated ? ", animated" : "")",
            "backend:      \(backend)" + (platform.map { " (EGL \($0))" } ?? ""),
            "renderer:     \(renderer)",
            "frame:        median \(Timing.text(medianMilliseconds)) ms, min \(Timing.text(minMilliseconds)) ms over \(frames) frames",
        ]
        if !evaluationTimes.isEmpty {
            lines.append("evaluation:   median \(Timing.text(Timing.median(evaluationTimes))) ms, min \(Timing.text(evaluationTimes.min()!)) ms")
        }
        if let compiledBytes {
            let perLayer = Double(compiledBytes) / Double(max(count, 1))
            lines.append("compiled:     \(Timing.text(Double(compiledBytes) / 1e6)) MB (\(Timing.text(perLayer)) bytes a layer)")
        }
        if let compositing { lines.append("compositing:  \(compositing)") }
        if let tiles {
            lines.append("tiles:        \(Timing.text(tiles.visitsPerPixel)) circles shaded a pixel, "
                         + "\(Timing.text(100 * tiles.earlyShare))% of pixels stopped early")
        }
        if backend != "none" { lines.append("throughput:   \(Timing.text(megapixelsPerSecond)) Mpixels/s") }
        return lines.joined(separator: "\n")
    }

    var json: String {
        let measured = backend != "none"
        return JSONText.sorted(Fields(
            count: count, width: width, height: height, frames: frames, backend: backend, renderer: renderer,
            animated: animated, medianMs: medianMilliseconds, minMs: minMilliseconds, timesMs: times,
            paintedMpixels: paintedPixels / 1e6, mpixelsPerS: measured ? megapixelsPerSecond : nil,
            platform: platform, evaluateMedianMs: evaluationTimes.isEmpty ? nil : Timing.median(evaluationTimes),
            evaluateMinMs: evaluationTimes.min(), compiledBytes: compiledBytes, compositing: compositing,
            primitivesPerPixel: tiles?.visitsPerPixel, earlyStopShare: tiles?.earlyShare))
    }

    /// The JSON object's fields, named as in JSON, in camel case; nil ones are left out.
    private struct Fields: Encodable {
        let count: Int, width: Int, height: Int, frames: Int
        let backend: String, renderer: String, animated: Bool
        let medianMs: Double, minMs: Double, timesMs: [Double], paintedMpixels: Double
        let mpixelsPerS: Double?, platform: String?
        let evaluateMedianMs: Double?, evaluateMinMs: Double?
        let compiledBytes: Int?
        let compositing: String?, primitivesPerPixel: Double?, earlyStopShare: Double?
    }
}
