import LayerFXCore
import LayerFXModel
import LayerFXText

/// Lottie animations as scenes: the composition's size, its layers
/// converted (`LottieConverter`), and its frame rate and in and out points
/// as the scene's timeline (frame f at f / frame rate seconds).
enum LottieImport {
    /// The scene of the Lottie animation at the root of `document`; fonts of
    /// text without outlines are looked up in `textContext`.
    /// Image assets are read from `images`.
    static func scene(_ document: JSONDocument, textContext: TextContext, relativeTo directory: String?,
                      images: LottieImageStore? = nil) throws -> LoadedScene {
        let animation = try LottieAnimation(document)
        let size = Size(width: animation.width, height: animation.height)
        guard FrameSize.extent(size.width, scale: 1) <= Double(FrameSize.maximumSide),
              FrameSize.extent(size.height, scale: 1) <= Double(FrameSize.maximumSide) else {
            throw DecodingIssue(node: JSONDocument.root,
                                "frame of \(size.width.numberText)×\(size.height.numberText) px exceeds the \(FrameSize.maximumSide) px limit per side")
        }
        let loaded = try animation.loadImages(from: images ?? .folder(directory))
        var converter = LottieConverter(animation, images: loaded, fontResolves: { name in
            (try? textContext.font(named: name, relativeTo: directory)) != nil
        })
        var scene = Scene(size: size, layers: try converter.layers())
        scene.timeline = SceneTimeline(frameRate: animation.frameRate, start: animation.inPoint / animation.frameRate,
                                       end: animation.outPoint / animation.frameRate)
        let layers = animation.layers + animation.precompositions.values.joined()
        let summary = LottieSummary(frameRate: animation.frameRate, inPoint: animation.inPoint, outPoint: animation.outPoint,
                                    layerCount: layers.count, shapeCount: layers.reduce(0) { $0 + $1.shapeCount })
        return LoadedScene(scene: scene, format: .lottie, report: converter.report, lottie: summary)
    }
}

extension LottieLayer {
    /// How many shape items the layer holds, nested ones included.
    var shapeCount: Int {
        guard case .shapes(let items) = content else { return 0 }
        return LottieShapeItem.count(items)
    }
}

extension LottieShapeItem {
    /// How many items `items` holds, the items of its groups included.
    static func count(_ items: [LottieShapeItem]) -> Int {
        items.reduce(0) { total, item in
            if case .group(let group) = item { return total + 1 + count(group.items) }
            return total + 1
        }
    }
}
