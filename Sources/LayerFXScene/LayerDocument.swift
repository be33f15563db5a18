import LayerFXModel

/// One entry of `layers` or `sublayers`: a CALayer, or a CAShapeLayer with
/// `"type": "shape"`.
struct LayerDocument: Decodable {
    var layer: Layer

    /// The keys a layer may have: CALayer's, then CAShapeLayer's.
    enum Key: String, CaseIterable {
        case type, name, bounds, position, anchorPoint, transform, sublayerTransform
        case opacity, hidden, backgroundColor, cornerRadius, borderWidth, borderColor
        case masksToBounds, mask, sublayers, animations, beginTime, speed, timeOffset
        case path, fillColor, fillRule, strokeColor, lineWidth, lineCap, lineJoin
        case miterLimit, strokeStart, strokeEnd, lineDashPattern

        /// Whether only shape layers (CAShapeLayer) have this key.
        var isShapeOnly: Bool {
            switch self {
            case .path, .fillColor, .fillRule, .strokeColor, .lineWidth, .lineCap, .lineJoin,
                 .miterLimit, .strokeStart, .strokeEnd, .lineDashPattern: true
            default: false
            }
        }

        static let table = KeyTable<Key>()
        static let layerKeys = allCases.filter { !$0.isShapeOnly }.map(\.rawValue)
        static let shapeKeys = allCases.filter(\.isShapeOnly).map(\.rawValue)
    }

    init(from decoder: any Decoder) throws {
        if let tree = decoder.treeValue { try self.init(tree) } else { try self.init(DecoderValue(decoder: decoder)) }
    }

    init<V: SceneValue>(_ value: V) throws {
        let object = try value.object()
        let kind = try Self.decodeKind(object.member("type"))
        layer = Layer(kind: kind)

        try object.forEachMember { key, member in
            guard let known = Key.table(key.name), kind == .shape || !known.isShapeOnly else {
                let allowed = kind == .shape ? Key.layerKeys + Key.shapeKeys : Key.layerKeys
                throw StrictKeys.unknownKey(key, in: object, allowed: allowed, note: Self.note(forForeignKey: key.name))
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
            case .mask:
                if member.kind != .null { throw member.issue(Unsupported.mask) }
            case .sublayers: layer.sublayers = try member.array { try LayerDocument($0).layer }
            case .beginTime: layer.timing.beginTime = try member.number()
            case .speed: layer.timing.speed = try member.number()
            case .timeOffset: layer.timing.timeOffset = try member.number()
            case .animations:
                layer.animations = try member.array { try AnimationDocument($0, layerKind: kind).animation }
            case .path: layer.properties.path = try PathValue(member).path
            case .fillColor: layer.properties.fillColor = try ColorValue(member).color
            case .fillRule: layer.properties.fillRule = try member.name("fill rule", [FillRule.nonZero, .evenOdd])
            case .strokeColor: layer.properties.strokeColor = try ColorValue(member).color
            case .lineWidth: layer.properties.lineWidth = try member.number(.nonNegative)
            case .lineCap: layer.properties.lineCap = try member.name("line cap", [LineCap.butt, .round, .square])
            case .lineJoin: layer.properties.lineJoin = try member.name("line join", [LineJoin.miter, .round, .bevel])
            case .miterLimit: layer.properties.miterLimit = try member.number()
            case .strokeStart: layer.properties.strokeStart = try member.number()
            case .strokeEnd: layer.properties.strokeEnd = try member.number()
            case .lineDashPattern:
                if member.kind == .null { break }
                let dashes = try member.array { try $0.number() }
                if !dashes.isEmpty { throw member.issue(Unsupported.lineDashPattern) }
            }
        }
    }

    /// The layer's `type` (absent: a plain layer); unsupported subclasses are rejected here.
    private static func decodeKind<V: SceneValue>(_ value: V?) throws -> LayerKind {
        guard let value else { return .plain }
        let name = try value.string()
        switch name {
        case "layer": return .plain
        case "shape": return .shape
        case let other where Unsupported.layerTypes.contains(other):
            throw value.issue(Unsupported.layerType(other))
        default:
            throw value.issue(StrictKeys.unknownName("layer type", name, options: ["layer", "shape"]))
        }
    }

    /// Why a key of another layer class is not accepted on this one.
    private static func note(forForeignKey key: String) -> String? {
        if Key.table(key)?.isShapeOnly == true {
            return "\(key) belongs to shape layers; add \"type\": \"shape\""
        }
        return Unsupported.subclassKeyNote(key)
    }
}
