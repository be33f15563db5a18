import LayerFXCore
import LayerFXModel

/// The outline one draw paints, in its list's space, at any frame: its
/// paths built (rectangles, ellipses, polystars, Béziers), each moved by the
/// transforms between its list and the draw's, then trimmed and rounded by
/// their modifiers. On a shape layer it becomes a constant `path`, a path
/// animation of a Bézier's own keyframes, or a path sampled at every frame.
struct LottieDrawGeometry {
    let clock: LottieClock
    let draw: LottieShapeGathering.Draw

    /// The frames over which the outline changes; nil when it does not.
    var span: ClosedRange<Double>? {
        var times: [[Double]] = []
        for use in draw.paths {
            times += Self.keyframeTimes(use.path)
            for step in use.steps { times += Self.keyframeTimes(step) }
            for modifier in use.modifiers {
                switch modifier.kind {
                case .trim(let trim): times += [trim.start.keyframeTimes, trim.end.keyframeTimes, trim.offset.keyframeTimes]
                case .round(let radius): times.append(radius.keyframeTimes)
                }
            }
        }
        return LottieClock.span(times)
    }

    /// Sets `shape`'s path: analytic when it can be, animated when it changes.
    func applyPath(to shape: inout Layer) {
        if let native = nativeAnimation() {
            shape.properties.path = native.model
            shape.animations.append(native.animation)
            return
        }
        guard let span else {
            shape.properties.path = path(at: 0, analytic: draw.paint.stroke?.dashes.isEmpty ?? true)
            return
        }
        // Each frame's outline once, with its contours' segment counts.
        let (times, samples) = clock.sampled(over: span, weight: { LottieSampleBudget.weight(of: .path($0.path)) }) {
            let contours = contours(at: $0)
            return (path: Self.shapePath(contours), structure: contours.map(\.segments.count))
        }
        shape.properties.path = samples[0].path
        guard times.count > 1 else { return }
        // Outlines of one structure interpolate between frames; others (a trim
        // that splits a contour) hold each frame's.
        let steady = samples.allSatisfy { $0.structure == samples[0].structure }
        shape.animations.append(clock.frames(.path, times: times, values: samples.map { .path($0.path) }, functions: nil,
                                             mode: steady ? .linear : .discrete))
    }

    /// The path at `frame`: one ellipse or rounded rectangle as such (the
    /// analytic shapes LayerFX draws exactly) when `analytic` allows it,
    /// otherwise the contours' Béziers.
    func path(at frame: Double, analytic: Bool) -> ShapePath {
        if analytic, draw.paths.count == 1, let use = draw.paths.first, use.steps.isEmpty, use.modifiers.isEmpty,
           !use.path.reversed {
            switch use.path.geometry {
            case let .ellipse(position, size):
                let c = LottieGeometry.point(position.value(at: frame)), s = LottieGeometry.point(size.value(at: frame))
                return ShapePath([.ellipse(in: Rect(x: c.x - abs(s.x) / 2, y: c.y - abs(s.y) / 2, width: abs(s.x), height: abs(s.y)))])
            default:
                break
            }
        }
        return Self.shapePath(contours(at: frame))
    }

    /// The outline's contours at `frame`.
    func contours(at frame: Double) -> [PathContour] {
        var pieces: [[PathContour]] = draw.paths.map { use in
            let transform = use.steps.reduce(AffineTransform.identity) { $0.concatenating(Self.matrix($1, at: frame)) }
            return [Self.contour(use.path, at: frame).applying(transform)]
        }
        // Modifiers in the order met; a trim of paths one after another (`m: 2`) takes them together.
        let ids = Set(draw.paths.flatMap { $0.modifiers.map(\.id) }).sorted()
        for id in ids {
            let users = draw.paths.indices.filter { draw.paths[$0].modifiers.contains { $0.id == id } }
            guard let modifier = draw.paths[users[0]].modifiers.first(where: { $0.id == id }) else { continue }
            switch modifier.kind {
            case .round(let radius):
                let r = radius.value(at: frame)
                for i in users { pieces[i] = pieces[i].map { LottieTrimming.roundCorners($0, radius: r) } }
            case .trim(let trim):
                let kept = LottieTrimming.pieces(start: trim.start.value(at: frame), end: trim.end.value(at: frame),
                                                 offset: trim.offset.value(at: frame))
                guard let kept else { continue }
                if trim.individually {
                    let trimmed = LottieTrimming.trim(users.flatMap { pieces[$0] }, pieces: kept, individually: true)
                    for (n, i) in users.enumerated() { pieces[i] = n == 0 ? trimmed : [] }
                } else {
                    for i in users { pieces[i] = LottieTrimming.trim(pieces[i], pieces: kept, individually: false) }
                }
            }
        }
        return pieces.flatMap { $0 }
    }

    /// A box around the outline over its whole span and the gradient's
    /// points, for a gradient layer that must cover them.
    func bounds(_ gradient: LottieGradient) -> Rect {
        var low = Point(x: Double.infinity, y: .infinity), high = Point(x: -Double.infinity, y: -Double.infinity)
        func include(_ p: Point) {
            guard p.x.isFinite, p.y.isFinite else { return }
            low = Point(x: min(low.x, p.x), y: min(low.y, p.y)); high = Point(x: max(high.x, p.x), y: max(high.y, p.y))
        }
        let frames = span.map { clock.sampleFrames(over: $0) } ?? [0]
        for frame in frames {
            for contour in contours(at: frame) {
                include(contour.start)
                for segment in contour.segments { include(segment.control1); include(segment.control2); include(segment.end) }
            }
        }
        guard low.x <= high.x, low.y <= high.y else { return Rect(x: 0, y: 0, width: 1, height: 1) }
        // A stroke reaches past the outline; a margin keeps the gradient under it.
        let margin = 1 + (draw.paint.stroke.map { max($0.width.initialValue, 0) } ?? 0)
        return Rect(x: low.x - margin, y: low.y - margin, width: high.x - low.x + 2 * margin, height: high.y - low.y + 2 * margin)
    }

    /// A single Bézier path with its own keyframes and nothing else acting
    /// on it: a path animation with the keyframes' easing.
    private func nativeAnimation() -> (model: ShapePath, animation: Animation)? {
        guard draw.paths.count == 1, let use = draw.paths.first, use.steps.isEmpty, use.modifiers.isEmpty,
              case .bezier(let bezier) = use.path.geometry, case .keyframes(let keyframes) = bezier.content
        else { return nil }
        let count = keyframes[0].value.vertices.count, closed = keyframes[0].value.closed
        guard keyframes.allSatisfy({ $0.value.vertices.count == count && $0.value.closed == closed }) else { return nil }
        let shape: (LottieBezier) -> ShapePath = { Self.shapePath([$0.contour]) }
        guard let animation = clock.animation(.path, bezier, { .path(shape($0)) }) else { return nil }
        return (shape(bezier.initialValue), animation)
    }

    /// A path item's contour at `frame`.
    static func contour(_ path: LottieShapePath, at frame: Double) -> PathContour {
        switch path.geometry {
        case let .rectangle(position, size, roundness):
            return LottieGeometry.rectangle(center: LottieGeometry.point(position.value(at: frame)),
                                            size: LottieGeometry.point(size.value(at: frame)),
                                            roundness: roundness.value(at: frame), reversed: path.reversed)
        case let .ellipse(position, size):
            return LottieGeometry.ellipse(center: LottieGeometry.point(position.value(at: frame)),
                                          size: LottieGeometry.point(size.value(at: frame)), reversed: path.reversed)
        case .polystar(let star):
            return LottieGeometry.polystar(star, at: frame, reversed: path.reversed)
        case .bezier(let bezier):
            return bezier.value(at: frame).contour
        }
    }

    /// The matrix of a step at `frame`.
    static func matrix(_ step: LottieShapeGathering.Step, at frame: Double) -> AffineTransform {
        switch step {
        case .group(let transform): transform.matrix(at: frame)
        case let .copy(repeater, copy): LottieRepeaterCopy(repeater: repeater, copy: copy).matrix(at: frame)
        }
    }

    /// The keyframe times of a path item's properties.
    static func keyframeTimes(_ path: LottieShapePath) -> [[Double]] {
        switch path.geometry {
        case let .rectangle(position, size, roundness): [position.keyframeTimes, size.keyframeTimes, roundness.keyframeTimes]
        case let .ellipse(position, size): [position.keyframeTimes, size.keyframeTimes]
        case .polystar(let s):
            [s.position.keyframeTimes, s.points.keyframeTimes, s.rotation.keyframeTimes, s.outerRadius.keyframeTimes,
             s.innerRadius.keyframeTimes, s.outerRoundness.keyframeTimes, s.innerRoundness.keyframeTimes]
        case .bezier(let bezier): [bezier.keyframeTimes]
        }
    }

    /// The keyframe times of a step's transform.
    static func keyframeTimes(_ step: LottieShapeGathering.Step) -> [[Double]] {
        switch step {
        case .group(let t): t.keyframeTimes
        case .copy(let repeater, _): LottieRepeaterCopy.keyframeTimes(repeater)
        }
    }

    /// Contours as one subpath of a shape layer's path (filled together).
    static func shapePath(_ contours: [PathContour]) -> ShapePath {
        let elements = contours.flatMap(\.pathElements)
        return elements.isEmpty ? .empty : ShapePath([.elements(elements)])
    }
}

extension LottieTransform {
    /// Every property's keyframe times.
    var keyframeTimes: [[Double]] {
        [anchor.keyframeTimes, position.keyframeTimes, positionX?.keyframeTimes ?? [], positionY?.keyframeTimes ?? [],
         scale.keyframeTimes, rotation.keyframeTimes, skew.keyframeTimes, skewAxis.keyframeTimes]
    }

    /// The matrix `T(p)·R(r)·K(sk, sa)·S(s)·T(−a)` at `frame`.
    func matrix(at frame: Double) -> AffineTransform {
        let p = positionX.flatMap { x in positionY.map { y in Point(x: x.value(at: frame), y: y.value(at: frame)) } }
            ?? LottieGeometry.point(position.value(at: frame))
        let a = LottieGeometry.point(anchor.value(at: frame))
        let linear = LottieClock.layerTransform(rotation: rotation.value(at: frame), scale: scale.value(at: frame),
                                                skew: skew.value(at: frame), axis: skewAxis.value(at: frame)).affine
        return AffineTransform.translation(-a.x, -a.y).concatenating(linear).concatenating(.translation(p.x, p.y))
    }
}
