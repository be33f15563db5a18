/* Circle spans for the CPU backend; see include/lfx_raster.h.
 *
 * Coverage, in device pixels, with dist the distance from the centre and the
 * constants of `lfx_circle` (the same expressions as circle.frag.glsl):
 *   fill  = clamp((R + 0.5) - dist, 0, 1)
 *   ring  = clamp(min(2h, (h + 0.5) - |dist - R|), 0, 1)
 *   color = ringColor * ring + fillColor * (fill * (1 - ringAlpha * ring))
 * A pixel whose centre is at least h + 0.5 (plus a small margin) inside the
 * radius has fill exactly 1 and ring exactly 0, so its color is exactly
 * fillColor: those runs are blended without per-pixel math. */
#include "lfx_raster.h"
#include <math.h>
#include "pixel8.h"

/* Pixels shaded together, one AVX2 vector of floats (two SSE2 ones); edge
 * runs are rounded up to whole vectors. (4 measured slower: more rows'
 * edges then need two vectors, and the per-vector work is the same.) */
#define LANES 8

/* Shades `count` pixels of one row from x0 on, 8-pixel vectors at a time
 * (the inner loop has a constant trip count, so it vectorizes), touching no
 * pixel at or past `end`. */
static inline __attribute__((always_inline)) void shade_pixels(uint8_t *restrict row, int x0, int count, int end,
                                                              float py, const lfx_circle *circle) {
    const lfx_circle c = *circle;
    const float dy = py - c.geometry[1];
    for (int start = 0; start < count; start += LANES) {
        int n = count - start < LANES ? count - start : LANES;
        /* A short last vector still runs whole when the window has room: its
         * extra pixels lie beyond the circle's reach, where the color is 0 and
         * the blend leaves them exactly as they are. */
        if (n < LANES && x0 + start + LANES <= end) n = LANES;
        /* Pixels as 32-bit words (red in the low byte), so that every channel
         * is a lane of 32-bit integers: no byte shuffles in the vector code. */
        uint8_t *p = row + 4 * (x0 + start);
        uint32_t px[LANES] = {0};
        if (n == LANES) __builtin_memcpy_inline(px, p, 4 * LANES); else for (int i = 0; i < n; i++) __builtin_memcpy_inline(&px[i], p + 4 * i, 4);
        for (int k = 0; k < LANES; k++) {
            float dx = ((float)(x0 + start + k) + 0.5f) - c.geometry[0];
            float dist = sqrtf(dx * dx + dy * dy);
            float fill = clampf(c.geometry[3] - dist, 0.0f, 1.0f);
            float ring = clampf(fminf(c.ring[1], c.ring[0] - fabsf(dist - c.geometry[2])), 0.0f, 1.0f);
            float under = fill * (1.0f - c.ring[2] * ring);
            unsigned sa = (unsigned)quantize(c.stroke[3] * ring + c.fill[3] * under);
            unsigned inv_a = 255u - sa;
            uint32_t d = px[k];
            unsigned r = blend_channel((unsigned)quantize(c.stroke[0] * ring + c.fill[0] * under), d & 255u, inv_a);
            unsigned g = blend_channel((unsigned)quantize(c.stroke[1] * ring + c.fill[1] * under), (d >> 8) & 255u, inv_a);
            unsigned b = blend_channel((unsigned)quantize(c.stroke[2] * ring + c.fill[2] * under), (d >> 16) & 255u, inv_a);
            unsigned a = blend_channel(sa, d >> 24, inv_a);
            px[k] = r | (g << 8) | (b << 16) | (a << 24);
        }
        if (n == LANES) __builtin_memcpy_inline(p, px, 4 * LANES); else for (int i = 0; i < n; i++) __builtin_memcpy_inline(p + 4 * i, &px[i], 4);
    }
}

static inline int round_up_to_vector(int n) { return (n + LANES - 1) / LANES * LANES; }

/* The helpers above are inlined into the kernel; no_builtin keeps their
 * short pixel copies from becoming memcpy calls. */
LFX_CLONES __attribute__((no_builtin("memcpy")))
void lfx_circle_draw_rows(uint8_t *image, ptrdiff_t stride, int image_y0, lfx_columns columns,
                          int first_row, int last_row, const lfx_circle *c) {
    int first, last;
    window_columns(columns, &first, &last);
    /* Pixels with any coverage have dist < outer; the constant run needs
     * dist <= inner, where fill is exactly 1 and ring exactly 0. */
    const float radius = c->geometry[2], half_stroke = c->ring[1] * 0.5f;
    double outer = (double)c->ring[3] + 1e-3;
    double inner = (double)radius - (double)half_stroke - 0.5 - 1e-3;
    int has_inner = inner > 0;
    uint8_t interior[4];
    for (int i = 0; i < 4; i++) interior[i] = (uint8_t)quantize(c->fill[i]);
    int interior_visible = interior[0] | interior[1] | interior[2] | interior[3];
    for (int y = first_row; y <= last_row; y++) {
        double cx = (double)c->geometry[0], dy = (double)y + 0.5 - (double)c->geometry[1];
        double reach2 = outer * outer - dy * dy;
        if (reach2 <= 0) continue;
        double reach = sqrt(reach2);
        int x0 = (int)ceil(cx - reach - 0.5), x1 = (int)floor(cx + reach - 0.5);
        if (x0 < first) x0 = first;
        if (x1 > last) x1 = last;
        if (x0 > x1) continue;
        uint8_t *row = image + (ptrdiff_t)(y - image_y0) * stride;
        float py = (float)y + 0.5f;
        double inside2 = inner * inner - dy * dy;
        int i0 = x1 + 1, i1 = x1;   /* the constant run, empty unless the row crosses the inside */
        if (has_inner && inside2 > 0) {
            double inside = sqrt(inside2);
            i0 = (int)ceil(cx - inside - 0.5);
            i1 = (int)floor(cx + inside - 0.5);
            if (i0 < x0) i0 = x0;
            if (i1 > x1) i1 = x1;
        }
        /* Shaded pixels of the inside give exactly the constant color, so the
         * edge runs are widened to whole vectors of 8 and the run shrinks. */
        int left_end = i0 <= i1 ? x0 + round_up_to_vector(i0 - x0) : x1 + 1;
        int right_start = i0 <= i1 ? x1 + 1 - round_up_to_vector(x1 - i1) : x1 + 1;
        if (left_end > right_start || left_end > x1 + 1) {
            shade_pixels(row, x0, x1 - x0 + 1, last + 1, py, c);
            continue;
        }
        shade_pixels(row, x0, left_end - x0, last + 1, py, c);
        if (interior_visible && right_start > left_end) blend_constant_run(row, left_end, right_start - 1, interior);
        shade_pixels(row, right_start, x1 + 1 - right_start, last + 1, py, c);
    }
}
