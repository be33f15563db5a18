import Foundation

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
        if backend != "none" { lines.append("throughput:   \(Timing.text(megapixelsPerSecond)) Mpixels/s") }
        return lines.joined(separator: "\n")
    }

    var json: String {
        var object: [String: Any] = [
            "count": count, "width": width, "height": height, "frames": frames, "backend": backend,
            "renderer": renderer, "animated": animated, "median_ms": medianMilliseconds,
            "min_ms": minMilliseconds, "times_ms": times, "painted_mpixels": paintedPixels / 1e6,
        ]
        if backend != "none" { object["mpixels_per_s"] = megapixelsPerSecond }
        if let platform { object["platform"] = platform }
        if !evaluationTimes.isEmpty {
            object["evaluate_median_ms"] = Timing.median(evaluationTimes)
            object["evaluate_min_ms"] = evaluationTimes.min()!
        }
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
