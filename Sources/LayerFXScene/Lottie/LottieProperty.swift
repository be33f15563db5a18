import LayerFXModel

/// One keyframe of an animated Lottie property: its value from time `time`
/// (frames of the containing composition), how it eases into the next
/// keyframe, and for positions the spatial tangents of the path to it.
struct LottieKeyframe<Value: Sendable>: Sendable {
    /// Frames, on the containing composition's timeline.
    var time: Double
    /// The value at `time`.
    var value: Value
    /// Holds `value` until the next keyframe (`h: 1`).
    var hold: Bool
    /// The ease out of this keyframe and into the next (`o`, `i`), as a
    /// timing function; nil is linear.
    var easing: TimingFunction?
    /// Spatial tangents (`to` of this keyframe, `ti` of it, relative to this
    /// value and to the next one); nil when the segment is straight.
    var spatial: (out: [Double], in: [Double])?
}

/// A Lottie property (`{"a": 0|1, "k": …}`): a constant, or keyframes.
struct LottieProperty<Value: Sendable>: Sendable {
    /// Its value at every frame, or its keyframes (at least two, in time order).
    enum Content: Sendable {
        case constant(Value)
        case keyframes([LottieKeyframe<Value>])
    }

    var content: Content
    /// Whether the file gives it an expression (`x`), which is not evaluated.
    var hasExpression = false

    /// A constant property.
    init(_ value: Value) { content = .constant(value) }

    init(content: Content, hasExpression: Bool) {
        self.content = content; self.hasExpression = hasExpression
    }

    /// Whether it changes over time.
    var isAnimated: Bool {
        if case .keyframes = content { true } else { false }
    }

    /// The value before any keyframe (the constant, or the first keyframe's).
    var initialValue: Value {
        switch content {
        case .constant(let value): value
        case .keyframes(let keyframes): keyframes[0].value
        }
    }

    /// The keyframes' times (none for a constant).
    var keyframeTimes: [Double] {
        if case .keyframes(let keyframes) = content { keyframes.map(\.time) } else { [] }
    }

    /// The property with every value passed through `transform`.
    func map<Other: Sendable>(_ transform: (Value) -> Other) -> LottieProperty<Other> {
        switch content {
        case .constant(let value):
            return LottieProperty<Other>(content: .constant(transform(value)), hasExpression: hasExpression)
        case .keyframes(let keyframes):
            return LottieProperty<Other>(content: .keyframes(keyframes.map {
                LottieKeyframe(time: $0.time, value: transform($0.value), hold: $0.hold, easing: $0.easing,
                               spatial: $0.spatial)
            }), hasExpression: hasExpression)
        }
    }
}

extension LottieProperty {
    /// Where frame `frame` falls: on a keyframe's value, or between keyframe
    /// `index` and the next at eased progress `progress` (0…1, or beyond
    /// for overshooting easings).
    enum Place {
        case at(Value)
        case between(index: Int, progress: Double)
    }

    /// Where `frame` falls among the keyframes, as Lottie players find it:
    /// before the first the first value, after the last the last, a hold
    /// keeps its value until the next keyframe's time.
    func place(at frame: Double) -> Place {
        switch content {
        case .constant(let value):
            return .at(value)
        case .keyframes(let keyframes):
            guard frame > keyframes[0].time else { return .at(keyframes[0].value) }
            guard let last = keyframes.last, frame < last.time else { return .at(keyframes[keyframes.count - 1].value) }
            var index = 0
            while index + 1 < keyframes.count - 1, keyframes[index + 1].time <= frame { index += 1 }
            let key = keyframes[index], next = keyframes[index + 1]
            if key.hold { return .at(key.value) }
            let span = next.time - key.time
            guard span > 0 else { return .at(next.value) }
            let linear = (frame - key.time) / span
            return .between(index: index, progress: key.easing.map { $0(linear) } ?? linear)
        }
    }
}
