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
            ValueWriter(self, keyPath).interpolate(from: from, to: to, by: by, fraction: timingFunction?.value(at: p) ?? p,
                                                   iteration: local.iteration, presentation: &presentation, model: model)

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
            ValueWriter(self, keyPath).write(value, cycleEnd: last, iteration: local.iteration, to: &presentation)

        case let .motion(path, keyTimes, timingFunctions, calculationMode, rotationMode):
            guard let keyPath else { return }
            let d = timing.resolvedDuration(groupDuration: groupDuration)
            guard let local = timing.localTime(parentTime: parentTime, removedOnCompletion: removed, duration: d)
            else { return }
            let p = local.time / d
            let motion = MotionKeyframes(path: path, keyTimes: keyTimes, timingFunctions: timingFunctions,
                                         calculationMode: calculationMode, rotationMode: rotationMode)
            ValueWriter(self, keyPath).write(motion, at: timingFunction?.value(at: p) ?? p,
                                             iteration: local.iteration, to: &presentation)

        case let .spring(from, to, by, spring):
            guard let keyPath else { return }
            let d = timing.duration > 0 ? timing.duration : spring.settlingDuration
            guard let local = timing.localTime(parentTime: parentTime, removedOnCompletion: removed, duration: d)
            else { return }
            ValueWriter(self, keyPath).interpolate(from: from, to: to, by: by, fraction: spring.progress(at: local.time),
                                                   iteration: local.iteration, presentation: &presentation, model: model)

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
}
