/// How an animation's value joins a layer's presentation: the key path it
/// writes and its `additive` and `cumulative` flags. ``Animation`` and
/// ``AnimationChannel`` both write through it, so a compiled channel gives
/// the animation's values bit for bit.
@usableFromInline
struct ValueWriter: Hashable, Sendable {
    let keyPath: AnimatableKeyPath
    let isAdditive: Bool
    let isCumulative: Bool

    /// The writer of `animation`, which animates `keyPath`.
    init(_ animation: Animation, _ keyPath: AnimatableKeyPath) {
        self.keyPath = keyPath
        isAdditive = animation.isAdditive
        isCumulative = animation.isCumulative
    }

    /// Writes the value `fraction` of the way between a basic or spring
    /// animation's ends.
    func interpolate(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?,
                     fraction: Double, iteration: Double,
                     presentation: inout LayerProperties, model: LayerProperties) {
        if let from, let to {  // The common case, kept free of copies of the ends.
            write(.lerp(from: from, to: to, fraction: fraction), cycleEnd: to, iteration: iteration, to: &presentation)
            return
        }
        let ends = missingEnds(from: from, to: to, by: by, presentation: presentation, model: model)
        write(.lerp(from: ends.from, to: ends.to, fraction: fraction), cycleEnd: ends.to, iteration: iteration,
              to: &presentation)
    }

    /// Writes the point `fraction` of the way along a motion path, and turns
    /// the layer to the direction of travel when the animation rotates it.
    func write(_ motion: MotionKeyframes, at fraction: Double, iteration: Double,
               to presentation: inout LayerProperties) {
        let path = motion.path
        let place = path.place(at: fraction, keyTimes: motion.keyTimes, timingFunctions: motion.timingFunctions,
                               calculationMode: motion.calculationMode)
        write(.point(place.point), cycleEnd: .point(path.keyframe(path.keyframeCount - 1)),
              iteration: iteration, to: &presentation)
        if let rotationMode = motion.rotationMode {
            presentation.transform.rotation += place.angle + (rotationMode == .rotateAutoReverse ? .pi : 0)
        }
    }

    /// The interpolation ends when `from` and `to` are not both given, as
    /// Apple's `CABasicAnimation` "Setting Interpolation Values" table says.
    private func missingEnds(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?,
                             presentation: LayerProperties,
                             model: LayerProperties) -> (from: AnimatableValue, to: AnimatableValue) {
        if let from {  // from + by, or from → current
            return (from, by.map(from.adding) ?? currentValue(presentation))
        }
        if let to {  // to − by → to, or current → to
            return (by.map(to.subtracting) ?? currentValue(presentation), to)
        }
        let current = currentValue(presentation)
        if let by { return (current, current.adding(by)) }
        // Neither: presentation value → model value.
        return (current, isAdditive ? current : keyPath.value(in: model))
    }

    /// The value a missing from/to end stands for: the presentation value, or
    /// for an additive animation the zero of its type.
    private func currentValue(_ presentation: LayerProperties) -> AnimatableValue {
        let value = keyPath.value(in: presentation)
        return isAdditive ? value.additiveIdentity : value
    }

    /// Stores an interpolated `value`, adding `iteration` copies of `cycleEnd`
    /// when cumulative and the presentation value when additive.
    func write(_ value: AnimatableValue, cycleEnd: AnimatableValue, iteration: Double,
               to presentation: inout LayerProperties) {
        var result = value
        if isCumulative && iteration > 0 { result = result.adding(cycleEnd.repeated(iteration)) }
        if isAdditive { result = keyPath.value(in: presentation).adding(result) }
        keyPath.set(result, in: &presentation)
    }
}

/// A keyframe animation along a path (`CAKeyframeAnimation` with `path`):
/// the path, its pacing and whether the layer turns with it.
@usableFromInline
struct MotionKeyframes: Hashable, Sendable {
    let path: MotionPath
    let keyTimes: [Double]?
    let timingFunctions: [TimingFunction]?
    let calculationMode: CalculationMode
    let rotationMode: RotationMode?
}
