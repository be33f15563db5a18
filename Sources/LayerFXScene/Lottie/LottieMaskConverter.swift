import LayerFXCore
import LayerFXModel

/// A layer's masks as one mask layer (in the layer's own space), combined
/// in order as Lottie combines them: add joins (the union of coverages,
/// 1 − (1 − a)(1 − b), is source-over), subtract keeps what lies outside
/// (`maskMode` alphaInverted), intersect what lies inside; a first subtract
/// or intersect starts from everything. An inverted mask is everything
/// outside its path; a mask's opacity scales its coverage.
struct LottieMaskConverter {
    let clock: LottieClock

    /// A box that covers any frame, for masks of everything outside a path.
    static let everywhere = Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)

    /// The mask of `masks` and the mode the masked layer takes it in; nil
    /// when none of them draws. One subtracting mask, or one inverted mask
    /// at full opacity, is its path taken inverted (one offscreen layer
    /// fewer than everything masked by the path).
    func mask(_ masks: [LottieMask]) -> (layer: Layer, mode: MaskMode)? {
        let drawn = masks.filter { $0.mode != "n" }
        if drawn.count == 1, let only = drawn.first {
            let opaque = !only.opacity.isAnimated && only.opacity.initialValue == 100
            if only.mode == "s" && !only.inverted || (only.mode != "s" && only.inverted && opaque) {
                var unit = pathLayer(only.path)
                unit.properties.opacity = only.opacity.initialValue / 100
                if let animation = clock.animation(.opacity, only.opacity, { .scalar($0 / 100) }) { unit.animations.append(animation) }
                return (unit, .alphaInverted)
            }
        }
        return combined(masks).map { ($0, .alpha) }
    }

    /// The masks combined into one layer taken as an alpha mask.
    private func combined(_ masks: [LottieMask]) -> Layer? {
        var combined: Layer? = nil
        for mask in masks where mask.mode != "n" {
            var unit = pathLayer(mask.path)
            if mask.inverted {
                var outside = Self.full()
                outside.mask = unit
                outside.properties.maskMode = .alphaInverted
                unit = outside
            }
            unit.properties.opacity = mask.opacity.initialValue / 100
            if let animation = clock.animation(.opacity, mask.opacity, { .scalar($0 / 100) }) { unit.animations.append(animation) }
            switch mask.mode {
            case "s":
                var kept = combined.map { Self.group([$0]) } ?? Self.full()
                kept.mask = unit
                kept.properties.maskMode = .alphaInverted
                combined = kept
            case "i":
                if var kept = combined.map({ Self.group([$0]) }) {
                    kept.mask = unit
                    combined = kept
                } else {
                    combined = unit
                }
            default:
                combined = combined.map { Self.group([$0, unit]) } ?? unit
            }
        }
        return combined
    }

    /// An opaque black shape layer of `path`, animated as it is.
    private func pathLayer(_ path: LottieProperty<LottieBezier>) -> Layer {
        var shape = Layer(kind: .shape)
        shape.properties.fillColor = .black
        let shapePath: (LottieBezier) -> ShapePath = { LottieDrawGeometry.shapePath([$0.contour]) }
        shape.properties.path = shapePath(path.initialValue)
        if case .keyframes(let keyframes) = path.content {
            let count = keyframes[0].value.vertices.count
            if keyframes.allSatisfy({ $0.value.vertices.count == count }),
               let animation = clock.animation(.path, path, { .path(shapePath($0)) }) {
                shape.animations.append(animation)
            } else if let span = LottieClock.span([path.keyframeTimes]),
                      let animation = clock.baked(.path, over: span, discrete: true, { .path(shapePath(path.value(at: $0))) }) {
                shape.animations.append(animation)
            }
        }
        return shape
    }

    /// A layer covering everything, opaque.
    static func full() -> Layer {
        var layer = Layer()
        layer.properties.bounds = everywhere
        layer.properties.anchorPoint = .zero
        layer.properties.position = everywhere.origin
        layer.properties.backgroundColor = .black
        return layer
    }

    /// A plain layer holding `sublayers`.
    static func group(_ sublayers: [Layer]) -> Layer {
        var layer = Layer()
        layer.sublayers = sublayers
        return layer
    }
}
