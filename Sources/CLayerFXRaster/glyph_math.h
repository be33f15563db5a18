/* The coverage of a glyph (a quad sampling the signed-distance atlas) at
 * pixel centres, one at a time and eight at a time: what the glyph kernel
 * (glyph.c) blends in order and tile compositing (tiles.c) accumulates front
 * to back. Every expression is `glyphCoverage` of
 * Shaders/primitive-shading.glsl, in the same order: the atlas sampled
 * bilinearly between texel centres, texels clamped to the atlas. Private to
 * CLayerFXRaster. */
#ifndef LFX_GLYPH_MATH_H
#define LFX_GLYPH_MATH_H
#include "lfx_raster.h"
#include <math.h>
#include "pixel8.h"

static inline float glyph_minf(float a, float b) { return b < a ? b : a; }
static inline float glyph_maxf(float a, float b) { return b >= a ? b : a; }

static inline float glyph_texel(const lfx_glyph_atlas *atlas, int i, int j) {
    int ci = i < 0 ? 0 : (i > atlas->width - 1 ? atlas->width - 1 : i);
    int cj = j < 0 ? 0 : (j > atlas->height - 1 ? atlas->height - 1 : j);
    return (float)atlas->texels[(ptrdiff_t)cj * atlas->width + ci] / 255.0f;
}

/* Coverage of the glyph at local point (x, y). */
static inline float glyph_coverage(const lfx_shape *s, const lfx_glyph_atlas *atlas, float pixels_per_texel,
                             float x, float y) {
    const float *shape = s->shape, *extra = s->extra;
    float texels_per_unit = extra[3];
    float u = extra[0] + (x - shape[0]) * texels_per_unit, v = extra[1] + (y - shape[1]) * texels_per_unit;
    float u_end = extra[0] + (shape[2] - shape[0]) * texels_per_unit;
    float v_end = extra[1] + (shape[3] - shape[1]) * texels_per_unit;
    if (u < extra[0] || v < extra[1] || u > u_end || v > v_end) return 0;
    float fu = u - 0.5f, fv = v - 0.5f;
    float cu = floorf(fu), cv = floorf(fv);
    float wu = fu - cu, wv = fv - cv;
    /* Texels are clamped to the atlas; one past each side is as good as any further. */
    int iu = (int)(cu < -1 ? -1 : (cu > (float)atlas->width ? (float)atlas->width : cu));
    int iv = (int)(cv < -1 ? -1 : (cv > (float)atlas->height ? (float)atlas->height : cv));
    float top = glyph_texel(atlas, iu, iv) * (1 - wu) + glyph_texel(atlas, iu + 1, iv) * wu;
    float bottom = glyph_texel(atlas, iu, iv + 1) * (1 - wu) + glyph_texel(atlas, iu + 1, iv + 1) * wu;
    float value = top * (1 - wv) + bottom * wv;
    float distance = (value - atlas->edge_value) * atlas->distance_range;
    return glyph_minf(glyph_maxf(0.5f + distance * pixels_per_texel, 0), 1);
}

/* `glyph_coverage` at the local points (x, y) of the `lanes` set, lane by lane
 * with its expressions (texels gathered one by one, clamped as `glyph_texel`
 * clamps, so every index is inside the atlas whatever the lane holds); lanes
 * not set, or sampling outside the glyph's box, get 0. */
LFX_VECTOR_INLINE float8 glyph_coverage8(const lfx_shape *s, const lfx_glyph_atlas *atlas, float pixels_per_texel,
                                   float8 x, float8 y, int8v lanes) {
    const float *shape = s->shape, *extra = s->extra;
    float texels_per_unit = extra[3];
    float8 u = extra[0] + (x - shape[0]) * texels_per_unit, v = extra[1] + (y - shape[1]) * texels_per_unit;
    float u_end = extra[0] + (shape[2] - shape[0]) * texels_per_unit;
    float v_end = extra[1] + (shape[3] - shape[1]) * texels_per_unit;
    int8v sampled = lanes & ~((u < extra[0]) | (v < extra[1]) | (u > u_end) | (v > v_end));
    if (!__builtin_reduce_or(sampled)) return 0;
    float8 fu = u - 0.5f, fv = v - 0.5f;
    float8 cu = __builtin_elementwise_floor(fu), cv = __builtin_elementwise_floor(fv);
    float8 wu = fu - cu, wv = fv - cv;
    float w = (float)atlas->width, h = (float)atlas->height;
    float8 su = cu < -1 ? (float8)-1 : (cu > w ? (float8)w : cu);
    float8 sv = cv < -1 ? (float8)-1 : (cv > h ? (float8)h : cv);
    /* A NaN sample point is not `sampled`; 0 keeps its conversion defined. */
    int8v iu = __builtin_convertvector(sampled ? su : (float8)0, int8v);
    int8v iv = __builtin_convertvector(sampled ? sv : (float8)0, int8v);
    float8 t[4];
    for (int k = 0; k < 4; k++) {
        int8v i = iu + (k & 1), j = iv + (k >> 1);
        i = i < 0 ? 0 : (i > atlas->width - 1 ? atlas->width - 1 : i);
        j = j < 0 ? 0 : (j > atlas->height - 1 ? atlas->height - 1 : j);
        float8 value;
        for (int lane = 0; lane < 8; lane++) {
            value[lane] = (float)atlas->texels[(ptrdiff_t)j[lane] * atlas->width + i[lane]];
        }
        t[k] = value / 255.0f;
    }
    float8 top = t[0] * (1 - wu) + t[1] * wu;
    float8 bottom = t[2] * (1 - wu) + t[3] * wu;
    float8 value = top * (1 - wv) + bottom * wv;
    float8 distance = (value - atlas->edge_value) * atlas->distance_range;
    float8 cov = min8(max8(0.5f + distance * pixels_per_texel, 0), 1);
    return sampled ? cov : (float8)0;
}

/* Device pixels per atlas texel of glyph `s` (its transform's area scale
 * over its texels per local unit). */
static inline float glyph_pixels_per_texel(const lfx_shape *s) {
    const float *inv = s->inverse;
    return 1 / sqrtf(fabsf(inv[0] * inv[3] - inv[1] * inv[2])) / s->extra[3];
}

#endif
