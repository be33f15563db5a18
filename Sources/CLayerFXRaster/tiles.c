/* Tile compositing of frames of circles, analytic shapes and glyphs; see
 * include/lfx_raster.h.
 *
 * The frame is cut into LFX_TILE_SIZE-pixel square tiles and each circle
 * and shape is listed, in drawing order, in every tile it may touch
 * (LayerFX's `TileBins`, whose lists of circles the GPU's compute shader
 * reads too). A pixel then walks its tile's list front to back (last drawn
 * first), accumulating the premultiplied colour C and the transmittance T
 * of what is in front:
 *   C += T · S,  T *= 1 − A
 * (S and A a primitive's premultiplied colour and alpha there: the coverage
 * of circle.c, shape_math.h's colour of a shape, or glyph_math.h's coverage
 * of a glyph times its fill, clips and opacity included), and is written once, C + T · background, converted to 8 bits.
 * It stops when T < LFX_TILE_TRANSMITTANCE_STOP (0.5/255): what is behind
 * can change the exact result (every channel at most 1) by less than T,
 * so the pixel stays within 1/255 of the exact composite after rounding.
 * An opaque primitive sets T to 0 and ends the walk at once. */
#include "shape_math.h"
#include "glyph_math.h"

_Static_assert(LFX_TILE_SIZE == 16, "a tile row is composited as two vectors of 8 pixels (composite16)");

LFX_VECTOR_INLINE int all_below(float8 v, float limit) {
    int8v below = v < limit;
    for (int k = 0; k < 8; k++) if (!below[k]) return 0;
    return 1;
}

/* The colour one circle adds at 8 pixels (centres px, row offset dy) over
 * what is in front of it (transmittance t), and the transmittance left. */
LFX_VECTOR_INLINE void accumulate8(const lfx_circle *c, float8 px, float dy, float8 *t, float8 *r, float8 *g,
                                   float8 *b, float8 *a) {
    float8 dx = px - c->geometry[0];
    float8 dist = sqrt8(dx * dx + dy * dy);
    float8 fill = min8(max8(c->geometry[3] - dist, 0.0f), 1.0f);
    float8 ring = min8(max8(min8((float8)c->ring[1], c->ring[0] - abs8(dist - c->geometry[2])), 0.0f), 1.0f);
    float8 under = fill * (1.0f - c->ring[2] * ring);
    float8 alpha = c->stroke[3] * ring + c->fill[3] * under;
    *r += *t * (c->stroke[0] * ring + c->fill[0] * under);
    *g += *t * (c->stroke[1] * ring + c->fill[1] * under);
    *b += *t * (c->stroke[2] * ring + c->fill[2] * under);
    *a += *t * alpha;
    *t *= 1.0f - alpha;
}

/* The colour one shape adds at the 8 pixels x…x+7 of row py over what is
 * in front of it (transmittance t), and the transmittance left. */
LFX_VECTOR_INLINE void accumulate_shape8(const lfx_shape *s, int x, float py, float8 *t, float8 *r, float8 *g,
                                         float8 *b, float8 *a) {
    float8 c[4];
    if (s->gradient_kind == LFX_PAINT_CONIC) {
        /* No eight-lane conic gradient: the scalar colour, lane by lane. */
        for (int k = 0; k < 8; k++) {
            float one[4];
            shade(s, &s->plan.star, (float)(x + k) + 0.5f, py, one);
            for (int j = 0; j < 4; j++) c[j][k] = one[j];
        }
    } else {
        shape_color8(x, py, s, &s->plan.star, c);
    }
    /* The ordered kernel draws the columns of the shape's quad only. */
    int8v column = (int8v){ 0, 1, 2, 3, 4, 5, 6, 7 } + x;
    int8v outside = (column < s->min_x) | (column > s->max_x);
    for (int j = 0; j < 4; j++) c[j] = outside ? (float8)0.0f : c[j];
    *r += *t * c[0];
    *g += *t * c[1];
    *b += *t * c[2];
    *a += *t * c[3];
    *t *= 1.0f - c[3];
}

/* The colour one glyph adds at the 8 pixels x…x+7 of row py over what is
 * in front of them, as the glyph kernel blends it (nothing without an
 * atlas, as in the shader). */
LFX_VECTOR_INLINE void accumulate_glyph8(const lfx_shape *s, const lfx_glyph_atlas *atlas, int x, float py,
                                         float8 *t, float8 *r, float8 *g, float8 *b, float8 *a) {
    if (!atlas || atlas->width < 1 || atlas->height < 1) return;
    /* The ordered kernel draws the columns of the glyph's quad only. */
    int8v column = (int8v){ 0, 1, 2, 3, 4, 5, 6, 7 } + x;
    int8v lanes = (column >= s->min_x) & (column <= s->max_x);
    const float *inv = s->inverse;
    float8 tx = centers8(x) - s->translation[0];
    float ty = py - s->translation[1];
    float8 cov = glyph_coverage8(s, atlas, glyph_pixels_per_texel(s), inv[0] * tx + inv[2] * ty,
                                 inv[1] * tx + inv[3] * ty, lanes);
    if (!__builtin_reduce_or(cov != 0)) return;
    float8 coverage = cov * clip_coverage8(s, centers8(x), py);
    float8 alpha = s->fill[3] * coverage;
    *r += *t * (s->fill[0] * coverage);
    *g += *t * (s->fill[1] * coverage);
    *b += *t * (s->fill[2] * coverage);
    *a += *t * alpha;
    *t *= 1.0f - alpha;
}

/* The constant colour fill × opacity of a shape over a tile it covers
 * wholly, added at 8 pixels over what is in front of them. */
LFX_VECTOR_INLINE void accumulate_interior8(const lfx_shape *s, float8 *t, float8 *r, float8 *g, float8 *b, float8 *a) {
    const float o = s->extra[2], alpha = s->fill[3] * o;
    *r += *t * (s->fill[0] * o);
    *g += *t * (s->fill[1] * o);
    *b += *t * (s->fill[2] * o);
    *a += *t * alpha;
    *t *= 1.0f - alpha;
}

/* Whether the centres left + 0.5 … right − 0.5 of row py all lie beyond
 * the circle a star or circle covers nothing outside (plan.reach; infinite
 * for other shapes). */
static inline int misses_reach(const lfx_shape *s, float left, float right, float py) {
    const float *reach = s->plan.reach;
    float dy = py - reach[1], r = reach[2];
    if (!(fabsf(dy) < r)) return r == INFINITY ? 0 : 1;
    float half = sqrtf(r * r - dy * dy);
    return reach[0] + half < left || reach[0] - half > right;
}

/* Writes 8 composited pixels (the first `lanes` of them) over the
 * premultiplied `background`, or with none over the pixels there. */
LFX_VECTOR_INLINE void store8(uint8_t *p, int lanes, float8 t, float8 r, float8 g, float8 b, float8 a,
                              const float background[4]) {
    float8 under[4];
    if (background) {
        for (int j = 0; j < 4; j++) under[j] = background[j];
    } else {
        for (int j = 0; j < 4; j++) under[j] = 0.0f;
        for (int k = 0; k < lanes; k++) {
            for (int j = 0; j < 4; j++) under[j][k] = (float)p[4 * k + j] / 255.0f;
        }
    }
    uint8v qr = quantize8(r + t * under[0]), qg = quantize8(g + t * under[1]);
    uint8v qb = quantize8(b + t * under[2]), qa = quantize8(a + t * under[3]);
    for (int k = 0; k < lanes; k++) {
        p[4 * k] = (uint8_t)qr[k]; p[4 * k + 1] = (uint8_t)qg[k]; p[4 * k + 2] = (uint8_t)qb[k]; p[4 * k + 3] = (uint8_t)qa[k];
    }
}

/* Composites the pixels x…x+15 of row y (`lanes` of them in the frame, 1…16)
 * from the tile list entries[start…end), two vectors of 8 sharing the walk,
 * over `background` (NULL: over the pixels there). */
LFX_VECTOR_INLINE void composite16(uint8_t *pixels, int x, int lanes, int y, const lfx_circle *circles,
                                   const lfx_shape *shapes, const lfx_glyph_atlas *atlas, const uint32_t *entries,
                                   size_t start, size_t end, const float background[4], lfx_tile_stats *stats) {
    const float8 px0 = centers8(x), px1 = centers8(x + 8);
    const float py = (float)y + 0.5f, left = (float)x, right = (float)(x + 16);
    float8 t0 = 1.0f, r0 = 0.0f, g0 = 0.0f, b0 = 0.0f, a0 = 0.0f;
    float8 t1 = 1.0f, r1 = 0.0f, g1 = 0.0f, b1 = 0.0f, a1 = 0.0f;
    int stopped = 0;
    uint64_t visits = 0;
    for (size_t j = end; j > start; j--) {
        const uint32_t entry = entries[j - 1];
        if (entry & LFX_TILE_SHAPE_ENTRY) {
            const lfx_shape *s = &shapes[entry & (LFX_TILE_INTERIOR_ENTRY - 1)];
            if (entry & LFX_TILE_INTERIOR_ENTRY) {
                /* Every pixel of the tile gets the constant colour fill × opacity. */
                accumulate_interior8(s, &t0, &r0, &g0, &b0, &a0);
                accumulate_interior8(s, &t1, &r1, &g1, &b1, &a1);
            } else {
                /* A shape whose quad misses this row, or these columns, changes nothing. */
                if (y < s->min_y || y > s->max_y || s->max_x < x || s->min_x >= x + 16 || misses_reach(s, left, right, py)) {
                    continue;
                }
                if (s->plan.kind == LFX_KIND_GLYPH) {
                    accumulate_glyph8(s, atlas, x, py, &t0, &r0, &g0, &b0, &a0);
                    accumulate_glyph8(s, atlas, x + 8, py, &t1, &r1, &g1, &b1, &a1);
                } else {
                    accumulate_shape8(s, x, py, &t0, &r0, &g0, &b0, &a0);
                    accumulate_shape8(s, x + 8, py, &t1, &r1, &g1, &b1, &a1);
                }
            }
        } else {
            const lfx_circle *c = &circles[entry];
            const float dy = py - c->geometry[1], reach = c->ring[3] + 1e-3f;
            /* A circle that misses these pixels' row, or their columns, changes nothing. */
            if (fabsf(dy) >= reach || c->geometry[0] + reach < left || c->geometry[0] - reach > right) continue;
            accumulate8(c, px0, dy, &t0, &r0, &g0, &b0, &a0);
            accumulate8(c, px1, dy, &t1, &r1, &g1, &b1, &a1);
        }
        visits++;
        if (all_below(max8(t0, t1), LFX_TILE_TRANSMITTANCE_STOP)) {
            stopped = 1;
            break;
        }
    }
    uint8_t *p = pixels;
    store8(p, lanes < 8 ? lanes : 8, t0, r0, g0, b0, a0, background);
    if (lanes > 8) store8(p + 32, lanes - 8, t1, r1, g1, b1, a1, background);
    stats->visits += visits * (uint64_t)lanes;
    stats->early_pixels += stopped ? (uint64_t)lanes : 0;
}

LFX_CLONES
void lfx_tiles_composite_row(uint8_t *image, int width, int height, int tile_row, const lfx_circle *circles,
                             const lfx_shape *shapes, const lfx_glyph_atlas *atlas, const size_t *offsets,
                             const uint32_t *entries, const float background[4], lfx_tile_stats *stats) {
    int columns = (width + LFX_TILE_SIZE - 1) / LFX_TILE_SIZE;
    int y0 = tile_row * LFX_TILE_SIZE, y1 = y0 + LFX_TILE_SIZE > height ? height : y0 + LFX_TILE_SIZE;
    for (int tx = 0; tx < columns; tx++) {
        size_t tile = (size_t)tile_row * columns + tx, start = offsets[tile], end = offsets[tile + 1];
        int x_end = (tx + 1) * LFX_TILE_SIZE > width ? width : (tx + 1) * LFX_TILE_SIZE;
        for (int y = y0; y < y1; y++) {
            uint8_t *row = image + (size_t)y * (size_t)width * 4;
            int x = tx * LFX_TILE_SIZE;
            composite16(row + 4 * x, x, x_end - x, y, circles, shapes, atlas, entries, start, end, background, stats);
        }
    }
}

LFX_CLONES
void lfx_tiles_composite_over(uint8_t *image, ptrdiff_t stride, int image_y0, lfx_columns window, int first_row, int last_row,
                              const lfx_circle *circles, const lfx_shape *shapes, const lfx_glyph_atlas *atlas,
                              const size_t *offsets, const uint32_t *entries) {
    const int width = window.width;
    int first, last;
    window_columns(window, &first, &last);
    const int end_x = last + 1;
    int columns = (width + LFX_TILE_SIZE - 1) / LFX_TILE_SIZE;
    lfx_tile_stats unused = { 0, 0 };
    for (int column = first / LFX_TILE_SIZE; column < columns && column * LFX_TILE_SIZE < end_x; column++) {
        size_t start = offsets[column], end = offsets[column + 1];
        if (start == end) continue;
        int x = column * LFX_TILE_SIZE, x_end = x + LFX_TILE_SIZE > width ? width : x + LFX_TILE_SIZE;
        /* The window's part of the tile: its pixels are composited with the
         * whole tile's (the walk stops for all sixteen at once), the others
         * in a copy that is dropped. */
        int from = x < first ? first : x, to = x_end < end_x ? x_end : end_x;
        for (int y = first_row; y <= last_row; y++) {
            uint8_t *row = image + (ptrdiff_t)(y - image_y0) * stride;
            if (from == x && to == x_end) {
                composite16(row + 4 * x, x, x_end - x, y, circles, shapes, atlas, entries, start, end, NULL, &unused);
                continue;
            }
            uint8_t tile[4 * LFX_TILE_SIZE];
            __builtin_memcpy(tile, row + 4 * x, 4 * (size_t)(x_end - x));
            composite16(tile, x, x_end - x, y, circles, shapes, atlas, entries, start, end, NULL, &unused);
            __builtin_memcpy(row + 4 * from, tile + 4 * (from - x), 4 * (size_t)(to - from));
        }
    }
}
