import Foundation

/// What `layerfx bench scene` measured, as text or one JSON object.
struct SceneBenchResult {
    let scene: String
    let width: Int, height: Int
    let scale: Double
    let backend: String
    let renderer: String
    /// Milliseconds per timed frame (evaluation, drawing and readback).
    let times: [Double]
    /// Milliseconds of each timed frame spent evaluating the scene.
    let evaluationTimes: [Double]

    var text: String {
        [
            "scene:        \(scene) at \(width)x\(height) (scale \(scale.numberText))",
            "backend:      \(backend), \(renderer)",
            "frame:        median \(Timing.text(Timing.median(times))) ms, min \(Timing.text(times.min() ?? 0)) ms over \(times.count) frames",
            "evaluation:   median \(Timing.text(Timing.median(evaluationTimes))) ms, min \(Timing.text(evaluationTimes.min() ?? 0)) ms",
        ].joined(separator: "\n")
    }

    var json: String {
        let object: [String: Any] = [
            "scene": scene, "width": width, "height": height, "scale": scale, "backend": backend,
            "renderer": renderer, "frames": times.count, "median_ms": Timing.median(times),
            "min_ms": times.min() ?? 0, "times_ms": times,
            "evaluate_median_ms": Timing.median(evaluationTimes), "evaluate_min_ms": evaluationTimes.min() ?? 0,
        ]
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}

/// Medians and the text of millisecond figures, shared by the benchmarks' results.
enum Timing {
    /// The middle value (mean of the middle two for an even count); 0 for none.
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// Two decimals.
    static func text(_ value: Double) -> String { String(format: "%.2f", value) }
}
