import LayerFXCore
import LayerFXModel

/// A compiled plain layer that only holds sublayers (see ``CompiledScene``):
/// fully opaque, with nothing of its own to draw, no mask and no clip, and
/// animated, if at all, only in its position and transform, so the tree
/// walk draws nothing for it and only hands its sublayers a time and a
/// transform.
struct CompiledContainer: Sendable {
    /// Its timing, which maps its parent's time to the time of its sublayers.
    let timing: LayerTiming
    /// The transform of its sublayers to device pixels when it is not
    /// animated, as the tree walk computes it from the root transform; nil
    /// when it is (then ``sublayerToDevice(atLocalTime:parentToDevice:keyframes:)`` computes it).
    let staticSublayerToDevice: AffineTransform?
    /// Its model properties and its animations' channels (beginning when they begin), when animated.
    private let properties: LayerProperties
    private let channels: [ScalarChannel]
    /// The entries that open and close it (its parent and place in the
    /// document are the opening entry's); drawing goes on at the closing one
    /// when its sublayers cannot be reached.
    var openEntry: Int32 = 0, closeEntry: Int32 = 0

    /// `layer` as a container under a parent whose sublayers' transform is
    /// `parentToDevice` (nil when that changes with time), its animations compiled by
    /// `compile`; nil when the tree walk would draw something for it,
    /// change its opacity, or (not animated) not reach its sublayers (a
    /// transform that is not finite).
    init?(_ layer: Layer, parentToDevice: AffineTransform?, compile: (Animation) -> [ScalarChannel]?) {
        let p = layer.properties
        guard layer.kind == .plain, !layer.sublayers.isEmpty, layer.mask == nil,
              !p.isHidden, p.opacity >= 1, !p.masksToBounds, p.contents == nil, !((p.backgroundColor?.alpha ?? 0) > 0),
              !(p.borderWidth > 0 && (p.borderColor?.alpha ?? 0) > 0) else { return nil }
        var channels: [ScalarChannel] = []
        for animation in layer.animations {
            guard let compiled = compile(animation), compiled.allSatisfy({ $0.slot != .opacity }) else { return nil }
            channels += compiled
        }
        if channels.isEmpty, let parentToDevice {
            let (anchor, toDevice) = FrameBuilder.placement(of: p, parentToDevice: parentToDevice)
            guard toDevice.isFinite else { return nil }
            staticSublayerToDevice = FrameBuilder.sublayerToDevice(of: p, anchor: anchor, toDevice: toDevice)
        } else {
            staticSublayerToDevice = nil
        }
        timing = layer.timing
        properties = p
        self.channels = channels
    }

    /// This container (`index`) opened under a parent whose sublayers run at
    /// `parentTime` with the transform `parentToDevice` (nil when the walk
    /// does not reach them): its local time and its sublayers' transform.
    func opened(as index: Int, parentTime: Double, parentToDevice: AffineTransform?,
                keyframes: UnsafeBufferPointer<ScalarKeyframes>) -> FrameBuilder.OpenContainer {
        let localTime = timing.localTime(parentTime: parentTime)
        return FrameBuilder.OpenContainer(index: index, time: localTime, sublayerToDevice: parentToDevice.flatMap {
            sublayerToDevice(atLocalTime: localTime, parentToDevice: $0, keyframes: keyframes)
        })
    }

    /// The transform of its sublayers to device pixels at its local time
    /// `localTime`, under a parent whose sublayers' transform is
    /// `parentToDevice`, as the tree walk computes it; nil when it is not
    /// finite (the walk then does not draw the sublayers).
    func sublayerToDevice(atLocalTime localTime: Double, parentToDevice: AffineTransform,
                          keyframes: UnsafeBufferPointer<ScalarKeyframes>) -> AffineTransform? {
        if let staticSublayerToDevice { return staticSublayerToDevice }
        var values = AnimatedScalars(properties)
        for channel in channels { channel.apply(atLocalTime: localTime, keyframes: keyframes, to: &values) }
        var p = properties
        p.position = Point(x: values.positionX, y: values.positionY)
        p.transform = values.transform(replacingComponentsOf: properties.transform)
        let (anchor, toDevice) = FrameBuilder.placement(of: p, parentToDevice: parentToDevice)
        guard toDevice.isFinite else { return nil }
        return FrameBuilder.sublayerToDevice(of: p, anchor: anchor, toDevice: toDevice)
    }
}

/// A ``CompiledScene`` entry that is not a compiled leaf.
enum CompiledNode: Sendable {
    /// A layer walked from the flattened arrays: its root node in ``CompiledScene/walked``.
    case walked(Int)
    /// The start of a container's sublayers: the container's index.
    case open(Int32)
    /// The end of a container's sublayers.
    case close(Int32)
}
