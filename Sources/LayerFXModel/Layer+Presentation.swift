extension Layer {
    /// The layer's presentation state at `parentTime`, its superlayer's time
    /// (scene time for a root layer: seconds after the animations were
    /// added): the model `properties` with every animation applied, in the
    /// order added, at the layer's local time (see `timing`). Sublayers are
    /// not evaluated.
    public func presentationProperties(at parentTime: Double) -> LayerProperties {
        presentationProperties(atLocalTime: timing.localTime(parentTime: parentTime))
    }

    /// The presentation state at the layer's own local time `localTime`
    /// (its `timing` already applied); animations' `beginTime`s are in this time.
    public func presentationProperties(atLocalTime localTime: Double) -> LayerProperties {
        var presentation = properties
        // Through a buffer pointer each animation is borrowed, not copied
        // (a copy costs a retain and release per animation per frame).
        animations.withUnsafeBufferPointer { animations in
            for i in animations.indices {
                animations[i].apply(at: localTime, to: &presentation, model: properties)
            }
        }
        return presentation
    }

    /// The presentation value of one key path at `parentTime` (see
    /// `presentationProperties(at:)`).
    public func presentationValue(of keyPath: AnimatableKeyPath, at parentTime: Double) -> AnimatableValue {
        keyPath.value(in: presentationProperties(at: parentTime))
    }
}

extension Scene {
    /// The first layer called `name` (depth first, back to front) and its
    /// local time at scene time `time`, with every ancestor's timing applied;
    /// nil when no layer has that name.
    public func layer(named name: String, at time: Double) -> (layer: Layer, localTime: Double)? {
        func search(_ layers: [Layer], parentTime: Double) -> (layer: Layer, localTime: Double)? {
            for layer in layers {
                let local = layer.timing.localTime(parentTime: parentTime)
                if layer.name == name { return (layer, local) }
                if let found = search(layer.sublayers, parentTime: local) { return found }
            }
            return nil
        }
        return search(layers, parentTime: time)
    }
}
