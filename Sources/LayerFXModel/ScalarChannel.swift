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

/// One animation of one scalar key path, compiled: a `CABasicAnimation`
/// or `CASpringAnimation` with both ends given, or a `CAKeyframeAnimation`
/// of numbers, at the top level or as a child of a top-level
/// `CAAnimationGroup` (a group compiles to one channel per child). Its
/// durations are resolved, its key path a slot, its values numbers; a
/// keyframe channel's values are kept apart (``ScalarKeyframes``, in a table
/// the channel names by index), so that a channel is plain data, copied
/// without reference counting.
/// Applying it gives the value ``Animation/apply(at:to:model:)`` writes for
/// that key path, bit for bit (the same operations in the same order).
public struct ScalarChannel: Hashable, Sendable {
    /// Which property it writes.
    public let slot: ScalarSlot
    /// The animation's timing, and its duration resolved (a spring's
    /// `settlingDuration` when its duration is 0).
    @usableFromInline var timing: MediaTiming
    @usableFromInline let duration: Double
    /// `removedOnCompletion` (false inside a group), `additive` and `cumulative`.
    @usableFromInline let removedOnCompletion: Bool, isAdditive: Bool, isCumulative: Bool
    /// The pacing curve (`timingFunction`); nil is linear (and for springs, which have none).
    public let curve: TimingFunction?
    /// `fromValue` and `toValue`; for keyframes, the first and last values
    /// (the last is what `cumulative` adds).
    @usableFromInline let from: Double, to: Double
    /// How a fraction becomes a value.
    @usableFromInline let interpolation: Interpolation
    /// The enclosing group's timing; nil at the top level.
    @usableFromInline var group: GroupTiming?
    /// Whether the channel is neither in a group nor a spring: its progress is its local time over its duration.
    @usableFromInline let isPlain: Bool

    /// How a channel's fraction becomes a value.
    @usableFromInline
    enum Interpolation: Hashable, Sendable {
        /// From `from` to `to` at the fraction (basic animations).
        case between
        /// From `from` to `to` at the spring's progress after the local time
        /// (which ``ScalarChannel/progress(atLocalTime:)`` returns as the fraction).
        case spring(SpringParameters)
        /// Along the keyframes at this index of the table the channel is applied with.
        case keyframes(UInt32)
    }

    /// A top-level `CAAnimationGroup`'s timing, which its children run in.
    @usableFromInline
    struct GroupTiming: Hashable, Sendable {
        @usableFromInline var timing: MediaTiming
        /// The group's duration, resolved.
        @usableFromInline let duration: Double
        @usableFromInline let removedOnCompletion: Bool
        @usableFromInline let timingFunction: TimingFunction?
    }

    /// The channels of `animation`, one for each scalar animation it holds;
    /// nil unless it is a basic or spring animation of a scalar key path (see
    /// ``ScalarSlot``) with scalar `fromValue` and `toValue`, a keyframe
    /// animation of such a key path whose values are all numbers, or a group
    /// of those. A keyframe animation's values are handed to `keyframeIndex`,
    /// which returns their index in the table the channels will be applied
    /// with (nil when the table is full: the animation does not compile).
    public static func channels(compiling animation: Animation,
                                keyframeIndex: (ScalarKeyframes) -> UInt32?) -> [ScalarChannel]? {
        guard case let .group(children) = animation.kind else {
            return ScalarChannel(compiling: animation, group: nil, keyframeIndex: keyframeIndex).map { [$0] }
        }
        let group = GroupTiming(timing: animation.timing, duration: animation.timing.resolvedDuration(groupDuration: nil),
                                removedOnCompletion: animation.removedOnCompletion,
                                timingFunction: animation.timingFunction)
        var channels: [ScalarChannel] = []
        for child in children {
            guard let channel = ScalarChannel(compiling: child, group: group, keyframeIndex: keyframeIndex) else { return nil }
            channels.append(channel)
        }
        return channels
    }

    /// The channel of `animation`, inside `group` when it is a group's child.
    private init?(compiling animation: Animation, group: GroupTiming?, keyframeIndex: (ScalarKeyframes) -> UInt32?) {
        guard let keyPath = animation.keyPath, let slot = ScalarSlot(keyPath) else { return nil }
        switch animation.kind {
        case let .basic(.scalar(from)?, .scalar(to)?, _):
            (self.from, self.to) = (from, to)
            interpolation = .between
            duration = animation.timing.resolvedDuration(groupDuration: group?.duration)
            curve = animation.timingFunction
        case let .spring(.scalar(from)?, .scalar(to)?, _, parameters):
            (self.from, self.to) = (from, to)
            interpolation = .spring(parameters)
            duration = animation.timing.duration > 0 ? animation.timing.duration : parameters.settlingDuration
            curve = nil
        case let .keyframe(values, keyTimes, timingFunctions, calculationMode):
            guard values.allSatisfy({ if case .scalar = $0 { true } else { false } }),
                  case .scalar(let first)? = values.first, case .scalar(let last)? = values.last,
                  let index = keyframeIndex(ScalarKeyframes(KeyframeInterpolation(
                      values: values, keyTimes: keyTimes, timingFunctions: timingFunctions,
                      calculationMode: calculationMode))) else { return nil }
            (from, to) = (first, last)
            interpolation = .keyframes(index)
            duration = animation.timing.resolvedDuration(groupDuration: group?.duration)
            curve = animation.timingFunction
        default:
            return nil
        }
        self.slot = slot
        self.group = group
        if case .spring = interpolation { isPlain = false } else { isPlain = group == nil }
        timing = animation.timing
        removedOnCompletion = group == nil && animation.removedOnCompletion
        isAdditive = animation.isAdditive
        isCumulative = animation.isCumulative
    }

    /// Applies the channel at the layer's local time `localTime` on top of
    /// `values` (the presentation after the channels before it); `keyframes`
    /// is the table of keyframe values the channel was compiled with.
    @inlinable
    public func apply(atLocalTime localTime: Double, keyframes: UnsafeBufferPointer<ScalarKeyframes>,
                      to values: inout AnimatedScalars) {
        guard let (progress, iteration) = progress(atLocalTime: localTime) else { return }
        apply(fraction: curve?.value(at: progress) ?? progress, iteration: iteration, keyframes: keyframes, to: &values)
    }

    /// How far the channel is through its current cycle at the layer's local
    /// time `localTime` (0…1, before the curve; for a spring, the spring's
    /// progress), and how many whole cycles precede it; nil when the channel
    /// has no effect then.
    @inlinable
    public func progress(atLocalTime localTime: Double) -> (progress: Double, iteration: Double)? {
        withUnsafePointer(to: self) { Self.progress(of: $0, atLocalTime: localTime) }
    }

    /// ``progress(atLocalTime:)`` of the channel at `channel`, reading only
    /// the fields it needs there (a call on a channel's copy would copy all
    /// of it first, every time).
    @inlinable
    public static func progress(of channel: UnsafePointer<ScalarChannel>,
                                atLocalTime localTime: Double) -> (progress: Double, iteration: Double)? {
        // Groups and springs out of line: the common case stays small enough to inline.
        guard _fastPath(channel.pointee.isPlain) else { return compoundProgress(of: channel, atLocalTime: localTime) }
        let duration = channel.pointee.duration
        guard let local = channel.pointee.timing.localTime(parentTime: localTime,
                                                           removedOnCompletion: channel.pointee.removedOnCompletion,
                                                           duration: duration) else { return nil }
        return (local.time / duration, local.iteration)
    }

    /// Whether the channel interpolates between `from` and `to` (not along keyframes).
    @inlinable var isBetweenEnds: Bool {
        if case .keyframes = interpolation { false } else { true }
    }

    /// The value at `fraction` of the keyframe channel at `channel`, from the table it was compiled with.
    @usableFromInline
    static func keyframeValue(of channel: UnsafePointer<ScalarChannel>, at fraction: Double,
                              keyframes: UnsafeBufferPointer<ScalarKeyframes>) -> Double {
        guard case .keyframes(let index) = channel.pointee.interpolation else { return .nan }
        return keyframes[Int(index)].value(at: fraction)
    }

    /// ``progress(atLocalTime:)`` of the channel at `channel`, in a group or a spring.
    /// (Static, as the inlined fast path must not copy the channel even to reach its slow path.)
    @usableFromInline
    static func compoundProgress(of channel: UnsafePointer<ScalarChannel>,
                                 atLocalTime localTime: Double) -> (progress: Double, iteration: Double)? {
        channel.pointee.compoundProgress(atLocalTime: localTime)
    }

    private func compoundProgress(atLocalTime localTime: Double) -> (progress: Double, iteration: Double)? {
        var time = localTime
        if let group {
            // The group's children run at its curve's value of its progress, times its duration.
            guard let local = group.timing.localTime(parentTime: localTime, removedOnCompletion: group.removedOnCompletion,
                                                     duration: group.duration) else { return nil }
            time = group.timingFunction.map { $0.value(at: local.time / group.duration) * group.duration } ?? local.time
        }
        guard let local = timing.localTime(parentTime: time, removedOnCompletion: removedOnCompletion,
                                           duration: duration) else { return nil }
        if case .spring(let spring) = interpolation { return (spring.progress(at: local.time), local.iteration) }
        return (local.time / duration, local.iteration)
    }

    /// Applies the channel on top of `values` at `fraction` (its ``curve``'s
    /// value of the progress, or the progress itself when linear),
    /// `iteration` cycles in (see ``progress(atLocalTime:)``); `keyframes`
    /// is the table of keyframe values the channel was compiled with.
    @inlinable
    public func apply(fraction: Double, iteration: Double, keyframes: UnsafeBufferPointer<ScalarKeyframes>,
                      to values: inout AnimatedScalars) {
        withUnsafePointer(to: self) {
            Self.apply($0, fraction: fraction, iteration: iteration, keyframes: keyframes, to: &values)
        }
    }

    /// ``apply(fraction:iteration:keyframes:to:)`` of the channel at
    /// `channel`, reading only the fields it needs there.
    @inlinable
    public static func apply(_ channel: UnsafePointer<ScalarChannel>, fraction: Double, iteration: Double,
                             keyframes: UnsafeBufferPointer<ScalarKeyframes>, to values: inout AnimatedScalars) {
        let (from, to) = (channel.pointee.from, channel.pointee.to)
        var result: Double
        if _slowPath(!channel.pointee.isBetweenEnds) {
            result = keyframeValue(of: channel, at: fraction, keyframes: keyframes)
        } else {
            result = from + (to - from) * fraction
        }
        if channel.pointee.isCumulative && iteration > 0 { result = result + to * iteration }
        let slot = channel.pointee.slot
        if channel.pointee.isAdditive { result = values[slot] + result }
        values[slot] = result
    }
}

/// The values, key times, timing functions and calculation mode of a
/// keyframe animation of numbers, compiled into a ``ScalarChannel``.
public struct ScalarKeyframes: Hashable, Sendable {
    @usableFromInline let keyframes: KeyframeInterpolation

    init(_ keyframes: KeyframeInterpolation) { self.keyframes = keyframes }

    /// The value at `fraction`, the animation's eased progress, as the
    /// keyframe animation computes it (its values are all numbers, at least one).
    @usableFromInline
    func value(at fraction: Double) -> Double {
        guard case .scalar(let value)? = keyframes.value(at: fraction) else { return .nan }
        return value
    }

    /// Bytes held, the arrays' contents included.
    public var byteCount: Int {
        MemoryLayout<Self>.stride + keyframes.values.count * MemoryLayout<AnimatableValue>.stride
            + (keyframes.keyTimes?.count ?? 0) * MemoryLayout<Double>.stride
            + (keyframes.timingFunctions?.count ?? 0) * MemoryLayout<TimingFunction>.stride
    }

    /// Whether `other` holds the same bits in every value, key time and timing function.
    public func hasSameBits(as other: ScalarKeyframes) -> Bool {
        let a = keyframes, b = other.keyframes
        return a.calculationMode == b.calculationMode
            && ScalarChannel.sameBits(a.values, b.values) {
                guard case .scalar(let x) = $0, case .scalar(let y) = $1 else { return false }
                return x.bitPattern == y.bitPattern
            }
            && ScalarChannel.sameBits(a.keyTimes, b.keyTimes) { $0.bitPattern == $1.bitPattern }
            && ScalarChannel.sameBits(a.timingFunctions, b.timingFunctions) { ScalarChannel.sameBits($0, $1) }
    }
}

extension ScalarChannel {
    /// The animation's `beginTime` (its group's, inside one), in the layer's time.
    public var beginTime: Double { group?.timing.beginTime ?? timing.beginTime }

    /// This channel with its `beginTime` at 0: applying it at `localTime − beginTime`
    /// gives what applying this channel at `localTime` gives, bit for bit
    /// (`x − 0` is `x`, signed zeros included). Channels that differ only in
    /// when they begin (a field of ripples at different phases) share one.
    public var beginningAtZero: ScalarChannel {
        var channel = self
        if channel.group != nil { channel.group!.timing.beginTime = 0 } else { channel.timing.beginTime = 0 }
        return channel
    }

    /// Whether `other` holds the same bits in every field (`==` takes 0 and
    /// −0 as equal, and NaN as unequal to itself).
    public func hasSameBits(as other: ScalarChannel) -> Bool {
        guard hasSameProgress(as: other), slot == other.slot, isAdditive == other.isAdditive,
              isCumulative == other.isCumulative, from.bitPattern == other.from.bitPattern,
              to.bitPattern == other.to.bitPattern, Self.sameBits(curve, other.curve) else { return false }
        switch (interpolation, other.interpolation) {
        case (.between, .between), (.spring, .spring): return true  // springs: compared with the progress
        case let (.keyframes(a), .keyframes(b)): return a == b
        default: return false
        }
    }

    /// Whether `other`'s timing holds the same bits as this one's (its
    /// `CAMediaTiming` properties, resolved duration and `removedOnCompletion`,
    /// its group's timing, and a spring's parameters):
    /// ``progress(atLocalTime:)`` then gives both the same result at every time.
    public func hasSameProgress(as other: ScalarChannel) -> Bool {
        guard removedOnCompletion == other.removedOnCompletion, duration.bitPattern == other.duration.bitPattern,
              Self.sameBits(timing, other.timing) else { return false }
        switch (group, other.group) {
        case (nil, nil): break
        case let (g?, h?):
            guard g.removedOnCompletion == h.removedOnCompletion, g.duration.bitPattern == h.duration.bitPattern,
                  Self.sameBits(g.timing, h.timing), Self.sameBits(g.timingFunction, h.timingFunction) else { return false }
        default: return false
        }
        switch (interpolation, other.interpolation) {
        case let (.spring(a), .spring(b)):
            return a.mass.bitPattern == b.mass.bitPattern && a.stiffness.bitPattern == b.stiffness.bitPattern
                && a.damping.bitPattern == b.damping.bitPattern
                && a.initialVelocity.bitPattern == b.initialVelocity.bitPattern
                && a.allowsOverdamping == b.allowsOverdamping
        case (.spring, _), (_, .spring): return false
        default: return true
        }
    }

    private static func sameBits(_ a: MediaTiming, _ b: MediaTiming) -> Bool {
        a.autoreverses == b.autoreverses && a.fillMode == b.fillMode && a.beginTime.bitPattern == b.beginTime.bitPattern
            && a.duration.bitPattern == b.duration.bitPattern && a.speed.bitPattern == b.speed.bitPattern
            && a.timeOffset.bitPattern == b.timeOffset.bitPattern && a.repeatCount.bitPattern == b.repeatCount.bitPattern
            && a.repeatDuration.bitPattern == b.repeatDuration.bitPattern
    }

    static func sameBits(_ f: TimingFunction?, _ g: TimingFunction?) -> Bool {
        switch (f, g) {
        case (nil, nil): true
        case let (f?, g?):
            f.c1x.bitPattern == g.c1x.bitPattern && f.c1y.bitPattern == g.c1y.bitPattern
                && f.c2x.bitPattern == g.c2x.bitPattern && f.c2y.bitPattern == g.c2y.bitPattern
        default: false
        }
    }

    static func sameBits<T>(_ a: [T]?, _ b: [T]?, by same: (T, T) -> Bool) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (a?, b?): a.count == b.count && zip(a, b).allSatisfy(same)
        default: false
        }
    }
}
