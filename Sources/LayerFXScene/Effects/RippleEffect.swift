#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LayerFXCore
import LayerFXModel

/// The Material ripple of seed 000 (SimpleRipple's `rippleStartingAt:…`,
/// with MDCRippleView's parameter names): from each touch a translucent
/// circle grows fast then slow (easeOut) and fades out before it reaches
/// its full size.
///
/// Expansion, per touch `i` (in the order written, later ones on top): a
/// shape layer `NAME.rippleI` with zero bounds at the host's origin (so its
/// path is in the host's coordinates), `fillColor` = `color`, no model path,
/// and two animations:
/// - `path` from a circle of radius 0.1 (the distance to the nearest corner
///   for a touch outside the host) to one of `maximumRadius`, from
///   `beginTime` = touch time, over `duration`, easeOut, fill forwards, not
///   removed;
/// - `opacity` 1 → 0 from touch time + `fadeAfter` to touch time +
///   `duration`, linear, fill both, not removed (the seed's dispatch timer
///   written as a `beginTime`; the layer, removed at `duration` in the seed,
///   stays at opacity 0).
///
/// The path animation fills forwards only (the seed's `both` would show the
/// starting dot before a later touch): before its touch a ripple draws
/// nothing. The host gets `masksToBounds` = `bounded`, so the ripple is
/// clipped to it, rounded by its `cornerRadius`.
public struct RippleEffect: DecodableEffect, Hashable {
    public static let effectName = "ripple"

    /// One tap: where (host coordinates) and when (seconds, scene time of the host).
    public struct Touch: Hashable, Sendable {
        /// Where the finger touched, in the host's coordinates.
        public var point: Point
        /// When (scene seconds) the ripple starts.
        public var time: Double
        /// A touch at `point`, `time` seconds into the scene.
        public init(point: Point, time: Double = 0) { self.point = point; self.time = time }
    }

    /// The taps; empty means one at the host's centre at time 0.
    public var touches: [Touch]
    /// Points; 0 means the distance from the touch to the host's nearest
    /// corner (what SimpleRipple's code does; its comment says farthest).
    public var maximumRadius: Double
    /// Seconds the circle takes to grow.
    public var duration: Double
    /// Seconds after the touch when the fade starts; nil means 0.75 × `duration`.
    public var fadeAfter: Double?
    /// The ripple's fill (SimpleRipple's example: black at 20 %).
    public var color: Color
    /// Whether the host clips the ripples (`masksToBounds`).
    public var bounded: Bool

    /// Ripples for `touches` with seed 000's defaults; see each property.
    public init(touches: [Touch] = [], maximumRadius: Double = 0, duration: Double = 1, fadeAfter: Double? = nil,
                color: Color = Color(red: 0, green: 0, blue: 0, alpha: 0.2), bounded: Bool = true) {
        self.touches = touches; self.maximumRadius = maximumRadius; self.duration = duration
        self.fadeAfter = fadeAfter; self.color = color; self.bounded = bounded
    }

    public func makeLayers(for host: inout Layer) -> [Layer] {
        host.properties.masksToBounds = bounded
        let bounds = host.properties.bounds
        let taps = touches.isEmpty ? [Touch(point: bounds.center)] : touches
        let fadeStart = min(max(fadeAfter ?? 0.75 * duration, 0), duration)
        return taps.enumerated().map { i, touch in
            let radii = Self.radii(touch.point, in: bounds, maximumRadius: maximumRadius)
            var ripple = Layer(name: Self.partName("ripple\(i)", of: host), kind: .shape)
            ripple.properties.fillColor = color
            ripple.properties.strokeColor = nil
            let grow = Animation(
                keyPath: .path,
                kind: .basic(from: .path(ShapePath([.ellipse(in: .circle(center: touch.point, radius: radii.start))])),
                             to: .path(ShapePath([.ellipse(in: .circle(center: touch.point, radius: radii.end))])),
                             by: nil),
                timing: .make(beginTime: touch.time, duration: duration, fillMode: .forwards),
                timingFunction: .easeOut, removedOnCompletion: false)
            ripple.animations = [grow]
            if fadeStart < duration {
                ripple.animations.append(Animation(
                    keyPath: .opacity, kind: .basic(from: .scalar(1), to: .scalar(0), by: nil),
                    timing: .make(beginTime: touch.time + fadeStart, duration: duration - fadeStart, fillMode: .both),
                    timingFunction: .linear, removedOnCompletion: false))
            }
            return ripple
        }
    }

    /// Start and end radius of a ripple from `point` (SimpleRipple): 0.1 when
    /// the touch is inside `bounds`, else the distance to the nearest corner;
    /// the end is `maximumRadius`, or when that is 0 the nearest corner's distance.
    static func radii(_ point: Point, in bounds: Rect, maximumRadius: Double) -> (start: Double, end: Double) {
        let minX = bounds.origin.x, minY = bounds.origin.y
        let maxX = minX + bounds.size.width, maxY = minY + bounds.size.height
        let nearest = [(minX, minY), (minX, maxY), (maxX, minY), (maxX, maxY)]
            .map { hypot(point.x - $0.0, point.y - $0.1) }.min()!
        let inside = point.x > minX && point.x < maxX && point.y > minY && point.y < maxY
        return (inside ? 0.1 : nearest, maximumRadius > 0 ? maximumRadius : nearest)
    }

    static let parameterNames = ["touches", "maximumRadius", "duration", "fadeAfter", "color", "bounded"]

    init<O: SceneObject>(parameters p: EffectParameters<O>) throws {
        var touches: [Touch] = []
        if let list = p.value("touches") {
            touches = try list.array { try Self.touch($0) }
        }
        let duration = try p.number("duration", default: 1, .positive)
        var fadeAfter: Double? = nil
        if let value = p.value("fadeAfter") {
            let fade = try value.number(.nonNegative)
            guard fade < duration else {
                throw value.issue("fadeAfter must be less than duration (\(fade.numberText) ≥ \(duration.numberText))")
            }
            fadeAfter = fade
        }
        self.init(touches: touches, maximumRadius: try p.number("maximumRadius", default: 0, .nonNegative),
                  duration: duration, fadeAfter: fadeAfter,
                  color: try p.requiredColor("color", default: Color(red: 0, green: 0, blue: 0, alpha: 0.2)),
                  bounded: try p.bool("bounded", default: true))
    }

    /// `{"point": [x, y], "time": t}`.
    private static func touch<V: SceneValue>(_ value: V) throws -> Touch {
        let object = try value.object()
        let keys = ["point", "time"]
        try object.forEachMember { key, _ in
            if !keys.contains(key.name) { throw StrictKeys.unknownKey(key, in: object, allowed: keys) }
        }
        return Touch(point: try PointValue(object.required("point")).point,
                     time: try object.member("time")?.number() ?? 0)
    }
}
