#version 310 es
// Tile compositing of a frame of circles and analytic shapes (the GPU
// version of tiles.c): one work group per LFX_TILE_SIZE-pixel tile, one
// invocation per pixel. Each pixel walks its tile's list (in drawing order)
// from the last drawn to the first, accumulating the premultiplied colour
// C += T·S and the transmittance T *= 1 − A, stops once
// T < 1/LFX_TILE_STOP_DIVISOR, and writes C + T·background once. A circle's
// colour is the circle program's (circle.frag.glsl); a shape's (an entry
// with LFX_TILE_SHAPE_ENTRY set, its instance's index below
// LFX_TILE_INTERIOR_ENTRY) is the primitive program's
// (primitive-shading.glsl) inside the shape's quad. The GPU's lists flag
// no entry interior (TileComputePass bins shapes by their quads alone).
precision highp float;
precision highp int;

layout(local_size_x = LFX_TILE_SIZE, local_size_y = LFX_TILE_SIZE) in;

#include "tile-circle.glsl"
#include "primitive-quad.glsl"
#include "primitive-shading.glsl"

// A PrimitiveInstance as uploaded (its linear part not yet inverted).
struct Instance {
    vec4 transform;
    vec4 translation;
    vec4 shape;
    vec4 shapeExtra;
    vec4 fillColor;
    vec4 strokeColor;
    vec4 clip0Linear;
    vec4 clip0Offset;
    vec4 clip1Linear;
    vec4 clip1Offset;
    vec4 clipRadii;
    vec4 paint0;
    vec4 paint1;
    vec4 paint2;
    uvec4 stops0;
    uvec4 stops1;
};

layout(std430, binding = 0) readonly buffer Circles { Circle circles[]; };
// Tile t's list is entries[offsets[t] .. offsets[t + 1]).
layout(std430, binding = 1) readonly buffer Offsets { uint offsets[]; };
layout(std430, binding = 2) readonly buffer Entries { uint entries[]; };
// The frame's instances, which shape entries name.
layout(std430, binding = 3) readonly buffer Instances { Instance instances[]; };
layout(rgba8, binding = 0) writeonly uniform highp image2D u_target;

uniform vec4 u_background;   // premultiplied
uniform ivec2 u_size;        // the frame, pixels
uniform int u_columns;       // tiles a row

// The premultiplied colour the shape entry `entry` adds at pixel centre p.
vec4 shapeSource(uint entry, vec2 p) {
    uint i = entry & (LFX_TILE_INTERIOR_ENTRY - 1u);
    vec4 transform = instances[i].transform, translation = instances[i].translation;
    vec4 shape = instances[i].shape, shapeExtra = instances[i].shapeExtra;
    Primitive s = Primitive(inverseLinear(transform), translation, shape, shapeExtra,
                            instances[i].fillColor, instances[i].strokeColor,
                            instances[i].clip0Linear, instances[i].clip0Offset,
                            instances[i].clip1Linear, instances[i].clip1Offset, instances[i].clipRadii,
                            instances[i].paint0, instances[i].paint1, instances[i].paint2,
                            instances[i].stops0, instances[i].stops1);
    // Only inside the shape's quad, as the primitive program draws it.
    vec2 local = localPoint(s, p);
    vec2 extent = shapeQuadExtent(transform, translation, shape, shapeExtra);
    if (any(greaterThan(abs(local - shape.xy), extent))) return vec4(0.0);
    return shapeColor(s, local, int(translation.z)) * opacityAndClips(s, p, s.clipRadii.z);
}

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
        vec4 source;
        if ((index & LFX_TILE_SHAPE_ENTRY) != 0u) {
            source = shapeSource(index, p);
        } else {
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
            source = circles[index].stroke * ring + circles[index].fill * under;
        }
        color += t * source;
        t *= 1.0 - source.a;
        if (t < 1.0 / float(LFX_TILE_STOP_DIVISOR)) break;
    }
    imageStore(u_target, pixel, color + t * u_background);
}
