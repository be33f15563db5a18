import CLayerFXLayout
import LayerFXCore

/// A ``DeviceCircle`` as the GPU's tile compositor reads it
/// (`Shaders/tile-circle.glsl`; C's `lfx_tile_circle`): 32 bytes instead of
/// 64, since a software rasterizer (llvmpipe) reads a storage buffer one
/// SIMD lane and one load at a time, and a list entry's loads are most of
/// its time there.
///
/// The geometry keeps full precision: ``shape`` is (cx, cy, R, h), from
/// which the shader derives R + 0.5, h + 0.5, 2h and the reach (R + h) + 0.5
/// with the same single-precision operations ``DeviceCircle`` uses, so they
/// are the same numbers. The colours are packed as unsigned normalized
/// integers (``paint``, laid out in `lfx_layout.h`): the fill and both
/// alphas to 1/65535, the ring colour's red and green to 1/2047 and its blue
/// to 1/1023. A layer's colour then moves by at most 0.13/255, well inside
/// the 1/255 the compositor's result keeps to the exact composite.
public struct TileCircle: Equatable, Sendable {
    /// (centre x, centre y, radius R, half ring width h), device pixels.
    public var shape: SIMD4<Float>
    /// The fill colour, ring colour and ring alpha, packed (see the type's documentation).
    public var paint: SIMD4<UInt32>

    /// `circle`, packed.
    @inlinable
    public init(_ circle: DeviceCircle) {
        shape = SIMD4(circle.geometry.x, circle.geometry.y, circle.geometry.z, circle.ring.y * 0.5)
        let fill = circle.fill, ring = circle.stroke
        let redBits = UInt32(LFX_TILE_RING_RED_BITS), greenBits = UInt32(LFX_TILE_RING_GREEN_BITS)
        let blueBits = 32 - redBits - greenBits
        paint = SIMD4(
            Self.unorm(fill.x, bits: 16) | Self.unorm(fill.y, bits: 16) << 16,
            Self.unorm(fill.z, bits: 16) | Self.unorm(fill.w, bits: 16) << 16,
            Self.unorm(ring.x, bits: redBits) | Self.unorm(ring.y, bits: greenBits) << redBits
                | Self.unorm(ring.z, bits: blueBits) << (redBits + greenBits),
            Self.unorm(ring.w, bits: 16) | Self.unorm(circle.ring.z, bits: 16) << 16)
    }

    /// `value` in [0, 1] (clamped; NaN as 0) as a `bits`-bit unsigned
    /// normalized integer, rounded to nearest (halves up).
    @inlinable
    static func unorm(_ value: Float, bits: UInt32) -> UInt32 {
        let largest = Float((1 << bits) - 1)
        return UInt32(Float.minimum(Float.maximum(value, 0), 1) * largest + 0.5)
    }

    /// Replaces the contents of `packed` by `circles`, packed (keeping its storage).
    public static func pack(_ circles: [DeviceCircle], into packed: inout [TileCircle]) {
        packed.resize(to: circles.count) { TileCircle(.placeholder) }
        packed.withUnsafeMutableBufferPointer { out in
            for (index, circle) in circles.enumerated() { out[index] = TileCircle(circle) }
        }
    }
}
