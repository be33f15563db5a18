/* Pixel arithmetic shared by the CPU kernels: rounding to RGBA8 and the
 * source-over blend of an RGBA8 render target, as the GPU does them. */
#ifndef LFX_PIXEL_MATH_H
#define LFX_PIXEL_MATH_H
#include <stdint.h>
#include "lfx_raster.h"

/* No fused multiply-adds: every expression rounds as written, on every CPU. */
#pragma STDC FP_CONTRACT OFF

static inline float clampf(float v, float lo, float hi) { return v < lo ? lo : (v > hi ? hi : v); }

/* Float 0...1 → unorm8, rounding to nearest, ties to even, as an RGBA8
 * render target stores it: adding 1.5 * 2^23 leaves the rounded integer in the
 * low mantissa bits (float addition rounds to nearest even). */
static inline float quantize(float v) {
    return (clampf(v, 0.0f, 1.0f) * 255.0f + 12582912.0f) - 12582912.0f;
}

/* dst = src + round(dst * (255 - src.a) / 255) per channel, exact (the blend
 * of GL_ONE, GL_ONE_MINUS_SRC_ALPHA on RGBA8); src 0 leaves dst as it is. */
static inline unsigned blend_channel(unsigned s, unsigned d, unsigned inv_a) {
    unsigned p = d * inv_a + 128;
    unsigned v = s + ((p + (p >> 8)) >> 8);
    return v > 255 ? 255 : v;
}

/* Blends the premultiplied float color (r, g, b, a) onto the RGBA8 pixel
 * `d` (red in the low byte) and returns the result. */
static inline __attribute__((always_inline)) uint32_t blend_pixel(uint32_t d, float r, float g, float b, float a) {
    unsigned sa = (unsigned)quantize(a);
    unsigned inv_a = 255u - sa;
    return blend_channel((unsigned)quantize(r), d & 255u, inv_a)
        | (blend_channel((unsigned)quantize(g), (d >> 8) & 255u, inv_a) << 8)
        | (blend_channel((unsigned)quantize(b), (d >> 16) & 255u, inv_a) << 16)
        | (blend_channel(sa, d >> 24, inv_a) << 24);
}

/* Blends the premultiplied float color `c` onto the RGBA8 pixel at `pixel`;
 * a color with no positive channel leaves it as it is (as the blend would). */
static inline __attribute__((always_inline)) void blend_into(uint8_t *pixel, const float c[4]) {
    if (c[3] <= 0 && c[0] <= 0 && c[1] <= 0 && c[2] <= 0) return;
    uint32_t d;
    __builtin_memcpy(&d, pixel, 4);
    d = blend_pixel(d, c[0], c[1], c[2], c[3]);
    __builtin_memcpy(pixel, &d, 4);
}

/* Pixels per side of the blocks the kernels decide at once. */
#define BLOCK 8

/* The last row or column of a `side`-pixel square starting at `start`, at most `last`. */
static inline int square_end(int start, int side, int last) { return start + side - 1 > last ? last : start + side - 1; }

/* Runs the statement that follows over the side × side squares of rows
 * first...last and columns from...to, with the square's rows y...y_end and
 * columns x...x_end in scope (`continue` goes to the next square). */
#define FOR_EACH_SQUARE(side, y, y_end, x, x_end, first, last, from, to) \
    for (int y = (first), y_end = square_end(y, (side), (last)); y <= (last); \
         y += (side), y_end = square_end(y, (side), (last))) \
        for (int x = (from), x_end = square_end(x, (side), (to)); x <= (to); \
             x += (side), x_end = square_end(x, (side), (to)))

/* The 8×8 blocks of rows first...last and columns from...to: rows
 * by...y_end, columns bx...x_end. */
#define FOR_EACH_BLOCK(first, last, from, to) FOR_EACH_SQUARE(BLOCK, by, y_end, bx, x_end, first, last, from, to)

/* Pixels per side of the tiles of blocks the shape kernel decides first. */
#define TILE (4 * BLOCK)

/* The TILE × TILE tiles: rows ty...ty_end, columns tx...tx_end (a whole
 * number of blocks from the first row and column, so the blocks of its tiles
 * are FOR_EACH_BLOCK's blocks). */
#define FOR_EACH_TILE(first, last, from, to) FOR_EACH_SQUARE(TILE, ty, ty_end, tx, tx_end, first, last, from, to)

/* The window's columns kept to the image: first...last (first > last when
 * none are left). */
static inline void window_columns(lfx_columns columns, int *first, int *last) {
    *first = columns.first < 0 ? 0 : columns.first;
    *last = columns.last > columns.width - 1 ? columns.width - 1 : columns.last;
}

/* The columns a kernel draws of `shape`: its columns clamped to the
 * window `columns` (and the image); false when none are left. */
static inline int kernel_columns(const lfx_shape *shape, lfx_columns columns, int *min_x, int *max_x) {
    int first, last;
    window_columns(columns, &first, &last);
    *min_x = shape->min_x < first ? first : shape->min_x;
    *max_x = shape->max_x > last ? last : shape->max_x;
    return *min_x <= *max_x;
}

/* Whether any 8-column cell of `occupancy` (one byte per 8 columns per
 * row, rows from image_y0, `cells` bytes apart) under columns x0...x1 of
 * rows y0...y1 is set; true without an occupancy map. */
static inline int block_occupied(const uint8_t *occupancy, ptrdiff_t cells, int image_y0,
                                 int x0, int x1, int y0, int y1) {
    if (!occupancy) return 1;
    for (int y = y0; y <= y1; y++) {
        const uint8_t *row = occupancy + (ptrdiff_t)(y - image_y0) * cells;
        for (int c = x0 >> 3; c <= x1 >> 3; c++) if (row[c]) return 1;
    }
    return 0;
}

/* The clips of a block (lfx_block_clips) inside a box whose own clips are
 * `whole`: a box inside (or outside) every clip has each block in it inside
 * (or outside) too, so only a box the clips cross is decided block by block. */
static inline int block_clips_within(int whole, const lfx_shape *s, int x0, int x1, int y0, int y1) {
    return whole != CLIP_PARTIAL ? whole : lfx_block_clips(s, x0, x1, y0, y1);
}

/* On x86-64 a kernel is compiled twice, for AVX2 and for the baseline (SSE2);
 * the loader picks one for the CPU it runs on. Not under ThreadSanitizer:
 * clang instruments the clones' resolver too, and the loader runs it before
 * the sanitizer's runtime is set up (a crash before main). */
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define LFX_NO_CLONES
#endif
#endif
#if defined(__x86_64__) && !defined(LFX_NO_CLONES)
#define LFX_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define LFX_CLONES
#endif

#endif
