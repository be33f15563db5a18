import LayerFXCore
import LayerFXModel

extension FrameBuilder {
    /// Draws a compiled top-level shape layer as `visit(_:step:parentTime:parentToDevice:tint:clips:)`
    /// draws the layer it was compiled from, at the top level (no tint, no
    /// clips): the same checks, budget charges and primitives, in the same
    /// order.
    /// `leaf` is borrowed through a pointer: the record is not copied.
    mutating func visit(_ leaf: UnsafePointer<CompiledShapeLeaf>, channels: UnsafeBufferPointer<ScalarChannel>,
                        step: DocumentStep, parentTime: Double, parentToDevice: AffineTransform) {
        guard enterLayer(step) else { return }
        defer { steps.removeLast() }
        let localTime = leaf.pointee.timing.localTime(parentTime: parentTime)
        var p = leaf.pointee.model
        let first = Int(leaf.pointee.firstChannel)
        for i in first..<(first + Int(leaf.pointee.channelCount)) {
            channels[i].apply(atLocalTime: localTime, to: &p)
        }
        let ownOpacity = min(max(p.opacity, 0), 1)
        guard ownOpacity > 0 else { return }

        let size = leaf.pointee.bounds.size
        let anchor = Point(x: leaf.pointee.bounds.origin.x + leaf.pointee.anchorPoint.x * size.width,
                           y: leaf.pointee.bounds.origin.y + leaf.pointee.anchorPoint.y * size.height)
        let localToParent = AffineTransform.translation(-anchor.x, -anchor.y)
            .concatenating(p.transform(replacingComponentsOf: leaf.pointee.transform).affine)
            .concatenating(.translation(p.positionX, p.positionY))
        let toDevice = localToParent.concatenating(parentToDevice)
        guard toDevice.isFinite else { return }

        let group = ownOpacity < 1 ? beginOffscreenLayer() : nil
        // `emit` draws nothing without a visible fill or stroke, or under a singular transform.
        let stroke = p.lineWidth > 0 && leaf.pointee.strokes ? leaf.pointee.stroke : nil
        emit(Subpath.ellipse(in: leaf.pointee.ellipse), fill: leaf.pointee.fill, stroke: stroke, lineWidth: p.lineWidth,
             transform: toDevice, clips: ClipStack())
        guard !failed, primitivesFit() else { return }
        if let group {
            endOffscreenLayer(group, opacity: ownOpacity, compositeClips: ClipStack(), foldable: true)
        }
        _ = primitivesFit()
    }
}
