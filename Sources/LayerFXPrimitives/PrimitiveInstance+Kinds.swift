import LayerFXCore

/// Constructors for the primitives that are not analytic shapes.
extension PrimitiveInstance {
    /// The identity transform's fields: (a, b, c, d) and (tx, ty).
    private static let identityLinear = SIMD4<Float>(1, 0, 0, 1)

    /// A piece of a polygon (see ``ShapeKind/path``): `rect` in whole device
    /// pixels (x0, y0, x1, y1), the run of ``Frame/pathEdges`` it reads, the
    /// winding the polygon's other edges add at its pixels, its winding rule,
    /// and a straight-alpha colour.
    public static func pathBand(rect: SIMD4<Float>, firstEdge: Int, edgeCount: Int, windingOffset: Int = 0,
                                rule: WindingRule, color: SIMD4<Float>, opacity: Float) -> PrimitiveInstance {
        PrimitiveInstance(transform: identityLinear,
                          translation: SIMD4(0, 0, Float(ShapeKind.path.rawValue), Float(windingOffset)),
                          shape: rect, shapeExtra: SIMD4(Float(firstEdge), Float(edgeCount), opacity, Float(rule.rawValue)),
                          fillColor: color, strokeColor: .zero)
    }

    /// Whether this polygon band comes after band `previous` in reading
    /// order: it starts at or below the row where `previous` ends, or it
    /// lies right of `previous` in the same rows. Bands each of which
    /// follows the one before never share a pixel.
    public func follows(_ previous: PrimitiveInstance) -> Bool {
        shape.y >= previous.shape.w || (shape.y == previous.shape.y && shape.w == previous.shape.w
                                        && shape.x >= previous.shape.z)
    }

    /// A glyph quad (see ``ShapeKind/glyph``): `quad` (x0, y0, x1, y1) in local
    /// units, placed by `transform` (a, b, c, d) and `translation` (tx, ty);
    /// the atlas texel at its top-left corner and the texels per local unit.
    public static func glyph(quad: SIMD4<Float>, transform: SIMD4<Float>, translation: SIMD2<Float>,
                             atlasOrigin: SIMD2<Float>, texelsPerUnit: Float,
                             color: SIMD4<Float>, opacity: Float) -> PrimitiveInstance {
        PrimitiveInstance(transform: transform,
                          translation: SIMD4(translation.x, translation.y, Float(ShapeKind.glyph.rawValue), 0),
                          shape: quad, shapeExtra: SIMD4(atlasOrigin.x, atlasOrigin.y, opacity, texelsPerUnit),
                          fillColor: color, strokeColor: .zero)
    }

    /// A layer's `contents` image (see ``ShapeKind/image``): the rectangle
    /// `rect` (cx, cy, halfWidth, halfHeight) in local units, placed by
    /// `transform` (a, b, c, d) and `translation` (tx, ty), filled with
    /// image `index` of ``Frame/images`` through `mapping` (x, y, texels
    /// per unit along x, along y), times the straight-alpha `tint` and
    /// `opacity`.
    public static func image(rect: SIMD4<Float>, transform: SIMD4<Float>, translation: SIMD2<Float>, index: Int,
                             mapping: SIMD4<Float>, tint: SIMD4<Float>, opacity: Float) -> PrimitiveInstance {
        var instance = PrimitiveInstance(transform: transform,
                                         translation: SIMD4(translation.x, translation.y, Float(ShapeKind.image.rawValue), 0),
                                         shape: rect, shapeExtra: SIMD4(0, 0, opacity, 0),
                                         fillColor: tint, strokeColor: .zero)
        instance.paint2 = mapping
        instance.stops0 = SIMD4(UInt32(clamping: index), 0, 0, 0)
        return instance
    }

    /// An image primitive's index in ``Frame/images`` (`stops0.x`); nil for other kinds.
    public var imageIndex: Int? { kind == .image ? Int(stops0.x) : nil }

    /// Starts an offscreen layer that may cover device rectangle `bounds` (x0, y0, x1, y1).
    public static func beginLayer(bounds: SIMD4<Float>) -> PrimitiveInstance {
        marker(.beginLayer, bounds: bounds, opacity: 1, mask: nil)
    }

    /// Starts the mask of the current offscreen layer.
    public static func beginMask(bounds: SIMD4<Float>) -> PrimitiveInstance {
        marker(.beginMask, bounds: bounds, opacity: 1, mask: nil)
    }

    /// Composites the current offscreen layer, times `opacity` and, when it
    /// has a mask, the mask's `mask` coverage, inside device rectangle `bounds`.
    public static func composite(bounds: SIMD4<Float>, opacity: Float, mask: MaskCoverage?) -> PrimitiveInstance {
        marker(.composite, bounds: bounds, opacity: opacity, mask: mask)
    }

    private static func marker(_ kind: ShapeKind, bounds: SIMD4<Float>, opacity: Float,
                               mask: MaskCoverage?) -> PrimitiveInstance {
        PrimitiveInstance(transform: identityLinear, translation: SIMD4(0, 0, Float(kind.rawValue), 0),
                          shape: bounds, shapeExtra: SIMD4(Float(mask?.rawValue ?? 0), 0, opacity, 0),
                          fillColor: .zero, strokeColor: .zero)
    }

    /// A composite's mask coverage (``MaskCoverage/init(compositeValue:)``
    /// of `shapeExtra.x`); nil for a composite without a mask and for other kinds.
    public var maskCoverage: MaskCoverage? {
        kind == .composite ? MaskCoverage(compositeValue: shapeExtra.x) : nil
    }
}
