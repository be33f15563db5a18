/// One primitive: a shape in its own local space (or a polygon band, a glyph,
/// an image, an offscreen-layer marker; see ``ShapeKind``), the affine transform to
/// device pixels, fill and stroke paints, opacity and up to two clips.
///
/// This struct is the single definition of the per-instance layout. The GPU
/// backend uploads an array of it as-is and points one vertex attribute at each
/// field listed in ``attributes``; `Shaders/primitive.vert.glsl` declares the
/// same attributes in the same order (a test fails when the two drift apart).
/// The CPU backend reads the same fields with the same math.
///
/// Every field is four 32-bit values: floats, except the gradient stop colours
/// (four RGBA8 colours packed into unsigned integers, or where a gradient's
/// stops are in its frame's table, the table index). Colors are straight-alpha
/// sRGB; the shaders and the CPU rasterizer premultiply.
public struct PrimitiveInstance: Equatable, Sendable {
    /// Local → device linear part (a, b, c, d): device = (a·x + c·y + tx, b·x + d·y + ty).
    public var transform: SIMD4<Float>
    /// (tx, ty, shape kind, stroke width in local units).
    public var translation: SIMD4<Float>
    /// Shape geometry, see ``ShapeKind``.
    public var shape: SIMD4<Float>
    /// Kind-specific extras (see ``ShapeKind``); `z` is always the opacity.
    public var shapeExtra: SIMD4<Float>
    /// Straight-alpha fill color; alpha 0 means no fill. An image's tint.
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
    /// Fill paint: (``PaintKind`` raw value, stop count, start x, start y) in local units.
    public var paint0: SIMD4<Float>
    /// (end x, end y, location 0, location 1); locations 0 for a gradient
    /// whose stops are in the frame's table.
    public var paint1: SIMD4<Float>
    /// (locations 2…5); an image's texel mapping (see ``ShapeKind/image``).
    public var paint2: SIMD4<Float>
    /// Stop colours 0…3, straight-alpha RGBA8, red in the low byte; for a
    /// gradient of more than ``GradientPaint/inlineStopCapacity`` stops, `x`
    /// is the index of its first stop in ``Frame/gradientStops``; for an
    /// image (which has no gradient), `x` is its index in ``Frame/images``.
    public var stops0: SIMD4<UInt32>
    /// Stop colours 4 and 5 (z, w unused).
    public var stops1: SIMD4<UInt32>

    /// An instance from its attributes (clips and paint default to none).
    public init(transform: SIMD4<Float>, translation: SIMD4<Float>, shape: SIMD4<Float>,
                shapeExtra: SIMD4<Float>, fillColor: SIMD4<Float>, strokeColor: SIMD4<Float>,
                clip0Linear: SIMD4<Float> = .zero, clip0Offset: SIMD4<Float> = .zero,
                clip1Linear: SIMD4<Float> = .zero, clip1Offset: SIMD4<Float> = .zero,
                clipRadii: SIMD4<Float> = .zero, paint: GradientPaint? = nil) {
        self.transform = transform; self.translation = translation; self.shape = shape
        self.shapeExtra = shapeExtra; self.fillColor = fillColor; self.strokeColor = strokeColor
        self.clip0Linear = clip0Linear; self.clip0Offset = clip0Offset
        self.clip1Linear = clip1Linear; self.clip1Offset = clip1Offset; self.clipRadii = clipRadii
        (paint0, paint1, paint2, stops0, stops1) = paint?.encoded ?? (.zero, .zero, .zero, .zero, .zero)
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
    /// Number of 32-bit components (always 4).
    public let components: Int
    /// Unsigned integers (`uvec4`) rather than floats (`vec4`).
    public let isInteger: Bool
    /// The GLSL type of the attribute.
    public var glslType: String { isInteger ? "uvec4" : "vec4" }
}

extension PrimitiveInstance {
    /// The per-instance vertex attributes, in location order (the one table pairing GLSL names with fields).
    public static let attributes: [PrimitiveAttribute] = {
        let fields: [(String, PartialKeyPath<PrimitiveInstance>)] = [
        ("a_transform", \.transform), ("a_translation", \.translation), ("a_shape", \.shape),
        ("a_shapeExtra", \.shapeExtra), ("a_fillColor", \.fillColor), ("a_strokeColor", \.strokeColor),
        ("a_clip0Linear", \.clip0Linear), ("a_clip0Offset", \.clip0Offset),
        ("a_clip1Linear", \.clip1Linear), ("a_clip1Offset", \.clip1Offset), ("a_clipRadii", \.clipRadii),
        ("a_paint0", \.paint0), ("a_paint1", \.paint1), ("a_paint2", \.paint2),
        ("a_stops0", \.stops0), ("a_stops1", \.stops1),
        ]
        return PrimitiveAttribute.table(fields)
    }()
}

extension PrimitiveAttribute {
    /// The attributes of an instance struct whose fields are all `SIMD4`s of
    /// 32-bit values: one per (GLSL name, field), at locations 0, 1, 2, … in
    /// the order given.
    static func table<Instance>(_ fields: [(String, PartialKeyPath<Instance>)]) -> [PrimitiveAttribute] {
        fields.enumerated().map { index, field in
            PrimitiveAttribute(name: field.0, location: index,
                               offset: MemoryLayout<Instance>.offset(of: field.1)!, components: 4,
                               isInteger: field.1 is KeyPath<Instance, SIMD4<UInt32>>)
        }
    }
}

extension PrimitiveInstance {
    /// Whether every floating-point field is finite: a primitive that is not
    /// would draw differently on each backend, so evaluation never emits one.
    @inlinable public var isFinite: Bool {
        // x · 0 is 0 for finite x and NaN for ±∞ and NaN; NaN never equals 0.
        let zero = SIMD4<Float>.zero
        var probe: SIMD4<Float> = transform * zero
        probe += translation * zero
        probe += shape * zero
        probe += shapeExtra * zero
        probe += fillColor * zero
        probe += strokeColor * zero
        probe += clip0Linear * zero
        probe += clip0Offset * zero
        probe += clip1Linear * zero
        probe += clip1Offset * zero
        probe += clipRadii * zero
        probe += paint0 * zero
        probe += paint1 * zero
        probe += paint2 * zero
        return probe == zero
    }
}
