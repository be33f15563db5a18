/// One drawable primitive: a shape in its own local space, the affine transform
/// to device pixels, fill and stroke paints, opacity and up to two clips.
///
/// This struct is the single definition of the per-instance layout. The GPU
/// backend uploads an array of it as-is and points one vertex attribute at each
/// field listed in ``attributes``; `Shaders/primitive.vert.glsl` declares the
/// same attributes in the same order (a test fails when the two drift apart).
/// The CPU backend reads the same fields with the same math.
///
/// Every field is four floats. Colors are straight-alpha sRGB; the shaders and
/// the CPU rasterizer premultiply.
public struct PrimitiveInstance: Equatable, Sendable {
    /// Local → device linear part (a, b, c, d): device = (a·x + c·y + tx, b·x + d·y + ty).
    public var transform: SIMD4<Float>
    /// (tx, ty, shape kind, stroke width in local units).
    public var translation: SIMD4<Float>
    /// Shape geometry, see ``ShapeKind``.
    public var shape: SIMD4<Float>
    /// Kind-specific extras: (corner radius | star points, star rotation, opacity, paint kind).
    public var shapeExtra: SIMD4<Float>
    /// Straight-alpha fill color; alpha 0 means no fill.
    public var fillColor: SIMD4<Float>
    /// Straight-alpha stroke color; alpha 0 or a zero width means no stroke.
    public var strokeColor: SIMD4<Float>
    /// Clip 0: device → clip-local linear part (a, b, c, d).
    public var clip0Linear: SIMD4<Float>
    /// Clip 0: (tx, ty, halfWidth, halfHeight); the clip is a rounded rectangle centred at the clip-local origin.
    public var clip0Offset: SIMD4<Float>
    /// Clip 1, as clip 0.
    public var clip1Linear: SIMD4<Float>
    /// Clip 1, as clip 0.
    public var clip1Offset: SIMD4<Float>
    /// (clip 0 corner radius, clip 1 corner radius, number of clips in use 0…2, unused).
    public var clipRadii: SIMD4<Float>

    public init(transform: SIMD4<Float>, translation: SIMD4<Float>, shape: SIMD4<Float>,
                shapeExtra: SIMD4<Float>, fillColor: SIMD4<Float>, strokeColor: SIMD4<Float>,
                clip0Linear: SIMD4<Float> = .zero, clip0Offset: SIMD4<Float> = .zero,
                clip1Linear: SIMD4<Float> = .zero, clip1Offset: SIMD4<Float> = .zero,
                clipRadii: SIMD4<Float> = .zero) {
        self.transform = transform; self.translation = translation; self.shape = shape
        self.shapeExtra = shapeExtra; self.fillColor = fillColor; self.strokeColor = strokeColor
        self.clip0Linear = clip0Linear; self.clip0Offset = clip0Offset
        self.clip1Linear = clip1Linear; self.clip1Offset = clip1Offset; self.clipRadii = clipRadii
    }

    /// The shape kind stored in `translation.z`.
    public var kind: ShapeKind { ShapeKind(rawValue: Int(translation.z)) ?? .ellipse }
    /// The primitive's opacity, `shapeExtra.z`.
    public var opacity: Float { shapeExtra.z }
    /// Stroke width in local units, `translation.w`.
    public var strokeWidth: Float { translation.w }
}

/// One vertex attribute of ``PrimitiveInstance``: its GLSL name, location and byte offset.
public struct PrimitiveAttribute: Sendable, Equatable {
    /// Name in `primitive.vert.glsl` (`in vec4 <name>;`).
    public let name: String
    /// `layout(location = N)`.
    public let location: Int
    /// Byte offset in ``PrimitiveInstance``.
    public let offset: Int
    /// Number of floats (always 4).
    public let components: Int
}

extension PrimitiveInstance {
    /// The per-instance vertex attributes, in location order (the one table pairing GLSL names with fields).
    public static let attributes: [PrimitiveAttribute] = {
        let fields: [(String, PartialKeyPath<PrimitiveInstance>)] = [
        ("a_transform", \.transform), ("a_translation", \.translation), ("a_shape", \.shape),
        ("a_shapeExtra", \.shapeExtra), ("a_fillColor", \.fillColor), ("a_strokeColor", \.strokeColor),
        ("a_clip0Linear", \.clip0Linear), ("a_clip0Offset", \.clip0Offset),
        ("a_clip1Linear", \.clip1Linear), ("a_clip1Offset", \.clip1Offset), ("a_clipRadii", \.clipRadii),
        ]
        return fields.enumerated().map { index, field in
            PrimitiveAttribute(name: field.0, location: index,
                               offset: MemoryLayout<PrimitiveInstance>.offset(of: field.1)!, components: 4)
        }
    }()
}
