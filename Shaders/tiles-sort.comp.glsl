#version 310 es
// Tile binning on the GPU: one work group per tile sorts the tile's list
// (filled in any order by atomic cursors) back into drawing order, a
// bitonic sort in shared memory of up to LFX_SORT_CAPACITY entries (longer
// lists are binned on the CPU instead). Indices are distinct, so the order
// is the drawing order exactly.
precision highp int;

// Set by the renderer from the context's shared memory; 2048 fits OpenGL ES 3.1's minimum.
#ifndef LFX_SORT_CAPACITY
#define LFX_SORT_CAPACITY 2048
#endif

layout(local_size_x = 128) in;

layout(std430, binding = 1) readonly buffer Offsets { uint offsets[]; };
layout(std430, binding = 2) buffer Entries { uint entries[]; };

uniform int u_columns;

shared uint keys[LFX_SORT_CAPACITY];

void main() {
    uint tile = gl_WorkGroupID.y * uint(u_columns) + gl_WorkGroupID.x, id = gl_LocalInvocationID.x;
    uint start = offsets[tile], count = offsets[tile + 1u] - start;
    // The same for every invocation: the work group returns, or sorts, together.
    if (count <= 1u || count > uint(LFX_SORT_CAPACITY)) return;
    uint size = 2u;
    while (size < count) size <<= 1u;
    for (uint k = id; k < size; k += 128u) keys[k] = k < count ? entries[start + k] : 0xFFFFFFFFu;
    memoryBarrierShared();
    barrier();
    for (uint width = 2u; width <= size; width <<= 1u) {
        for (uint step = width >> 1u; step > 0u; step >>= 1u) {
            for (uint k = id; k < size; k += 128u) {
                uint partner = k ^ step;
                if (partner > k) {
                    uint a = keys[k], b = keys[partner];
                    if ((a > b) == ((k & width) == 0u)) {
                        keys[k] = b;
                        keys[partner] = a;
                    }
                }
            }
            memoryBarrierShared();
            barrier();
        }
    }
    for (uint k = id; k < count; k += 128u) entries[start + k] = keys[k];
}
