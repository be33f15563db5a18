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

/// A layer found in a scene, with the timing of every layer from the root
/// down to it, so its local time can be read for any scene time.
public struct LocatedLayer: Sendable {
    /// The layer as it is in the scene.
    public let layer: Layer
    /// Root first, the layer's own last.
    public let timings: [LayerTiming]

    /// The layer's local time at scene time `time`: each timing applied in turn.
    public func localTime(atSceneTime time: Double) -> Double {
        timings.reduce(time) { $1.localTime(parentTime: $0) }
    }
}

extension Scene {
    /// The first layer called `name` (depth first, back to front, a layer's
    /// mask before its sublayers); nil when no layer has that name.
    public func layer(named name: String) -> LocatedLayer? {
        func search(_ layers: [Layer], timings: [LayerTiming]) -> LocatedLayer? {
            for layer in layers {
                let chain = timings + [layer.timing]
                if layer.name == name { return LocatedLayer(layer: layer, timings: chain) }
                if let found = search(layer.mask.map { [$0] } ?? [], timings: chain) { return found }
                if let found = search(layer.sublayers, timings: chain) { return found }
            }
            return nil
        }
        return search(layers, timings: [])
    }
}
