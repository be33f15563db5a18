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
/// Order within one layer: background → shape path (fill, then stroke) →
/// sublayers (back to front) → border. Opacity multiplies down the tree and
/// is applied per primitive (not as an offscreen group).
public enum SceneEvaluator {
    /// The pixel size of a scene's frame: `size × scale`, rounded up.
    public static func pixelSize(of scene: Scene) -> (width: Int, height: Int) {
        func pixels(_ points: Double) -> Int { max(Int((points * scene.scale - 1e-9).rounded(.up)), 1) }
        return (pixels(scene.size.width), pixels(scene.size.height))
    }

    /// The frame for `scene` at scene time `time` (seconds).
    public static func frame(for scene: Scene, at time: Double) -> Frame {
        let (width, height) = pixelSize(of: scene)
        var builder = FrameBuilder()
        let root = AffineTransform.scale(scene.scale, scene.scale)
        for layer in scene.layers {
            builder.visit(layer, parentTime: time, parentToDevice: root, opacity: 1, tint: .white, clips: ClipStack())
        }
        let bg = scene.backgroundColor.clamped
        return Frame(width: width, height: height,
                     background: SIMD4(Float(bg.red), Float(bg.green), Float(bg.blue), Float(bg.alpha)),
                     primitives: builder.primitives)
    }
}

/// The tree walk behind ``SceneEvaluator``.
struct FrameBuilder {
    var primitives: [PrimitiveInstance] = []

    /// `tint` multiplies every colour of the subtree (a replicator instance's
    /// `instanceColor` and offsets, nested replicators multiplied).
    mutating func visit(_ layer: Layer, parentTime: Double, parentToDevice: AffineTransform,
                        opacity parentOpacity: Double, tint: Color, clips parentClips: ClipStack) {
        let localTime = layer.timing.localTime(parentTime: parentTime)
        let p = layer.presentationProperties(atLocalTime: localTime)
        let opacity = parentOpacity * min(max(p.opacity, 0), 1)
        guard !p.isHidden, opacity > 0, !parentClips.isEmpty else { return }

        let size = p.bounds.size
        let anchor = Point(x: p.bounds.origin.x + p.anchorPoint.x * size.width,
                           y: p.bounds.origin.y + p.anchorPoint.y * size.height)
        let localToParent = AffineTransform.translation(-anchor.x, -anchor.y)
            .concatenating(p.transform.affine)
            .concatenating(.translation(p.position.x, p.position.y))
        let toDevice = localToParent.concatenating(parentToDevice)
        guard toDevice.isFinite else { return }
        let bounds = p.bounds
        let center = Point(x: bounds.midX, y: bounds.midY)
        let hasArea = size.width > 0 && size.height > 0

        var ownClips = parentClips
        if p.masksToBounds {
            guard hasArea, let inverse = toDevice.inverted else { return }
            ownClips.push(Clip(deviceToClip: inverse.concatenating(.translation(-center.x, -center.y)),
                               halfWidth: size.width / 2, halfHeight: size.height / 2,
                               radius: max(p.cornerRadius, 0)))
        }

        if hasArea, let background = p.backgroundColor, background.alpha > 0 {
            emit(.roundedRect(bounds, cornerRadius: p.cornerRadius), fill: background.tinted(tint), stroke: nil,
                 lineWidth: 0, transform: toDevice, opacity: opacity, clips: parentClips)
        }
        if layer.kind == .gradient, hasArea, let paint = Self.gradientPaint(p, tint: tint) {
            emit(.roundedRect(bounds, cornerRadius: 0), fill: nil, stroke: nil, lineWidth: 0,
                 transform: toDevice, opacity: opacity, clips: ownClips, paint: paint)
        }
        if layer.kind == .shape {
            let stroke = p.lineWidth > 0 && p.strokeEnd > p.strokeStart ? p.strokeColor : nil
            for subpath in p.path.subpaths {
                emit(subpath, fill: p.fillColor?.tinted(tint), stroke: stroke?.tinted(tint), lineWidth: p.lineWidth,
                     transform: toDevice, opacity: opacity, clips: ownClips)
            }
        }
        if !layer.sublayers.isEmpty {
            let sublayerToDevice = AffineTransform.translation(-anchor.x, -anchor.y)
                .concatenating(p.sublayerTransform.affine)
                .concatenating(.translation(anchor.x, anchor.y))
                .concatenating(toDevice)
            if layer.kind == .replicator {
                visitInstances(of: layer, properties: p, localTime: localTime, sublayerToDevice: sublayerToDevice,
                               center: center, opacity: opacity, tint: tint, clips: ownClips)
            } else {
                for sublayer in layer.sublayers {
                    visit(sublayer, parentTime: localTime, parentToDevice: sublayerToDevice, opacity: opacity,
                          tint: tint, clips: ownClips)
                }
            }
        }
        if hasArea, p.borderWidth > 0, let border = p.borderColor, border.alpha > 0 {
            let w = min(p.borderWidth, min(size.width, size.height) / 2)
            let inset = Rect(x: bounds.origin.x + w / 2, y: bounds.origin.y + w / 2,
                             width: size.width - w, height: size.height - w)
            emit(.roundedRect(inset, cornerRadius: max(p.cornerRadius - w / 2, 0)), fill: nil, stroke: border.tinted(tint),
                 lineWidth: w, transform: toDevice, opacity: opacity, clips: parentClips)
        }
    }

    /// A replicator's sublayers, `instanceCount` times (core-animation.md
    /// §10): instance k is transformed by `instanceTransform`ᵏ about the
    /// layer's centre, runs `k · instanceDelay` seconds behind, and is tinted
    /// by `instanceColor + k · offsets` (clamped to 0…1).
    private mutating func visitInstances(of layer: Layer, properties p: LayerProperties, localTime: Double,
                                         sublayerToDevice: AffineTransform, center: Point, opacity: Double,
                                         tint: Color, clips: ClipStack) {
        let step = AffineTransform.translation(-center.x, -center.y)
            .concatenating(p.instanceTransform.affine)
            .concatenating(.translation(center.x, center.y))
        var instanceToDevice = sublayerToDevice
        for k in 0..<max(p.instanceCount, 0) {
            let n = Double(k)
            let modulation = Color(red: p.instanceColor.red + n * p.instanceRedOffset,
                                   green: p.instanceColor.green + n * p.instanceGreenOffset,
                                   blue: p.instanceColor.blue + n * p.instanceBlueOffset,
                                   alpha: p.instanceColor.alpha + n * p.instanceAlphaOffset).clamped
            for sublayer in layer.sublayers {
                visit(sublayer, parentTime: localTime - n * p.instanceDelay, parentToDevice: instanceToDevice,
                      opacity: opacity, tint: modulation.tinted(tint), clips: clips)
            }
            instanceToDevice = step.concatenating(instanceToDevice)
        }
    }

    /// Appends one primitive for `subpath`, or nothing when it cannot be seen.
    /// `paint`, when given, fills instead of `fill`.
    private mutating func emit(_ subpath: Subpath, fill: Color?, stroke: Color?, lineWidth: Double,
                               transform: AffineTransform, opacity: Double, clips: ClipStack,
                               paint: GradientPaint? = nil) {
        let fill = fill.map(\.clamped).flatMap { $0.alpha > 0 ? $0 : nil }
        let stroke = lineWidth > 0 ? stroke.map(\.clamped).flatMap { $0.alpha > 0 ? $0 : nil } : nil
        guard fill != nil || stroke != nil || paint != nil, abs(transform.determinant) > 1e-12 else { return }

        var kind: ShapeKind
        var shape: SIMD4<Float>
        var extra = SIMD4<Float>(0, 0, Float(opacity), 0)
        switch subpath {
        case .ellipse(let rect):
            let r = rect.standardized
            guard r.size.width > 0, r.size.height > 0 else { return }
            kind = .ellipse
            shape = SIMD4(Float(r.midX), Float(r.midY), Float(r.size.width / 2), Float(r.size.height / 2))
        case .roundedRect(let rect, let cornerRadius):
            let r = rect.standardized
            guard r.size.width > 0 || r.size.height > 0 else { return }
            kind = .roundedRect
            shape = SIMD4(Float(r.midX), Float(r.midY), Float(r.size.width / 2), Float(r.size.height / 2))
            extra.x = Float(max(cornerRadius, 0))
        case .star(let center, let points, let outerRadius, let innerRadius, let rotation):
            guard points >= 2, outerRadius > 0, innerRadius >= 0 else { return }
            kind = .star
            shape = SIMD4(Float(center.x), Float(center.y), Float(outerRadius), Float(innerRadius))
            extra.x = Float(points); extra.y = Float(rotation)
        case .elements:
            return  // general paths are drawn once the polygon primitives land
        }
        var instance = PrimitiveInstance(
            transform: SIMD4(Float(transform.a), Float(transform.b), Float(transform.c), Float(transform.d)),
            translation: SIMD4(Float(transform.tx), Float(transform.ty), Float(kind.rawValue),
                               stroke == nil ? 0 : Float(lineWidth)),
            shape: shape, shapeExtra: extra,
            fillColor: fill.map(Self.vector) ?? .zero,
            strokeColor: stroke.map(Self.vector) ?? .zero, paint: paint)
        clips.apply(to: &instance)
        primitives.append(instance)
    }

    /// A gradient layer's content paint (core-animation.md §8): start and end
    /// from unit coordinates of the bounds; `locations` when there is one per
    /// colour, else evenly spaced; colours tinted; nil without colours or when
    /// every stop is transparent. At most `GradientPaint.maximumStops` stops
    /// (the scene decoder enforces it).
    static func gradientPaint(_ p: LayerProperties, tint: Color) -> GradientPaint? {
        guard let colors = p.colors?.prefix(GradientPaint.maximumStops), !colors.isEmpty else { return nil }
        let tinted = colors.map { $0.tinted(tint) }
        guard tinted.contains(where: { $0.alpha > 0 }) else { return nil }
        let n = tinted.count
        let locations = p.locations.flatMap { $0.count == n ? $0 : nil }
            ?? (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
        func local(_ u: Point) -> SIMD2<Float> {
            SIMD2(Float(p.bounds.origin.x + u.x * p.bounds.size.width),
                  Float(p.bounds.origin.y + u.y * p.bounds.size.height))
        }
        let kind: PaintKind = switch p.gradientType {
        case .axial: .axial
        case .radial: .radial
        case .conic: .conic
        }
        return GradientPaint(kind: kind, start: local(p.startPoint), end: local(p.endPoint),
                             locations: locations.map(Float.init), colors: tinted.map(vector))
    }

    private static func vector(_ c: Color) -> SIMD4<Float> {
        SIMD4(Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha))
    }
}

extension Rect {
    /// The same rectangle with a non-negative width and height (as `CGRect.standardized`).
    var standardized: Rect {
        Rect(x: min(origin.x, origin.x + size.width), y: min(origin.y, origin.y + size.height),
             width: abs(size.width), height: abs(size.height))
    }
}

extension Color {
    /// Clamped to 0…1, then multiplied component-wise by `tint` (alpha included).
    func tinted(_ tint: Color) -> Color {
        let c = clamped
        return Color(red: c.red * tint.red, green: c.green * tint.green, blue: c.blue * tint.blue,
                     alpha: c.alpha * tint.alpha)
    }
}
