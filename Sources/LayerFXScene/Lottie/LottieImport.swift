import LayerFXCore
import LayerFXModel
import LayerFXText

/// Lottie animations as scenes: the composition's size, its layers
/// converted (`LottieConverter`), and its frame rate and in and out points
/// as the scene's timeline (frame f at f / frame rate seconds).
enum LottieImport {
    /// The scene of the Lottie animation at the root of `document`; fonts of
    /// text without outlines are looked up in `textContext`.
    static func scene(_ document: JSONDocument, textContext: TextContext, relativeTo directory: String?) throws -> LoadedScene {
        let animation = try LottieAnimation(document)
        let size = Size(width: animation.width, height: animation.height)
        guard FrameSize.extent(size.width, scale: 1) <= Double(FrameSize.maximumSide),
              FrameSize.extent(size.height, scale: 1) <= Double(FrameSize.maximumSide) else {
            throw DecodingIssue(node: JSONDocument.root,
                                "frame of \(size.width.numberText)×\(size.height.numberText) px exceeds the \(FrameSize.maximumSide) px limit per side")
        }
        var converter = LottieConverter(animation, fontResolves: { name in
            (try? textContext.font(named: name, relativeTo: directory)) != nil
        })
        var scene = Scene(size: size, layers: try converter.layers())
        scene.timeline = SceneTimeline(frameRate: animation.frameRate, start: animation.inPoint / animation.frameRate,
                                       end: animation.outPoint / animation.frameRate)
        return LoadedScene(scene: scene, format: .lottie, report: converter.report)
    }
}
