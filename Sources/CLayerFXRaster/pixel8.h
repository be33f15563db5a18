/* Eight pixels at a time for the CPU kernels (clang vector extensions: the
 * same IEEE operations lane by lane, so the same results as the scalar
 * code): the RGBA8 quantization and blend of pixel_math.h (also of one
 * constant color over a run), and the clip
 * coverage of lfx_shape_clip_coverage. Every helper is always inlined, at
 * -O0 too: a kernel's AVX2 clone passes an 8-lane vector in one register and
 * a helper compiled for the baseline expects it in memory, so no call may
 * pass one between them (clang's -Wpsabi warning, silenced here). */
#ifndef LFX_PIXEL8_H
#define LFX_PIXEL8_H
#include "pixel_math.h"

#pragma clang diagnostic ignored "-Wpsabi"
typedef float float8 __attribute__((ext_vector_type(8)));
typedef int int8v __attribute__((ext_vector_type(8)));
typedef unsigned uint8v __attribute__((ext_vector_type(8)));

/* A function that takes or returns a vector (see above), or that a kernel
 * calls for its 8-lane work: inlined, that work is compiled for AVX2 in the
 * kernel's AVX2 clone (a separate function is compiled for the baseline). */
#define LFX_VECTOR_INLINE static inline __attribute__((always_inline))

/* min and max as the scalar kernels' (and Swift's): min(a, b) = b < a ? b : a,
 * max(a, b) = b >= a ? b : a. */
LFX_VECTOR_INLINE float8 min8(float8 a, float8 b) { return b < a ? b : a; }
LFX_VECTOR_INLINE float8 max8(float8 a, float8 b) { return b >= a ? b : a; }
LFX_VECTOR_INLINE float8 sgn8(float8 x) { return x < 0 ? (float8)-1.0f : (float8)1.0f; }
LFX_VECTOR_INLINE float8 abs8(float8 x) { return __builtin_elementwise_abs(x); }
LFX_VECTOR_INLINE float8 sqrt8(float8 x) { return __builtin_elementwise_sqrt(x); }

/* The centres of pixels x...x+7 of a row. */
LFX_VECTOR_INLINE float8 centers8(int x) {
    return __builtin_convertvector((int8v){ 0, 1, 2, 3, 4, 5, 6, 7 } + x, float8) + 0.5f;
}

/* quantize, eight values at a time. */
LFX_VECTOR_INLINE uint8v quantize8(float8 v) {
    float8 q = (min8(max8(v, 0), 1) * 255.0f + 12582912.0f) - 12582912.0f;
    return __builtin_convertvector(q, uint8v);
}

/* blend_channel, eight channels at a time. */
LFX_VECTOR_INLINE uint8v blend8(uint8v s, uint8v d, uint8v inv_a) {
    uint8v p = d * inv_a + 128;
    uint8v v = s + ((p + (p >> 8)) >> 8);
    return v > 255 ? (uint8v)255 : v;
}

/* Blends one quantized premultiplied color onto pixels x0...x1 of a row. An
 * opaque color replaces the pixels (the blend gives exactly the source:
 * round(d·0/255) = 0); others are blended 8 pixels at a time with blend8,
 * the last few with blend_channel. */
LFX_VECTOR_INLINE void blend_constant_run(uint8_t *row, int x0, int x1, const uint8_t src[4]) {
    const unsigned inv_a = 255u - src[3];
    uint32_t color;
    __builtin_memcpy(&color, src, 4);
    if (inv_a == 0) {
        if (x0 <= x1) lfx_fill_pixels(row + 4 * x0, (size_t)(x1 - x0 + 1), color);
        return;
    }
    for (; x0 + 7 <= x1; x0 += 8) {
        uint8v d;
        __builtin_memcpy(&d, row + 4 * x0, 32);
        uint8v out = 0;
        for (int c = 0; c < 4; c++) out |= blend8((uint8v)src[c], (d >> (8 * c)) & 255, (uint8v)inv_a) << (8 * c);
        __builtin_memcpy(row + 4 * x0, &out, 32);
    }
    for (int x = x0; x <= x1; x++) {
        uint32_t d;
        __builtin_memcpy(&d, row + 4 * x, 4);
        d = blend_channel(src[0], d & 255u, inv_a) | (blend_channel(src[1], (d >> 8) & 255u, inv_a) << 8)
            | (blend_channel(src[2], (d >> 16) & 255u, inv_a) << 16) | (blend_channel(src[3], d >> 24, inv_a) << 24);
        __builtin_memcpy(row + 4 * x, &d, 4);
    }
}

/* A run of squares (tiles or blocks) along one row of them, columns
 * x0...x_end, rows y0...y1, whose every pixel is exactly one constant
 * premultiplied color: blended together, one run a row, once it ends. */
typedef struct {
    uint8_t *image;
    ptrdiff_t stride;
    int image_y0;
    const uint8_t *color;
    int from;   /* the run's first column; −1 while there is none */
} solid_run;

LFX_VECTOR_INLINE solid_run solid_run_start(uint8_t *image, ptrdiff_t stride, int image_y0, const uint8_t color[4]) {
    return (solid_run){ image, stride, image_y0, color, -1 };
}

/* Takes the square at columns x...x_end of rows y0...y1 (`solid` or not,
 * `last` in its row): a solid one joins the run; the run is blended before a
 * square that is not solid and after the last of its row. */
LFX_VECTOR_INLINE void solid_run_step(solid_run *run, int solid, int last, int x, int x_end, int y0, int y1) {
    if (solid && run->from < 0) run->from = x;
    if (run->from < 0 || (solid && !last)) return;
    int end = solid ? x_end : x - 1;
    for (int y = y0; y <= y1; y++) {
        blend_constant_run(run->image + (ptrdiff_t)(y - run->image_y0) * run->stride, run->from, end, run->color);
    }
    run->from = -1;
}

/* Blends eight premultiplied colors (channel vectors c[0...3]) onto the
 * RGBA8 pixels x...x+7 of `row`, as blend_into does one by one (a color
 * that quantizes to 0 leaves its pixel as it is, as blend_into's skip). */
LFX_VECTOR_INLINE void blend8_into(uint8_t *row, int x, const float8 c[4]) {
    uint8v q[4];
    for (int j = 0; j < 4; j++) q[j] = quantize8(c[j]);
    uint32_t pixels[8];
    __builtin_memcpy(pixels, row + 4 * x, 32);
    uint8v dst;
    for (int i = 0; i < 8; i++) dst[i] = pixels[i];
    uint8v inv_a = 255 - q[3];
    uint8v out = blend8(q[0], dst & 255, inv_a) | (blend8(q[1], (dst >> 8) & 255, inv_a) << 8)
        | (blend8(q[2], (dst >> 16) & 255, inv_a) << 16) | (blend8(q[3], dst >> 24, inv_a) << 24);
    for (int i = 0; i < 8; i++) pixels[i] = out[i];
    __builtin_memcpy(row + 4 * x, pixels, 32);
}

/* The rounded-rectangle distance and gradient of shape.c's rounded_rect_sdf,
 * eight points at a time. */
LFX_VECTOR_INLINE void rounded_rect_sdf8(float8 px, float8 py, float cx, float cy, float hx, float hy, float radius,
                                     float8 *d, float8 *gx, float8 *gy) {
    float8 qx = px - cx, qy = py - cy;
    float smaller = hy < hx ? hy : hx, positive = 0 >= radius ? 0 : radius;
    float r = smaller < positive ? smaller : positive;   /* min(max(radius, 0), min(hx, hy)) */
    float8 ex = abs8(qx) - hx + r, ey = abs8(qy) - hy + r;
    float8 ox = max8(ex, 0), oy = max8(ey, 0);
    float8 lo = sqrt8(ox * ox + oy * oy);
    *d = lo + min8(max8(ex, ey), 0) - r;
    int8v corner = (ex > 0) & (ey > 0), along_x = ex > ey;
    *gx = corner ? ox * sgn8(qx) / lo : (along_x ? sgn8(qx) : (float8)0);
    *gy = corner ? oy * sgn8(qy) / lo : (along_x ? (float8)0 : sgn8(qy));
}

/* shape.c's one_clip, eight points at a time. */
LFX_VECTOR_INLINE float8 one_clip8(float8 x, float y, const float l[4], const float o[4], float radius) {
    float8 pcx = l[0] * x + l[2] * y + o[0];
    float8 pcy = l[1] * x + l[3] * y + o[1];
    float8 d, gx, gy;
    rounded_rect_sdf8(pcx, pcy, 0, 0, o[2], o[3], radius, &d, &gx, &gy);
    float8 a = gx * l[0] + gy * l[1], b = gx * l[2] + gy * l[3];
    float8 lc = max8(sqrt8(a * a + b * b), 1e-8f);
    return min8(max8(0.5f - d / lc, 0), 1);
}

/* lfx_shape_clip_coverage at the pixel centres (x, y), eight at a time. */
LFX_VECTOR_INLINE float8 clip_coverage8(const lfx_shape *s, float8 x, float y) {
    float8 coverage = s->extra[2];
    if (s->clip_radii[2] > 0.5f) coverage *= one_clip8(x, y, s->clip0_linear, s->clip0_offset, s->clip_radii[0]);
    if (s->clip_radii[2] > 1.5f) coverage *= one_clip8(x, y, s->clip1_linear, s->clip1_offset, s->clip_radii[1]);
    return coverage;
}

/* Blends the premultiplied colors `paint` (channel vectors 0...3) times
 * coverages `cov` times the clip coverage at the pixel centres (x, py)
 * (just the opacity when `inside_clips`) onto pixels x...x+count−1 of `row`
 * (count ≤ 8; the lanes past it have coverage 0): a lane of coverage 0 gets
 * the color 0, which leaves its pixel as it is, as the scalar kernels' skip
 * of a pixel of coverage 0. */
LFX_VECTOR_INLINE void blend_color8(uint8_t *row, int x, int count, float py, const lfx_shape *s,
                                    const float8 paint[4], float8 cov, int inside_clips) {
    int8v covered = cov != 0;
    if (!__builtin_reduce_or(covered)) return;
    float8 clip = inside_clips ? (float8)s->extra[2] : clip_coverage8(s, centers8(x), py);
    float8 c[4];
    for (int j = 0; j < 4; j++) c[j] = covered ? paint[j] * cov * clip : (float8)0;
    if (count == 8) { blend8_into(row, x, c); return; }
    uint8_t pixels[32] = { 0 };   /* the row may end before x + 8 */
    __builtin_memcpy(pixels, row + 4 * x, 4 * (size_t)count);
    blend8_into(pixels, 0, c);
    __builtin_memcpy(row + 4 * x, pixels, 4 * (size_t)count);
}

/* lfx_blend_fill of coverages `cov` at the pixel centres (x, py): the
 * shape's solid fill, blended as blend_color8 blends. */
LFX_VECTOR_INLINE void blend_fill8(uint8_t *row, int x, int count, float py, const lfx_shape *s, float8 cov,
                                   int inside_clips) {
    const float8 fill[4] = { s->fill[0], s->fill[1], s->fill[2], s->fill[3] };
    blend_color8(row, x, count, py, s, fill, cov, inside_clips);
}

#endif
