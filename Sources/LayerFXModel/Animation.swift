/// `CAMediaTimingFillMode`.
public enum FillMode: String, Hashable, Sendable {
    case removed, forwards, backwards, both
}

/// The `CAMediaTiming` properties of an animation.
public struct MediaTiming: Hashable, Sendable {
    /// Seconds, relative to the parent's time (scene time 0 = when the animation was added).
    public var beginTime: Double = 0
    /// Seconds; 0 means the default (0.25 s, or the group's duration for a group child).
    public var duration: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    /// 0 = play once; `.infinity` = forever; may be fractional.
    public var repeatCount: Double = 0
    /// 0 = ignored.
    public var repeatDuration: Double = 0
    public var autoreverses = false
    public var fillMode: FillMode = .removed
    public init() {}
}

/// `CAMediaTimingFunction`: a cubic Bézier from (0,0) to (1,1) with control points c1, c2.
public struct TimingFunction: Hashable, Sendable {
    public var c1x, c1y, c2x, c2y: Double
    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
    }
    public static let linear = TimingFunction(0, 0, 1, 1)
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// The named presets as written in scene files.
    public static let named: [String: TimingFunction] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut,
        "easeInEaseOut": .easeInEaseOut, "default": .default,
    ]
}

/// `calculationMode` of a keyframe animation.
public enum CalculationMode: String, Hashable, Sendable {
    case linear, discrete, paced, cubic, cubicPaced
}

/// `rotationMode` of a keyframe animation along a path: the layer turns to
/// the direction of travel (`rotateAutoReverse`: the opposite direction).
public enum RotationMode: String, Hashable, Sendable {
    case rotateAuto, rotateAutoReverse
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
    public var kind: AnimationKind
    public var timing: MediaTiming
    /// `nil` = linear pacing.
    public var timingFunction: TimingFunction?
    public var removedOnCompletion = true
    public var isAdditive = false
    public var isCumulative = false

    public init(keyPath: AnimatableKeyPath?, kind: AnimationKind, timing: MediaTiming = .init(),
                timingFunction: TimingFunction? = nil, removedOnCompletion: Bool = true,
                isAdditive: Bool = false, isCumulative: Bool = false) {
        self.keyPath = keyPath; self.kind = kind; self.timing = timing
        self.timingFunction = timingFunction; self.removedOnCompletion = removedOnCompletion
        self.isAdditive = isAdditive; self.isCumulative = isCumulative
    }
}
