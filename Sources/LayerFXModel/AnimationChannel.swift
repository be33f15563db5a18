/// One animation of any key path and value type, compiled once: a
/// `CABasicAnimation`, `CASpringAnimation` or `CAKeyframeAnimation` (of
/// values or along a path), at the top level or inside groups at any depth
/// (a group compiles to its children's channels, each running in the
/// groups' time). Its durations are resolved (a spring's `settlingDuration`
/// included), its groups' timings kept in a table, and its values, keyframes
/// and paths kept in ``AnimationTables``, which it names by index: a channel
/// is plain data, copied without reference counting.
///
/// Applying it gives what ``Animation/apply(at:to:model:)`` gives, bit for
/// bit: both write through the same ``ValueWriter``. The scalar animations
/// of circle layers have their own, smaller record (``ScalarChannel``).
public struct AnimationChannel: Hashable, Sendable {
    /// The key path written, with the `additive` and `cumulative` flags.
    let writer: ValueWriter
    /// The animation's own timing.
    let timing: MediaTiming
    /// Its duration, resolved (in its group, or a spring's settling time).
    let duration: Double
    /// `removedOnCompletion`; false inside a group.
    let removedOnCompletion: Bool
    /// `timingFunction`; nil is linear (and for springs, which have none).
    let curve: TimingFunction?
    /// The enclosing groups in ``AnimationTables/groups``, outermost first; empty at the top level.
    let groups: Range<Int>
    /// How a progress becomes a value.
    let interpolation: Interpolation

    /// Where a channel's values are, in its ``AnimationTables``.
    enum Interpolation: Hashable, Sendable {
        /// Between `fromValue`, `toValue` and `byValue` (indices of ``AnimationTables/values``, nil when not given).
        case ends(from: Int?, to: Int?, by: Int?)
        /// As `ends`, at a spring's progress.
        case spring(from: Int?, to: Int?, by: Int?, SpringParameters)
        /// Along the keyframes at this index of ``AnimationTables/keyframes``.
        case keyframes(Int)
        /// Along the path at this index of ``AnimationTables/motions``.
        case motion(Int)
    }

    /// Applies the channel at the layer's local time `localTime` on top of
    /// `presentation` (the layer's properties after the channels before it);
    /// `model` is the layer's model state and `tables` what the channel was compiled into.
    public func apply(atLocalTime localTime: Double, to presentation: inout LayerProperties,
                      model: LayerProperties, tables: AnimationTables) {
        var time = localTime
        for g in groups {
            // A group's children run at its curve's value of its progress, times its duration.
            let group = tables.groups[g]
            guard let local = group.timing.localTime(parentTime: time, removedOnCompletion: group.removedOnCompletion,
                                                     duration: group.duration) else { return }
            time = group.timingFunction.map { $0.value(at: local.time / group.duration) * group.duration } ?? local.time
        }
        guard let local = timing.localTime(parentTime: time, removedOnCompletion: removedOnCompletion,
                                           duration: duration) else { return }
        let p = local.time / duration
        switch interpolation {
        case let .ends(from, to, by):
            writer.interpolate(from: tables.value(from), to: tables.value(to), by: tables.value(by),
                               fraction: curve?.value(at: p) ?? p, iteration: local.iteration,
                               presentation: &presentation, model: model)
        case let .spring(from, to, by, spring):
            writer.interpolate(from: tables.value(from), to: tables.value(to), by: tables.value(by),
                               fraction: spring.progress(at: local.time), iteration: local.iteration,
                               presentation: &presentation, model: model)
        case let .keyframes(index):
            let keyframes = tables.keyframes[index]
            guard let value = keyframes.value(at: curve?.value(at: p) ?? p), let last = keyframes.values.last
            else { return }
            writer.write(value, cycleEnd: last, iteration: local.iteration, to: &presentation)
        case let .motion(index):
            writer.write(tables.motions[index], at: curve?.value(at: p) ?? p, iteration: local.iteration,
                         to: &presentation)
        }
    }
}

/// The values, keyframes, paths and group timings that ``AnimationChannel``s
/// name by index; one table serves every channel of a compiled scene.
public struct AnimationTables: Sendable {
    /// `fromValue`, `toValue` and `byValue`s.
    var values: [AnimatableValue] = []
    /// Keyframe animations' values, key times, timing functions and modes.
    var keyframes: [KeyframeInterpolation] = []
    /// Keyframe animations along paths.
    var motions: [MotionKeyframes] = []
    /// The groups channels run in.
    var groups: [ScalarChannel.GroupTiming] = []

    /// Empty tables.
    public init() {}

    /// The channels of `animation`, in the order it applies them (none for an
    /// animation that never changes anything: no key path, no keyframes, an
    /// empty group); its values are added to these tables.
    public mutating func channels(compiling animation: Animation) -> [AnimationChannel] {
        var channels: [AnimationChannel] = []
        compile(animation, groups: 0..<0, groupDuration: nil, into: &channels)
        return channels
    }

    /// The value at `index`; nil for nil.
    func value(_ index: Int?) -> AnimatableValue? {
        index.map { values[$0] }
    }

    /// Compiles `animation`, running in `groups` (whose innermost has duration `groupDuration`).
    private mutating func compile(_ animation: Animation, groups: Range<Int>, groupDuration: Double?,
                                  into channels: inout [AnimationChannel]) {
        let inGroup = groupDuration != nil
        if animation.keyPath == nil, !animation.kind.isGroup { return }  // writes nothing
        let interpolation: AnimationChannel.Interpolation
        var duration = animation.timing.resolvedDuration(groupDuration: groupDuration)
        switch animation.kind {
        case let .basic(from, to, by):
            interpolation = .ends(from: add(from), to: add(to), by: add(by))
        case let .spring(from, to, by, spring):
            interpolation = .spring(from: add(from), to: add(to), by: add(by), spring)
            duration = animation.timing.duration > 0 ? animation.timing.duration : spring.settlingDuration
        case let .keyframe(values, keyTimes, timingFunctions, calculationMode):
            guard !values.isEmpty else { return }
            keyframes.append(KeyframeInterpolation(values: values, keyTimes: keyTimes, timingFunctions: timingFunctions,
                                                   calculationMode: calculationMode))
            interpolation = .keyframes(keyframes.count - 1)
        case let .motion(path, keyTimes, timingFunctions, calculationMode, rotationMode):
            motions.append(MotionKeyframes(path: path, keyTimes: keyTimes, timingFunctions: timingFunctions,
                                           calculationMode: calculationMode, rotationMode: rotationMode))
            interpolation = .motion(motions.count - 1)
        case let .group(children):
            // The enclosing groups' records again, then this group's: a channel's groups are one run.
            let start = self.groups.count
            self.groups.append(contentsOf: self.groups[groups])
            self.groups.append(ScalarChannel.GroupTiming(timing: animation.timing, duration: duration,
                                                         removedOnCompletion: !inGroup && animation.removedOnCompletion,
                                                         timingFunction: animation.timingFunction))
            let chain = start..<self.groups.count
            for child in children {
                compile(child, groups: chain, groupDuration: duration, into: &channels)
            }
            return
        }
        guard let keyPath = animation.keyPath else { return }
        channels.append(AnimationChannel(writer: ValueWriter(animation, keyPath), timing: animation.timing,
                                         duration: duration, removedOnCompletion: !inGroup && animation.removedOnCompletion,
                                         curve: animation.kind.isSpring ? nil : animation.timingFunction,
                                         groups: groups, interpolation: interpolation))
    }

    /// Adds `value` to the table; returns its index (nil for nil).
    private mutating func add(_ value: AnimatableValue?) -> Int? {
        guard let value else { return nil }
        values.append(value)
        return values.count - 1
    }
}

extension AnimationKind {
    /// Whether this is a spring, whose progress has no timing function.
    var isSpring: Bool {
        if case .spring = self { true } else { false }
    }

    /// Whether this is a group, which has no key path of its own.
    var isGroup: Bool {
        if case .group = self { true } else { false }
    }
}
