import CLayerFXRaster
import LayerFXPrimitives

/// What a frame's primitives read besides themselves (read-only buffers shared by the bands).
struct FrameResources: @unchecked Sendable {
    let edges: UnsafeBufferPointer<SIMD4<Float>>
    let atlas: GlyphAtlasImage?
    let atlasTexels: UnsafeBufferPointer<UInt8>
    /// The frame's images, as the image kernel reads them (``Frame/images``' order).
    let images: [lfx_image]

    /// The atlas as the glyph kernel reads it; nil without an atlas.
    var kernelAtlas: lfx_glyph_atlas? {
        guard let atlas, let texels = atlasTexels.baseAddress, atlasTexels.count >= atlas.width * atlas.height
        else { return nil }
        return lfx_glyph_atlas(texels: texels, width: Int32(clamping: atlas.width), height: Int32(clamping: atlas.height),
                               edge_value: atlas.edgeValue, distance_range: atlas.distanceRange)
    }
}
