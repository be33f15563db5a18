import LayerFXCore
import LayerFXModel

/// The pulsing rings of seed 004 (RippleAnimationView, step 5), with
/// shu223/Pulsator's parameter names: `numPulse` rings grow from the host's
/// centre, lightening and fading, started one after the other.
///
/// Expansion: per ring `i`, a plain layer `NAME.ringI` centred in the host,
/// its bounds the host's size (or a `2·radius` square), `cornerRadius` half
/// its height, a 0.5 pt border in the first colour and no fill; one
/// animation group: `beginTime` = i·(animationDuration + pulseInterval) /
/// numPulse, duration animationDuration + pulseInterval, `repeatCount`, not
/// removed, fill removed (a ring shows its static outline before it
/// starts), `timingFunction` (default: CA's `default` curve) with children
/// `transform.scale` fromValueForRadius → multiple and keyframed
/// `backgroundColor` and `borderColor` (`colors` at `keyTimes`). The children
/// span the group, or last animationDuration when pulseInterval > 0 (the
/// ring rests in its model state in the interval). With Pulsator's
/// `fromValueForAlpha` or `keyTimeForHalfOpacity`, each ring's model
/// opacity is 0 and an `opacity` keyframe child runs fromValueForAlpha →
/// half of it (at keyTimeForHalfOpacity) → 0.
///
/// With the defaults, ring `i` is seed 004's ring `i` exactly (ring 1's
/// scale at 1.5 s is 1.093345).
public struct PulseEffect: DecodableEffect, Hashable {
    public static let effectName = "pulse"

    /// Seed 004's keyframe colours: RGBA(255, 216, 87, 0.5), (255, 231, 152, 0.5),
    /// (255, 241, 197, 0.5), (255, 241, 197, 0).
    public static let seedColors = [
        Color(red: 1, green: 216.0 / 255, blue: 87.0 / 255, alpha: 0.5),
        Color(red: 1, green: 231.0 / 255, blue: 152.0 / 255, alpha: 0.5),
        Color(red: 1, green: 241.0 / 255, blue: 197.0 / 255, alpha: 0.5),
        Color(red: 1, green: 241.0 / 255, blue: 197.0 / 255, alpha: 0),
    ]
    /// Seed 004's key times.
    public static let seedKeyTimes = [0.3, 0.6, 0.9, 1.0]

    /// Rings (Pulsator's `numPulse`; seed 004: 3).
    public var numPulse: Int
    /// Points; the ring's radius at scale 1. nil: the ring is the host's
    /// bounds (seed 004: frame = the view, corner radius half its height).
    public var radius: Double?
    /// Seconds one ring takes to grow.
    public var animationDuration: Double
    /// Seconds each ring rests between pulses.
    public var pulseInterval: Double
    /// Pulses per ring; `.infinity` repeats forever.
    public var repeatCount: Double
    /// The scale a ring grows to (seed 004's `multiple`).
    public var multiple: Double
    /// The scale a ring starts from.
    public var fromValueForRadius: Double
    /// Pulsator's opacity curve (with `keyTimeForHalfOpacity`); nil: none.
    public var fromValueForAlpha: Double?
    /// When set (with `fromValueForAlpha`), the ring's opacity is half at this fraction of a pulse (Pulsator).
    public var keyTimeForHalfOpacity: Double?
    /// The fill and border colours a ring goes through, at `keyTimes`.
    public var colors: [Color]
    /// The key times of `colors` over one pulse (seed 004: 0.3, 0.6, 0.9, 1).
    public var keyTimes: [Double]
    /// The group's curve; nil is linear.
    public var timingFunction: TimingFunction?

    /// A pulse with seed 004's defaults; see each property.
    public init(numPulse: Int = 3, radius: Double? = nil, animationDuration: Double = 3, pulseInterval: Double = 0,
                repeatCount: Double = .infinity, multiple: Double = 1.423, fromValueForRadius: Double = 1,
                fromValueForAlpha: Double? = nil, keyTimeForHalfOpacity: Double? = nil,
                colors: [Color] = PulseEffect.seedColors, keyTimes: [Double] = PulseEffect.seedKeyTimes,
                timingFunction: TimingFunction? = .default) {
        self.numPulse = numPulse; self.radius = radius; self.animationDuration = animationDuration
        self.pulseInterval = pulseInterval; self.repeatCount = repeatCount; self.multiple = multiple
        self.fromValueForRadius = fromValueForRadius; self.fromValueForAlpha = fromValueForAlpha
        self.keyTimeForHalfOpacity = keyTimeForHalfOpacity; self.colors = colors; self.keyTimes = keyTimes
        self.timingFunction = timingFunction
    }

    /// The colours a ring goes through when only `color` is given: the
    /// colour, lightened towards white as seed 004's keyframes are (38.5 %,
    /// then 65 %), then that with alpha 0.
    public static func colors(lightening color: Color) -> [Color] {
        let white = Color(red: 1, green: 1, blue: 1, alpha: color.alpha)
        let light = color.mixed(with: white, 0.65)
        return [color, color.mixed(with: white, 0.385), light, light.withAlpha(0)]
    }

    public func makeLayers(for host: inout Layer) -> [Layer] {
        let bounds = host.properties.bounds
        let size = radius.map { Size(width: 2 * $0, height: 2 * $0) } ?? bounds.size
        let period = animationDuration + pulseInterval
        let childDuration = pulseInterval > 0 ? animationDuration : 0
        let pulsatorOpacity = fromValueForAlpha != nil || keyTimeForHalfOpacity != nil
        let colorFrames = AnimationKind.keyframe(values: colors.map(AnimatableValue.color), keyTimes: keyTimes,
                                                 timingFunctions: nil, calculationMode: .linear)
        var children = [
            Animation(keyPath: .transformScale,
                      kind: .basic(from: .scalar(fromValueForRadius), to: .scalar(multiple), by: nil),
                      timing: .make(duration: childDuration)),
            Animation(keyPath: .backgroundColor, kind: colorFrames, timing: .make(duration: childDuration)),
            Animation(keyPath: .borderColor, kind: colorFrames, timing: .make(duration: childDuration)),
        ]
        if pulsatorOpacity {
            let alpha = fromValueForAlpha ?? 1
            children.append(Animation(
                keyPath: .opacity,
                kind: .keyframe(values: [.scalar(alpha), .scalar(alpha / 2), .scalar(0)],
                                keyTimes: [0, keyTimeForHalfOpacity ?? 0.2, 1], timingFunctions: nil,
                                calculationMode: .linear),
                timing: .make(duration: animationDuration)))
        }
        return (0..<numPulse).map { i in
            var ring = Layer(name: Self.partName("ring\(i)", of: host))
            ring.properties.bounds = Rect(origin: .zero, size: size)
            ring.properties.position = bounds.center
            ring.properties.cornerRadius = size.height / 2
            ring.properties.borderWidth = 0.5
            ring.properties.borderColor = colors.first
            ring.properties.backgroundColor = nil
            if pulsatorOpacity { ring.properties.opacity = 0 }
            ring.animations = [Animation(
                keyPath: nil, kind: .group(children),
                timing: .make(beginTime: Double(i) * period / Double(numPulse), duration: period,
                              repeatCount: repeatCount),
                timingFunction: timingFunction, removedOnCompletion: false)]
            return ring
        }
    }

    static let parameterNames = [
        "numPulse", "radius", "animationDuration", "pulseInterval", "repeatCount", "multiple",
        "fromValueForRadius", "fromValueForAlpha", "keyTimeForHalfOpacity", "color", "colors", "keyTimes",
        "timingFunction",
    ]

    init<O: SceneObject>(parameters p: EffectParameters<O>) throws {
        var colors = Self.seedColors
        if let color = p.value("color") {
            if p.value("colors") != nil { throw color.issue("give either color or colors, not both") }
            colors = Self.colors(lightening: try LayerDocument.color(color))
        }
        if let list = p.value("colors") {
            colors = try list.array { try LayerDocument.color($0) }
            if colors.isEmpty { throw list.issue("colors needs at least one color") }
        }
        var keyTimes = Self.seedKeyTimes
        if let times = p.value("keyTimes") {
            keyTimes = try EffectKeyTimes.decode(times, count: colors.count, counted: "colors")
        } else if colors.count != keyTimes.count {
            keyTimes = (0..<colors.count).map { colors.count == 1 ? 0 : Double($0) / Double(colors.count - 1) }
        }
        self.init(numPulse: try p.integer("numPulse", default: 3, in: 1...1000),
                  radius: try p.number("radius", .positive),
                  animationDuration: try p.number("animationDuration", default: 3, .positive),
                  pulseInterval: try p.number("pulseInterval", default: 0, .nonNegative),
                  repeatCount: try p.repeatCount("repeatCount", default: .infinity),
                  multiple: try p.number("multiple", default: 1.423),
                  fromValueForRadius: try p.number("fromValueForRadius", default: 1),
                  fromValueForAlpha: try p.value("fromValueForAlpha").map { _ in
                      try p.number("fromValueForAlpha", default: 1, in: 0...1) },
                  keyTimeForHalfOpacity: try p.value("keyTimeForHalfOpacity").map { _ in
                      try p.number("keyTimeForHalfOpacity", default: 0.2, in: 0...1) },
                  colors: colors, keyTimes: keyTimes,
                  timingFunction: try p.timingFunction("timingFunction", default: .default))
    }
}
