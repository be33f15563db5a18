import LayerFXCore
import LayerFXModel

/// A ``CompiledScene``'s arrays, borrowed for one frame (read only, so the
/// frame's parallel tasks share them).
struct CompiledBuffers: @unchecked Sendable {
    let entries: UnsafeBufferPointer<Int32>
    let leaves: UnsafeBufferPointer<CompiledShapeLeaf>
    let channels: UnsafeBufferPointer<ChannelUse>
    let timings: UnsafeBufferPointer<LayerTiming>
    let transforms: UnsafeBufferPointer<LayerTransform>
    let sharedChannels: UnsafeBufferPointer<ScalarChannel>
    let keyframes: UnsafeBufferPointer<ScalarKeyframes>
}

extension CompiledScene {
    /// `body` with the compiled arrays borrowed.
    func withBuffers<T>(_ body: (CompiledBuffers) throws -> T) rethrows -> T {
        try entries.withUnsafeBufferPointer { entries in try leaves.withUnsafeBufferPointer { leaves in
            try channels.withUnsafeBufferPointer { channels in
                try shared.timings.withUnsafeBufferPointer { timings in
                    try shared.transforms.withUnsafeBufferPointer { transforms in
                        try shared.channels.withUnsafeBufferPointer { sharedChannels in
                            try shared.keyframes.withUnsafeBufferPointer { keyframes in
                                try body(CompiledBuffers(entries: entries, leaves: leaves, channels: channels, timings: timings,
                                                         transforms: transforms, sharedChannels: sharedChannels,
                                                         keyframes: keyframes))
                            }
                        }
                    }
                }
            }
        } }
    }
}

extension FrameBuilder {
    /// Draws the entries `range` of `compiled` at scene time `time`: runs of
    /// compiled leaves a block at a time (their values evaluated together,
    /// see ``LeafBlockScalars``), the other layers walked, containers opened
    /// and closed as the tree walk visits them. A range that starts inside
    /// containers (a parallel task's) takes their time, transform and place
    /// in the document first; the task that opens a container counts it.
    mutating func visit(_ range: Range<Int>, of compiled: CompiledScene, _ buffers: CompiledBuffers, time: Double,
                        root: AffineTransform) {
        guard !range.isEmpty else { return }
        openContainers.removeAll(keepingCapacity: true)
        var container = compiled.parent(ofEntry: range.lowerBound)
        while container >= 0 {
            openContainers.append(OpenContainer(index: container, time: 0, sublayerToDevice: nil))
            container = compiled.parent(ofEntry: Int(compiled.containers[container].openEntry))
        }
        openContainers.reverse()
        var (parentTime, parentToDevice): (Double, AffineTransform?) = (time, root)
        for k in openContainers.indices {
            let index = openContainers[k].index, open = compiled.containers[index]
            steps.append(compiled.step(ofEntry: Int(open.openEntry)))
            openContainers[k] = open.opened(as: index, parentTime: parentTime, parentToDevice: parentToDevice,
                                            keyframes: buffers.keyframes)
            (parentTime, parentToDevice) = (openContainers[k].time, openContainers[k].sublayerToDevice)
        }
        var i = range.lowerBound
        while i < range.upperBound, !failed {
            // The time and transform the entry's parent hands its sublayers.
            let (entryTime, entryToDevice): (Double, AffineTransform)
            if let open = openContainers.last {
                guard let transform = open.sublayerToDevice else {
                    // Sublayers the walk does not reach (a transform that is not finite): on at the close.
                    i = max(i, Int(compiled.containers[open.index].closeEntry))
                    if i >= range.upperBound { break }
                    steps.removeLast()
                    openContainers.removeLast()
                    i += 1
                    continue
                }
                (entryTime, entryToDevice) = (open.time, transform)
            } else {
                (entryTime, entryToDevice) = (time, root)
            }
            let entry = Int(buffers.entries[i])
            if entry >= 0 {
                // A run of leaves (siblings: no container opens or closes between them).
                var end = i + 1
                while end < range.upperBound, end - i < LeafBlockScalars.capacity, buffers.entries[end] >= 0 { end += 1 }
                leafBlock.evaluate(UnsafeBufferPointer(rebasing: buffers.entries[i..<end]), of: buffers, at: entryTime)
                for layer in i..<end where !failed {
                    visit(leaf: Int(buffers.entries[layer]), of: buffers, values: leafBlock.values[layer - i],
                          step: compiled.step(ofEntry: layer), parentToDevice: entryToDevice)
                }
                i = end
                continue
            }
            switch compiled.nodes[~entry] {
            case .walked(let index):
                visit(index, in: compiled.walked, step: compiled.step(ofEntry: i), parentTime: entryTime,
                      parentToDevice: entryToDevice, tint: .white, clips: ClipStack())
            case .open(let index):
                // Counted as the walk counts it. (The walk also checks the primitive budget as it
                // opens and closes such a layer; nothing was drawn since the last check, so those pass.)
                guard enterLayer(compiled.step(ofEntry: i)) else { break }
                openContainers.append(compiled.containers[Int(index)].opened(
                    as: Int(index), parentTime: entryTime, parentToDevice: entryToDevice, keyframes: buffers.keyframes))
            case .close:
                steps.removeLast()
                openContainers.removeLast()
            }
            i += 1
        }
        steps.removeLast(openContainers.count)
    }

    /// Draws the compiled top-level shape layer `leaf` (an index in
    /// `compiled.leaves`), whose presentation values are `p`, as
    /// `visit(_:step:parentTime:parentToDevice:tint:clips:)` draws the layer
    /// it was compiled from, at the top level (no tint, no clips): the same
    /// checks, budget charges and primitives, in the same order.
    mutating func visit(leaf index: Int, of compiled: CompiledBuffers, values p: AnimatedScalars,
                        step: DocumentStep, parentToDevice: AffineTransform) {
        guard enterLayer(step) else { return }
        defer { steps.removeLast() }
        let leaf = compiled.leaves.baseAddress! + index
        let shape = UnsafePointer(leaf).pointer(to: \.shape)!
        let model = compiled.transforms[Int(leaf.pointee.transform)]
        let ownOpacity = min(max(p.opacity, 0), 1)
        guard ownOpacity > 0 else { return }

        let anchor = shape.pointee.anchor
        let localToParent = AffineTransform.translation(-anchor.x, -anchor.y)
            .concatenating(p.transform(replacingComponentsOf: model).affine)
            .concatenating(.translation(p.positionX, p.positionY))
        let toDevice = localToParent.concatenating(parentToDevice)
        guard toDevice.isFinite else { return }

        let fill = shape.pointee.fill, stroke = shape.pointee.stroke
        let ellipse = Subpath.ellipse(in: shape.pointee.ellipse)
        // `emit`'s own first checks: a visible fill or stroke, a regular transform.
        let strokes = p.lineWidth > 0 && p.lineWidth.isFinite && stroke.w > 0
        // The tree walk draws a translucent layer into an offscreen layer
        // and, as it holds one primitive at most, dissolves it into that
        // primitive's opacity; here its marker is only counted, as the walk
        // counts it while it is there.
        func markerFits() -> Bool {
            guard ownOpacity < 1, order.count + 1 > primitiveLimit else { return true }
            fail(.primitives, count: Double(order.count + 1), verb: "the frame needs")
            return false
        }
        guard fill.w > 0 || strokes, abs(toDevice.determinant) > 1e-12 else {
            _ = markerFits()  // nothing drawn
            return
        }
        let local = Self.bounds(of: shape.pointee.ellipse, outset: strokes ? p.lineWidth / 2 : 0)
        switch reach(ofLocalBounds: local, transform: toDevice) {
        case .asIs(let x0, let y0, let x1, let y1):
            guard chargePixels(x0: x0 - 1, y0: y0 - 1, x1: x1 + 1, y1: y1 + 1) else { return }
            let before = order.count
            let r = shape.pointee.ellipse.standardized
            if r.size.width > 0, r.size.height > 0 {
                emitEllipse(SIMD4(Float(r.midX), Float(r.midY), Float(r.size.width / 2), Float(r.size.height / 2)),
                            fill: fill, stroke: strokes ? stroke : .zero, strokeWidth: strokes ? Float(p.lineWidth) : 0,
                            transform: toDevice)
            }
            guard ownOpacity < 1 else {
                _ = primitivesFit()
                return
            }
            if markerFits(), order.count > before { order.fade(at: before, by: Float(ownOpacity)) }
        case .invisible:
            _ = markerFits()
        case .beyond:
            // As polygons, in an offscreen layer when translucent, as the tree walk draws it.
            let group = ownOpacity < 1 ? beginOffscreenLayer() : nil
            emit(ellipse, fill: fill.w > 0 ? CompiledShapeLeaf.Shape.color(fill) : nil,
                 stroke: strokes ? CompiledShapeLeaf.Shape.color(stroke) : nil, lineWidth: p.lineWidth,
                 transform: toDevice, clips: ClipStack())
            guard !failed, primitivesFit() else { return }
            if let group {
                endOffscreenLayer(group, opacity: ownOpacity, compositeClips: ClipStack(), foldable: true)
            }
        }
    }
}
