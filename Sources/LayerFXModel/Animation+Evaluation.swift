extension Animation {
    /// Applies this animation, as it stands at `parentTime`, on top of
    /// `presentation` (the layer's properties after the animations added
    /// before this one). `model` is the layer's model state.
    ///
    /// Nothing changes when the animation is inactive at that time (see
    /// `MediaTiming.localTime`). Otherwise, with `p` = basic local time ÷
    /// duration:
    /// - basic: from/to/by resolved as Core Animation documents (a missing end
    ///   is the current presentation value; none at all interpolates from the
    ///   presentation value to the model value), interpolated at `timingFunction(p)`.
    /// - keyframe: see `calculationMode`; `timingFunction` eases `p` first.
    /// - spring: from/to/by as for basic, interpolated at the spring's progress
    ///   after basic-local-time seconds (no timing function); duration 0 means
    ///   `settlingDuration` (also inside a group).
    /// - group: each child runs at `timingFunction(g/D)·D` (`g` the group's
    ///   basic local time, `D` its duration), in order; a child with duration 0
    ///   lasts `D`, children never see time beyond `D`, and their
    ///   `removedOnCompletion` is ignored (treated as false).
    ///
    /// `isCumulative` adds the end value (`to`, or the last keyframe) once per
    /// finished cycle; `isAdditive` adds the result to the presentation value
    /// (missing from/to ends then default to zero rather than the presentation
    /// value). Values are not clamped (the renderer clamps opacity and colours).
    public func apply(at parentTime: Double, to presentation: inout LayerProperties, model: LayerProperties) {
        apply(at: parentTime, to: &presentation, model: model, groupDuration: nil)
    }

    /// `groupDuration` is the enclosing group's duration; nil at the top level.
    private func apply(at parentTime: Double, to presentation: inout LayerProperties,
                       model: LayerProperties, groupDuration: Double?) {
        let removed = groupDuration == nil && removedOnCompletion
        switch kind {
        case let .basic(from, to, by):
            guard let keyPath else { return }
            let d = timing.resolvedDuration(groupDuration: groupDuration)
            guard let local = timing.localTime(parentTime: parentTime, removedOnCompletion: removed, duration: d)
            else { return }
            let p = local.time / d
            interpolate(from: from, to: to, by: by, fraction: timingFunction?.value(at: p) ?? p,
                        iteration: local.iteration, keyPath: keyPath, presentation: &presentation, model: model)

        case let .keyframe(values, keyTimes, timingFunctions, calculationMode):
            guard let keyPath, let last = values.last else { return }
            let d = timing.resolvedDuration(groupDuration: groupDuration)
            guard let local = timing.localTime(parentTime: parentTime, removedOnCompletion: removed, duration: d)
            else { return }
            let p = local.time / d
            let keyframes = KeyframeInterpolation(values: values, keyTimes: keyTimes,
                                                  timingFunctions: timingFunctions,
                                                  calculationMode: calculationMode)
            guard let value = keyframes.value(at: timingFunction?.value(at: p) ?? p) else { return }
            write(value, cycleEnd: last, iteration: local.iteration, keyPath: keyPath, to: &presentation)

        case let .motion(path, keyTimes, timingFunctions, calculationMode, rotationMode):
            guard let keyPath else { return }
            let d = timing.resolvedDuration(groupDuration: groupDuration)
            guard let local = timing.localTime(parentTime: parentTime, removedOnCompletion: removed, duration: d)
            else { return }
            let p = local.time / d
            let place = path.place(at: timingFunction?.value(at: p) ?? p, keyTimes: keyTimes,
                                   timingFunctions: timingFunctions, calculationMode: calculationMode)
            write(.point(place.point), cycleEnd: .point(path.keyframe(path.keyframeCount - 1)),
                  iteration: local.iteration, keyPath: keyPath, to: &presentation)
            if let rotationMode {
                presentation.transform.rotation += place.angle + (rotationMode == .rotateAutoReverse ? .pi : 0)
            }

        case let .spring(from, to, by, spring):
            guard let keyPath else { return }
            let d = timing.duration > 0 ? timing.duration : spring.settlingDuration
            guard let local = timing.localTime(parentTime: parentTime, removedOnCompletion: removed, duration: d)
            else { return }
            interpolate(from: from, to: to, by: by, fraction: spring.progress(at: local.time),
                        iteration: local.iteration, keyPath: keyPath, presentation: &presentation, model: model)

        case let .group(children):
            let d = timing.resolvedDuration(groupDuration: groupDuration)
            guard let local = timing.localTime(parentTime: parentTime, removedOnCompletion: removed, duration: d)
            else { return }
            let childTime = timingFunction.map { $0.value(at: local.time / d) * d } ?? local.time
            children.withUnsafeBufferPointer { children in  // borrows each child instead of copying it
                for i in children.indices {
                    children[i].apply(at: childTime, to: &presentation, model: model, groupDuration: d)
                }
            }
        }
    }

    /// Writes the value `fraction` of the way between a basic or spring
    /// animation's ends.
    private func interpolate(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?,
                             fraction: Double, iteration: Double, keyPath: AnimatableKeyPath,
                             presentation: inout LayerProperties, model: LayerProperties) {
        if let from, let to {  // The common case, kept free of copies of the ends.
            write(.lerp(from: from, to: to, fraction: fraction), cycleEnd: to, iteration: iteration,
                  keyPath: keyPath, to: &presentation)
            return
        }
        let ends = missingEnds(from: from, to: to, by: by, keyPath: keyPath, presentation: presentation, model: model)
        write(.lerp(from: ends.from, to: ends.to, fraction: fraction), cycleEnd: ends.to, iteration: iteration,
              keyPath: keyPath, to: &presentation)
    }

    /// The interpolation ends when `from` and `to` are not both given, as
    /// Apple's `CABasicAnimation` "Setting Interpolation Values" table says.
    private func missingEnds(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?,
                             keyPath: AnimatableKeyPath, presentation: LayerProperties,
                             model: LayerProperties) -> (from: AnimatableValue, to: AnimatableValue) {
        if let from {  // from + by, or from → current
            return (from, by.map(from.adding) ?? currentValue(keyPath, presentation))
        }
        if let to {  // to − by → to, or current → to
            return (by.map(to.subtracting) ?? currentValue(keyPath, presentation), to)
        }
        let current = currentValue(keyPath, presentation)
        if let by { return (current, current.adding(by)) }
        // Neither: presentation value → model value.
        return (current, isAdditive ? current : keyPath.value(in: model))
    }

    /// The value a missing from/to end stands for: the presentation value, or
    /// for an additive animation the zero of its type.
    private func currentValue(_ keyPath: AnimatableKeyPath, _ presentation: LayerProperties) -> AnimatableValue {
        let value = keyPath.value(in: presentation)
        return isAdditive ? value.additiveIdentity : value
    }

    /// Stores an interpolated `value`, adding `iteration` copies of `cycleEnd`
    /// when cumulative and the presentation value when additive.
    private func write(_ value: AnimatableValue, cycleEnd: AnimatableValue, iteration: Double,
                       keyPath: AnimatableKeyPath, to presentation: inout LayerProperties) {
        var result = value
        if isCumulative && iteration > 0 { result = result.adding(cycleEnd.repeated(iteration)) }
        if isAdditive { result = keyPath.value(in: presentation).adding(result) }
        keyPath.set(result, in: &presentation)
    }
}
