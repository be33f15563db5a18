import LayerFXCore

/// A Core Animation key path this model can animate, e.g. `"position.x"`.
public enum AnimatableKeyPath: String, CaseIterable, Hashable, Sendable {
    /// `opacity`.
    case opacity
    /// `position`.
    case position
    /// `position.x`.
    case positionX = "position.x"
    /// `position.y`.
    case positionY = "position.y"
    /// `anchorPoint`.
    case anchorPoint
    /// `bounds`.
    case bounds
    /// `bounds.size`.
    case boundsSize = "bounds.size"
    /// `bounds.origin`.
    case boundsOrigin = "bounds.origin"
    /// `bounds.size.width`.
    case boundsSizeWidth = "bounds.size.width"
    /// `bounds.size.height`.
    case boundsSizeHeight = "bounds.size.height"
    /// `transform`.
    case transform
    /// `transform.scale` (both axes).
    case transformScale = "transform.scale"
    /// `transform.scale.x`.
    case transformScaleX = "transform.scale.x"
    /// `transform.scale.y`.
    case transformScaleY = "transform.scale.y"
    /// `transform.rotation` (about z).
    case transformRotation = "transform.rotation"
    /// `transform.rotation.z`.
    case transformRotationZ = "transform.rotation.z"
    /// `transform.translation.x`.
    case transformTranslationX = "transform.translation.x"
    /// `transform.translation.y`.
    case transformTranslationY = "transform.translation.y"
    /// `sublayerTransform`.
    case sublayerTransform
    /// `backgroundColor`.
    case backgroundColor
    /// `borderColor`.
    case borderColor
    /// `borderWidth`.
    case borderWidth
    /// `cornerRadius`.
    case cornerRadius
    /// `path` (CAShapeLayer).
    case path
    /// `fillColor` (CAShapeLayer).
    case fillColor
    /// `strokeColor` (CAShapeLayer).
    case strokeColor
    /// `lineWidth` (CAShapeLayer).
    case lineWidth
    /// `strokeStart` (CAShapeLayer).
    case strokeStart
    /// `strokeEnd` (CAShapeLayer).
    case strokeEnd
    /// `miterLimit` (CAShapeLayer).
    case miterLimit
    /// `lineDashPhase` (CAShapeLayer).
    case lineDashPhase
    /// `lineDashPattern` (CAShapeLayer), a list of lengths.
    case lineDashPattern
    /// `colors` (CAGradientLayer).
    case colors
    /// `locations` (CAGradientLayer).
    case locations
    /// `startPoint` (CAGradientLayer).
    case startPoint
    /// `endPoint` (CAGradientLayer).
    case endPoint
    /// `instanceDelay` (CAReplicatorLayer).
    case instanceDelay
    /// `instanceTransform` (CAReplicatorLayer).
    case instanceTransform
    /// `instanceColor` (CAReplicatorLayer).
    case instanceColor
    /// `instanceRedOffset` (CAReplicatorLayer).
    case instanceRedOffset
    /// `instanceGreenOffset` (CAReplicatorLayer).
    case instanceGreenOffset
    /// `instanceBlueOffset` (CAReplicatorLayer).
    case instanceBlueOffset
    /// `instanceAlphaOffset` (CAReplicatorLayer).
    case instanceAlphaOffset
    /// `fontSize` (CATextLayer).
    case fontSize
    /// `foregroundColor` (CATextLayer).
    case foregroundColor

    /// The key path as written in scene files.
    public var name: String { rawValue }

    /// The type of `fromValue`/`toValue`/`values` on this key path.
    public var valueType: AnimatableValueType {
        switch self {
        case .opacity, .positionX, .positionY, .boundsSizeWidth, .boundsSizeHeight,
             .transformScale, .transformScaleX, .transformScaleY, .transformRotation,
             .transformRotationZ, .transformTranslationX, .transformTranslationY,
             .borderWidth, .cornerRadius, .lineWidth, .strokeStart, .strokeEnd, .miterLimit, .lineDashPhase,
             .instanceDelay, .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset,
             .fontSize:
            return .scalar
        case .position, .anchorPoint, .boundsOrigin, .startPoint, .endPoint: return .point
        case .boundsSize: return .size
        case .bounds: return .rect
        case .transform, .sublayerTransform, .instanceTransform: return .transform
        case .backgroundColor, .borderColor, .fillColor, .strokeColor, .instanceColor, .foregroundColor: return .color
        case .path: return .path
        case .locations, .lineDashPattern: return .numbers
        case .colors: return .colors
        }
    }

    /// The layer subclass that has this key path; nil for CALayer's own.
    public var owner: LayerKind? {
        switch self {
        case .path, .fillColor, .strokeColor, .lineWidth, .strokeStart, .strokeEnd, .miterLimit, .lineDashPhase,
             .lineDashPattern: .shape
        case .colors, .locations, .startPoint, .endPoint: .gradient
        case .instanceDelay, .instanceTransform, .instanceColor, .instanceRedOffset, .instanceGreenOffset,
             .instanceBlueOffset, .instanceAlphaOffset: .replicator
        case .fontSize, .foregroundColor: .text
        default: nil
        }
    }

    /// Reads this key path's value from `properties`.
    public func value(in properties: LayerProperties) -> AnimatableValue {
        let p = properties
        switch self {
        case .opacity: return .scalar(p.opacity)
        case .position: return .point(p.position)
        case .positionX: return .scalar(p.position.x)
        case .positionY: return .scalar(p.position.y)
        case .anchorPoint: return .point(p.anchorPoint)
        case .bounds: return .rect(p.bounds)
        case .boundsSize: return .size(p.bounds.size)
        case .boundsOrigin: return .point(p.bounds.origin)
        case .boundsSizeWidth: return .scalar(p.bounds.size.width)
        case .boundsSizeHeight: return .scalar(p.bounds.size.height)
        case .transform: return .transform(p.transform)
        case .transformScale: return .scalar((p.transform.scaleX + p.transform.scaleY) / 2)
        case .transformScaleX: return .scalar(p.transform.scaleX)
        case .transformScaleY: return .scalar(p.transform.scaleY)
        case .transformRotation, .transformRotationZ: return .scalar(p.transform.rotation)
        case .transformTranslationX: return .scalar(p.transform.translationX)
        case .transformTranslationY: return .scalar(p.transform.translationY)
        case .sublayerTransform: return .transform(p.sublayerTransform)
        case .backgroundColor: return p.backgroundColor.map(AnimatableValue.color) ?? .noColor
        case .borderColor: return p.borderColor.map(AnimatableValue.color) ?? .noColor
        case .borderWidth: return .scalar(p.borderWidth)
        case .cornerRadius: return .scalar(p.cornerRadius)
        case .path: return .path(p.path)
        case .fillColor: return p.fillColor.map(AnimatableValue.color) ?? .noColor
        case .strokeColor: return p.strokeColor.map(AnimatableValue.color) ?? .noColor
        case .lineWidth: return .scalar(p.lineWidth)
        case .strokeStart: return .scalar(p.strokeStart)
        case .strokeEnd: return .scalar(p.strokeEnd)
        case .miterLimit: return .scalar(p.miterLimit)
        case .lineDashPhase: return .scalar(p.lineDashPhase)
        case .lineDashPattern: return .numbers(p.lineDashPattern ?? [])
        case .colors: return .colors(p.colors ?? [])
        case .locations: return .numbers(p.locations ?? [])
        case .startPoint: return .point(p.startPoint)
        case .endPoint: return .point(p.endPoint)
        case .instanceDelay: return .scalar(p.instanceDelay)
        case .instanceTransform: return .transform(p.instanceTransform)
        case .instanceColor: return .color(p.instanceColor)
        case .instanceRedOffset: return .scalar(p.instanceRedOffset)
        case .instanceGreenOffset: return .scalar(p.instanceGreenOffset)
        case .instanceBlueOffset: return .scalar(p.instanceBlueOffset)
        case .instanceAlphaOffset: return .scalar(p.instanceAlphaOffset)
        case .fontSize: return .scalar(p.fontSize)
        case .foregroundColor: return p.foregroundColor.map(AnimatableValue.color) ?? .noColor
        }
    }

    /// Writes `value` to this key path of `properties`; a value of another type is ignored.
    public func set(_ value: AnimatableValue, in properties: inout LayerProperties) {
        func color(_ v: AnimatableValue) -> Color?? {
            switch v {
            case .color(let c): return .some(c)
            case .noColor: return .some(nil)
            default: return nil
            }
        }
        switch (self, value) {
        case (.opacity, .scalar(let v)): properties.opacity = v
        case (.position, .point(let v)): properties.position = v
        case (.positionX, .scalar(let v)): properties.position.x = v
        case (.positionY, .scalar(let v)): properties.position.y = v
        case (.anchorPoint, .point(let v)): properties.anchorPoint = v
        case (.bounds, .rect(let v)): properties.bounds = v
        case (.boundsSize, .size(let v)): properties.bounds.size = v
        case (.boundsOrigin, .point(let v)): properties.bounds.origin = v
        case (.boundsSizeWidth, .scalar(let v)): properties.bounds.size.width = v
        case (.boundsSizeHeight, .scalar(let v)): properties.bounds.size.height = v
        case (.transform, .transform(let v)): properties.transform = v
        case (.transformScale, .scalar(let v)):
            properties.transform.scaleX = v; properties.transform.scaleY = v
        case (.transformScaleX, .scalar(let v)): properties.transform.scaleX = v
        case (.transformScaleY, .scalar(let v)): properties.transform.scaleY = v
        case (.transformRotation, .scalar(let v)), (.transformRotationZ, .scalar(let v)):
            properties.transform.rotation = v
        case (.transformTranslationX, .scalar(let v)): properties.transform.translationX = v
        case (.transformTranslationY, .scalar(let v)): properties.transform.translationY = v
        case (.sublayerTransform, .transform(let v)): properties.sublayerTransform = v
        case (.borderWidth, .scalar(let v)): properties.borderWidth = v
        case (.cornerRadius, .scalar(let v)): properties.cornerRadius = v
        case (.path, .path(let v)): properties.path = v
        case (.lineWidth, .scalar(let v)): properties.lineWidth = v
        case (.strokeStart, .scalar(let v)): properties.strokeStart = v
        case (.strokeEnd, .scalar(let v)): properties.strokeEnd = v
        case (.miterLimit, .scalar(let v)): properties.miterLimit = v
        case (.lineDashPhase, .scalar(let v)): properties.lineDashPhase = v
        case (.lineDashPattern, .numbers(let v)): properties.lineDashPattern = v
        case (.colors, .colors(let v)): properties.colors = v
        case (.locations, .numbers(let v)): properties.locations = v
        case (.startPoint, .point(let v)): properties.startPoint = v
        case (.endPoint, .point(let v)): properties.endPoint = v
        case (.instanceDelay, .scalar(let v)): properties.instanceDelay = v
        case (.instanceTransform, .transform(let v)): properties.instanceTransform = v
        case (.instanceColor, .color(let v)): properties.instanceColor = v
        case (.instanceRedOffset, .scalar(let v)): properties.instanceRedOffset = v
        case (.instanceGreenOffset, .scalar(let v)): properties.instanceGreenOffset = v
        case (.instanceBlueOffset, .scalar(let v)): properties.instanceBlueOffset = v
        case (.instanceAlphaOffset, .scalar(let v)): properties.instanceAlphaOffset = v
        case (.fontSize, .scalar(let v)): properties.fontSize = v
        case (.backgroundColor, _): if let c = color(value) { properties.backgroundColor = c }
        case (.borderColor, _): if let c = color(value) { properties.borderColor = c }
        case (.fillColor, _): if let c = color(value) { properties.fillColor = c }
        case (.strokeColor, _): if let c = color(value) { properties.strokeColor = c }
        case (.foregroundColor, _): if let c = color(value) { properties.foregroundColor = c }
        default: break
        }
    }
}
