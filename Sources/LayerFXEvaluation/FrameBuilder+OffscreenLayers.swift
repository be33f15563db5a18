import LayerFXCore
import LayerFXModel
import LayerFXPrimitives

/// An offscreen layer being built: where its marker is (the draw order just
/// before it was appended) and how many shapes had been drawn before it.
struct OffscreenLayer {
    let before: DrawOrder.Mark
    let shapesBefore: Int
    /// The marker's position in the draw order.
    var begin: Int { before.position }
    /// The draw order just before its mask's marker, once the mask has
    /// begun, and how many shapes had been drawn then.
    var beforeMask: DrawOrder.Mark? = nil
    var shapesBeforeMask = 0
    /// How its mask covers it.
    var maskCoverage = MaskCoverage.alpha
    /// Where its mask starts, once begun.
    var maskBegin: Int? { beforeMask?.position }
}

extension FrameBuilder {
    /// Starts an offscreen layer; its bounds are filled in when it ends.
    mutating func beginOffscreenLayer() -> OffscreenLayer {
        let before = order.mark
        order.append(.beginLayer(bounds: .zero))
        return OffscreenLayer(before: before, shapesBefore: shapeCount)
    }

    /// Ends `layer`'s content; what is drawn next is its mask, which covers
    /// the content as `mode` says.
    mutating func beginMask(of layer: inout OffscreenLayer, mode: MaskMode) {
        layer.beforeMask = order.mark
        layer.shapesBeforeMask = shapeCount
        layer.maskCoverage = MaskCoverage(mode)
        order.append(.beginMask(bounds: .zero))
    }

    /// Forgets an offscreen layer that will draw nothing (and all drawn into it).
    mutating func discard(_ layer: OffscreenLayer?) {
        guard let layer else { return }
        order.truncate(to: layer.before)
        shapeCount = layer.shapesBefore
    }

    /// Closes `layer` with a composite of `opacity` carrying `compositeClips`.
    /// A `foldable` layer without a mask over at most one shape is dissolved
    /// instead: that shape gets the opacity (the same picture, no offscreen
    /// pass); so is a gradient rectangle masked by a path
    /// (``foldGradientMask(_:opacity:compositeClips:)``). A layer with
    /// nothing visible is dropped.
    ///
    /// A mask covers the content inside the box of what both draw, except
    /// an inverted one, which covers wherever its mask is clear: the content's
    /// whole box is kept, and a mask that draws nothing in the frame is no
    /// mask at all (removed, so the layer may fold).
    mutating func endOffscreenLayer(_ layer: OffscreenLayer, opacity: Double, compositeClips: ClipStack,
                                    foldable: Bool) {
        var layer = layer
        if let beforeMask = layer.beforeMask, layer.maskCoverage.isInverted,
           isEmpty(unionOfTopLevel(in: (beforeMask.position + 1)..<order.count)) {
            order.truncate(to: beforeMask)
            shapeCount = layer.shapesBeforeMask
            layer.beforeMask = nil
        }
        if foldable, layer.maskBegin != nil, foldGradientMask(layer, opacity: opacity, compositeClips: compositeClips) {
            return
        }
        let contentEnd = layer.maskBegin ?? order.count
        if foldable, layer.maskBegin == nil, shapeCount - layer.shapesBefore <= 1 {
            order.removeInstance(at: layer.begin)
            if contentEnd - layer.begin == 2 {
                // The common case, one primitive: no index list to build.
                order.fade(at: layer.begin, by: Float(opacity))
                return
            }
            var depth = 0
            for i in layer.begin..<(contentEnd - 1) where Self.drawsAtTopLevel(order.kind(at: i), depth: &depth) {
                order.fade(at: i, by: Float(opacity))
            }
            return
        }
        var bounds = unionOfTopLevel(in: (layer.begin + 1)..<contentEnd)
        if let maskBegin = layer.maskBegin, !layer.maskCoverage.isInverted {
            bounds = intersection(bounds, unionOfTopLevel(in: (maskBegin + 1)..<order.count))
        }
        guard opacity > 0, !isEmpty(bounds) else { return discard(layer) }
        // The budget counts the layers kept, and the pixels of the frame they (and their masks) cover.
        let columns = Int(saturating: min(bounds.z, Float(width)) - max(bounds.x, 0), rounding: .up)
        let rows = Int(saturating: min(bounds.w, Float(height)) - max(bounds.y, 0), rounding: .up)
        let pixels = max(columns, 0) * max(rows, 0) * (layer.maskBegin == nil ? 1 : 2)
        guard charge(.offscreenLayers, 1), charge(.offscreenPixels, pixels) else { return }
        order.replaceInstance(at: layer.begin, with: .beginLayer(bounds: bounds))
        if let maskBegin = layer.maskBegin { order.replaceInstance(at: maskBegin, with: .beginMask(bounds: bounds)) }
        var composite = PrimitiveInstance.composite(bounds: bounds, opacity: Float(opacity),
                                                    mask: layer.maskBegin == nil ? nil : layer.maskCoverage)
        compositeClips.apply(to: &composite)
        order.append(composite)
        shapeCount = layer.shapesBefore + 1
    }

    /// Whether the primitive of kind `kind` that comes next in a range of the
    /// order draws into the layer the range starts in (a drawn primitive or a
    /// composite, not inside a layer nested in it); `depth` is how deeply
    /// nested the range is at that point (0 at its start), updated.
    private static func drawsAtTopLevel(_ kind: ShapeKind, depth: inout Int) -> Bool {
        switch kind {
        case .beginLayer:
            depth += 1
            return false
        case .beginMask: return false
        case .composite:
            depth -= 1
            return depth == 0
        default: return depth == 0
        }
    }

    /// The whole-pixel box around the quads of the primitives of `range`
    /// that draw into the layer it starts in, inside the frame (x0, y0, x1,
    /// y1); empty (x0 ≥ x1) when there are none.
    private func unionOfTopLevel(in range: Range<Int>) -> SIMD4<Float> {
        var box = SIMD4<Float>(.infinity, .infinity, -.infinity, -.infinity)
        var depth = 0
        for i in range where Self.drawsAtTopLevel(order.kind(at: i), depth: &depth) {
            let b = order.deviceBounds(at: i)
            box = SIMD4(min(box.x, b.x), min(box.y, b.y), max(box.z, b.z), max(box.w, b.w))
        }
        guard box.x.isFinite, box.y.isFinite, box.z.isFinite, box.w.isFinite else { return .zero }
        return intersection(SIMD4(box.x.rounded(.down), box.y.rounded(.down), box.z.rounded(.up), box.w.rounded(.up)),
                            SIMD4(0, 0, Float(width), Float(height)))
    }

    private func intersection(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4(max(a.x, b.x), max(a.y, b.y), min(a.z, b.z), min(a.w, b.w))
    }

    /// Whether box `b` (x0, y0, x1, y1) holds no pixel.
    private func isEmpty(_ b: SIMD4<Float>) -> Bool { !(b.x < b.z && b.y < b.w) }
}

extension MaskCoverage {
    /// The composite's coverage of a layer's `maskMode`.
    init(_ mode: MaskMode) {
        self = switch mode {
        case .alpha: .alpha
        case .alphaInverted: .alphaInverted
        case .luminance: .luminance
        case .luminanceInverted: .luminanceInverted
        }
    }
}
