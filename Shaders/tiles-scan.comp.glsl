#version 310 es
// Tile binning on the GPU: one work group turns the tiles' counts into
// their lists' offsets (an exclusive prefix sum; offsets[tiles] is the
// total), leaves the same offsets in the cursors the fill pass advances,
// and reports the total and the longest list. A total past 32 bits is
// reported as 0xFFFFFFFF, which the renderer refuses.
precision highp int;

layout(local_size_x = 128) in;

layout(std430, binding = 1) writeonly buffer Offsets { uint offsets[]; };
layout(std430, binding = 3) buffer Cursors { uint cursors[]; };
layout(std430, binding = 4) buffer Result { uint total; uint longest; };

uniform int u_tiles;

shared uint partial[128];
shared uint wrapped;

void main() {
    uint id = gl_LocalInvocationID.x, tiles = uint(u_tiles);
    uint chunk = (tiles + 127u) / 128u;
    uint begin = min(id * chunk, tiles), end = min(begin + chunk, tiles);
    uint sum = 0u, longest_here = 0u;
    bool over = false;
    for (uint t = begin; t < end; t++) {
        over = over || sum + cursors[t] < sum;
        sum += cursors[t];
        longest_here = max(longest_here, cursors[t]);
    }
    partial[id] = over ? 0xFFFFFFFFu : sum;
    if (id == 0u) wrapped = 0u;
    memoryBarrierShared();
    barrier();
    if (over) atomicOr(wrapped, 1u);
    memoryBarrierShared();
    barrier();
    if (id == 0u) {
        uint run = 0u;
        bool past = wrapped != 0u;
        for (uint k = 0u; k < 128u; k++) {
            uint value = partial[k];
            partial[k] = run;
            past = past || run + value < run;
            run += value;
        }
        total = past ? 0xFFFFFFFFu : run;
        offsets[tiles] = run;
    }
    memoryBarrierShared();
    barrier();
    uint run = partial[id];
    for (uint t = begin; t < end; t++) {
        uint count = cursors[t];
        offsets[t] = run;
        cursors[t] = run;
        run += count;
    }
    atomicMax(longest, longest_here);
}
