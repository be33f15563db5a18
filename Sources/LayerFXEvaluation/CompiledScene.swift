import LayerFXCore
import LayerFXGeometry
import LayerFXModel

/// A scene prepared once for evaluating many frames (a sequence, a
/// benchmark): `SceneEvaluator.frame(for:at:budget:)`
/// draws the same frame from it as from the scene, byte for byte, in less
/// time.
///
/// What is compiled so far: top-level shape layers that draw one ellipse
/// (the circles of ripple fields and particle effects) with no sublayers,
/// mask, clip, background or border, and whose animations are all basic
/// animations of scalar key paths with both ends given (``ScalarChannel``).
/// Such a layer becomes a ``CompiledShapeLeaf``: its few presentation values
/// are evaluated from channel records, without copying the layer's
/// properties or dispatching on its animations' kinds. Every other layer is
/// walked as `SceneEvaluator.frame(for:at:budget:)` walks it.
public struct CompiledScene: Sendable {
    /// The scene as it was compiled.
    public let scene: Scene
    /// For each top-level layer, its index in `leaves`, or -1 when it is walked.
    let leafIndex: [Int32]
    /// The compiled top-level layers.
    let leaves: [CompiledShapeLeaf]
    /// The leaves' channels, each leaf's in one contiguous range.
    let channels: [ScalarChannel]

    /// Compiles `scene`.
    public init(_ scene: Scene) {
        self.scene = scene
        var leafIndex = [Int32](repeating: -1, count: scene.layers.count)
        var leaves: [CompiledShapeLeaf] = []
        var channels: [ScalarChannel] = []
        for (i, layer) in scene.layers.enumerated() {
            guard leaves.count < Int(Int32.max), let leaf = CompiledShapeLeaf(layer, channels: &channels)
            else { continue }
            leafIndex[i] = Int32(leaves.count)
            leaves.append(leaf)
        }
        self.leafIndex = leafIndex
        self.leaves = leaves
        self.channels = channels
    }

    /// How many top-level layers were compiled (the rest are walked).
    public var compiledLayerCount: Int { leaves.count }
}

/// A compiled top-level shape layer drawing one ellipse (see
/// ``CompiledScene``): the model values its drawing reads, and its channels.
struct CompiledShapeLeaf: Sendable {
    /// The layer's timing.
    let timing: LayerTiming
    /// The model values the channels start from.
    let model: AnimatedScalars
    /// The model transform (its matrix is kept; its components are `model`'s).
    let transform: LayerTransform
    /// `bounds` and `anchorPoint`.
    let bounds: Rect, anchorPoint: Point
    /// The path's one ellipse.
    let ellipse: Rect
    /// The fill and stroke colours as the tree walk resolves them at the top
    /// level (tinted white, clamped, nil when transparent).
    let fill: Color?, stroke: Color?
    /// Whether a stroke is drawn at all (`strokeEnd > strokeStart`).
    let strokes: Bool
    /// The range of the leaf's channels in ``CompiledScene/channels``.
    let firstChannel: Int32, channelCount: Int32

    /// The leaf of `layer`, its channels appended to `channels`; nil when
    /// the layer is not one that compiles (see ``CompiledScene``).
    init?(_ layer: Layer, channels: inout [ScalarChannel]) {
        let p = layer.properties
        guard layer.kind == .shape, layer.sublayers.isEmpty, layer.mask == nil, !p.isHidden, !p.masksToBounds,
              !((p.backgroundColor?.alpha ?? 0) > 0), !(p.borderWidth > 0 && (p.borderColor?.alpha ?? 0) > 0),
              p.path.subpaths.count == 1, case .ellipse(let ellipse) = p.path.subpaths[0] else { return nil }
        let fill = FrameBuilder.visible(p.fillColor?.tinted(.white))
        let stroke = FrameBuilder.visible(p.strokeColor?.tinted(.white))
        // A visible stroke must be one the analytic shape draws exactly (the tree walk outlines others as polygons).
        guard stroke == nil || FrameBuilder.analyticStrokeIsExact(.ellipse(in: ellipse), StrokeStyle(p))
        else { return nil }
        let compiled = layer.animations.compactMap(ScalarChannel.init(compiling:))
        guard compiled.count == layer.animations.count, channels.count <= Int(Int32.max) - compiled.count
        else { return nil }
        timing = layer.timing
        model = AnimatedScalars(p)
        transform = p.transform
        bounds = p.bounds; anchorPoint = p.anchorPoint
        self.ellipse = ellipse
        self.fill = fill; self.stroke = stroke
        strokes = p.strokeEnd > p.strokeStart
        firstChannel = Int32(channels.count); channelCount = Int32(compiled.count)
        channels += compiled
    }
}
