#version 310 es
// Tile binning on the GPU, the passes that visit each circle (the GPU
// version of TileBins): with LFX_BIN_FILL 0 it counts, for every tile, the
// circles whose reach touches it; with LFX_BIN_FILL 1 it writes each
// circle's index into the lists of those tiles, at cursors that start at
// the tiles' offsets (tiles-scan.comp.glsl). The fill's atomic cursors list
// a tile's circles in any order; tiles-sort.comp.glsl puts them back in
// drawing order. A circle's tiles here may include a few more than
// TileBins lists (single precision, widened by a hundredth of a pixel), never fewer:
// the compositing walk skips a circle that misses a pixel, so an extra
// entry changes no pixel.
precision highp float;
precision highp int;

#ifndef LFX_BIN_FILL
#define LFX_BIN_FILL 0
#endif

layout(local_size_x = 64) in;

#include "tile-circle.glsl"

layout(std430, binding = 0) readonly buffer Circles { Circle circles[]; };
// Counting: each tile's count. Filling: each tile's next free position.
layout(std430, binding = 3) buffer Cursors { uint cursors[]; };
#if LFX_BIN_FILL
layout(std430, binding = 2) writeonly buffer Entries { uint entries[]; };
#endif

uniform int u_count;     // circles
uniform ivec2 u_size;    // the frame, pixels
uniform int u_columns;   // tiles a row

void main() {
    // Dispatched as rows of at most 65535 work groups (the fewest a context must allow).
    uint index = gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x + gl_GlobalInvocationID.x;
    if (index >= uint(u_count)) return;
    vec4 shape = circles[index].shape;
    float outer = circleReach(shape) + 1e-3 + 1e-2;
    if (isnan(outer) || isinf(outer) || isnan(shape.x) || isinf(shape.x) || isnan(shape.y)
        || isinf(shape.y)) return;
    vec2 low = ceil(shape.xy - outer - 0.5), high = floor(shape.xy + outer - 0.5);
    vec2 last = vec2(u_size - 1);
    if (any(greaterThan(low, high)) || any(lessThan(high, vec2(0.0))) || any(greaterThan(low, last))) return;
    ivec2 first = ivec2(max(low, vec2(0.0))) / LFX_TILE_SIZE, end = ivec2(min(high, last)) / LFX_TILE_SIZE;
    for (int ty = first.y; ty <= end.y; ty++) {
        for (int tx = first.x; tx <= end.x; tx++) {
            uint tile = uint(ty * u_columns + tx);
#if LFX_BIN_FILL
            entries[atomicAdd(cursors[tile], 1u)] = index;
#else
            atomicAdd(cursors[tile], 1u);
#endif
        }
    }
}
