import LayerFXCore
import LayerFXModel

/// The shimmer of seed 002 (the answer's ShimmerEffect protocol, version
/// 3b), with facebook/Shimmer's parameter names: a highlight band sweeps
/// across text, pauses off-screen, and sweeps again.
///
/// Expansion: `NAME.gradient`, an axial gradient layer filling the host,
/// colours [tint, highlight, tint] (the tint's alpha times `opacity`),
/// `startPoint`/`endPoint` (−r, 0.5) → (1 + r, 0.5) for r = `highlightLength`
/// (mirrored or turned for the other directions), model `locations`
/// [−r, −r/2, 0], masked by `NAME.text`, a text layer with `string` in
/// opaque white (only its alpha counts) across the host's width, one line
/// (1.2 × fontSize) high, centred vertically. One group on the gradient:
/// duration sweep + `pauseDuration`, repeating forever, with one child
/// `locations` [−r, −r/2, 0] → [1, 1 + r/2, 1 + r] over the sweep,
/// easeInEaseOut (the group has no curve). With the defaults the sweep is 3 s
/// and the group 4.5 s, effects.md table 5b.
///
/// `speed` is in points per second: the highlight's centre travels
/// (1 + 2r)(1 + r) widths (heights for up/down) per sweep, so the sweep
/// lasts that distance / speed; by default 3 s, whatever the size.
public struct ShimmerEffect: DecodableEffect, Hashable {
    public static let effectName = "shimmer"

    /// Which way the highlight moves.
    public enum Direction: String, Hashable, Sendable, CaseIterable {
        /// Left to right (Shimmer's default).
        case right
        /// Right to left.
        case left
        /// Bottom to top.
        case up
        /// Top to bottom.
        case down
    }

    /// The text whose glyphs show the gradient.
    public var string: String
    /// A font file path or family name (see text layers); nil: the default face.
    public var font: String?
    /// Points (seed 002: 24).
    public var fontSize: Double
    /// How the text sits in the host's width.
    public var alignmentMode: TextAlignmentMode
    /// The text's colour away from the highlight.
    public var tint: Color
    /// The colour at the highlight's centre.
    public var highlight: Color
    /// The highlight's width as a fraction of the gradient (`gradientHighlightRatio`).
    public var highlightLength: Double
    /// Points per second; nil: one sweep lasts 3 s.
    public var speed: Double?
    /// Seconds between sweeps.
    public var pauseDuration: Double
    /// Which way the highlight sweeps.
    public var direction: Direction
    /// Multiplies the tint's alpha: the text away from the highlight (facebook/Shimmer's `shimmeringOpacity`).
    public var opacity: Double

    /// A shimmer with seed 002's defaults; see each property.
    public init(string: String = "Find new skills", font: String? = nil, fontSize: Double = 24,
                alignmentMode: TextAlignmentMode = .center, tint: Color = .black, highlight: Color = .white,
                highlightLength: Double = 0.3, speed: Double? = nil, pauseDuration: Double = 1.5,
                direction: Direction = .right, opacity: Double = 1) {
        self.string = string; self.font = font; self.fontSize = fontSize; self.alignmentMode = alignmentMode
        self.tint = tint; self.highlight = highlight; self.highlightLength = highlightLength; self.speed = speed
        self.pauseDuration = pauseDuration; self.direction = direction; self.opacity = opacity
    }

    /// The seconds one sweep lasts in a host of `size`.
    public func sweepDuration(for size: Size) -> Double {
        guard let speed else { return 3 }
        let r = highlightLength
        let length = direction == .right || direction == .left ? size.width : size.height
        return (1 + 2 * r) * (1 + r) * length / speed
    }

    public func makeLayers(for host: inout Layer) -> [Layer] {
        let bounds = host.properties.bounds
        let size = bounds.size
        let r = highlightLength
        let sweep = sweepDuration(for: size)
        let start: NumberList = [-r, -r / 2, 0], end: NumberList = [1, 1 + r / 2, 1 + r]

        var text = Layer(name: Self.partName("text", of: host), kind: .text)
        text.properties.string = string
        text.properties.font = font
        text.properties.fontSize = fontSize
        text.properties.alignmentMode = alignmentMode
        text.properties.foregroundColor = .white
        text.properties.bounds = Rect(x: 0, y: 0, width: size.width, height: 1.2 * fontSize)
        text.properties.position = Point(x: size.width / 2, y: size.height / 2)

        var gradient = Layer(name: Self.partName("gradient", of: host), kind: .gradient)
        gradient.properties.bounds = Rect(origin: .zero, size: size)
        gradient.properties.position = bounds.center
        let shade = tint.withAlpha(tint.alpha * opacity)
        gradient.properties.colors = [shade, highlight, shade]
        gradient.properties.locations = start
        let (from, to): (Point, Point) = switch direction {
        case .right: (Point(x: -r, y: 0.5), Point(x: 1 + r, y: 0.5))
        case .left: (Point(x: 1 + r, y: 0.5), Point(x: -r, y: 0.5))
        case .down: (Point(x: 0.5, y: -r), Point(x: 0.5, y: 1 + r))
        case .up: (Point(x: 0.5, y: 1 + r), Point(x: 0.5, y: -r))
        }
        gradient.properties.startPoint = from
        gradient.properties.endPoint = to
        gradient.animations = [Animation(
            keyPath: nil,
            kind: .group([Animation(keyPath: .locations, kind: .basic(from: .numbers(start), to: .numbers(end), by: nil),
                                    timing: .make(duration: sweep), timingFunction: .easeInEaseOut)]),
            timing: .make(duration: sweep + pauseDuration, repeatCount: .infinity))]
        gradient.mask = text
        return [gradient]
    }

    static let parameterNames = [
        "string", "font", "fontSize", "alignmentMode", "tint", "highlight", "highlightLength", "speed",
        "pauseDuration", "direction", "opacity",
    ]

    init<O: SceneObject>(parameters p: EffectParameters<O>) throws {
        self.init(string: try p.string("string", default: "Find new skills"),
                  font: try p.optionalString("font"),
                  fontSize: try p.number("fontSize", default: 24, .positive),
                  alignmentMode: try p.name("alignmentMode", "alignment mode", TextAlignmentMode.allCases,
                                            default: .center),
                  tint: try p.requiredColor("tint", default: .black),
                  highlight: try p.requiredColor("highlight", default: .white),
                  highlightLength: try p.number("highlightLength", default: 0.3, in: 0...1),
                  speed: try p.number("speed", .positive),
                  pauseDuration: try p.number("pauseDuration", default: 1.5, .nonNegative),
                  direction: try p.name("direction", "direction", Direction.allCases, default: .right),
                  opacity: try p.number("opacity", default: 1, in: 0...1))
    }
}
