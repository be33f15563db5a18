import CLayerFXRaster
import LayerFXCore
import LayerFXPrimitives

/// A primitive's gradient fill with its stops unpacked, as the shape kernel
/// (`lfx_shape`) reads it. Plain values only (no arrays), so prepared
/// primitives copy as bytes.
struct PreparedGradient: Sendable {
    let kind: Int
    let count: Int
    let start: SIMD2<Float>
    let delta: SIMD2<Float>
    /// Inline stop locations 0…5 (lanes 6 and 7 unused).
    let locations: SIMD8<Float>
    /// Inline stop colours 0…5, RGBA8 with red in the low byte (lanes 6 and 7 unused).
    let packedColors: SIMD8<UInt32>
    /// For a gradient of more stops, the first of its `count` stops in the
    /// frame's stop table; nil for inline stops.
    let tableStart: Int?

    /// The gradient of `p`, whose table stops (if any) are in a table of
    /// `tableCount` stops. A table range outside it (a malformed frame)
    /// paints nothing: one clear stop, as the shader returns clear.
    init(_ p: PrimitiveInstance, tableCount: Int) {
        kind = Int(saturating: p.paint0.x)
        start = SIMD2(p.paint0.z, p.paint0.w)
        delta = SIMD2(p.paint1.x, p.paint1.y) - start
        if let range = p.gradientTableRange {
            let valid = range.count <= tableCount && range.lowerBound <= tableCount - range.count
            count = valid ? range.count : 1
            tableStart = valid ? range.lowerBound : nil
            locations = SIMD8(); packedColors = SIMD8()
            return
        }
        count = min(max(Int(saturating: p.paint0.y), 1), GradientPaint.inlineStopCapacity)
        locations = SIMD8(p.paint1.z, p.paint1.w, p.paint2.x, p.paint2.y, p.paint2.z, p.paint2.w, 0, 0)
        packedColors = SIMD8(lowHalf: p.stops0, highHalf: p.stops1)
        tableStart = nil
    }

    /// Inline stop colour `i` as straight-alpha floats in 0…1.
    func color(_ i: Int) -> SIMD4<Float> { Self.unpack(packedColors[i]) }

    /// An RGBA8 colour, red in the low byte, as straight-alpha floats in 0…1
    /// (as the shaders unpack it).
    static func unpack(_ bits: UInt32) -> SIMD4<Float> {
        SIMD4(Float(bits & 255), Float(bits >> 8 & 255), Float(bits >> 16 & 255), Float(bits >> 24 & 255)) / 255
    }
}

/// A frame's gradient stop table as the shape kernel reads it (`lfx_stop`:
/// the colours unpacked), kept from frame to frame.
struct UnpackedStops {
    private(set) var stops: [lfx_stop] = []

    /// Unpacks `table`, reusing the room of the last frame's.
    mutating func load(_ table: [GradientStop]) {
        stops.removeAll(keepingCapacity: true)
        for stop in table {
            let c = PreparedGradient.unpack(stop.color)
            stops.append(lfx_stop(location: stop.location, color: (c.x, c.y, c.z, c.w)))
        }
    }
}
