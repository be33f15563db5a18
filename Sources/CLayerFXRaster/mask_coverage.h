/* How a composite's mask layer covers the pixels of its content (the
 * LFX_MASK_ modes of lfx_layout.h), from the mask's premultiplied RGBA8
 * bytes, one pixel and eight at a time: maskCoverage of
 * Shaders/primitive.frag.glsl, with the same expressions. The luminance is
 * Rec. 709's luma of the premultiplied colour (the mask over black), in
 * integers, so opaque white is exactly 1 and every value is an integer below
 * 2^24 before the one division. Private to CLayerFXRaster. */
#ifndef LFX_MASK_COVERAGE_H
#define LFX_MASK_COVERAGE_H
#include "pixel8.h"

#define LUMA_R 2126u
#define LUMA_G 7152u
#define LUMA_B 722u
#define LUMA_ONE 2550000.0f   /* 255 × (2126 + 7152 + 722) */

/* The coverage of mask pixel `p` (r, g, b, a) under `mode` (not LFX_MASK_NONE). */
static inline float mask_coverage(const uint8_t p[4], int mode) {
    switch (mode) {
    case LFX_MASK_ALPHA: return (float)p[3] / 255.0f;
    case LFX_MASK_ALPHA_INVERTED: return (float)(255u - p[3]) / 255.0f;
    default: {
        float luma = (float)(LUMA_R * p[0] + LUMA_G * p[1] + LUMA_B * p[2]);
        return mode == LFX_MASK_LUMINANCE ? luma / LUMA_ONE : (LUMA_ONE - luma) / LUMA_ONE;
    }
    }
}

/* mask_coverage of the eight RGBA8 pixels x...x+7 of `row`. */
LFX_VECTOR_INLINE float8 mask_coverage8(const uint8_t *row, int x, int mode) {
    uint32_t pixels[8];
    __builtin_memcpy(pixels, row + 4 * x, 32);
    uint8v p;
    for (int i = 0; i < 8; i++) p[i] = pixels[i];
    switch (mode) {
    case LFX_MASK_ALPHA: return __builtin_convertvector(p >> 24, float8) / 255.0f;
    case LFX_MASK_ALPHA_INVERTED: return __builtin_convertvector(255u - (p >> 24), float8) / 255.0f;
    default: {
        float8 luma = __builtin_convertvector(LUMA_R * (p & 255u) + LUMA_G * ((p >> 8) & 255u)
                                              + LUMA_B * ((p >> 16) & 255u), float8);
        return mode == LFX_MASK_LUMINANCE ? luma / LUMA_ONE : (LUMA_ONE - luma) / LUMA_ONE;
    }
    }
}

#endif
