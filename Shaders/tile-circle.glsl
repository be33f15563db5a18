// A TileCircle, as the tile shaders read it from the circles' buffer
// (included by tiles.comp.glsl and tiles-bin.comp.glsl): shape (cx, cy, R, h)
// and paint, the colours packed as lfx_layout.h lays them out. Everything
// else DeviceCircle holds is derived here with the same operations.
struct Circle {
    vec4 shape;
    uvec4 paint;
};

#define LFX_TILE_RING_BLUE_BITS (32 - LFX_TILE_RING_RED_BITS - LFX_TILE_RING_GREEN_BITS)

// How far from the centre any pixel centre is touched: (R + h) + 0.5.
float circleReach(vec4 shape) { return shape.z + shape.w + 0.5; }

// The premultiplied fill colour.
vec4 circleFill(uvec4 paint) {
    return vec4(uvec4(paint.x & 0xffffu, paint.x >> 16, paint.y & 0xffffu, paint.y >> 16)) * (1.0 / 65535.0);
}

// The premultiplied ring colour.
vec4 circleRingColor(uvec4 paint) {
    const uint red = (1u << LFX_TILE_RING_RED_BITS) - 1u, green = (1u << LFX_TILE_RING_GREEN_BITS) - 1u;
    vec3 rgb = vec3(uvec3(paint.z & red, (paint.z >> LFX_TILE_RING_RED_BITS) & green,
                          paint.z >> (LFX_TILE_RING_RED_BITS + LFX_TILE_RING_GREEN_BITS)))
        * (1.0 / vec3(float(red), float(green), float((1u << LFX_TILE_RING_BLUE_BITS) - 1u)));
    return vec4(rgb, float(paint.w & 0xffffu) * (1.0 / 65535.0));
}

// How much of the fill the ring covers where it lies: the ring colour's own alpha.
float circleRingAlpha(uvec4 paint) { return float(paint.w >> 16) * (1.0 / 65535.0); }
