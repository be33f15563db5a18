#version 310 es
// Tile compositing of a frame of circles, analytic shapes and glyphs (the GPU
// version of tiles.c): one work group per LFX_TILE_SIZE-pixel tile, one
// invocation per pixel. Each pixel walks its tile's list (in drawing order)
// from the last drawn to the first, accumulating the premultiplied colour
// C += T·S and the transmittance T *= 1 − A, stops once
// T < 1/LFX_TILE_STOP_DIVISOR, and writes C + T·background once. C's alpha
// is 1 − T, so only its RGB is carried through the loop (a software
// rasterizer keeps what the loop carries in memory, masked lane by lane). A
// circle (a TileCircle, tile-circle.glsl) is coloured as the circle program
// colours it (circle.frag.glsl); a shape's (an entry
// with LFX_TILE_SHAPE_ENTRY set, its instance's index below
// LFX_TILE_INTERIOR_ENTRY) is the primitive program's
// (primitive-shading.glsl) inside the shape's quad, a glyph's its coverage
// of the atlas (u_atlas) times its fill. The GPU's lists flag
// no entry interior (TileComputePass bins shapes by their quads alone).
precision highp float;
precision highp int;

// Each invocation composites COLUMNS consecutive pixels of a tile row (1,
// the default, on a GPU; more on a software rasterizer, which reads a
// storage buffer lane by lane, so that the pixels share each list entry and
// record an invocation reads), so a tile row takes INVOCATIONS_X invocations (a layout needs a
// literal, so the program is given both).
#ifndef COLUMNS
#define COLUMNS 1
#define INVOCATIONS_X LFX_TILE_SIZE
#endif
#if COLUMNS * INVOCATIONS_X != LFX_TILE_SIZE
#error "COLUMNS * INVOCATIONS_X must be LFX_TILE_SIZE"
#endif
layout(local_size_x = INVOCATIONS_X, local_size_y = LFX_TILE_SIZE) in;

// Built with CIRCLES_ONLY for lists of circles alone (a frame with no
// instances, a run whose lists hold no shape): the shape branch is left out of the loop, which a software
// rasterizer would otherwise run for every entry with its lanes masked off
// (on llvmpipe the 100,000-ripple field took about 4.5 times as long).

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
#ifdef OVER
// A run composited over what is beneath it (OVER defined): each pixel's
// premultiplied colour and coverage, (C, 1 − T), which a composite then
// blends over the target, C + T·(what is there), in the tiles from
// u_firstTile on.
layout(rgba16f, binding = 0) writeonly uniform highp image2D u_target;
uniform ivec2 u_firstTile;
#else
// A whole frame: C + T·background, in every tile.
layout(rgba8, binding = 0) writeonly uniform highp image2D u_target;
const ivec2 u_firstTile = ivec2(0);
#endif

uniform vec4 u_background;   // premultiplied
uniform ivec2 u_size;        // the frame, pixels
uniform int u_columns;       // tiles a row

// The shape entry `entry`'s primitive, its linear part inverted.
Primitive shapePrimitive(uint entry) {
    uint i = entry & (LFX_TILE_INTERIOR_ENTRY - 1u);
    return Primitive(inverseLinear(instances[i].transform), instances[i].translation, instances[i].shape,
                     instances[i].shapeExtra, instances[i].fillColor, instances[i].strokeColor,
                     instances[i].clip0Linear, instances[i].clip0Offset,
                     instances[i].clip1Linear, instances[i].clip1Offset, instances[i].clipRadii,
                     instances[i].paint0, instances[i].paint1, instances[i].paint2,
                     instances[i].stops0, instances[i].stops1);
}

// The premultiplied colour shape `s` adds at pixel centre p: only inside
// its quad (half side `extent` about its centre), as the primitive program
// draws it.
vec4 shapeSource(Primitive s, vec2 extent, vec2 p) {
    vec2 local = localPoint(s, p);
    int kind = int(s.translation.z);
    // A glyph's coverage is 0 outside its quad, its box in local units.
    if (kind == LFX_KIND_GLYPH) {
        return premultiplied(s.fillColor) * glyphCoverage(s, local) * opacityAndClips(s, p, s.clipRadii.z);
    }
    if (any(greaterThan(abs(local - s.shape.xy), extent))) return vec4(0.0);
    return shapeColor(s, local, kind) * opacityAndClips(s, p, s.clipRadii.z);
}

void main() {
    uvec2 tileXY = gl_WorkGroupID.xy + uvec2(u_firstTile);
    ivec2 first = ivec2(tileXY * uint(LFX_TILE_SIZE) + gl_LocalInvocationID.xy * uvec2(COLUMNS, 1));
    if (first.x >= u_size.x || first.y >= u_size.y) return;
    uint tile = tileXY.y * uint(u_columns) + tileXY.x;
    uint start = offsets[tile];
    vec2 p0 = vec2(first) + 0.5;
    vec3 color[COLUMNS];
    float t[COLUMNS];
    for (int k = 0; k < COLUMNS; k++) { color[k] = vec3(0.0); t[k] = 1.0; }
    for (uint j = offsets[tile + 1u]; j > start; j--) {
        uint index = entries[j - 1u];
#ifndef CIRCLES_ONLY
        if ((index & LFX_TILE_SHAPE_ENTRY) != 0u) {
            Primitive s = shapePrimitive(index);
            vec2 extent = shapeQuadExtent(instances[index & (LFX_TILE_INTERIOR_ENTRY - 1u)].transform,
                                          s.translation, s.shape, s.shapeExtra);
            for (int k = 0; k < COLUMNS; k++) {
                vec4 source = shapeSource(s, extent, p0 + vec2(float(k), 0.0));
                color[k] += t[k] * source.rgb;
                t[k] *= 1.0 - source.a;
            }
        } else
#endif
        {
            // The geometry first: a circle that misses the row (the same for
            // a row of invocations) or the invocation's pixels is skipped
            // before its colours are read.
            vec4 shape = circles[index].shape;
            float dy = p0.y - shape.y;
            float reach = circleReach(shape) + 1e-3;
            if (!(abs(dy) >= reach || p0.x - shape.x >= reach || shape.x - (p0.x + float(COLUMNS - 1)) >= reach)) {
                uvec4 paint = circles[index].paint;
                vec4 fillColor = circleFill(paint), ringColor = circleRingColor(paint);
                float ringAlpha = circleRingAlpha(paint);
                float outer = shape.z + 0.5, halfBand = shape.w + 0.5, band = 2.0 * shape.w;
                for (int k = 0; k < COLUMNS; k++) {
                    float dx = p0.x + float(k) - shape.x;
                    float dist = sqrt(dx * dx + dy * dy);
                    float fill = clamp(outer - dist, 0.0, 1.0);
                    float ring = clamp(min(band, halfBand - abs(dist - shape.z)), 0.0, 1.0);
                    vec4 source = ringColor * ring + fillColor * (fill * (1.0 - ringAlpha * ring));
                    color[k] += t[k] * source.rgb;
                    t[k] *= 1.0 - source.a;
                }
            }
        }
        float most = t[0];
        for (int k = 1; k < COLUMNS; k++) most = max(most, t[k]);
        if (most < 1.0 / float(LFX_TILE_STOP_DIVISOR)) break;
    }
    for (int k = 0; k < COLUMNS; k++) {
        ivec2 pixel = first + ivec2(k, 0);
#ifdef OVER
        if (pixel.x < u_size.x) imageStore(u_target, pixel, vec4(color[k], 1.0 - t[k]));
#else
        if (pixel.x < u_size.x) imageStore(u_target, pixel, vec4(color[k], 1.0 - t[k]) + t[k] * u_background);
#endif
    }
}
