import LayerFXCore
import LayerFXModel

/// The star waves of seed 001 (SNKRS Pass's AnimatedWaveView): star-shaped
/// outlines grow from the host's centre past its corners, one after the
/// other, revealing a radial gradient whose centre follows the device's
/// gravity.
///
/// Expansion:
/// - `NAME.gradient`: a radial gradient layer filling the host (which clips,
///   `masksToBounds`), white stops at alpha 0.80, 0.50, 0.20, 0.02, 0.02 at
///   locations i/5 (the seed's RadialGradientLayer: `i/count`, radius
///   `min(w, h)`), centred at ((gx + 1)·w/2, (−gy + 1)·h/2) for gravity
///   (gx, gy): `startPoint` is the centre and `endPoint` the centre plus the
///   radius, in unit coordinates. Keyframed gravity animates both.
/// - its `mask`, `NAME.waves`: a plain layer at the gradient's origin holding
///   N star-stroke shape layers `NAME.waveI` (a `points`-pointed star of
///   `outerRadius`/`innerRadius` in bounds of 2·outerRadius, at the host's
///   centre, black 2 pt stroke, no fill). Each has one group: duration D,
///   repeating forever, fill forwards, not removed, `timeOffset` = i·D/N,
///   with children `opacity` 0 → 0.9 over 0.5 s (the fade-in), `bounds` and
///   `path` growing by S = (h / 2·outerRadius)·`scaleFactor` (spanning the group).
///
/// N = ⌊((max(w, h) − 2·outerRadius)/2) / spacing⌋ (at least 1) and D =
/// max(w, h) / `speed`; with the defaults D = 40 s × max(w, h) / 667, so a
/// 375 × 375 view has N = 25 and D = 22.488756 s (effects.md table 5e).
public struct WavesEffect: DecodableEffect, Hashable {
    public static let effectName = "waves"

    /// The seed's gradient: white at alpha 0.80, 0.50, 0.20, 0.02, 0.02.
    public static let seedColors = [0.80, 0.50, 0.20, 0.02, 0.02].map { Color(red: 1, green: 1, blue: 1, alpha: $0) }

    /// Where the gradient's centre is: a gravity vector (x, y in −1…1; (0, 0)
    /// is the device lying flat, the centre of the view), or keyframes of one.
    public enum Gravity: Hashable, Sendable {
        /// One vector for the whole scene.
        case fixed(Point)
        /// `values` at `keyTimes` (nil: evenly spaced) over `duration` seconds.
        case keyframes(values: [Point], keyTimes: [Double]?, duration: Double, repeatCount: Double,
                       autoreverses: Bool, calculationMode: CalculationMode, timingFunction: TimingFunction?)
    }

    /// Star points (the seed's PaintCode star: 10 points, 20 vertices).
    public var points: Int
    /// The star's outer radius in points (25 × 25 pt star: 12.5).
    public var outerRadius: Double
    /// The star's inner radius in points (7.5).
    public var innerRadius: Double
    /// How far past the view the stars grow (seed: 2.25).
    public var scaleFactor: Double
    /// Points between waves.
    public var spacing: Double
    /// Points of view size per second (667 / 40 s).
    public var speed: Double
    /// The wave outlines' width in points (2).
    public var lineWidth: Double
    /// The gradient's stops, centre first (at most 1024).
    public var colors: [Color]
    /// Where the light is; (0, 0) centres it.
    public var gravity: Gravity

    /// Waves with seed 001's defaults; see each property.
    public init(points: Int = 10, outerRadius: Double = 12.5, innerRadius: Double = 7.5, scaleFactor: Double = 2.25,
                spacing: Double = 7, speed: Double = 667.0 / 40, lineWidth: Double = 2,
                colors: [Color] = WavesEffect.seedColors, gravity: Gravity = .fixed(.zero)) {
        self.points = points; self.outerRadius = outerRadius; self.innerRadius = innerRadius
        self.scaleFactor = scaleFactor; self.spacing = spacing; self.speed = speed; self.lineWidth = lineWidth
        self.colors = colors; self.gravity = gravity
    }

    /// Number of waves N and their period D in seconds for a view of `size`.
    public func waveCount(for size: Size) -> (count: Int, duration: Double) {
        let diameter = max(size.width, size.height)
        let count = min(max(Int(saturating: ((diameter - 2 * outerRadius) / 2) / spacing), 1), 10_000)
        return (count, diameter / speed)
    }

    public func makeLayers(for host: inout Layer) -> [Layer] {
        host.properties.masksToBounds = true
        let bounds = host.properties.bounds
        let size = bounds.size
        let (count, duration) = waveCount(for: size)
        let scale = size.height / (2 * outerRadius) * scaleFactor
        let r = outerRadius
        func star(_ s: Double) -> AnimatableValue {
            .path(ShapePath([.star(center: Point(x: r * s, y: r * s), points: points, outerRadius: r * s,
                                   innerRadius: innerRadius * s, rotation: 0)]))
        }
        let base = Rect(x: 0, y: 0, width: 2 * r, height: 2 * r)
        let children = [
            Animation(keyPath: .opacity, kind: .basic(from: .scalar(0), to: .scalar(0.9), by: nil),
                      timing: .make(duration: 0.5)),
            Animation(keyPath: .bounds, kind: .basic(
                from: .rect(base), to: .rect(Rect(x: 0, y: 0, width: 2 * r * scale, height: 2 * r * scale)), by: nil)),
            Animation(keyPath: .path, kind: .basic(from: star(1), to: star(scale), by: nil)),
        ]
        var mask = Layer(name: Self.partName("waves", of: host))
        mask.sublayers = (0..<count).map { i in
            var wave = Layer(name: Self.partName("wave\(i)", of: host), kind: .shape)
            wave.properties.bounds = base
            wave.properties.position = Point(x: size.width / 2, y: size.height / 2)
            if case .path(let path) = star(1) { wave.properties.path = path }
            wave.properties.strokeColor = .black
            wave.properties.fillColor = nil
            wave.properties.lineWidth = lineWidth
            wave.animations = [Animation(
                keyPath: nil, kind: .group(children),
                timing: .make(duration: duration, timeOffset: Double(i) * duration / Double(count),
                              repeatCount: .infinity, fillMode: .forwards),
                removedOnCompletion: false)]
            return wave
        }

        var gradient = Layer(name: Self.partName("gradient", of: host), kind: .gradient)
        gradient.properties.bounds = Rect(origin: .zero, size: size)
        gradient.properties.position = bounds.center
        gradient.properties.gradientType = .radial
        gradient.properties.colors = colors
        gradient.properties.locations = NumberList(colors.indices.map { Double($0) / Double(colors.count) })
        let radius = Point(x: min(size.width, size.height) / size.width, y: min(size.width, size.height) / size.height)
        func center(_ g: Point) -> Point { Point(x: (g.x + 1) / 2, y: (-g.y + 1) / 2) }
        func edge(_ g: Point) -> Point { Point(x: center(g).x + radius.x, y: center(g).y + radius.y) }
        switch gravity {
        case .fixed(let g):
            gradient.properties.startPoint = center(g)
            gradient.properties.endPoint = edge(g)
        case let .keyframes(values, keyTimes, duration, repeatCount, autoreverses, mode, function):
            gradient.properties.startPoint = center(values[0])
            gradient.properties.endPoint = edge(values[0])
            let timing = MediaTiming.make(duration: duration, repeatCount: repeatCount, autoreverses: autoreverses,
                                          fillMode: .forwards)
            gradient.animations = [(AnimatableKeyPath.startPoint, center), (.endPoint, edge)].map { keyPath, place in
                Animation(keyPath: keyPath,
                          kind: .keyframe(values: values.map { .point(place($0)) }, keyTimes: keyTimes,
                                          timingFunctions: nil, calculationMode: mode),
                          timing: timing, timingFunction: function, removedOnCompletion: false)
            }
        }
        gradient.mask = mask
        return [gradient]
    }

    static let parameterNames = [
        "points", "outerRadius", "innerRadius", "scaleFactor", "spacing", "speed", "lineWidth", "colors", "gravity",
    ]

    init<O: SceneObject>(parameters p: EffectParameters<O>) throws {
        let outer = try p.number("outerRadius", default: 12.5, .positive)
        var colors = Self.seedColors
        if let list = p.value("colors") {
            colors = try GradientStops.colors(list)
            if colors.isEmpty { throw list.issue("colors needs at least one color") }
        }
        var gravity = Gravity.fixed(.zero)
        if let value = p.value("gravity") { gravity = try Self.gravity(value) }
        self.init(points: try p.integer("points", default: 10, in: 2...StarValue.maximumPoints),
                  outerRadius: outer, innerRadius: try p.number("innerRadius", default: 7.5, .nonNegative),
                  scaleFactor: try p.number("scaleFactor", default: 2.25, .positive),
                  spacing: try p.number("spacing", default: 7, .positive),
                  speed: try p.number("speed", default: 667.0 / 40, .positive),
                  lineWidth: try p.number("lineWidth", default: 2, .nonNegative),
                  colors: colors, gravity: gravity)
    }

    /// `[gx, gy]`, or `{"values": [[gx, gy], …], "keyTimes": […], "duration": d, "repeatCount": n,
    /// "autoreverses": b, "calculationMode": m, "timingFunction": f}`.
    private static func gravity<V: SceneValue>(_ value: V) throws -> Gravity {
        func vector(_ v: V) throws -> Point {
            let g = try PointValue(v).point
            for (i, c) in [g.x, g.y].enumerated() where !(-1...1).contains(c) {
                throw v.issue(atIndex: i, "a gravity component must be in −1…1 (got \(c.numberText))")
            }
            return g
        }
        guard value.kind == .object else { return .fixed(try vector(value)) }
        let object = try value.object()
        let keys = ["values", "keyTimes", "duration", "repeatCount", "autoreverses", "calculationMode", "timingFunction"]
        try object.forEachMember { key, _ in
            if !keys.contains(key.name) { throw StrictKeys.unknownKey(key, in: object, allowed: keys) }
        }
        let valuesValue = try object.required("values")
        let values = try valuesValue.array(vector)
        if values.isEmpty { throw valuesValue.issue("gravity keyframes need at least one value") }
        let mode = try object.member("calculationMode")?.name(
            "calculation mode", [CalculationMode.linear, .discrete, .paced, .cubic, .cubicPaced]) ?? .linear
        let keyTimes = try object.member("keyTimes").map {
            try EffectKeyTimes.decode($0, count: values.count, counted: "values")
        }
        return .keyframes(values: values, keyTimes: keyTimes,
                          duration: try object.required("duration").number(.positive),
                          repeatCount: try object.member("repeatCount").map { try RepeatValue($0).value } ?? .infinity,
                          autoreverses: try object.member("autoreverses")?.bool() ?? false,
                          calculationMode: mode,
                          timingFunction: try object.member("timingFunction").map { try TimingFunctionValue($0).function })
    }
}
