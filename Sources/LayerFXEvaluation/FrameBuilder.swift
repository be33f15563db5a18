import LayerFXCore
import LayerFXModel
import LayerFXPrimitives
import LayerFXText

/// The tree walk behind ``SceneEvaluator``.
struct FrameBuilder {
    /// The frame's size in pixels.
    let width: Int, height: Int
    /// The primitives so far, circles and instances, in draw order.
    var order: DrawOrder
    /// Polygon edges the path bands point into.
    var pathEdges: [SIMD4<Float>]
    /// The stops of gradients too long for an instance, which their paints point into.
    var gradientStops: [GradientStop]
    /// Shapes drawn so far (a path's bands count once): an offscreen layer
    /// over at most one shape is folded into that shape's opacity.
    var shapeCount = 0
    /// Whether some primitive samples the glyph atlas.
    var usesGlyphs = false
    /// The layer contents images the primitives show (``ShapeKind/image``'s index is into this list).
    var images: [ContentsImage]
    /// Each image's index in `images`.
    var imageIndices: [ObjectIdentifier: Int]
    /// The limits on this frame's work, and the scene time it shows (for errors).
    let budget: WorkBudget, time: Double
    /// `budget`'s limits on instances and primitives, read on every layer.
    let instanceLimit: Int, primitiveLimit: Int
    /// Layer instances visited so far (the `instances` key, kept apart from
    /// `spent` because every layer counts one).
    var instancesVisited = 0
    /// What the frame has spent of each budget key.
    var spent = SpentBudget()
    /// The first limit the frame went over (set by `fail`); the walk stops there.
    var exceeded: WorkBudgetExceeded?
    /// Whether `exceeded` is set (by `fail`), cheap to test on every layer.
    var failed = false
    /// The place in the scene document of the layer being visited.
    var steps: [DocumentStep]
    /// The values of the block of compiled leaves being drawn.
    var leafBlock: LeafBlockScalars
    /// The working arrays of polygon banding.
    var polygonScratch: PolygonScratch
    /// The words geometry-cache keys are written in (``GeometryKey``), kept across frames.
    var geometryKeyWords: [UInt64]
    /// The compiled containers open where a compiled scene's entries are being drawn, outermost first.
    var openContainers: [OpenContainer]
    /// The fonts and glyph atlas text layers are drawn with.
    let textContext: TextContext
    /// The folder relative font paths are taken in (the scene's `baseDirectory`).
    let baseDirectory: String?
    /// Where paths' polygon bands are kept across frames; nil: always made anew.
    let geometryCache: GeometryCache?

    /// The arrays a builder fills, which a new builder may take over (see `restart`).
    struct Arrays {
        var order = DrawOrder()
        var pathEdges: [SIMD4<Float>] = []
        var gradientStops: [GradientStop] = []
        var steps: [DocumentStep] = []
        var leafBlock = LeafBlockScalars()
        var polygonScratch = PolygonScratch()
        var geometryKeyWords: [UInt64] = []
        var openContainers: [OpenContainer] = []
        var images: [ContentsImage] = []
        var imageIndices: [ObjectIdentifier: Int] = [:]
    }

    /// A compiled container whose sublayers are being drawn: its index, its
    /// local time, and its sublayers' transform to device pixels (nil when
    /// the walk does not reach them).
    struct OpenContainer {
        var index: Int
        var time: Double
        var sublayerToDevice: AffineTransform?
    }

    init(width: Int, height: Int, budget: WorkBudget = WorkBudget(), time: Double = 0, textContext: TextContext,
         geometryCache: GeometryCache? = nil, baseDirectory: String? = nil, reusing arrays: consuming Arrays = Arrays()) {
        self.width = width; self.height = height; self.budget = budget; self.time = time
        self.textContext = textContext; self.geometryCache = geometryCache; self.baseDirectory = baseDirectory
        instanceLimit = budget[.instances]; primitiveLimit = budget[.primitives]
        // Swapped in, not copied: the arrays stay uniquely held, so emptying them keeps their room.
        (order, pathEdges, gradientStops, steps, leafBlock, polygonScratch, geometryKeyWords, openContainers, images,
         imageIndices) = (DrawOrder(), [], [], [], LeafBlockScalars(), PolygonScratch(), [], [], [], [:])
        swap(&order, &arrays.order)
        swap(&openContainers, &arrays.openContainers)
        swap(&polygonScratch, &arrays.polygonScratch)
        swap(&geometryKeyWords, &arrays.geometryKeyWords)
        swap(&leafBlock, &arrays.leafBlock)
        swap(&pathEdges, &arrays.pathEdges)
        swap(&gradientStops, &arrays.gradientStops)
        swap(&steps, &arrays.steps)
        swap(&images, &arrays.images)
        swap(&imageIndices, &arrays.imageIndices)
        order.removeAll()
        pathEdges.removeAll(keepingCapacity: true)
        gradientStops.removeAll(keepingCapacity: true)
        steps.removeAll(keepingCapacity: true)
        images.removeAll(keepingCapacity: true)
        imageIndices.removeAll(keepingCapacity: true)
    }

    /// Makes this builder a new one for the next frame (the initializer's
    /// arguments), reusing its arrays.
    mutating func restart(width: Int, height: Int, budget: WorkBudget, time: Double, textContext: TextContext,
                          geometryCache: GeometryCache?, baseDirectory: String?) {
        var arrays = Arrays(order: DrawOrder(), pathEdges: [], gradientStops: [], steps: [], leafBlock: LeafBlockScalars(),
                            polygonScratch: PolygonScratch(), geometryKeyWords: [], openContainers: [],
                            images: [], imageIndices: [:])
        swap(&arrays.order, &order)
        swap(&arrays.openContainers, &openContainers)
        swap(&arrays.polygonScratch, &polygonScratch)
        swap(&arrays.geometryKeyWords, &geometryKeyWords)
        swap(&arrays.leafBlock, &leafBlock)
        swap(&arrays.pathEdges, &pathEdges)
        swap(&arrays.gradientStops, &gradientStops)
        swap(&arrays.steps, &steps)
        swap(&arrays.images, &images)
        swap(&arrays.imageIndices, &imageIndices)
        self = FrameBuilder(width: width, height: height, budget: budget, time: time, textContext: textContext,
                            geometryCache: geometryCache, baseDirectory: baseDirectory, reusing: consume arrays)
    }

    /// `tint` multiplies every colour of the subtree (a replicator instance's
    /// `instanceColor` and offsets, nested replicators multiplied).
    ///
    /// Opacity needs no passing down: a layer with opacity below 1 draws
    /// into an offscreen layer composited with it (or, drawing one shape,
    /// multiplies it into that shape's primitives when the layer ends), so
    /// everything is drawn at opacity 1 first.
    /// `step` is the layer's place under its parent in the scene document.
    mutating func visit<Tree: LayerTree>(_ layer: Tree.Node, in tree: Tree, step: DocumentStep, parentTime: Double,
                                         parentToDevice: AffineTransform, tint: Color, clips parentClips: ClipStack) {
        guard enterLayer(step) else { return }
        defer { steps.removeLast() }
        let localTime = tree.timing(of: layer).localTime(parentTime: parentTime)
        let p = tree.presentation(of: layer, atLocalTime: localTime)
        let kind = tree.kind(of: layer), mask = tree.mask(of: layer)
        let ownOpacity = min(max(p.opacity, 0), 1)
        guard !p.isHidden, ownOpacity > 0, !parentClips.isEmpty else { return }

        let size = p.bounds.size
        let (anchor, toDevice) = Self.placement(of: p, parentToDevice: parentToDevice)
        guard toDevice.isFinite else { return }
        let bounds = p.bounds
        let center = Point(x: bounds.midX, y: bounds.midY)
        let hasArea = size.width > 0 && size.height > 0

        // Group opacity and masks: the layer's drawing goes into an offscreen
        // layer composited with its opacity.
        var group = mask != nil || ownOpacity < 1 ? beginOffscreenLayer() : nil
        var outerClips = parentClips
        var ownClips = parentClips
        var clipGroup: OffscreenLayer? = nil
        if p.masksToBounds {
            guard hasArea, let inverse = toDevice.inverted else { return discard(group) }
            let clip = Clip(deviceToClip: inverse.concatenating(.translation(-center.x, -center.y)),
                            halfWidth: size.width / 2, halfHeight: size.height / 2, radius: max(p.cornerRadius, 0))
            if let pushed = parentClips.pushing(clip) {
                ownClips = pushed
            } else {
                // Too deep for one primitive: an offscreen layer whose composite carries the outer clips.
                clipGroup = beginOffscreenLayer()
                outerClips = ClipStack()
                ownClips = ClipStack(clip)
            }
        }

        if hasArea, let background = p.backgroundColor, background.alpha > 0 {
            emit(.roundedRect(bounds, cornerRadius: p.cornerRadius), fill: background.tinted(tint), stroke: nil,
                 lineWidth: 0, transform: toDevice, clips: outerClips)
        }
        if hasArea, let contents = p.contents {
            emitContents(contents, bounds: bounds, tint: tint, transform: toDevice, clips: ownClips)
        }
        if kind == .gradient, hasArea {
            emitGradient(p, tint: tint, transform: toDevice, clips: ownClips)
        }
        if kind == .shape {
            emitShapeLayer(p, tint: tint, transform: toDevice, clips: ownClips)
        }
        if kind == .text {
            emitText(p, tint: tint, transform: toDevice, clips: ownClips)
        }
        guard !failed, primitivesFit() else { return }
        if tree.hasSublayers(layer) {
            let sublayerToDevice = Self.sublayerToDevice(of: p, anchor: anchor, toDevice: toDevice)
            if kind == .replicator {
                visitInstances(of: layer, in: tree, properties: p, localTime: localTime,
                               sublayerToDevice: sublayerToDevice, center: center, tint: tint, clips: ownClips)
            } else {
                for (index, sublayer) in tree.sublayers(of: layer).enumerated() {
                    visit(sublayer, in: tree, step: .sublayer(index), parentTime: localTime,
                          parentToDevice: sublayerToDevice, tint: tint, clips: ownClips)
                }
            }
        }
        if hasArea, p.borderWidth > 0, let border = p.borderColor, border.alpha > 0 {
            emitBorder(bounds: bounds, cornerRadius: p.cornerRadius, width: min(p.borderWidth, min(size.width, size.height) / 2),
                       color: border.tinted(tint), transform: toDevice, clips: outerClips)
        }
        if let clipGroup {
            endOffscreenLayer(clipGroup, opacity: 1, compositeClips: parentClips, foldable: false)
        }
        if let mask, group != nil {
            beginMask(of: &group!, mode: p.maskMode)
            visit(mask, in: tree, step: .mask, parentTime: localTime, parentToDevice: toDevice, tint: .white,
                  clips: ClipStack())
        }
        if let group {
            endOffscreenLayer(group, opacity: ownOpacity, compositeClips: ClipStack(), foldable: true)
        }
        _ = primitivesFit()
    }

    /// A layer's anchor point in its own space (`bounds.origin + anchorPoint
    /// × bounds.size`) and its transform to device pixels, from its
    /// presentation `p` and its parent's transform to device pixels.
    static func placement(of p: LayerProperties, parentToDevice: AffineTransform) -> (anchor: Point, toDevice: AffineTransform) {
        let size = p.bounds.size
        let anchor = Point(x: p.bounds.origin.x + p.anchorPoint.x * size.width,
                           y: p.bounds.origin.y + p.anchorPoint.y * size.height)
        let localToParent = AffineTransform.translation(-anchor.x, -anchor.y)
            .concatenating(p.transform.affine)
            .concatenating(.translation(p.position.x, p.position.y))
        return (anchor, localToParent.concatenating(parentToDevice))
    }

    /// The transform to device pixels of a layer's sublayers: its
    /// `sublayerTransform` about its anchor point, then its own.
    static func sublayerToDevice(of p: LayerProperties, anchor: Point, toDevice: AffineTransform) -> AffineTransform {
        AffineTransform.translation(-anchor.x, -anchor.y)
            .concatenating(p.sublayerTransform.affine)
            .concatenating(.translation(anchor.x, anchor.y))
            .concatenating(toDevice)
    }

    /// Starts the visit of the layer at `step`: pushes the step (the caller
    /// pops it when the visit ends) and counts the layer against the
    /// `instances` limit. False, with nothing pushed, when the frame has
    /// already failed or fails here (the error names this layer).
    mutating func enterLayer(_ step: DocumentStep) -> Bool {
        guard !failed else { return false }
        steps.append(step)
        instancesVisited += 1
        guard instancesVisited <= instanceLimit else {
            fail(.instances, count: Double(instancesVisited), verb: "the frame needs")
            steps.removeLast()
            return false
        }
        return true
    }

    /// A replicator's sublayers, `instanceCount` times (core-animation.md
    /// §10): instance k is transformed by `instanceTransform`ᵏ about the
    /// layer's centre, runs `k · instanceDelay` seconds behind, and is tinted
    /// by `instanceColor + k · offsets` (clamped to 0…1).
    private mutating func visitInstances<Tree: LayerTree>(of layer: Tree.Node, in tree: Tree, properties p: LayerProperties,
                                                          localTime: Double, sublayerToDevice: AffineTransform,
                                                          center: Point, tint: Color, clips: ClipStack) {
        let step = AffineTransform.translation(-center.x, -center.y)
            .concatenating(p.instanceTransform.affine)
            .concatenating(.translation(center.x, center.y))
        let count = max(p.instanceCount, 0)
        // Replicators inside replicators multiply: count them before expanding any.
        let limit = Double(instanceLimit), remaining = limit - Double(instancesVisited)
        let perInstance = Self.instanceEstimate(of: tree.sublayers(of: layer), in: tree, parentTime: localTime, cap: limit)
        if Double(count) * perInstance > remaining {
            return fail(.instances, count: limit - remaining + Double(count) * perInstance, verb: "replicators expand to")
        }
        let spentBefore = spent, primitivesBefore = order.count
        var instanceToDevice = sublayerToDevice
        for k in 0..<count {
            let n = Double(k)
            let modulation = Color(red: p.instanceColor.red + n * p.instanceRedOffset,
                                   green: p.instanceColor.green + n * p.instanceGreenOffset,
                                   blue: p.instanceColor.blue + n * p.instanceBlueOffset,
                                   alpha: p.instanceColor.alpha + n * p.instanceAlphaOffset).clamped
            for (index, sublayer) in tree.sublayers(of: layer).enumerated() {
                visit(sublayer, in: tree, step: .sublayer(index), parentTime: localTime - n * p.instanceDelay,
                      parentToDevice: instanceToDevice, tint: modulation.tinted(tint), clips: clips)
            }
            if failed { return }
            if k == 0, count > 1, !projectedCostFits(ofInstances: count, spentBefore: spentBefore,
                                                     primitivesBefore: primitivesBefore) { return }
            instanceToDevice = step.concatenating(instanceToDevice)
        }
    }
}
