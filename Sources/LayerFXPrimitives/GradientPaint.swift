import CLayerFXLayout
import LayerFXCore

/// How a primitive's fill is painted; raw values are what the shaders see in
/// `a_paint0.x`, the `LFX_PAINT_` constants of `lfx_layout.h`.
public enum PaintKind: Int, Sendable, CaseIterable {
    /// `fillColor`.
    case solid = 0
    /// Linear along start → end: t = the projection of the point on that segment.
    case axial = 1
    /// Elliptical about start: t = 1 on the ellipse through end whose axes are
    /// the x and y distances from start to end.
    case radial = 2
    /// Angular about start: t = 0 towards end, growing clockwise on screen to 1
    /// after a full turn.
    case conic = 3
}

/// One stop of a frame's gradient stop table (``Frame/gradientStops``), as
/// the backends read it: `lfx_gradient_stop` of `lfx_layout.h`, one RG32UI
/// texel on the GPU (the location's bits, the colour).
public struct GradientStop: Equatable, Sendable {
    /// Where the stop is, in gradient parameter units.
    public var location: Float
    /// The stop's colour, 8-bit straight-alpha RGBA, red in the low byte
    /// (``GradientPaint/pack(_:)``).
    public var color: UInt32

    /// A stop at `location` of packed colour `color`.
    public init(location: Float, color: UInt32) {
        self.location = location; self.color = color
    }
}

/// A gradient fill for one primitive (CAGradientLayer's content), in the
/// primitive's local units.
///
/// Up to ``inlineStopCapacity`` stops are held in the paint (and in the
/// instance, so that drawing one reads nothing else); a gradient of more
/// stops keeps them in its frame's stop table (``Frame/gradientStops``), and
/// the paint says where.
public struct GradientPaint: Equatable, Sendable {
    /// Most colour stops one primitive carries itself (the instance layout's
    /// room, `LFX_INLINE_STOPS`).
    public static let inlineStopCapacity = Int(LFX_INLINE_STOPS)

    /// Axial, radial or conic.
    public var kind: PaintKind
    /// The gradient's start point, in local units.
    public var start: SIMD2<Float>
    /// The gradient's end point, in local units.
    public var end: SIMD2<Float>
    /// How many stops there are.
    public private(set) var count: Int
    /// The index of the first stop in the frame's stop table, for a
    /// gradient of more than ``inlineStopCapacity`` stops; nil when the
    /// stops are held inline.
    public private(set) var tableStart: Int?
    /// The inline stops' ascending locations; the first ``count`` are used.
    public private(set) var locations: SIMD8<Float>
    /// The inline stops' colours packed as 8-bit straight-alpha RGBA, red in
    /// the low byte (``pack(_:)``); the first ``count`` are used.
    public private(set) var packedColors: SIMD8<UInt32>

    /// A gradient from `start` to `end` of `count` stops held inline (at
    /// most ``inlineStopCapacity`` are kept), stop i at `stop(i)`'s location
    /// with its colour (straight alpha, components in 0…1). Making the paint
    /// allocates nothing.
    public init(kind: PaintKind, start: SIMD2<Float>, end: SIMD2<Float>, count: Int,
                stop: (Int) -> (location: Float, color: SIMD4<Float>)) {
        self.kind = kind; self.start = start; self.end = end
        self.count = min(max(count, 0), Self.inlineStopCapacity)
        tableStart = nil
        locations = SIMD8(); packedColors = SIMD8()
        for i in 0..<self.count {
            let (location, color) = stop(i)
            locations[i] = location
            packedColors[i] = Self.pack(color)
        }
    }

    /// A gradient from `start` to `end` whose `count` stops (more than
    /// ``inlineStopCapacity``) are entries `tableStart ..< tableStart + count`
    /// of its frame's stop table.
    public init(kind: PaintKind, start: SIMD2<Float>, end: SIMD2<Float>, tableStart: Int, count: Int) {
        self.kind = kind; self.start = start; self.end = end
        self.count = max(count, 0)
        self.tableStart = max(tableStart, 0)
        locations = SIMD8(); packedColors = SIMD8()
    }

    /// Packs a colour as 8-bit RGBA, red in the low byte (as the fragment shader unpacks it).
    public static func pack(_ c: SIMD4<Float>) -> UInt32 {
        func byte(_ v: Float) -> UInt32 { UInt32(saturating: (min(max(v, 0), 1) * 255).rounded()) }
        return byte(c.x) | byte(c.y) << 8 | byte(c.z) << 16 | byte(c.w) << 24
    }

    /// The five instance fields (`paint0` … `stops1`): the inline stops, or
    /// the count and the first stop's index in the table.
    var encoded: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<UInt32>, SIMD4<UInt32>) {
        let paint0 = SIMD4(Float(kind.rawValue), Float(count), start.x, start.y)
        if let tableStart {
            return (paint0, SIMD4(end.x, end.y, 0, 0), .zero,
                    SIMD4(UInt32(truncatingIfNeeded: tableStart), 0, 0, 0), .zero)
        }
        let l = locations, c = packedColors
        return (paint0, SIMD4(end.x, end.y, l[0], l[1]), SIMD4(l[2], l[3], l[4], l[5]),
                SIMD4(c[0], c[1], c[2], c[3]), SIMD4(c[4], c[5], c[6], c[7]))
    }
}

extension PrimitiveInstance {
    /// The entries of its frame's stop table a gradient of more than
    /// ``GradientPaint/inlineStopCapacity`` stops reads, as the backends read
    /// them: its count in `paint0.y` (truncated, at most 2²⁴), the first in
    /// `stops0.x`; nil for a solid fill or inline stops, and for an image
    /// (``ShapeKind/image``), which has no gradient and whose `stops0.x` is
    /// its image's index. The range may lie outside the table in a malformed
    /// frame: the backends then paint nothing.
    public var gradientTableRange: Range<Int>? {
        guard kind != .image, paint0.x > 0.5, paint0.y > Float(GradientPaint.inlineStopCapacity) else { return nil }
        let first = Int(stops0.x)
        return first..<(first + min(Int(saturating: paint0.y), 1 << 24))
    }
}
