#version 310 es
// Tile compositing of a frame of circles (the GPU version of tiles.c): one
// work group per LFX_TILE_SIZE-pixel tile, one invocation per pixel. Each
// pixel walks its tile's list of circles (in drawing order, binned on the
// CPU) from the last drawn to the first, accumulating the premultiplied
// colour C += T·S and the transmittance T *= 1 − A with the circle
// program's coverage (circle.frag.glsl), stops once T < 1/LFX_TILE_STOP_DIVISOR,
// and writes C + T·background once.
precision highp float;
precision highp int;

layout(local_size_x = LFX_TILE_SIZE, local_size_y = LFX_TILE_SIZE) in;

#include "tile-circle.glsl"

layout(std430, binding = 0) readonly buffer Circles { Circle circles[]; };
// Tile t's list is entries[offsets[t] .. offsets[t + 1]).
layout(std430, binding = 1) readonly buffer Offsets { uint offsets[]; };
layout(std430, binding = 2) readonly buffer Entries { uint entries[]; };
layout(rgba8, binding = 0) writeonly uniform highp image2D u_target;

uniform vec4 u_background;   // premultiplied
uniform ivec2 u_size;        // the frame, pixels
uniform int u_columns;       // tiles a row

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (pixel.x >= u_size.x || pixel.y >= u_size.y) return;
    uint tile = gl_WorkGroupID.y * uint(u_columns) + gl_WorkGroupID.x;
    uint start = offsets[tile];
    vec2 p = vec2(pixel) + 0.5;
    vec4 color = vec4(0.0);
    float t = 1.0;
    for (uint j = offsets[tile + 1u]; j > start; j--) {
        uint index = entries[j - 1u];
        // The geometry first: a circle that misses the pixel's row (the same
        // for a row of invocations) or the pixel is skipped before its colours are read.
        vec4 geometry = circles[index].geometry, ringShape = circles[index].ring;
        vec2 d = p - geometry.xy;
        float reach = ringShape.w + 1e-3;
        if (abs(d.y) >= reach) continue;
        float dist = sqrt(d.x * d.x + d.y * d.y);
        if (dist >= reach) continue;
        float fill = clamp(geometry.w - dist, 0.0, 1.0);
        float ring = clamp(min(ringShape.y, ringShape.x - abs(dist - geometry.z)), 0.0, 1.0);
        float under = fill * (1.0 - ringShape.z * ring);
        vec4 source = circles[index].stroke * ring + circles[index].fill * under;
        color += t * source;
        t *= 1.0 - source.a;
        if (t < 1.0 / float(LFX_TILE_STOP_DIVISOR)) break;
    }
    imageStore(u_target, pixel, color + t * u_background);
}
