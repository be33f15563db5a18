import LayerFXModel

extension LottieProperty {
    /// Reads the property `object` (`{"a": 0|1, "k": …, "x": "…"}`), each
    /// value with `read`. `k` holds keyframes when it is an array of objects
    /// with a time `t` (whatever `a` says); otherwise it is the constant
    /// value. A keyframe without a value (`s`) takes the previous one's end
    /// value (`e`, the format before bodymovin 5.5) or value.
    static func read(_ object: TreeValue, _ read: (TreeValue) throws -> Value) throws -> LottieProperty {
        let members = try object.object()
        let hasExpression = members.value("x")?.kind == .string
        guard let k = members.value("k") else { throw object.issue("expected a property with a value \"k\"") }
        if k.kind == .array, let first = try k.elements().first, first.kind == .object,
           try first.object().value("t") != nil {
            let keyframes = try readKeyframes(k, read)
            if keyframes.count == 1 {
                return LottieProperty(content: .constant(keyframes[0].value), hasExpression: hasExpression)
            }
            return LottieProperty(content: .keyframes(keyframes), hasExpression: hasExpression)
        }
        return LottieProperty(content: .constant(try read(k)), hasExpression: hasExpression)
    }

    /// The keyframes of array `k`, in time order.
    private static func readKeyframes(_ k: TreeValue, _ read: (TreeValue) throws -> Value) throws -> [LottieKeyframe<Value>] {
        var keyframes: [LottieKeyframe<Value>] = []
        var previousEnd: Value? = nil
        for element in try k.elements() {
            let members = try element.object()
            guard let time = try members.number("t"), time.isFinite else {
                throw element.issue("expected a keyframe with a time \"t\"")
            }
            let start = try members.value("s").map(read)
            let end = try members.value("e").map(read)
            guard let value = start ?? previousEnd ?? keyframes.last?.value else {
                throw element.issue("expected a keyframe value \"s\"")
            }
            previousEnd = end
            keyframes.append(LottieKeyframe(time: time, value: value, hold: try members.flag("h"),
                                            easing: try easing(members), spatial: try spatial(members)))
        }
        guard !keyframes.isEmpty else { throw k.issue("expected at least one keyframe") }
        // Times that go back are taken in order (stable), as a player meets them.
        return keyframes.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// The keyframe's ease (`o` out of it, `i` into the next), the first
    /// component of each (as players read per-dimension eases); nil (linear)
    /// when either is missing.
    private static func easing(_ members: TreeObject) throws -> TimingFunction? {
        guard let out = try members.object("o"), let into = try members.object("i"),
              let ox = try out.number("x"), let oy = try out.number("y"),
              let ix = try into.number("x"), let iy = try into.number("y")
        else { return nil }
        guard ox.isFinite, oy.isFinite, ix.isFinite, iy.isFinite else { return nil }
        if ox == oy && ix == iy { return nil }
        return TimingFunction(ox, oy, ix, iy)
    }

    /// The keyframe's spatial tangents (`to`, `ti`); nil when both are absent or zero.
    private static func spatial(_ members: TreeObject) throws -> (out: [Double], in: [Double])? {
        let out = try members.value("to")?.lottieNumbers() ?? [], into = try members.value("ti")?.lottieNumbers() ?? []
        guard out.contains(where: { $0 != 0 }) || into.contains(where: { $0 != 0 }) else { return nil }
        return (out, into)
    }
}

extension LottieProperty where Value == Double {
    /// A scalar property (a number, or the first of an array); `fallback` when `object` is nil.
    static func scalar(_ object: TreeValue?, or fallback: Double) throws -> LottieProperty {
        guard let object else { return LottieProperty(fallback) }
        return try read(object) { try $0.lottieNumber() }
    }
}

extension LottieProperty where Value == [Double] {
    /// A vector property (an array of numbers, or one number); `fallback` when `object` is nil.
    static func vector(_ object: TreeValue?, or fallback: [Double]) throws -> LottieProperty {
        guard let object else { return LottieProperty(fallback) }
        return try read(object) { try $0.lottieNumbers() }
    }
}
