import LayerFXCore
import LayerFXModel

/// What a Lottie file asks for that LayerFX does not draw: each feature
/// once, with the first layer that uses it.
public struct LottieReport: Sendable, Hashable {
    /// One feature not drawn.
    public struct Feature: Sendable, Hashable {
        /// What is not drawn ("expressions", "merge paths", …).
        public var name: String
        /// The name (`nm`) of the first layer using it, or its position.
        public var layer: String
    }

    /// The features, in the order met.
    public private(set) var features: [Feature] = []

    /// Nothing noted.
    public init() {}

    /// Notes `name` as used by `layer`, unless already noted.
    mutating func note(_ name: String, layer: String) {
        guard !name.isEmpty, !features.contains(where: { $0.name == name }) else { return }
        features.append(Feature(name: name, layer: layer))
    }
}

/// Turns a Lottie animation into Core Animation layers: each Lottie layer
/// a small stack of layers (transform, anchor, visibility, content), its
/// keyframes animations on the animation's clock in seconds.
struct LottieConverter {
    let animation: LottieAnimation
    let clock: LottieClock
    /// Whether LayerFX finds a font by this name (for text without outlines).
    let fontResolves: (String) -> Bool
    /// The images of the image assets layers use.
    let images: LottieImages
    var report = LottieReport()
    /// Precompositions being converted, against cycles.
    private var open: Set<String> = []
    /// How deeply precompositions nest here.
    private var depth = 0

    /// The most precompositions nested in one another.
    static let maximumDepth = 64

    init(_ animation: LottieAnimation, images: LottieImages, fontResolves: @escaping (String) -> Bool) {
        self.animation = animation
        clock = LottieClock(frameRate: animation.frameRate)
        self.images = images
        self.fontResolves = fontResolves
    }

    /// The root composition's layers, back to front.
    mutating func layers() throws -> [Layer] {
        try composition(animation.layers)
    }

    /// A composition's layers (top first, as listed) as Core Animation
    /// layers, back to front: each drawn layer with its parents' transforms
    /// around it, matted when it has a track matte.
    mutating func composition(_ layers: [LottieLayer]) throws -> [Layer] {
        var byIndex: [Int: Int] = [:]
        for (position, layer) in layers.enumerated() {
            if let index = layer.index, byIndex[index] == nil { byIndex[index] = position }
        }
        // The layers used as track mattes.
        var matteOf: [Int: Int] = [:]
        for (position, layer) in layers.enumerated() where layer.matteMode != nil {
            if let parent = layer.matteParent, let source = byIndex[parent] {
                matteOf[position] = source
            } else if position > 0 {
                matteOf[position] = position - 1
            }
        }
        let mattes = Set(matteOf.values)
        var result: [Layer] = []
        for position in layers.indices.reversed() {
            let layer = layers[position]
            for feature in layer.unsupported { report.note(feature, layer: describe(layer, position)) }
            guard !layer.isHidden, !layer.isMatteSource, !mattes.contains(position) else { continue }
            if case .null = layer.content { continue }
            var drawn = try chain(position, in: layers, byIndex: byIndex)
            if let source = matteOf[position], let mode = layer.matteMode {
                let matte = try chain(source, in: layers, byIndex: byIndex)
                var wrapper = Layer(name: "matte of \(layer.name)")
                wrapper.sublayers = [drawn]
                wrapper.mask = matte
                wrapper.properties.maskMode = [.alpha, .alphaInverted, .luminance, .luminanceInverted][min(max(mode, 1), 4) - 1]
                drawn = wrapper
            }
            if clock.budget.shortened {
                report.note("every frame of animations past \(LottieSampleBudget.fileUnits) sampled values",
                            layer: describe(layer, position))
            }
            result.append(drawn)
        }
        return result
    }

    /// Layer `position` of `layers` with the transforms of its parents
    /// around it (a parent moves its children, its opacity does not).
    private mutating func chain(_ position: Int, in layers: [LottieLayer], byIndex: [Int: Int]) throws -> Layer {
        var node = try own(layers[position], describe(layers[position], position))
        var visited: Set<Int> = [position]
        var parent = layers[position].parent
        while let index = parent, let parentPosition = byIndex[index], visited.insert(parentPosition).inserted {
            let lottie = layers[parentPosition]
            var outer = Layer(name: "parent \(lottie.name)"), inner = Layer()
            clock.apply(lottie.transform, autoOrients: lottie.autoOrients, withOpacity: false, outer: &outer, inner: &inner)
            inner.sublayers = [node]
            outer.sublayers = [inner]
            node = outer
            parent = lottie.parent
        }
        return node
    }

    /// A layer's own stack: transform and opacity, anchor, visibility,
    /// masks, and its content.
    private mutating func own(_ layer: LottieLayer, _ label: String) throws -> Layer {
        var outer = Layer(name: layer.name.isEmpty ? label : layer.name), content = Layer()
        clock.apply(layer.transform, autoOrients: layer.autoOrients, withOpacity: true, outer: &outer, inner: &content)
        content.animations.append(visibility(from: layer.inPoint, to: layer.outPoint))
        switch layer.content {
        case let .precomposition(id, width, height, timeRemap):
            if let width, let height, width >= 0, height >= 0 {
                content.properties.bounds = Rect(x: 0, y: 0, width: width, height: height)
                content.properties.anchorPoint = .zero
                content.properties.masksToBounds = true
            }
            content.sublayers = try precomposition(id, layer: layer, timeRemap: timeRemap, label: label)
        case let .solid(color, width, height):
            content.properties.bounds = Rect(x: 0, y: 0, width: max(width, 0), height: max(height, 0))
            content.properties.anchorPoint = .zero
            content.properties.backgroundColor = color
        case .image(let id):
            // The image at its asset's size (its own when the asset has none), from the layer's origin.
            guard let image = images.images[id], let asset = animation.images[id] else {
                report.note(images.notDrawn[id] ?? "image asset \"\(id)\" not found", layer: label)
                break
            }
            content.properties.bounds = Rect(x: 0, y: 0, width: asset.width > 0 ? asset.width : Double(image.width),
                                             height: asset.height > 0 ? asset.height : Double(image.height))
            content.properties.anchorPoint = .zero
            content.properties.contents = image
        case .null:
            break
        case .shapes(let items):
            var shapes = LottieShapeConverter(clock: clock)
            content.sublayers = shapes.layers(items)
            for feature in shapes.unsupported { report.note(feature, layer: label) }
        case .text(let text):
            content.sublayers = textLayers(text, label: label)
        }
        if !layer.masks.isEmpty, let mask = LottieMaskConverter(clock: clock).mask(layer.masks) {
            content.mask = mask.layer
            content.properties.maskMode = mask.mode
        }
        outer.sublayers = [content]
        return outer
    }

    /// An opacity animation showing a layer from frame `inPoint` until
    /// `outPoint` (held values: 0, 1 from the in point, 0 from the out point).
    private func visibility(from inPoint: Double, to outPoint: Double) -> Animation {
        clock.visibility(from: inPoint, to: outPoint)
    }

    /// A precomposition's layers in the layer's time: shifted by its start
    /// time and stretched, or mapped through its time remapping.
    private mutating func precomposition(_ id: String, layer: LottieLayer, timeRemap: LottieProperty<Double>?,
                                         label: String) throws -> [Layer] {
        guard let layers = animation.precompositions[id] else {
            report.note("precomposition \"\(id)\" not found", layer: label)
            return []
        }
        guard !open.contains(id), depth < Self.maximumDepth else {
            report.note("precompositions nested in themselves", layer: label)
            return []
        }
        open.insert(id); depth += 1
        defer { open.remove(id); depth -= 1 }
        let children = try composition(layers)
        guard let timeRemap else {
            var timed = Layer(name: "time of \(id)")
            timed.timing = LayerTiming(beginTime: clock.seconds(layer.startTime), speed: 1 / layer.stretch)
            timed.sublayers = children
            return [timed]
        }
        return LottieTimeRemap(clock: clock, remap: timeRemap).pieces(children, name: id)
    }

    /// How a layer is named in the report: its name, or its place.
    private func describe(_ layer: LottieLayer, _ position: Int) -> String {
        layer.name.isEmpty ? "layer \(position)" : layer.name
    }
}
