/// The scalar properties of a layer that a ``ScalarChannel`` animates: a
/// small presentation state, evaluated without copying the whole
/// ``LayerProperties``.
public struct AnimatedScalars: Hashable, Sendable {
    /// `opacity`.
    public var opacity: Double
    /// `position.x` and `position.y`.
    public var positionX: Double, positionY: Double
    /// `transform.scale.x` and `transform.scale.y`.
    public var scaleX: Double, scaleY: Double
    /// `transform.rotation.z`.
    public var rotation: Double
    /// `transform.translation.x` and `transform.translation.y`.
    public var translationX: Double, translationY: Double
    /// `lineWidth`.
    public var lineWidth: Double

    /// The model values of `properties`.
    public init(_ properties: LayerProperties) {
        opacity = properties.opacity
        positionX = properties.position.x; positionY = properties.position.y
        scaleX = properties.transform.scaleX; scaleY = properties.transform.scaleY
        rotation = properties.transform.rotation
        translationX = properties.transform.translationX; translationY = properties.transform.translationY
        lineWidth = properties.lineWidth
    }

    /// These values: `opacity`, `position`, `lineWidth`, and the components of `transform`.
    @inlinable
    public init(opacity: Double, positionX: Double, positionY: Double, lineWidth: Double, transform: LayerTransform) {
        self.opacity = opacity
        self.positionX = positionX; self.positionY = positionY
        scaleX = transform.scaleX; scaleY = transform.scaleY
        rotation = transform.rotation
        translationX = transform.translationX; translationY = transform.translationY
        self.lineWidth = lineWidth
    }

    /// `transform` with these scales, rotation and translation.
    @inlinable
    public func transform(replacingComponentsOf transform: LayerTransform) -> LayerTransform {
        LayerTransform(translationX: translationX, translationY: translationY, rotation: rotation,
                       scaleX: scaleX, scaleY: scaleY, matrix: transform.matrix)
    }
}

/// A key path a ``ScalarChannel`` writes.
public enum ScalarSlot: UInt8, Hashable, Sendable {
    /// `opacity`.
    case opacity
    /// `position.x`.
    case positionX
    /// `position.y`.
    case positionY
    /// `transform.scale`: both scales.
    case scale
    /// `transform.scale.x`.
    case scaleX
    /// `transform.scale.y`.
    case scaleY
    /// `transform.rotation` and `transform.rotation.z`.
    case rotation
    /// `transform.translation.x`.
    case translationX
    /// `transform.translation.y`.
    case translationY
    /// `lineWidth`.
    case lineWidth

    /// The slot of `keyPath`; nil for key paths that are not one of these scalars.
    init?(_ keyPath: AnimatableKeyPath) {
        switch keyPath {
        case .opacity: self = .opacity
        case .positionX: self = .positionX
        case .positionY: self = .positionY
        case .transformScale: self = .scale
        case .transformScaleX: self = .scaleX
        case .transformScaleY: self = .scaleY
        case .transformRotation, .transformRotationZ: self = .rotation
        case .transformTranslationX: self = .translationX
        case .transformTranslationY: self = .translationY
        case .lineWidth: self = .lineWidth
        default: return nil
        }
    }
}

extension AnimatedScalars {
    /// The value `slot` reads (`transform.scale`: the mean of the two scales,
    /// as ``AnimatableKeyPath/value(in:)`` reads it).
    @inlinable
    public subscript(slot: ScalarSlot) -> Double {
        get {
            switch slot {
            case .opacity: opacity
            case .positionX: positionX
            case .positionY: positionY
            case .scale: (scaleX + scaleY) / 2
            case .scaleX: scaleX
            case .scaleY: scaleY
            case .rotation: rotation
            case .translationX: translationX
            case .translationY: translationY
            case .lineWidth: lineWidth
            }
        }
        set {
            switch slot {
            case .opacity: opacity = newValue
            case .positionX: positionX = newValue
            case .positionY: positionY = newValue
            case .scale: scaleX = newValue; scaleY = newValue
            case .scaleX: scaleX = newValue
            case .scaleY: scaleY = newValue
            case .rotation: rotation = newValue
            case .translationX: translationX = newValue
            case .translationY: translationY = newValue
            case .lineWidth: lineWidth = newValue
            }
        }
    }
}

/// A `CABasicAnimation` of one scalar key path with both ends given,
/// compiled: its duration resolved, its key path a slot, its ends numbers.
/// Applying it gives the value ``Animation/apply(at:to:model:)`` writes for
/// that key path, bit for bit (the same operations in the same order).
public struct ScalarChannel: Hashable, Sendable {
    /// Which property it writes.
    public let slot: ScalarSlot
    /// The animation's timing, and its duration resolved (never 0).
    @usableFromInline var timing: MediaTiming
    @usableFromInline let duration: Double
    /// `removedOnCompletion`, `additive` and `cumulative`.
    @usableFromInline let removedOnCompletion: Bool, isAdditive: Bool, isCumulative: Bool
    /// The pacing curve; nil is linear.
    @usableFromInline let timingFunction: TimingFunction?
    /// `fromValue` and `toValue`.
    @usableFromInline let from: Double, to: Double

    /// The channel of `animation`; nil unless it is a top-level basic
    /// animation of a scalar key path (see ``ScalarSlot``) with scalar
    /// `fromValue` and `toValue`.
    public init?(compiling animation: Animation) {
        guard case let .basic(.scalar(from)?, .scalar(to)?, _) = animation.kind,
              let keyPath = animation.keyPath, let slot = ScalarSlot(keyPath) else { return nil }
        self.slot = slot
        timing = animation.timing
        duration = animation.timing.resolvedDuration(groupDuration: nil)
        removedOnCompletion = animation.removedOnCompletion
        isAdditive = animation.isAdditive
        isCumulative = animation.isCumulative
        timingFunction = animation.timingFunction
        self.from = from; self.to = to
    }

    /// Applies the channel at the layer's local time `localTime` on top of
    /// `values` (the presentation after the channels before it).
    @inlinable
    public func apply(atLocalTime localTime: Double, to values: inout AnimatedScalars) {
        guard let (progress, iteration) = progress(atLocalTime: localTime) else { return }
        apply(fraction: curve?.value(at: progress) ?? progress, iteration: iteration, to: &values)
    }

    /// The pacing curve (`timingFunction`); nil is linear.
    @inlinable public var curve: TimingFunction? { timingFunction }

    /// How far the channel is through its current cycle at the layer's local
    /// time `localTime` (0…1, before the curve), and how many whole cycles
    /// precede it; nil when the channel has no effect then.
    @inlinable
    public func progress(atLocalTime localTime: Double) -> (progress: Double, iteration: Double)? {
        guard let local = timing.localTime(parentTime: localTime, removedOnCompletion: removedOnCompletion,
                                           duration: duration) else { return nil }
        return (local.time / duration, local.iteration)
    }

    /// Applies the channel on top of `values` at `fraction` (its ``curve``'s
    /// value of the progress, or the progress itself when linear),
    /// `iteration` cycles in (see ``progress(atLocalTime:)``).
    @inlinable
    public func apply(fraction: Double, iteration: Double, to values: inout AnimatedScalars) {
        var result = from + (to - from) * fraction
        if isCumulative && iteration > 0 { result = result + to * iteration }
        if isAdditive { result = values[slot] + result }
        values[slot] = result
    }
}

extension ScalarChannel {
    /// The animation's `beginTime`, in the layer's time.
    public var beginTime: Double { timing.beginTime }

    /// This channel with its `beginTime` at 0: applying it at `localTime − beginTime`
    /// gives what applying this channel at `localTime` gives, bit for bit
    /// (`x − 0` is `x`, signed zeros included). Channels that differ only in
    /// when they begin (a field of ripples at different phases) share one.
    public var beginningAtZero: ScalarChannel {
        var channel = self
        channel.timing.beginTime = 0
        return channel
    }

    /// Whether `other` holds the same bits in every field (`==` takes 0 and
    /// −0 as equal, and NaN as unequal to itself).
    public func hasSameBits(as other: ScalarChannel) -> Bool {
        guard hasSameProgress(as: other), slot == other.slot, isAdditive == other.isAdditive,
              isCumulative == other.isCumulative, from.bitPattern == other.from.bitPattern,
              to.bitPattern == other.to.bitPattern else { return false }
        switch (timingFunction, other.timingFunction) {
        case (nil, nil): return true
        case let (f?, g?):
            return f.c1x.bitPattern == g.c1x.bitPattern && f.c1y.bitPattern == g.c1y.bitPattern
                && f.c2x.bitPattern == g.c2x.bitPattern && f.c2y.bitPattern == g.c2y.bitPattern
        default: return false
        }
    }

    /// Whether `other`'s timing holds the same bits as this one's (its
    /// `CAMediaTiming` properties, resolved duration and `removedOnCompletion`):
    /// ``progress(atLocalTime:)`` then gives both the same result at every time.
    public func hasSameProgress(as other: ScalarChannel) -> Bool {
        let a = timing, b = other.timing
        return removedOnCompletion == other.removedOnCompletion && a.autoreverses == b.autoreverses
            && a.fillMode == b.fillMode && a.beginTime.bitPattern == b.beginTime.bitPattern
            && a.duration.bitPattern == b.duration.bitPattern && a.speed.bitPattern == b.speed.bitPattern
            && a.timeOffset.bitPattern == b.timeOffset.bitPattern && a.repeatCount.bitPattern == b.repeatCount.bitPattern
            && a.repeatDuration.bitPattern == b.repeatDuration.bitPattern
            && duration.bitPattern == other.duration.bitPattern
    }
}
