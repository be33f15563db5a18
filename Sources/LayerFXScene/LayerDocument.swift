import LayerFXCore
import LayerFXModel

/// One entry of `layers` or `sublayers`: a CALayer, or with `"type"` a
/// CAShapeLayer, CAGradientLayer, CAReplicatorLayer or CATextLayer.
/// `mask` references by name are resolved later, for the whole document
/// (`MaskResolver`).
struct LayerDocument: SceneValueDecodable {
    var decoded: DecodedLayer

    /// The keys a layer may have: CALayer's, then its subclasses'.
    enum Key: String, CaseIterable {
        case type, name, bounds, position, anchorPoint, transform, sublayerTransform
        case opacity, hidden, backgroundColor, cornerRadius, borderWidth, borderColor
        case masksToBounds, contents, mask, maskMode, sublayers, animations, beginTime, speed, timeOffset
        case path, fillColor, fillRule, strokeColor, lineWidth, lineCap, lineJoin
        case miterLimit, strokeStart, strokeEnd, lineDashPattern, lineDashPhase
        case colors, locations, startPoint, endPoint, gradientType
        case instanceCount, instanceTransform, instanceDelay, instanceColor
        case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset
        case string, font, fontSize, foregroundColor, alignmentMode

        /// The layer subclass that has this key; nil for CALayer's own.
        var owner: LayerKind? {
            switch self {
            case .path, .fillColor, .fillRule, .strokeColor, .lineWidth, .lineCap, .lineJoin,
                 .miterLimit, .strokeStart, .strokeEnd, .lineDashPattern, .lineDashPhase: .shape
            case .colors, .locations, .startPoint, .endPoint, .gradientType: .gradient
            case .instanceCount, .instanceTransform, .instanceDelay, .instanceColor, .instanceRedOffset,
                 .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset: .replicator
            case .string, .font, .fontSize, .foregroundColor, .alignmentMode: .text
            default: nil
            }
        }

        static let table = KeyTable<Key>()

        /// The keys a layer of `kind` accepts.
        static func keys(of kind: LayerKind) -> [String] {
            allCases.filter { $0.owner == nil || $0.owner == kind }.map(\.rawValue)
        }
    }

    init<V: SceneValue>(_ value: V) throws {
        let object = try value.object()
        if let type = object.member("type"), type.kind == .string, try type.string() == EffectLayer.typeName {
            self.init(decoded: try EffectLayer.decode(object))
            return
        }
        try self.init(object, kind: Self.decodeKind(object.member("type")))
    }

    init(decoded: DecodedLayer) { self.decoded = decoded }

    /// Decodes `object` as a layer of `kind`; members named in `skipping`
    /// are left to the caller (an effect layer's `type`, `effect` and parameters).
    init<O: SceneObject>(_ object: O, kind: LayerKind, skipping: Set<String> = []) throws {
        var layer = Layer(kind: kind)
        decoded = DecodedLayer(layer: layer)

        try object.forEachMember { key, member in
            if skipping.contains(key.name) { return }
            guard let known = Key.table(key.name), known.owner == nil || known.owner == kind else {
                throw StrictKeys.unknownKey(key, in: object, allowed: Key.keys(of: kind),
                                            note: Self.note(forForeignKey: key.name))
            }
            switch known {
            case .type: break
            case .name: layer.name = try member.string()
            case .bounds: layer.properties.bounds = try RectValue(member).rect
            case .position: layer.properties.position = try PointValue(member).point
            case .anchorPoint: layer.properties.anchorPoint = try PointValue(member).point
            case .transform: layer.properties.transform = try TransformValue(member).transform
            case .sublayerTransform: layer.properties.sublayerTransform = try TransformValue(member).transform
            case .opacity: layer.properties.opacity = try member.number()
            case .hidden: layer.properties.isHidden = try member.bool()
            case .backgroundColor: layer.properties.backgroundColor = try ColorValue(member).color
            case .cornerRadius: layer.properties.cornerRadius = try member.number(.nonNegative)
            case .borderWidth: layer.properties.borderWidth = try member.number(.nonNegative)
            case .borderColor: layer.properties.borderColor = try ColorValue(member).color
            case .masksToBounds: layer.properties.masksToBounds = try member.bool()
            case .contents: decoded.contentsUse = try Self.contents(member)
            case .mask:
                switch member.kind {
                case .null: decoded.mask = nil
                case .string: decoded.mask = .reference(try member.string(), issue: { member.issue($0) })
                case .object: decoded.mask = .inline(try LayerDocument(member).decoded)
                default: throw member.issue("expected a layer object or the name of another layer, found \(member.kindDescription)")
                }
            case .maskMode: layer.properties.maskMode = try member.name("mask mode", MaskMode.allCases)
            case .sublayers: decoded.sublayers = try member.array { try LayerDocument($0).decoded }
            case .beginTime: layer.timing.beginTime = try member.number()
            case .speed: layer.timing.speed = try member.number()
            case .timeOffset: layer.timing.timeOffset = try member.number()
            case .animations:
                layer.animations = try member.array { try AnimationDocument($0, layerKind: kind).animation }
            case .path: layer.properties.path = try PathValue(member).path
            case .fillColor: layer.properties.fillColor = try ColorValue(member).color
            case .fillRule:
                layer.properties.fillRule = try member.name("fill rule", [WindingRule.nonZero, .evenOdd], spelled: \.sceneName)
            case .strokeColor: layer.properties.strokeColor = try ColorValue(member).color
            case .lineWidth: layer.properties.lineWidth = try member.number(.nonNegative)
            case .lineCap: layer.properties.lineCap = try member.name("line cap", [LineCap.butt, .round, .square])
            case .lineJoin: layer.properties.lineJoin = try member.name("line join", [LineJoin.miter, .round, .bevel])
            case .miterLimit: layer.properties.miterLimit = try member.number()
            case .strokeStart: layer.properties.strokeStart = try member.number()
            case .strokeEnd: layer.properties.strokeEnd = try member.number()
            case .lineDashPattern:
                layer.properties.lineDashPattern = member.kind == .null ? nil : try DashPattern.lengths(member)
            case .lineDashPhase: layer.properties.lineDashPhase = try member.number()
            case .colors:
                layer.properties.colors = member.kind == .null ? nil : try GradientStops.colors(member)
            case .locations:
                layer.properties.locations = member.kind == .null ? nil : try GradientStops.locations(member)
            case .startPoint: layer.properties.startPoint = try PointValue(member).point
            case .endPoint: layer.properties.endPoint = try PointValue(member).point
            case .gradientType:
                layer.properties.gradientType = try member.name("gradient type", [GradientType.axial, .radial, .conic])
            case .instanceCount:
                let count = try member.integer()
                guard (0...Self.maximumInstanceCount).contains(count) else {
                    throw member.issue("instanceCount must be in 0…\(Self.maximumInstanceCount) (got \(count))")
                }
                layer.properties.instanceCount = count
            case .instanceTransform: layer.properties.instanceTransform = try TransformValue(member).transform
            case .instanceDelay: layer.properties.instanceDelay = try member.number()
            case .instanceColor: layer.properties.instanceColor = try Self.color(member)
            case .instanceRedOffset: layer.properties.instanceRedOffset = try member.number()
            case .instanceGreenOffset: layer.properties.instanceGreenOffset = try member.number()
            case .instanceBlueOffset: layer.properties.instanceBlueOffset = try member.number()
            case .instanceAlphaOffset: layer.properties.instanceAlphaOffset = try member.number()
            case .string: layer.properties.string = try member.string()
            case .font:
                layer.properties.font = member.kind == .null ? nil : try member.string()
            case .fontSize: layer.properties.fontSize = try member.number(.nonNegative)
            case .foregroundColor: layer.properties.foregroundColor = try ColorValue(member).color
            case .alignmentMode:
                layer.properties.alignmentMode = try member.name("alignment mode", TextAlignmentMode.allCases)
            }
        }
        decoded.layer = layer
        if kind == .text { decoded.fontUses = [FontUse(font: layer.properties.font, in: object)] }
        if let locations = layer.properties.locations, let colors = layer.properties.colors,
           locations.count != colors.count, let member = object.member("locations") {
            throw member.issue("locations has \(locations.count) entries but colors has \(colors.count); give one location per color")
        }
    }

    /// Most copies a replicator may make (a typo should not make a billion).
    static let maximumInstanceCount = 100_000

    /// A `contents` value: a file path or a data URI, or null for none.
    private static func contents<V: SceneValue>(_ value: V) throws -> ContentsUse? {
        if value.kind == .null { return nil }
        let source = try value.string()
        guard !source.isEmpty else { throw value.issue("expected an image file path or a data URI, found an empty string") }
        return ContentsUse(source: source, issue: { value.issue($0) })
    }

    /// A colour that may not be null (a gradient stop, `instanceColor`).
    static func color<V: SceneValue>(_ value: V) throws -> Color {
        guard let color = try ColorValue(value).color else { throw value.issue("expected a color, found null") }
        return color
    }

    /// The layer's `type` (absent: a plain layer); unsupported subclasses are rejected here.
    private static func decodeKind<V: SceneValue>(_ value: V?) throws -> LayerKind {
        guard let value else { return .plain }
        let name = try value.string()
        let kinds: [LayerKind] = [.plain, .shape, .gradient, .replicator, .text]
        if let kind = kinds.first(where: { $0.typeName == name }) { return kind }
        if Unsupported.layerTypes.contains(name) { throw value.issue(Unsupported.layerType(name)) }
        throw value.issue(StrictKeys.unknownName("layer type", name, options: kinds.map(\.typeName) + [EffectLayer.typeName]))
    }

    /// Why a key of another layer class is not accepted on this one.
    private static func note(forForeignKey key: String) -> String? {
        if let owner = Key.table(key)?.owner {
            return "\(key) belongs to \(owner.typeName) layers; add \"type\": \"\(owner.typeName)\""
        }
        if let note = EffectLayer.note(forForeignKey: key) { return note }
        return Unsupported.subclassKeyNote(key)
    }
}
