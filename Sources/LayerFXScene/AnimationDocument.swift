import LayerFXCore
import LayerFXModel

/// The animation classes a scene file can name in `type`.
enum AnimationType: String, CaseIterable {
    case basic, keyframe, spring, group
}

/// The keys an animation may have, and which animation types accept each.
enum AnimationKey: String, CaseIterable {
    // CAAnimation / CAMediaTiming: every type.
    case type, duration, beginTime, timeOffset, speed, repeatCount, repeatDuration
    case autoreverses, fillMode, removedOnCompletion, timingFunction
    // CAPropertyAnimation: all but groups.
    case keyPath, additive, cumulative
    // CABasicAnimation and CASpringAnimation.
    case fromValue, toValue, byValue
    // CASpringAnimation.
    case mass, stiffness, damping, initialVelocity, allowsOverdamping
    // CAKeyframeAnimation.
    case values, keyTimes, timingFunctions, calculationMode, path, rotationMode
    // CAAnimationGroup.
    case animations

    static let table = KeyTable<AnimationKey>()

    /// Whether an animation of `type` has this key.
    func belongs(to type: AnimationType) -> Bool {
        switch self {
        case .type, .duration, .beginTime, .timeOffset, .speed, .repeatCount, .repeatDuration,
             .autoreverses, .fillMode, .removedOnCompletion, .timingFunction:
            true
        case .keyPath, .additive, .cumulative: type != .group
        case .fromValue, .toValue, .byValue: type == .basic || type == .spring
        case .mass, .stiffness, .damping, .initialVelocity, .allowsOverdamping: type == .spring
        case .values, .keyTimes, .timingFunctions, .calculationMode, .path, .rotationMode: type == .keyframe
        case .animations: type == .group
        }
    }

    /// The keys an animation of `type` accepts.
    static func keys(of type: AnimationType) -> [String] {
        allCases.filter { $0.belongs(to: type) }.map(\.rawValue)
    }

    /// Why this key is not accepted on an animation of `type`.
    func note(on type: AnimationType) -> String {
        if type == .group, belongs(to: .basic) {
            return "a group has no \(rawValue); set it on the animations in its \"animations\""
        }
        let owner = AnimationType.allCases.first { belongs(to: $0) }!
        return "\(rawValue) belongs to \(owner.rawValue) animations (\"type\": \"\(owner.rawValue)\")"
    }
}

/// One entry of a layer's `animations` (or of a group's): a CABasicAnimation,
/// CAKeyframeAnimation, CASpringAnimation or CAAnimationGroup.
struct AnimationDocument: Decodable {
    var animation: Animation

    /// Decodes an animation on its own (shape-only key paths are not checked).
    init(from decoder: any Decoder) throws {
        if let tree = decoder.treeValue {
            try self.init(tree, layerKind: nil)
        } else {
            try self.init(DecoderValue(decoder: decoder), layerKind: nil)
        }
    }

    /// Decodes an animation of a layer of `layerKind`, whose key paths must
    /// belong to that kind of layer (`nil`: not checked).
    init<V: SceneValue>(_ value: V, layerKind: LayerKind?) throws {
        let object = try value.object()
        let type = try object.member("type")?.name("animation type", AnimationType.allCases) ?? .basic
        animation = Animation(keyPath: nil, kind: .group([]))

        // Check the keys and read those that do not depend on the key path.
        var fromValue: V?, toValue: V?, byValue: V?
        var spring = SpringParameters()
        var children: [Animation] = []
        try object.forEachMember { key, member in
            guard let known = AnimationKey.table(key.name) else {
                throw StrictKeys.unknownKey(key, in: object, allowed: AnimationKey.keys(of: type))
            }
            guard known.belongs(to: type) else {
                throw StrictKeys.unknownKey(key, in: object, allowed: [], note: known.note(on: type))
            }
            switch known {
            case .type, .keyPath, .values, .keyTimes, .timingFunctions, .calculationMode, .path, .rotationMode:
                break  // read below
            case .duration: animation.timing.duration = try member.number(.nonNegative)
            case .beginTime: animation.timing.beginTime = try member.number()
            case .timeOffset: animation.timing.timeOffset = try member.number()
            case .speed:
                let speed = try member.number()
                if speed < 0 { throw member.issue(Unsupported.negativeSpeed) }
                animation.timing.speed = speed
            case .repeatCount: animation.timing.repeatCount = try RepeatValue(member).value
            case .repeatDuration: animation.timing.repeatDuration = try RepeatValue(member).value
            case .autoreverses: animation.timing.autoreverses = try member.bool()
            case .fillMode:
                animation.timing.fillMode = try member.name("fill mode", [FillMode.removed, .forwards, .backwards, .both])
            case .removedOnCompletion: animation.removedOnCompletion = try member.bool()
            case .timingFunction: animation.timingFunction = try TimingFunctionValue(member).function
            case .additive: animation.isAdditive = try member.bool()
            case .cumulative: animation.isCumulative = try member.bool()
            case .fromValue: fromValue = member
            case .toValue: toValue = member
            case .byValue: byValue = member
            case .mass: spring.mass = try member.number(.positive)
            case .stiffness: spring.stiffness = try member.number(.positive)
            case .damping: spring.damping = try member.number(.nonNegative)
            case .initialVelocity: spring.initialVelocity = try member.number()
            case .allowsOverdamping: spring.allowsOverdamping = try member.bool()
            case .animations: children = try member.array { try AnimationDocument($0, layerKind: layerKind).animation }
            }
        }

        if type != .group {
            animation.keyPath = try Self.decodeKeyPath(object.required("keyPath"), layerKind: layerKind)
        }
        let keyPath = animation.keyPath
        let from = try fromValue.map { try AnimatableValueDecoding.decode(for: keyPath, from: $0) }
        let to = try toValue.map { try AnimatableValueDecoding.decode(for: keyPath, from: $0) }
        let by = try byValue.map { try AnimatableValueDecoding.decode(for: keyPath, from: $0, isDelta: true) }
        try Self.checkValuesInterpolate([(fromValue, from), (toValue, to), (byValue, by)])

        switch type {
        case .basic:
            animation.kind = .basic(from: from, to: to, by: by)
        case .spring:
            animation.kind = .spring(from: from, to: to, by: by, parameters: spring)
        case .keyframe:
            animation.kind = try Self.decodeKeyframes(object, keyPath: animation.keyPath)
        case .group:
            animation.kind = .group(children)
        }
    }

    /// The key paths by name.
    private static let keyPaths = KeyTable<AnimatableKeyPath>()

    private static func decodeKeyPath<V: SceneValue>(_ value: V, layerKind: LayerKind?) throws -> AnimatableKeyPath {
        let name = try value.string()
        if let keyPath = keyPaths(name) {
            if let owner = keyPath.owner, let layerKind, layerKind != owner {
                throw value.issue("key path \"\(name)\" applies to \(owner.typeName) layers only (\"type\": \"\(owner.typeName)\")")
            }
            return keyPath
        }
        throw value.issue(StrictKeys.unknownName("key path", name, options: AnimatableKeyPath.allCases.map(\.name)))
    }

    /// `values`, or a `path` (which, as in Core Animation, takes precedence)
    /// for point key paths, with keyTimes and timingFunctions counted against
    /// the keyframes.
    private static func decodeKeyframes<O: SceneObject>(_ object: O, keyPath: AnimatableKeyPath?) throws -> AnimationKind {
        let valueType = keyPath?.valueType ?? .scalar
        let mode = try object.member("calculationMode")?.name(
            "calculation mode", [CalculationMode.linear, .discrete, .paced, .cubic, .cubicPaced]) ?? .linear
        let rotationValue = object.member("rotationMode")
        var motionPath: MotionPath? = nil
        var values: [AnimatableValue] = []
        if let pathValue = object.member("path"), pathValue.kind != .null {
            guard valueType == .point else {
                throw pathValue.issue("a keyframe path moves a point (position, anchorPoint); key path \"\(keyPath?.name ?? "")\" holds a \(valueType.rawValue)")
            }
            guard let path = MotionPath(try PathValue(pathValue).path) else {
                throw pathValue.issue("a keyframe path needs at least one subpath")
            }
            motionPath = path
        } else {
            if let rotationValue { throw rotationValue.issue("rotationMode needs a keyframe \"path\"") }
            let valuesValue = try object.required("values")
            var members: [O.Value] = []
            values = try valuesValue.array { member in
                members.append(member)
                return try AnimatableValueDecoding.decode(for: keyPath, from: member)
            }
            try Self.checkValuesInterpolate(Array(zip(members.map(Optional.some), values.map(Optional.some))))
            if values.isEmpty {
                throw valuesValue.issue("a keyframe animation needs at least one value")
            }
        }
        let count = motionPath?.keyframeCount ?? values.count
        let counted = motionPath == nil ? "values" : "path keyframes (element end points)"

        var keyTimes: [Double]? = nil
        if let timesValue = object.member("keyTimes") {
            keyTimes = try Self.keyTimes(timesValue, valueCount: count, counted: counted, mode: mode)
        }

        var functions: [TimingFunction]? = nil
        if let functionsValue = object.member("timingFunctions") {
            let list = try functionsValue.array { try TimingFunctionValue($0).function }
            if mode == .linear || mode == .cubic, list.count != count - 1 {
                throw functionsValue.issue(
                    "timingFunctions has \(list.count) entries but \(count) \(counted) need \(count - 1) (one per segment)")
            }
            functions = list
        }
        if let motionPath {
            let rotation = try rotationValue.map { try $0.name("rotation mode", [RotationMode.rotateAuto, .rotateAutoReverse]) }
            return .motion(path: motionPath, keyTimes: keyTimes, timingFunctions: functions, calculationMode: mode,
                           rotationMode: rotation)
        }
        return .keyframe(values: values, keyTimes: keyTimes, timingFunctions: functions, calculationMode: mode)
    }

    /// The paths of one animation must interpolate point by point, and its
    /// lists (`locations`, `colors`) element by element; the first value that
    /// cannot against the first one is rejected.
    private static func checkValuesInterpolate<V: SceneValue>(_ values: [(member: V?, value: AnimatableValue?)]) throws {
        var first: AnimatableValue? = nil
        for case let (member?, value?) in values {
            guard let reference = first else { first = value; continue }
            switch (reference, value) {
            case let (.path(a), .path(b)):
                if let mismatch = a.interpolationMismatch(with: b) {
                    throw member.issue("paths in one animation must have the same subpaths of the same kinds to interpolate point by point (\(mismatch))")
                }
            case let (.numbers(a), .numbers(b)) where a.count != b.count:
                throw member.issue("lists in one animation must be equally long to interpolate element by element (\(a.count) against \(b.count))")
            case let (.colors(a), .colors(b)) where a.count != b.count:
                throw member.issue("lists in one animation must be equally long to interpolate element by element (\(a.count) against \(b.count))")
            default: break
            }
        }
    }

    /// keyTimes lie in 0…1, never decrease, and (linear, cubic) match the values
    /// one to one; discrete mode also takes one more key time than values, as CA
    /// documents. Paced modes ignore key times, so only their range is checked.
    private static func keyTimes<V: SceneValue>(_ value: V, valueCount: Int, counted: String,
                                                mode: CalculationMode) throws -> [Double] {
        var times: [Double] = []
        try value.forEachElement { i, element in
            let t = try element.number()
            if !(0...1).contains(t) {
                throw element.issue("key time must be in 0…1 (got \(t.numberText))")
            }
            if let previous = times.last, t < previous {
                throw element.issue("key times must not decrease (\(t.numberText) follows \(previous.numberText))")
            }
            times.append(t)
        }
        let fits: Bool
        switch mode {
        case .linear, .cubic: fits = times.count == valueCount
        case .discrete: fits = times.count == valueCount || times.count == valueCount + 1
        case .paced, .cubicPaced: fits = true
        }
        if !fits {
            let needed = mode == .discrete ? "\(valueCount) or \(valueCount + 1)" : "\(valueCount)"
            throw value.issue("keyTimes has \(times.count) entries but \(valueCount) \(counted) need \(needed)")
        }
        return times
    }
}
