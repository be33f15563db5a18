import LayerFXCore
import LayerFXImageIO
import LayerFXModel

/// Writes a `Scene` as a scene file of the contract (version 1): what
/// `layerfx expand` prints. Decoding the text gives back an equal `Scene`.
///
/// The output is deterministic: keys in a fixed order (a layer's `type` and
/// `name`, geometry, appearance, timing, its class's keys, `maskMode` and `mask`,
/// `animations`, `sublayers`), values equal to their default left out,
/// numbers in the shortest form that reads back as the same Double, colours
/// as `[r, g, b, a]`, transforms as `{"translation", "rotation", "scale"}`
/// objects (a general matrix as six numbers), masks inline.
///
/// A layer's `contents` is written as the scene wrote it (its image's
/// `source`), an image made from pixels as a PNG data URI.
///
/// What has no contract spelling is written as closely as it can be: a
/// keyframe animation's `path` (kept as Bézier segments) as SVG path data,
/// which decodes to the same segments; a transform with both a
/// matrix and components as its combined matrix; a non-finite number as
/// `null`. Properties of another layer class than the layer's (set through
/// the Swift API) are not written.
public enum SceneEncoder {
    /// The scene as JSON text, ending with a newline.
    public static func encode(_ scene: Scene) -> String {
        var members: [(String, JSONValue)] = [("version", .number(1)), ("size", size(scene.size))]
        if scene.scale != 1 { members.append(("scale", .number(scene.scale))) }
        if scene.backgroundColor != .clear { members.append(("backgroundColor", color(scene.backgroundColor))) }
        if let timeline = scene.timeline {
            members.append(("timeline", .object([("frameRate", .number(timeline.frameRate)), ("start", .number(timeline.start)),
                                                 ("end", .number(timeline.end))])))
        }
        members.append(("layers", .array(scene.layers.map(layer))))
        return JSONValue.object(members).text() + "\n"
    }

    /// One layer (and its subtree) as a layer object.
    public static func encode(_ layer: Layer) -> String {
        Self.layer(layer).text() + "\n"
    }

    // MARK: - Layers

    static func layer(_ layer: Layer) -> JSONValue {
        let p = layer.properties
        let d = LayerProperties()
        var m: [(String, JSONValue)] = []
        func add(_ key: String, _ value: JSONValue) { m.append((key, value)) }
        if layer.kind != .plain { add("type", .string(layer.kind.typeName)) }
        if let name = layer.name { add("name", .string(name)) }
        if p.bounds != d.bounds { add("bounds", rect(p.bounds)) }
        if p.position != d.position { add("position", point(p.position)) }
        if p.anchorPoint != d.anchorPoint { add("anchorPoint", point(p.anchorPoint)) }
        if p.transform != d.transform { add("transform", transform(p.transform)) }
        if p.sublayerTransform != d.sublayerTransform { add("sublayerTransform", transform(p.sublayerTransform)) }
        if p.opacity != d.opacity { add("opacity", .number(p.opacity)) }
        if p.isHidden != d.isHidden { add("hidden", .bool(p.isHidden)) }
        if p.backgroundColor != d.backgroundColor { add("backgroundColor", optionalColor(p.backgroundColor)) }
        if p.cornerRadius != d.cornerRadius { add("cornerRadius", .number(p.cornerRadius)) }
        if p.borderWidth != d.borderWidth { add("borderWidth", .number(p.borderWidth)) }
        if p.borderColor != d.borderColor { add("borderColor", optionalColor(p.borderColor)) }
        if p.masksToBounds != d.masksToBounds { add("masksToBounds", .bool(p.masksToBounds)) }
        if let contents = p.contents {
            add("contents", (contents.source ?? PNGEncoder.dataURI(contents)).map(JSONValue.string) ?? .null)
        }
        let t = layer.timing
        if t.beginTime != 0 { add("beginTime", .number(t.beginTime)) }
        if t.speed != 1 { add("speed", .number(t.speed)) }
        if t.timeOffset != 0 { add("timeOffset", .number(t.timeOffset)) }

        switch layer.kind {
        case .plain: break
        case .shape:
            if p.path != d.path { add("path", path(p.path)) }
            if p.fillColor != d.fillColor { add("fillColor", optionalColor(p.fillColor)) }
            if p.fillRule != d.fillRule { add("fillRule", .string(p.fillRule.sceneName)) }
            if p.strokeColor != d.strokeColor { add("strokeColor", optionalColor(p.strokeColor)) }
            if p.lineWidth != d.lineWidth { add("lineWidth", .number(p.lineWidth)) }
            if p.lineCap != d.lineCap { add("lineCap", .string(p.lineCap.rawValue)) }
            if p.lineJoin != d.lineJoin { add("lineJoin", .string(p.lineJoin.rawValue)) }
            if p.miterLimit != d.miterLimit { add("miterLimit", .number(p.miterLimit)) }
            if p.strokeStart != d.strokeStart { add("strokeStart", .number(p.strokeStart)) }
            if p.strokeEnd != d.strokeEnd { add("strokeEnd", .number(p.strokeEnd)) }
            if let dashes = p.lineDashPattern { add("lineDashPattern", numbers(dashes)) }
            if p.lineDashPhase != d.lineDashPhase { add("lineDashPhase", .number(p.lineDashPhase)) }
        case .gradient:
            if let colors = p.colors { add("colors", .array(colors.map(color))) }
            if let locations = p.locations { add("locations", numbers(locations)) }
            if p.startPoint != d.startPoint { add("startPoint", point(p.startPoint)) }
            if p.endPoint != d.endPoint { add("endPoint", point(p.endPoint)) }
            if p.gradientType != d.gradientType { add("gradientType", .string(p.gradientType.rawValue)) }
        case .replicator:
            if p.instanceCount != d.instanceCount { add("instanceCount", .number(Double(p.instanceCount))) }
            if p.instanceTransform != d.instanceTransform { add("instanceTransform", transform(p.instanceTransform)) }
            if p.instanceDelay != d.instanceDelay { add("instanceDelay", .number(p.instanceDelay)) }
            if p.instanceColor != d.instanceColor { add("instanceColor", color(p.instanceColor)) }
            if p.instanceRedOffset != 0 { add("instanceRedOffset", .number(p.instanceRedOffset)) }
            if p.instanceGreenOffset != 0 { add("instanceGreenOffset", .number(p.instanceGreenOffset)) }
            if p.instanceBlueOffset != 0 { add("instanceBlueOffset", .number(p.instanceBlueOffset)) }
            if p.instanceAlphaOffset != 0 { add("instanceAlphaOffset", .number(p.instanceAlphaOffset)) }
        case .text:
            if p.string != d.string { add("string", .string(p.string)) }
            if let font = p.font { add("font", .string(font)) }
            if p.fontSize != d.fontSize { add("fontSize", .number(p.fontSize)) }
            if p.foregroundColor != d.foregroundColor { add("foregroundColor", optionalColor(p.foregroundColor)) }
            if p.alignmentMode != d.alignmentMode { add("alignmentMode", .string(p.alignmentMode.rawValue)) }
        }
        if p.maskMode != d.maskMode { add("maskMode", .string(p.maskMode.rawValue)) }
        if let mask = layer.mask { add("mask", self.layer(mask)) }
        if !layer.animations.isEmpty { add("animations", .array(layer.animations.map(animation))) }
        if !layer.sublayers.isEmpty { add("sublayers", .array(layer.sublayers.map(self.layer))) }
        return .object(m)
    }

    // MARK: - Animations

    static func animation(_ animation: Animation) -> JSONValue {
        var m: [(String, JSONValue)] = []
        func add(_ key: String, _ value: JSONValue) { m.append((key, value)) }
        let typeName: String? = switch animation.kind {
        case .basic: nil
        case .keyframe, .motion: "keyframe"
        case .spring: "spring"
        case .group: "group"
        }
        if let typeName { add("type", .string(typeName)) }
        if let keyPath = animation.keyPath { add("keyPath", .string(keyPath.name)) }
        switch animation.kind {
        case let .basic(from, to, by), let .spring(from, to, by, _):
            if let from { add("fromValue", value(from)) }
            if let to { add("toValue", value(to)) }
            if let by { add("byValue", value(by)) }
            if case .spring(_, _, _, let spring) = animation.kind {
                let d = SpringParameters()
                if spring.mass != d.mass { add("mass", .number(spring.mass)) }
                if spring.stiffness != d.stiffness { add("stiffness", .number(spring.stiffness)) }
                if spring.damping != d.damping { add("damping", .number(spring.damping)) }
                if spring.initialVelocity != d.initialVelocity { add("initialVelocity", .number(spring.initialVelocity)) }
                if spring.allowsOverdamping { add("allowsOverdamping", .bool(true)) }
            }
        case let .keyframe(values, keyTimes, functions, mode):
            add("values", .array(values.map(value)))
            keyframeTiming(keyTimes, functions, mode, into: &m)
        case let .motion(motionPath, keyTimes, functions, mode, rotationMode):
            add("path", .object([("svg", .string(svg(motionPath)))]))
            keyframeTiming(keyTimes, functions, mode, into: &m)
            if let rotationMode { add("rotationMode", .string(rotationMode.rawValue)) }
        case .group:
            break
        }
        let t = animation.timing
        if t.beginTime != 0 { add("beginTime", .number(t.beginTime)) }
        if t.duration != 0 { add("duration", .number(t.duration)) }
        if t.speed != 1 { add("speed", .number(t.speed)) }
        if t.timeOffset != 0 { add("timeOffset", .number(t.timeOffset)) }
        if t.repeatCount != 0 { add("repeatCount", repeatValue(t.repeatCount)) }
        if t.repeatDuration != 0 { add("repeatDuration", repeatValue(t.repeatDuration)) }
        if t.autoreverses { add("autoreverses", .bool(true)) }
        if t.fillMode != .removed { add("fillMode", .string(t.fillMode.rawValue)) }
        if !animation.removedOnCompletion { add("removedOnCompletion", .bool(false)) }
        if animation.isAdditive { add("additive", .bool(true)) }
        if animation.isCumulative { add("cumulative", .bool(true)) }
        if let function = animation.timingFunction { add("timingFunction", timingFunction(function)) }
        if case .group(let children) = animation.kind {
            add("animations", .array(children.map(self.animation)))
        }
        return .object(m)
    }

    private static func keyframeTiming(_ keyTimes: [Double]?, _ functions: [TimingFunction]?, _ mode: CalculationMode,
                                       into m: inout [(String, JSONValue)]) {
        if let keyTimes { m.append(("keyTimes", numbers(keyTimes))) }
        if let functions { m.append(("timingFunctions", .array(functions.map(timingFunction)))) }
        if mode != .linear { m.append(("calculationMode", .string(mode.rawValue))) }
    }

    // MARK: - Values

    static func value(_ value: AnimatableValue) -> JSONValue {
        switch value {
        case .scalar(let v): .number(v)
        case .point(let p): point(p)
        case .size(let s): size(s)
        case .rect(let r): rect(r)
        case .color(let c): color(c)
        case .noColor: .null
        case .transform(let t): transform(t)
        case .path(let p): path(p)
        case .numbers(let list): numbers(list)
        case .colors(let list): .array(list.map(color))
        }
    }

    static func numbers(_ values: some Sequence<Double>) -> JSONValue { .array(values.map(JSONValue.number)) }
    static func point(_ p: Point) -> JSONValue { numbers([p.x, p.y]) }
    static func size(_ s: Size) -> JSONValue { numbers([s.width, s.height]) }
    static func rect(_ r: Rect) -> JSONValue { numbers([r.origin.x, r.origin.y, r.size.width, r.size.height]) }
    static func color(_ c: Color) -> JSONValue { numbers([c.red, c.green, c.blue, c.alpha]) }
    static func optionalColor(_ c: Color?) -> JSONValue { c.map(color) ?? .null }

    static func repeatValue(_ v: Double) -> JSONValue {
        v >= Double(Float.greatestFiniteMagnitude) ? .string("infinity") : .number(v)
    }

    static func timingFunction(_ f: TimingFunction) -> JSONValue {
        for name in TimingFunctionValue.names where TimingFunction.named[name] == f { return .string(name) }
        return numbers([f.c1x, f.c1y, f.c2x, f.c2y])
    }

    /// `{"translation": [x, y], "rotation": r, "scale": s}` (or `scaleX`/`scaleY`),
    /// leaving out identity parts; a matrix as `[a, b, c, d, tx, ty]`.
    static func transform(_ t: LayerTransform) -> JSONValue {
        if t.matrix != .identity {
            let m = t.affine
            return numbers([m.a, m.b, m.c, m.d, m.tx, m.ty])
        }
        var m: [(String, JSONValue)] = []
        if t.translationX != 0 || t.translationY != 0 {
            m.append(("translation", numbers([t.translationX, t.translationY])))
        }
        if t.rotation != 0 { m.append(("rotation", .number(t.rotation))) }
        if t.scaleX == t.scaleY {
            if t.scaleX != 1 { m.append(("scale", .number(t.scaleX))) }
        } else {
            m.append(("scaleX", .number(t.scaleX)))
            m.append(("scaleY", .number(t.scaleY)))
        }
        return .object(m)
    }

    /// `null` for an empty path, one path object, or an array of them.
    static func path(_ path: ShapePath) -> JSONValue {
        switch path.subpaths.count {
        case 0: .null
        case 1: subpath(path.subpaths[0])
        default: .array(path.subpaths.map(subpath))
        }
    }

    static func subpath(_ subpath: Subpath) -> JSONValue {
        switch subpath {
        case .ellipse(let r):
            return .object([("ellipseIn", rect(r))])
        case .roundedRect(let r, let radius):
            return .object([("rect", rect(r))] + (radius != 0 ? [("cornerRadius", .number(radius))] : []))
        case let .star(center, points, outerRadius, innerRadius, rotation):
            var star: [(String, JSONValue)] = [
                ("center", point(center)), ("points", .number(Double(points))),
                ("outerRadius", .number(outerRadius)), ("innerRadius", .number(innerRadius)),
            ]
            if rotation != 0 { star.append(("rotation", .number(rotation))) }
            return .object([("star", .object(star))])
        case .elements(let elements):
            return .object([("svg", .string(PathElement.svgPathData(elements)))])
        }
    }

    /// A motion path as SVG path data: `M` to its start, then one `C` per segment.
    static func svg(_ path: MotionPath) -> String {
        PathElement.svgPathData([.move(path.start)] + path.segments.map {
            .cubic(control1: $0.control1, control2: $0.control2, end: $0.end)
        })
    }
}
