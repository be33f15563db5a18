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

/// A gradient fill for one primitive (CAGradientLayer's content), in the
/// primitive's local units.
public struct GradientPaint: Equatable, Sendable {
    /// Most colour stops one primitive carries (the instance layout's room).
    public static let maximumStops = Int(LFX_MAX_STOPS)

    /// Axial, radial or conic.
    public var kind: PaintKind
    /// The gradient's start point, in local units.
    public var start: SIMD2<Float>
    /// The gradient's end point, in local units.
    public var end: SIMD2<Float>
    /// How many stops there are (0…``maximumStops``).
    public private(set) var count: Int
    /// The stops' ascending locations; the first ``count`` are used.
    public private(set) var locations: SIMD8<Float>
    /// The stops' colours packed as 8-bit straight-alpha RGBA, red in the
    /// low byte (``pack(_:)``); the first ``count`` are used.
    public private(set) var packedColors: SIMD8<UInt32>

    /// A gradient from `start` to `end` of `count` stops (at most
    /// ``maximumStops`` are kept), stop i at `stop(i)`'s location with its
    /// colour (straight alpha, components in 0…1). The stops are held inline,
    /// so making a paint allocates nothing.
    public init(kind: PaintKind, start: SIMD2<Float>, end: SIMD2<Float>, count: Int,
                stop: (Int) -> (location: Float, color: SIMD4<Float>)) {
        self.kind = kind; self.start = start; self.end = end
        self.count = min(max(count, 0), Self.maximumStops)
        locations = SIMD8(); packedColors = SIMD8()
        for i in 0..<self.count {
            let (location, color) = stop(i)
            locations[i] = location
            packedColors[i] = Self.pack(color)
        }
    }

    /// Packs a colour as 8-bit RGBA, red in the low byte (as the fragment shader unpacks it).
    public static func pack(_ c: SIMD4<Float>) -> UInt32 {
        func byte(_ v: Float) -> UInt32 { UInt32(saturating: (min(max(v, 0), 1) * 255).rounded()) }
        return byte(c.x) | byte(c.y) << 8 | byte(c.z) << 16 | byte(c.w) << 24
    }

    /// The five instance fields (`paint0` … `stops1`).
    var encoded: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<UInt32>, SIMD4<UInt32>) {
        let l = locations, c = packedColors
        return (SIMD4(Float(kind.rawValue), Float(count), start.x, start.y),
                SIMD4(end.x, end.y, l[0], l[1]), SIMD4(l[2], l[3], l[4], l[5]),
                SIMD4(c[0], c[1], c[2], c[3]), SIMD4(c[4], c[5], c[6], c[7]))
    }
}
