import LayerFXModel
import LayerFXPrimitives

/// Flattens a scene at one instant into the frame the backends draw: every
/// visible layer's background, shape and border become primitives in Core
/// Animation's drawing order, with transforms, opacity and clips resolved.
///
/// ```swift
/// let frame = SceneEvaluator.frame(for: scene, at: 1.5)
/// let pixels = try CPURenderer().render(frame)
/// ```
///
/// Order within one layer: background → content (gradient, shape path fill
/// then stroke, text) → sublayers (back to front) → border. A layer with a
/// `mask`, or with opacity below 1 over more than one shape, is drawn into an
/// offscreen layer composited with its opacity (Core Animation's group
/// opacity); a layer with one shape gets the opacity on that shape, which is
/// the same picture.
public enum SceneEvaluator {
    /// The pixel size of a scene's frame: `size × scale`, rounded up.
    public static func pixelSize(of scene: Scene) -> (width: Int, height: Int) {
        func pixels(_ points: Double) -> Int { max(Int((points * scene.scale - 1e-9).rounded(.up)), 1) }
        return (pixels(scene.size.width), pixels(scene.size.height))
    }

    /// The frame for `scene` at scene time `time` (seconds).
    public static func frame(for scene: Scene, at time: Double) -> Frame {
        let (width, height) = pixelSize(of: scene)
        var builder = FrameBuilder(width: width, height: height)
        let root = AffineTransform.scale(scene.scale, scene.scale)
        for layer in scene.layers {
            builder.visit(layer, parentTime: time, parentToDevice: root, tint: .white, clips: ClipStack())
        }
        let bg = scene.backgroundColor.clamped
        return Frame(width: width, height: height,
                     background: SIMD4(Float(bg.red), Float(bg.green), Float(bg.blue), Float(bg.alpha)),
                     primitives: builder.primitives, pathEdges: builder.pathEdges,
                     glyphAtlas: builder.usesGlyphs ? .sharedAtlas() : nil)
    }
}

