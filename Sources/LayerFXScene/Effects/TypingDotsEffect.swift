import LayerFXCore
import LayerFXModel

/// The typing dots of seed 003 (MessageBalloon): a speech balloon with
/// three dots that hop up and fade, one after the other.
///
/// Expansion:
/// - `NAME.balloon` (with `balloon`): a shape layer filling the host whose
///   path is the seed's PaintCode bezier (8 cubic segments) fitted into the
///   host's bounds as the seed's `rescaleForFrame` does (aspect fit of the
///   path's bounding box with control points, centred), as path elements
///   (`layerfx expand` writes them as SVG path data `{"svg": "M …"}`); stroke
///   `lineColor`, fill `color`, round joins, `lineWidth`.
/// - `NAME.dots`: a replicator filling the host, `instanceCount` copies
///   translated by 1.6·dotSize, `instanceDelay` apart, holding `NAME.dot`:
///   a dotSize square (dotSize = height / 10 by default) with corner radius
///   dotSize/2 in `dotColor`, at (centre.x − 1.6·dotSize, centre.y + 0.2·dotSize).
///
/// The seed chains an "up" group and a "down" group through its animation
/// delegate, forever; here one group of 1.2 s repeating forever holds both,
/// so any instant can be evaluated: "up" (0.5 s) at `beginTime` 0 with
/// springs (CA defaults, cut at their durations) `position.y` y → y − dotSize,
/// `opacity` 1 → 0, `transform.scale` 1 → 1.3, all 0.5 s; "down" (0.7 s) at
/// `beginTime` 0.5 with `position.y` y + 5 → y (0.2 s), `opacity` 0 → 1
/// (0.5 s), `transform.scale` 0.5 → 1 (0.3 s). Groups and springs fill
/// forwards and are not removed, as in the seed, so inside a cycle "down"
/// overrides "up"'s frozen end; the outer group does not fill, so copy k,
/// `k·instanceDelay` behind, shows the model values before it starts
/// (effects.md table 5c).
public struct TypingDotsEffect: DecodableEffect, Hashable {
    public static let effectName = "typingDots"

    /// The dots' colour (default black).
    public var dotColor: Color
    /// Points; nil: the host's height / 10.
    public var dotSize: Double?
    /// The balloon's stroke; nil: none.
    public var lineColor: Color?
    /// The balloon's fill; nil: none (the seed's clear).
    public var color: Color?
    /// The balloon's outline width (seed 003: 5).
    public var lineWidth: Double
    /// Whether to draw the balloon.
    public var balloon: Bool
    /// Dots (the replicator's `instanceCount`; seed 003: 3).
    public var instanceCount: Int
    /// Seconds each dot lags the previous one (seed 003: 0.1).
    public var instanceDelay: Double

    /// Typing dots with seed 003's defaults; see each property.
    public init(dotColor: Color = .black, dotSize: Double? = nil, lineColor: Color? = .black, color: Color? = nil,
                lineWidth: Double = 5, balloon: Bool = true, instanceCount: Int = 3, instanceDelay: Double = 0.1) {
        self.dotColor = dotColor; self.dotSize = dotSize; self.lineColor = lineColor; self.color = color
        self.lineWidth = lineWidth; self.balloon = balloon; self.instanceCount = instanceCount
        self.instanceDelay = instanceDelay
    }

    /// The seed's balloon in its PaintCode design space: the start point, then
    /// each cubic segment's two control points and end point.
    static let balloonStart = Point(x: 127.63, y: 28.23)
    static let balloonCurves: [(Point, Point, Point)] = [
        ((140.12, 40.53), (140.12, 60.47), (127.63, 72.77)),
        ((116.81, 83.42), (100.17, 84.85), (87.79, 77.06)),
        ((86.02, 77.56), (74, 81), (74, 81)),
        ((74, 81), (77.82, 71.07), (78.78, 68.57)),
        ((74.27, 62.24), (72.4, 54.63), (73.17, 47.25)),
        ((73.9, 40.3), (76.97, 33.55), (82.37, 28.23)),
        ((94.87, 15.92), (115.13, 15.92), (127.63, 28.23)),
    ].map { (Point(x: $0.0.0, y: $0.0.1), Point(x: $0.1.0, y: $0.1.1), Point(x: $0.2.0, y: $0.2.1)) }

    /// The seed's `rescaleForFrame`: the transform fitting the balloon's
    /// bounding box (control points included) into `frame`, keeping its
    /// aspect ratio, centred.
    static func balloonTransform(in frame: Rect) -> AffineTransform {
        let all = [balloonStart] + balloonCurves.flatMap { [$0.0, $0.1, $0.2] }
        let minX = all.map(\.x).min()!, maxX = all.map(\.x).max()!
        let minY = all.map(\.y).min()!, maxY = all.map(\.y).max()!
        let width = maxX - minX, height = maxY - minY
        let scale = width / height > frame.size.width / frame.size.height
            ? frame.size.width / width : frame.size.height / height
        return AffineTransform.translation(-minX, -minY)
            .concatenating(.scale(scale, scale))
            .concatenating(.translation(frame.origin.x + (frame.size.width - scale * width) / 2,
                                        frame.origin.y + (frame.size.height - scale * height) / 2))
    }

    /// The balloon fitted into `frame`: the seed's PaintCode curves as one
    /// closed general path.
    public static func balloonPath(in frame: Rect) -> ShapePath {
        let t = balloonTransform(in: frame)
        let curves = balloonCurves.map { PathElement.cubic(control1: t.apply($0.0), control2: t.apply($0.1), end: t.apply($0.2)) }
        return ShapePath([.elements([.move(t.apply(balloonStart))] + curves + [.close])])
    }

    public func makeLayers(for host: inout Layer) -> [Layer] {
        let bounds = host.properties.bounds
        let size = dotSize ?? bounds.size.height / 10
        var layers: [Layer] = []
        if balloon {
            var shape = Layer(name: Self.partName("balloon", of: host), kind: .shape)
            shape.properties.bounds = bounds
            shape.properties.position = bounds.center
            shape.properties.path = Self.balloonPath(in: bounds)
            shape.properties.strokeColor = lineColor
            shape.properties.fillColor = color
            shape.properties.lineJoin = .round
            shape.properties.lineWidth = lineWidth
            layers.append(shape)
        }

        var dot = Layer(name: Self.partName("dot", of: host))
        let y = bounds.midY + 0.2 * size
        dot.properties.bounds = Rect(x: 0, y: 0, width: size, height: size)
        dot.properties.position = Point(x: bounds.midX - 1.6 * size, y: y)
        dot.properties.cornerRadius = size / 2
        dot.properties.backgroundColor = dotColor
        func spring(_ keyPath: AnimatableKeyPath, _ from: Double, _ to: Double, _ duration: Double) -> Animation {
            Animation(keyPath: keyPath, kind: .spring(from: .scalar(from), to: .scalar(to), by: nil,
                                                      parameters: SpringParameters()),
                      timing: .make(duration: duration, fillMode: .forwards), removedOnCompletion: false)
        }
        let up = Animation(keyPath: nil, kind: .group([
            spring(.positionY, y, y - size, 0.5), spring(.opacity, 1, 0, 0.5), spring(.transformScale, 1, 1.3, 0.5),
        ]), timing: .make(duration: 0.5, fillMode: .forwards), removedOnCompletion: false)
        let down = Animation(keyPath: nil, kind: .group([
            spring(.positionY, y + 5, y, 0.2), spring(.opacity, 0, 1, 0.5), spring(.transformScale, 0.5, 1, 0.3),
        ]), timing: .make(beginTime: 0.5, duration: 0.7, fillMode: .forwards), removedOnCompletion: false)
        dot.animations = [Animation(keyPath: nil, kind: .group([up, down]),
                                    timing: .make(duration: 1.2, repeatCount: .infinity))]

        var dots = Layer(name: Self.partName("dots", of: host), kind: .replicator)
        dots.properties.bounds = bounds
        dots.properties.position = bounds.center
        dots.properties.instanceCount = instanceCount
        dots.properties.instanceTransform = LayerTransform(translationX: 1.6 * size)
        dots.properties.instanceDelay = instanceDelay
        dots.sublayers = [dot]
        layers.append(dots)
        return layers
    }

    static let parameterNames = [
        "dotColor", "dotSize", "lineColor", "color", "lineWidth", "balloon", "instanceCount", "instanceDelay",
    ]

    init<O: SceneObject>(parameters p: EffectParameters<O>) throws {
        self.init(dotColor: try p.requiredColor("dotColor", default: .black),
                  dotSize: try p.number("dotSize", .positive),
                  lineColor: try p.color("lineColor", default: .black),
                  color: try p.color("color", default: nil),
                  lineWidth: try p.number("lineWidth", default: 5, .nonNegative),
                  balloon: try p.bool("balloon", default: true),
                  instanceCount: try p.integer("instanceCount", default: 3, in: 0...LayerDocument.maximumInstanceCount),
                  instanceDelay: try p.number("instanceDelay", default: 0.1))
    }
}
