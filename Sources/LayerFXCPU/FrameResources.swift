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
        atlas == nil ? nil : lfx_glyph_atlas(atlas, texels: atlasTexels)
    }
}

extension lfx_glyph_atlas {
    /// `atlas` as the kernels read it, its `texels` borrowed; an atlas of
    /// no texels (nothing drawn) when there is none or `texels` is short.
    init(_ atlas: GlyphAtlasImage?, texels: UnsafeBufferPointer<UInt8>) {
        guard let atlas, let base = texels.baseAddress, texels.count >= atlas.width * atlas.height else {
            self.init(texels: nil, width: 0, height: 0, edge_value: 0, distance_range: 0)
            return
        }
        self.init(texels: base, width: Int32(clamping: atlas.width), height: Int32(clamping: atlas.height),
                  edge_value: atlas.edgeValue, distance_range: atlas.distanceRange)
    }
}
