#version 310 es
// Tile binning on the GPU: one work group per tile sorts the tile's list
// (filled in any order by atomic cursors) back into drawing order, a
// bitonic sort in shared memory of up to LFX_SORT_CAPACITY entries (longer
// lists are binned on the CPU instead). Indices are distinct, so the order
// is the drawing order exactly. OpenGL ES 3.1 allows barrier() only at the
// top level of main(), so every stage is written out (STAGE) and every
// invocation passes every barrier; a stage wider than the list does nothing.
precision highp int;

// Set by the renderer from the context's shared memory: 2048, 4096 or 8192
// (2048 fits OpenGL ES 3.1's minimum).
#ifndef LFX_SORT_CAPACITY
#define LFX_SORT_CAPACITY 2048
#endif

layout(local_size_x = 128) in;

layout(std430, binding = 1) readonly buffer Offsets { uint offsets[]; };
layout(std430, binding = 2) buffer Entries { uint entries[]; };

uniform int u_columns;

shared uint keys[LFX_SORT_CAPACITY];

// One compare-and-swap stage of the bitonic network for sequences of
// `width`, partners `step` apart, over the `size` keys in use.
#define STAGE(width, step) \
    if ((width) <= size) { \
        for (uint k = id; k < size; k += 128u) { \
            uint partner = k ^ (step); \
            if (partner > k) { \
                uint a = keys[k], b = keys[partner]; \
                if ((a > b) == ((k & (width)) == 0u)) { keys[k] = b; keys[partner] = a; } \
            } \
        } \
    } \
    memoryBarrierShared(); \
    barrier();

void main() {
    uint tile = gl_WorkGroupID.y * uint(u_columns) + gl_WorkGroupID.x, id = gl_LocalInvocationID.x;
    uint start = offsets[tile], count = offsets[tile + 1u] - start;
    // The same for every invocation of the work group: nothing to sort, or too much.
    bool sorts = count > 1u && count <= uint(LFX_SORT_CAPACITY);
    uint size = sorts ? 2u : 0u;
    while (sorts && size < count) size <<= 1u;
    for (uint k = id; k < size; k += 128u) keys[k] = k < count ? entries[start + k] : 0xFFFFFFFFu;
    memoryBarrierShared();
    barrier();
    STAGE(2u, 1u)
    STAGE(4u, 2u)
    STAGE(4u, 1u)
    STAGE(8u, 4u)
    STAGE(8u, 2u)
    STAGE(8u, 1u)
    STAGE(16u, 8u)
    STAGE(16u, 4u)
    STAGE(16u, 2u)
    STAGE(16u, 1u)
    STAGE(32u, 16u)
    STAGE(32u, 8u)
    STAGE(32u, 4u)
    STAGE(32u, 2u)
    STAGE(32u, 1u)
    STAGE(64u, 32u)
    STAGE(64u, 16u)
    STAGE(64u, 8u)
    STAGE(64u, 4u)
    STAGE(64u, 2u)
    STAGE(64u, 1u)
    STAGE(128u, 64u)
    STAGE(128u, 32u)
    STAGE(128u, 16u)
    STAGE(128u, 8u)
    STAGE(128u, 4u)
    STAGE(128u, 2u)
    STAGE(128u, 1u)
    STAGE(256u, 128u)
    STAGE(256u, 64u)
    STAGE(256u, 32u)
    STAGE(256u, 16u)
    STAGE(256u, 8u)
    STAGE(256u, 4u)
    STAGE(256u, 2u)
    STAGE(256u, 1u)
    STAGE(512u, 256u)
    STAGE(512u, 128u)
    STAGE(512u, 64u)
    STAGE(512u, 32u)
    STAGE(512u, 16u)
    STAGE(512u, 8u)
    STAGE(512u, 4u)
    STAGE(512u, 2u)
    STAGE(512u, 1u)
    STAGE(1024u, 512u)
    STAGE(1024u, 256u)
    STAGE(1024u, 128u)
    STAGE(1024u, 64u)
    STAGE(1024u, 32u)
    STAGE(1024u, 16u)
    STAGE(1024u, 8u)
    STAGE(1024u, 4u)
    STAGE(1024u, 2u)
    STAGE(1024u, 1u)
    STAGE(2048u, 1024u)
    STAGE(2048u, 512u)
    STAGE(2048u, 256u)
    STAGE(2048u, 128u)
    STAGE(2048u, 64u)
    STAGE(2048u, 32u)
    STAGE(2048u, 16u)
    STAGE(2048u, 8u)
    STAGE(2048u, 4u)
    STAGE(2048u, 2u)
    STAGE(2048u, 1u)
#if LFX_SORT_CAPACITY >= 4096
    STAGE(4096u, 2048u)
    STAGE(4096u, 1024u)
    STAGE(4096u, 512u)
    STAGE(4096u, 256u)
    STAGE(4096u, 128u)
    STAGE(4096u, 64u)
    STAGE(4096u, 32u)
    STAGE(4096u, 16u)
    STAGE(4096u, 8u)
    STAGE(4096u, 4u)
    STAGE(4096u, 2u)
    STAGE(4096u, 1u)
#endif
#if LFX_SORT_CAPACITY >= 8192
    STAGE(8192u, 4096u)
    STAGE(8192u, 2048u)
    STAGE(8192u, 1024u)
    STAGE(8192u, 512u)
    STAGE(8192u, 256u)
    STAGE(8192u, 128u)
    STAGE(8192u, 64u)
    STAGE(8192u, 32u)
    STAGE(8192u, 16u)
    STAGE(8192u, 8u)
    STAGE(8192u, 4u)
    STAGE(8192u, 2u)
    STAGE(8192u, 1u)
#endif
    for (uint k = id; k < count && sorts; k += 128u) entries[start + k] = keys[k];
}
