import LayerFXCore
import LayerFXModel

/// Reads one effect layer's parameters, each checked where it is written:
/// a wrong type or an out-of-range value is a located error on that value,
/// like every other error of the scene decoder. An absent parameter takes
/// its default.
struct EffectParameters<O: SceneObject> {
    let object: O
    /// The effect's name, for messages.
    let effect: String

    /// The member `name`, if present.
    func value(_ name: String) -> O.Value? { object.member(name) }

    /// A number, checked against `constraint`; nil when absent.
    func number(_ name: String, _ constraint: NumberConstraint = .any) throws -> Double? {
        try value(name).map { try $0.number(constraint) }
    }

    func number(_ name: String, default fallback: Double, _ constraint: NumberConstraint = .any) throws -> Double {
        try number(name, constraint) ?? fallback
    }

    /// A number in `range`.
    func number(_ name: String, default fallback: Double, in range: ClosedRange<Double>) throws -> Double {
        guard let member = value(name) else { return fallback }
        let number = try member.number()
        guard range.contains(number) else {
            throw member.issue("\(name) must be in \(range.lowerBound.numberText)…\(range.upperBound.numberText) (got \(number.numberText))")
        }
        return number
    }

    /// A whole number in `range`.
    func integer(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let member = value(name) else { return fallback }
        let integer = try member.integer()
        guard range.contains(integer) else {
            throw member.issue("\(name) must be in \(range.lowerBound)…\(range.upperBound) (got \(integer))")
        }
        return integer
    }

    func bool(_ name: String, default fallback: Bool) throws -> Bool {
        try value(name).map { try $0.bool() } ?? fallback
    }

    func string(_ name: String, default fallback: String) throws -> String {
        try value(name).map { try $0.string() } ?? fallback
    }

    /// A string, or nil for `null` or when absent.
    func optionalString(_ name: String) throws -> String? {
        guard let member = value(name), member.kind != .null else { return nil }
        return try member.string()
    }

    /// A colour; `null` is no colour (nil), absence `fallback`.
    func color(_ name: String, default fallback: Color?) throws -> Color? {
        guard let member = value(name) else { return fallback }
        return try ColorValue(member).color
    }

    /// A colour that may not be `null`.
    func requiredColor(_ name: String, default fallback: Color) throws -> Color {
        guard let member = value(name) else { return fallback }
        guard let color = try ColorValue(member).color else { throw member.issue("expected a color, found null") }
        return color
    }

    func point(_ name: String) throws -> Point? {
        try value(name).map { try PointValue($0).point }
    }

    /// One of `cases` by its raw value; `what` names the kind of value in errors.
    func name<T: RawRepresentable>(_ name: String, _ what: String, _ cases: [T], default fallback: T) throws -> T
    where T.RawValue == String {
        try value(name).map { try $0.name(what, cases) } ?? fallback
    }

    /// A repeat count: a number ≥ 0 or `"infinity"`.
    func repeatCount(_ name: String, default fallback: Double) throws -> Double {
        try value(name).map { try RepeatValue($0).value } ?? fallback
    }

    /// A timing function (preset name or control points); `null` is linear pacing.
    func timingFunction(_ name: String, default fallback: TimingFunction?) throws -> TimingFunction? {
        guard let member = value(name) else { return fallback }
        if member.kind == .null { return nil }
        return try TimingFunctionValue(member).function
    }

    /// An error about parameter `name` (about the effect layer when absent).
    func issue(_ name: String, _ message: String) -> DecodingIssue {
        value(name)?.issue(message) ?? object.issue(message)
    }
}

/// Key times of a keyframe list written in an effect parameter: in 0…1,
/// never decreasing, one per value.
enum EffectKeyTimes {
    static func decode<V: SceneValue>(_ value: V, count: Int, counted: String) throws -> [Double] {
        var times: [Double] = []
        try value.forEachElement { _, element in
            let t = try element.number()
            if !(0...1).contains(t) { throw element.issue("key time must be in 0…1 (got \(t.numberText))") }
            if let previous = times.last, t < previous {
                throw element.issue("key times must not decrease (\(t.numberText) follows \(previous.numberText))")
            }
            times.append(t)
        }
        guard times.count == count else {
            throw value.issue("keyTimes has \(times.count) entries but \(count) \(counted) need \(count)")
        }
        return times
    }
}
