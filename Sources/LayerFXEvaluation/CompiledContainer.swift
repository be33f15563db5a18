import LayerFXCore
import LayerFXModel

/// A compiled plain layer that only holds sublayers (see ``CompiledScene``):
/// not animated, fully opaque, with nothing of its own to draw, no mask and
/// no clip, so the tree walk draws nothing for it and hands its sublayers
/// the same time and transform in every frame but its local time.
struct CompiledContainer: Sendable {
    /// Its timing, which maps its parent's time to the time of its sublayers.
    let timing: LayerTiming
    /// The transform of its sublayers to device pixels, as the tree walk
    /// computes it from the root transform (it does not change with time).
    let sublayerToDevice: AffineTransform
    /// The container it is a sublayer of; −1 at the top level.
    let parent: Int32
    /// Its index among its parent's sublayers (among the top-level layers at the top level).
    let step: Int32

    /// `layer` as a container under `parent` (transform `parentToDevice`);
    /// nil when the tree walk would draw something for it, animate it, or
    /// not reach its sublayers (a transform that is not finite).
    init?(_ layer: Layer, parent: Int32, step: Int32, parentToDevice: AffineTransform) {
        let p = layer.properties
        guard layer.kind == .plain, layer.animations.isEmpty, !layer.sublayers.isEmpty, layer.mask == nil,
              !p.isHidden, p.opacity >= 1, !p.masksToBounds, !((p.backgroundColor?.alpha ?? 0) > 0),
              !(p.borderWidth > 0 && (p.borderColor?.alpha ?? 0) > 0) else { return nil }
        let (anchor, toDevice) = FrameBuilder.placement(of: p, parentToDevice: parentToDevice)
        guard toDevice.isFinite else { return nil }
        timing = layer.timing
        sublayerToDevice = FrameBuilder.sublayerToDevice(of: p, anchor: anchor, toDevice: toDevice)
        self.parent = parent
        self.step = step
    }
}

/// A ``CompiledScene`` entry that is not a compiled leaf.
enum CompiledNode: Sendable {
    /// A layer walked as it is: its index in the walked layers.
    case walked(Int32)
    /// The start of a container's sublayers: the container's index.
    case open(Int32)
    /// The end of a container's sublayers.
    case close(Int32)
}
