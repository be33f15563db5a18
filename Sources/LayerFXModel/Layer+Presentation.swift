extension Layer {
    /// The layer's presentation state at scene time `time` (seconds after the
    /// animations were added; an animation's `beginTime` is relative to that):
    /// the model `properties` with every animation applied in the order added.
    /// Sublayers are not evaluated.
    public func presentationProperties(at time: Double) -> LayerProperties {
        var presentation = properties
        for animation in animations {
            animation.apply(at: time, to: &presentation, model: properties)
        }
        return presentation
    }

    /// The presentation value of one key path at scene time `time`.
    public func presentationValue(of keyPath: AnimatableKeyPath, at time: Double) -> AnimatableValue {
        keyPath.value(in: presentationProperties(at: time))
    }
}
