/* Glyphs (quads sampling the signed-distance atlas) for the CPU backend; see
 * include/lfx_raster.h. Every expression is `glyphCoverage` of
 * Shaders/primitive.frag.glsl, in the same order: the atlas sampled
 * bilinearly between texel centres, texels clamped to the atlas. */
#include "lfx_raster.h"
#include <math.h>
#include "pixel_math.h"

static inline float minf(float a, float b) { return b < a ? b : a; }
static inline float maxf(float a, float b) { return b >= a ? b : a; }

static inline float texel(const lfx_glyph_atlas *atlas, int i, int j) {
    int ci = i < 0 ? 0 : (i > atlas->width - 1 ? atlas->width - 1 : i);
    int cj = j < 0 ? 0 : (j > atlas->height - 1 ? atlas->height - 1 : j);
    return (float)atlas->texels[(ptrdiff_t)cj * atlas->width + ci] / 255.0f;
}

/* Coverage of the glyph at local point (x, y). */
static inline float coverage(const lfx_shape *s, const lfx_glyph_atlas *atlas, float pixels_per_texel,
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
    float top = texel(atlas, iu, iv) * (1 - wu) + texel(atlas, iu + 1, iv) * wu;
    float bottom = texel(atlas, iu, iv + 1) * (1 - wu) + texel(atlas, iu + 1, iv + 1) * wu;
    float value = top * (1 - wv) + bottom * wv;
    float distance = (value - atlas->edge_value) * atlas->distance_range;
    return minf(maxf(0.5f + distance * pixels_per_texel, 0), 1);
}

LFX_CLONES
void lfx_glyph_draw_rows(uint8_t *image, ptrdiff_t stride, int image_y0, int width, int first_row, int last_row,
                         const lfx_shape *s, const lfx_glyph_atlas *atlas,
                         const uint8_t *occupancy, ptrdiff_t cells) {
    int min_x = s->min_x < 0 ? 0 : s->min_x, max_x = s->max_x > width - 1 ? width - 1 : s->max_x;
    if (min_x > max_x || first_row > last_row || atlas->width < 1 || atlas->height < 1) return;
    const float *inv = s->inverse;
    float pixels_per_texel = 1 / sqrtf(fabsf(inv[0] * inv[3] - inv[1] * inv[2])) / s->extra[3];
    for (int y = first_row; y <= last_row; y++) {
        uint8_t *row = image + (ptrdiff_t)(y - image_y0) * stride;
        float py = (float)y + 0.5f;
        float ty = py - s->translation[1];
        for (int x = min_x; x <= max_x; x++) {
            if (!block_occupied(occupancy, cells, image_y0, x, x, y, y)) continue;
            float px = (float)x + 0.5f;
            float tx = px - s->translation[0];
            float lx = inv[0] * tx + inv[2] * ty, ly = inv[1] * tx + inv[3] * ty;
            float cov = coverage(s, atlas, pixels_per_texel, lx, ly);
            if (cov == 0) continue;   /* no color: the blend would leave the pixel as it is */
            float c[4];
            for (int j = 0; j < 4; j++) c[j] = s->fill[j] * cov;
            float clip = lfx_shape_clip_coverage(s, px, py);
            for (int j = 0; j < 4; j++) c[j] *= clip;
            if (c[3] <= 0 && c[0] <= 0 && c[1] <= 0 && c[2] <= 0) continue;
            uint32_t d;
            __builtin_memcpy(&d, row + 4 * x, 4);
            d = blend_pixel(d, c[0], c[1], c[2], c[3]);
            __builtin_memcpy(row + 4 * x, &d, 4);
        }
    }
}
