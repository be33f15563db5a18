import LayerFXCore
import LayerFXModel

/// A shape layer's items gathered as the players read them: a paint draws
/// every path before it in its list (those of earlier groups too, through
/// their transforms); trims and rounded corners change every path before
/// them, also those already painted; a repeater copies everything before
/// it. What comes out is the list of draws, top first, each a paint with
/// its paths and the transforms and opacities between its list and the
/// layer.
struct LottieShapeGathering {
    /// A transform between a path or paint and the layer: a group's, or one
    /// copy of a repeater's.
    enum Step: Sendable {
        case group(LottieTransform)
        /// Copy number `copy` (from 0; the repeater's offset is added at each frame).
        case copy(LottieRepeater, copy: Double)
    }

    /// A change to paths: a trim or rounded corners, numbered in the order
    /// met (a group's before those of the list around it).
    struct Modifier: Sendable {
        enum Kind: Sendable {
            case trim(LottieTrim)
            case round(LottieProperty<Double>)
        }

        var id: Int
        var kind: Kind
    }

    /// A path as a paint sees it: the transforms from its list to the paint's
    /// (innermost first), and the modifiers applied to it, in order.
    struct PathUse: Sendable {
        var path: LottieShapePath
        var steps: [Step] = []
        var modifiers: [Modifier] = []
    }

    /// A paint and what it draws: its paths in its own list's space, the
    /// transforms from that list to the layer (innermost first), and the
    /// opacities (percent) of the groups and copies on the way.
    struct Draw: Sendable {
        var paint: LottiePaint
        var paths: [PathUse]
        var steps: [Step] = []
        var groupOpacities: [LottieProperty<Double>] = []
        var copies: [(repeater: LottieRepeater, index: Double)] = []
    }

    /// The paths and draws of a list, in its own space.
    struct Gathered: Sendable {
        var paths: [PathUse] = []
        /// Top first.
        var draws: [Draw] = []
    }

    /// Features met that are not drawn.
    var unsupported: [String] = []
    private var nextModifier = 0

    /// The most copies one repeater makes.
    static let maximumCopies = 1000
    /// The most paths and draws a list holds once repeated: repeaters in
    /// one list (or in nested groups) multiply, three of 1,000 copies would
    /// make a billion.
    static let maximumRepeated = 10_000

    /// Gathers `items` (a list, top first).
    mutating func gather(_ items: [LottieShapeItem]) -> Gathered {
        var result = Gathered()
        for item in items {
            switch item {
            case .path(let path):
                result.paths.append(PathUse(path: path))
            case .group(let group):
                let inner = gather(group.items)
                let transform = group.items.reversed().lazy.compactMap { item -> LottieTransform? in
                    if case .transform(let t) = item { t } else { nil }
                }.first ?? .identity
                let step = Step.group(transform)
                result.paths += inner.paths.map { var use = $0; use.steps.append(step); return use }
                result.draws += inner.draws.map {
                    var draw = $0
                    draw.steps.append(step)
                    draw.groupOpacities.append(transform.opacity)
                    return draw
                }
            case .paint(let paint):
                result.draws.append(Draw(paint: paint, paths: result.paths))
            case .trim(let trim):
                modify(&result, .trim(trim))
            case .roundedCorners(let radius):
                modify(&result, .round(radius))
            case .repeater(let repeater):
                repeatAll(&result, repeater)
            case .transform:
                break
            case .unsupported(_, let feature):
                if !feature.isEmpty { unsupported.append(feature) }
            }
        }
        return result
    }

    /// Applies a modifier to every path gathered so far, painted or not.
    private mutating func modify(_ gathered: inout Gathered, _ kind: Modifier.Kind) {
        let modifier = Modifier(id: nextModifier, kind: kind)
        nextModifier += 1
        for i in gathered.paths.indices { gathered.paths[i].modifiers.append(modifier) }
        for d in gathered.draws.indices {
            for p in gathered.draws[d].paths.indices { gathered.draws[d].paths[p].modifiers.append(modifier) }
        }
    }

    /// Replaces what is gathered by the repeater's copies: copy k (offset
    /// added) moved by the repeater's transform k times; the first copy on
    /// top unless newer copies go above.
    private mutating func repeatAll(_ gathered: inout Gathered, _ repeater: LottieRepeater) {
        if repeater.copies.isAnimated { unsupported.append("animated repeater copy count") }
        let count = repeater.copies.initialValue
        guard count.isFinite, count >= 1 else {
            gathered = Gathered()
            return
        }
        let items = max(gathered.draws.count + gathered.paths.count, 1)
        let limit = max(min(Self.maximumCopies, Self.maximumRepeated / items), 1)
        // Compared as a Double first: a count past Int's range must not reach Int(_:).
        let copies = count >= Double(limit) ? limit : Int(count)
        if Double(copies) < count.rounded(.down) {
            unsupported.append(limit == Self.maximumCopies ? "repeaters of over \(Self.maximumCopies) copies"
                               : "repeaters making over \(Self.maximumRepeated) shapes")
        }
        var repeated = Gathered()
        var order = Array(0..<copies)
        if repeater.newerAbove { order.reverse() }
        for k in order {
            let step = Step.copy(repeater, copy: Double(k))
            repeated.draws += gathered.draws.map {
                var draw = $0
                draw.steps.append(step)
                draw.copies.append((repeater, Double(k)))
                return draw
            }
        }
        for k in 0..<copies {
            let step = Step.copy(repeater, copy: Double(k))
            repeated.paths += gathered.paths.map { var use = $0; use.steps.append(step); return use }
        }
        gathered = repeated
    }
}
