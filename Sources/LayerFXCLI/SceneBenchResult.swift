import FoundationEssentials

/// What `layerfx bench scene` measured, as text or one JSON object.
struct SceneBenchResult {
    let scene: String
    let width: Int, height: Int
    let scale: Double
    let backend: String
    let renderer: String
    /// How the renderer composited (nil when nothing was drawn).
    let compositing: String?
    /// Milliseconds per timed frame (evaluation, drawing and readback).
    let times: [Double]
    /// Milliseconds of each timed frame spent evaluating the scene.
    let evaluationTimes: [Double]

    /// Whether only evaluation was timed (`--evaluate-only`: no backend drew).
    var evaluatedOnly: Bool { backend == "none" }

    var text: String {
        let evaluation = "median \(Timing.text(Timing.median(evaluationTimes))) ms, min \(Timing.text(evaluationTimes.min() ?? 0)) ms"
        let scene = "scene:        \(scene) at \(width)x\(height) (scale \(scale.numberText))"
        if evaluatedOnly {
            return [scene, "backend:      none (evaluation only)",
                    "evaluation:   \(evaluation) over \(evaluationTimes.count) frames"].joined(separator: "\n")
        }
        return [
            scene,
            "backend:      \(backend), \(renderer)",
            "compositing:  \(compositing ?? "none")",
            "frame:        median \(Timing.text(Timing.median(times))) ms, min \(Timing.text(times.min() ?? 0)) ms over \(times.count) frames",
            "evaluation:   \(evaluation)",
        ].joined(separator: "\n")
    }

    var json: String {
        JSONText.sorted(Fields(
            scene: scene, width: width, height: height, scale: scale, backend: backend, renderer: renderer,
            compositing: compositing, frames: times.count, medianMs: Timing.median(times), minMs: times.min() ?? 0, timesMs: times,
            evaluateMedianMs: Timing.median(evaluationTimes), evaluateMinMs: evaluationTimes.min() ?? 0))
    }

    /// The JSON object's fields, named as in JSON, in camel case.
    private struct Fields: Encodable {
        let scene: String, width: Int, height: Int, scale: Double, backend: String, renderer: String
        let compositing: String?
        let frames: Int, medianMs: Double, minMs: Double, timesMs: [Double]
        let evaluateMedianMs: Double, evaluateMinMs: Double
    }
}

/// JSON text of the benchmarks' results.
enum JSONText {
    /// `value` as one line of JSON, its keys in snake case (`medianMs` is
    /// `median_ms`) and sorted. A figure JSON cannot hold (a rate over a
    /// zero time) is written as the string "inf", "-inf" or "nan".
    static func sorted(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf",
                                                                      negativeInfinity: "-inf", nan: "nan")
        // The fields are numbers (any, with the strategy above), strings and
        // arrays of them, which always encode.
        return String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self)
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
    static func text(_ value: Double) -> String { String(printf: "%.2f", value) }
}
