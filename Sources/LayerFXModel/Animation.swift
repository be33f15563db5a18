/// `CAMediaTimingFillMode`.
public enum FillMode: String, Hashable, Sendable {
    /// No fill: outside its active interval the animation has no effect.
    case removed
    /// After the active interval the final value holds (with `removedOnCompletion: false`).
    case forwards
    /// Before the active interval the initial value holds.
    case backwards
    /// Both `forwards` and `backwards`.
    case both
}

/// The `CAMediaTiming` properties of an animation.
public struct MediaTiming: Hashable, Sendable {
    /// Seconds, relative to the parent's time (scene time 0 = when the animation was added).
    public var beginTime: Double = 0
    /// Seconds; 0 means the default (0.25 s, or the group's duration for a group child).
    public var duration: Double = 0
    /// Time scale relative to the parent; 0 freezes the animation at `timeOffset`.
    public var speed: Double = 1
    /// Seconds added to the local time; wraps inside the cycle.
    public var timeOffset: Double = 0
    /// 0 = play once; `.infinity` = forever; may be fractional.
    public var repeatCount: Double = 0
    /// 0 = ignored.
    public var repeatDuration: Double = 0
    /// Each cycle plays forward, then backward.
    public var autoreverses = false
    /// What shows outside the active interval.
    public var fillMode: FillMode = .removed
    /// Core Animation's defaults: begin 0, default duration, speed 1, once, no fill.
    public init() {}
}

/// `CAMediaTimingFunction`: a cubic Bézier from (0,0) to (1,1) with control points c1, c2.
public struct TimingFunction: Hashable, Sendable {
    /// First control point, x (time).
    public var c1x: Double
    /// First control point, y (progress).
    public var c1y: Double
    /// Second control point, x (time).
    public var c2x: Double
    /// Second control point, y (progress).
    public var c2y: Double
    /// `CAMediaTimingFunction(controlPoints:)`.
    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
    }
    /// `kCAMediaTimingFunctionLinear`: (0, 0, 1, 1).
    public static let linear = TimingFunction(0, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseIn`: (0.42, 0, 1, 1).
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseOut`: (0, 0, 0.58, 1).
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut`: (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionDefault`: (0.25, 0.1, 0.25, 1).
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// The named presets as written in scene files.
    public static let named: [String: TimingFunction] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut,
        "easeInEaseOut": .easeInEaseOut, "default": .default,
    ]
}

/// `calculationMode` of a keyframe animation.
public enum CalculationMode: String, Hashable, Sendable {
    /// Straight interpolation between consecutive values.
    case linear
    /// Each value holds until the next key time.
    case discrete
    /// Key times spaced by the distance between values (constant speed).
    case paced
    /// A Catmull-Rom spline through the values.
    case cubic
    /// `cubic`, with key times spaced by distance.
    case cubicPaced
}

/// `rotationMode` of a keyframe animation along a path: the layer turns to
/// the direction of travel (`rotateAutoReverse`: the opposite direction).
public enum RotationMode: String, Hashable, Sendable {
    /// Rotate to the direction of travel.
    case rotateAuto
    /// Rotate to the direction of travel plus a half turn.
    case rotateAutoReverse
}

/// What an animation computes.
public indirect enum AnimationKind: Hashable, Sendable {
    /// `CABasicAnimation`: any of from/to/by may be absent (CA's combination rules).
    case basic(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)
    /// `CAKeyframeAnimation`.
    case keyframe(values: [AnimatableValue], keyTimes: [Double]?, timingFunctions: [TimingFunction]?,
                  calculationMode: CalculationMode)
    /// `CAKeyframeAnimation` with a `path`: a point key path follows the path.
    case motion(path: MotionPath, keyTimes: [Double]?, timingFunctions: [TimingFunction]?,
                calculationMode: CalculationMode, rotationMode: RotationMode?)
    /// `CASpringAnimation` (duration 0 means `settlingDuration`).
    case spring(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, parameters: SpringParameters)
    /// `CAAnimationGroup`: children run in the group's time space.
    case group([Animation])
}

/// One animation added to a layer (`layer.add(animation, forKey: nil)`).
public struct Animation: Hashable, Sendable {
    /// `nil` only for groups.
    public var keyPath: AnimatableKeyPath?
    /// What the animation computes (basic, keyframe, motion, spring, group).
    public var kind: AnimationKind
    /// Begin time, duration, speed, repeats and fill.
    public var timing: MediaTiming
    /// `nil` = linear pacing.
    public var timingFunction: TimingFunction?
    /// When true (the default), a finished animation stops affecting the layer.
    public var removedOnCompletion = true
    /// `additive`: the result is added to the presentation value.
    public var isAdditive = false
    /// `cumulative`: each repeat adds the end value once more.
    public var isCumulative = false

    /// An animation of `keyPath`, as `CAAnimation`'s properties.
    public init(keyPath: AnimatableKeyPath?, kind: AnimationKind, timing: MediaTiming = .init(),
                timingFunction: TimingFunction? = nil, removedOnCompletion: Bool = true,
                isAdditive: Bool = false, isCumulative: Bool = false) {
        self.keyPath = keyPath; self.kind = kind; self.timing = timing
        self.timingFunction = timingFunction; self.removedOnCompletion = removedOnCompletion
        self.isAdditive = isAdditive; self.isCumulative = isCumulative
    }
}
