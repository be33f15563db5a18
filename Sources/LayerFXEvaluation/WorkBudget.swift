import LayerFXCore

/// Limits on the work one frame may cost, checked while the frame is
/// evaluated: a scene that would exceed one fails fast with a
/// ``WorkBudgetExceeded`` error instead of running for minutes or exhausting
/// memory.
///
/// The defaults are generous for real scenes (a field of a million animated
/// ripples fits) and keep a frame's memory below a few gigabytes:
///
/// | key | counts | default |
/// |---|---|---|
/// | `instances` | layer instances visited, replicator copies included | 10,000,000 |
/// | `primitives` | display-list primitives (64 bytes a plain circle, 256 any other) | 4,000,000 |
/// | `pixels` | pixels to shade: each primitive's box on the frame, summed | 8,000,000,000 |
/// | `vertices` | path vertices after flattening, stroke outlines included | 10,000,000 |
/// | `stroke-pieces` | stroke pieces: dashes, joins and caps | 2,000,000 |
/// | `band-edges` | polygon edges in the display list, once per 8-row band each crosses | 16,000,000 |
/// | `edge-tests` | each polygon pixel against each edge of its piece | 1,000,000,000 |
/// | `offscreen-layers` | offscreen layers kept (group opacity, masks, deep clips) | 100,000 |
/// | `offscreen-pixels` | frame pixels all offscreen layers cover, a mask's twice | 1,000,000,000 |
/// | `glyphs` | glyphs laid out | 1,000,000 |
/// | `text-length` | characters of all text layers' strings | 1,000,000 |
/// | `gradient-stops` | stops of gradients of more than 6 stops, in the frame's stop table | 4,000,000 |
///
/// ```swift
/// var budget = WorkBudget()
/// budget[.instances] = 50_000_000
/// let frame = try SceneEvaluator().frame(for: scene, at: 1.5, budget: budget)
/// ```
public struct WorkBudget: Sendable, Hashable {
    /// What a budget limits.
    public enum Key: String, CaseIterable, Sendable {
        /// Layer instances visited, every replicator copy counted.
        case instances
        /// Display-list primitives.
        case primitives
        /// Pixels to shade: the part of each primitive's bounding box on the
        /// frame, summed over the primitives (overdraw counts every time).
        case pixels
        /// Path vertices after flattening (fills and stroke outlines).
        case vertices
        /// Stroke pieces: dashes, joins and caps.
        case strokePieces = "stroke-pieces"
        /// Polygon edges stored in the display list, an edge once for every
        /// band of rows it crosses (at most 2²⁴, which the backends index exactly).
        case bandEdges = "band-edges"
        /// Polygon pixels times the edges each reads: the work of drawing
        /// paths, which many overlapping edges (fine dashes) multiply.
        case edgeTests = "edge-tests"
        /// Offscreen layers opened for group opacity, masks and deep clips.
        case offscreenLayers = "offscreen-layers"
        /// Pixels of all offscreen layers together.
        case offscreenPixels = "offscreen-pixels"
        /// Glyphs laid out.
        case glyphs
        /// Characters of all text layers' strings.
        case textLength = "text-length"
        /// Stops the frame's gradients of more than
        /// `GradientPaint.inlineStopCapacity` stops keep in its stop table.
        case gradientStops = "gradient-stops"

        /// The limit when nothing else is set.
        public var defaultLimit: Int {
            switch self {
            case .instances: 10_000_000
            case .primitives: 4_000_000
            case .pixels: 8_000_000_000
            case .vertices: 10_000_000
            case .strokePieces: 2_000_000
            case .bandEdges: 16_000_000
            case .edgeTests: 1_000_000_000
            case .offscreenLayers: 100_000
            case .offscreenPixels: 1_000_000_000
            case .glyphs: 1_000_000
            case .textLength: 1_000_000
            case .gradientStops: 4_000_000
            }
        }

        /// The key's position in `allCases`.
        var index: Int {
            switch self {
            case .instances: 0
            case .primitives: 1
            case .pixels: 2
            case .vertices: 3
            case .strokePieces: 4
            case .bandEdges: 5
            case .edgeTests: 6
            case .offscreenLayers: 7
            case .offscreenPixels: 8
            case .glyphs: 9
            case .textLength: 10
            case .gradientStops: 11
            }
        }

        /// What the key counts, in the words of an error message ("layer instances").
        var noun: String {
            switch self {
            case .instances: "layer instances"
            case .primitives: "primitives"
            case .pixels: "pixels to shade"
            case .vertices: "path vertices"
            case .strokePieces: "stroke pieces"
            case .bandEdges: "polygon band edges"
            case .edgeTests: "pixel-edge tests"
            case .offscreenLayers: "offscreen layers"
            case .offscreenPixels: "offscreen pixels"
            case .glyphs: "glyphs"
            case .textLength: "characters of text"
            case .gradientStops: "gradient stops"
            }
        }
    }

    private var limits: [Int]

    /// Every key at its default limit.
    public init() {
        limits = Key.allCases.map(\.defaultLimit)
    }

    /// The limit for `key`: at least 0, and at most 2²⁴ for `band-edges`.
    public subscript(key: Key) -> Int {
        get { limits[key.index] }
        set { limits[key.index] = min(max(newValue, 0), key == .bandEdges ? 1 << 24 : .max) }
    }

    /// Sets limits from `KEY=N` texts, as the `--budget` option takes them.
    /// Throws a message naming the text when the key is unknown or N is not
    /// a non-negative integer.
    public mutating func set(parsing text: String) throws(WorkBudgetSyntaxError) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let keys = Key.allCases.map(\.rawValue).joined(separator: ", ")
        guard parts.count == 2, let key = Key(rawValue: String(parts[0])) else {
            throw WorkBudgetSyntaxError(description: "\(text): expected KEY=N with KEY one of \(keys)")
        }
        let digits = parts[1].filter { $0 != "_" }
        guard let value = Int(digits), value >= 0 else {
            throw WorkBudgetSyntaxError(description: "\(text): \(parts[1]) is not a whole number ≥ 0")
        }
        self[key] = value
    }
}

/// A `--budget` text that is not `KEY=N`.
public struct WorkBudgetSyntaxError: Error, CustomStringConvertible, Sendable {
    /// The text and what was expected.
    public let description: String
}

/// A frame that would cost more than its ``WorkBudget`` allows.
///
/// `description` names the scene time, the layer's place in the document,
/// the count and the limit, e.g. `at t=1.25 s: layers[0].sublayers[0]:
/// replicators expand to 1e15 layer instances; the limit is 10000000
/// (--budget instances=N)`.
public struct WorkBudgetExceeded: Error, CustomStringConvertible, Sendable, Hashable {
    /// The limit that was exceeded.
    public let key: WorkBudget.Key
    /// What the frame would need (at least; counting stops at the first layer over the limit).
    public let count: Double
    /// The limit in force.
    public let limit: Int
    /// The layer whose content went over, as a path in the scene document
    /// (`layers[2].sublayers[0].mask`).
    public let layerPath: String
    /// The scene time of the frame, in seconds.
    public let time: Double
    /// What made the count: "replicators expand to" or "the frame needs".
    let verb: String

    public var description: String {
        "at t=\(time.numberText) s: \(layerPath): \(verb) \(Self.count(count)) \(key.noun); "
            + "the limit is \(limit) (--budget \(key.rawValue)=N)"
    }

    /// A count below 10¹⁵ in full, larger ones as `1e15` or `2.5e18`.
    private static func count(_ v: Double) -> String {
        if v < 1e15 { return String(Int64(v)) }
        guard v.isFinite else { return "more than 1e308" }
        let exponent = Int(saturating: log10(v), rounding: .down)
        var mantissa = v / pow(10, Double(exponent))
        mantissa = (mantissa * 100).rounded() / 100
        let text = mantissa == mantissa.rounded() ? String(Int(mantissa)) : "\(mantissa)"
        return "\(text)e\(exponent)"
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
