/* Glyphs (quads sampling the signed-distance atlas) for the CPU backend; see
 * include/lfx_raster.h. The coverage is glyph_math.h's. */
#include "glyph_math.h"


/* How a block of a glyph's pixels is drawn. */
enum { GLYPH_EMPTY, GLYPH_FULL, GLYPH_SHADED };

/* Classifies the block (columns x0...x1, rows y0...y1) from the texels its
 * pixels can sample: bilinear sampling gives a value between the smallest
 * and largest of them (up to rounding, bounded by a margin), so when the
 * largest gives coverage at most 0 every pixel's coverage is exactly 0, and
 * when the smallest gives at least 1 (and every pixel samples inside the
 * glyph's box) exactly 1. Pixels whose sample point falls outside the box
 * have coverage 0. */
static int classify(const lfx_shape *s, const lfx_glyph_atlas *atlas, float pixels_per_texel,
                    int x0, int x1, int y0, int y1) {
    const float *inv = s->inverse, *shape = s->shape, *extra = s->extra;
    double tpu = extra[3];
    double u_lo = INFINITY, u_hi = -INFINITY, v_lo = INFINITY, v_hi = -INFINITY;
    for (int corner = 0; corner < 4; corner++) {
        double tx = (corner & 1 ? x1 : x0) + 0.5 - s->translation[0];
        double ty = (corner & 2 ? y1 : y0) + 0.5 - s->translation[1];
        double u = extra[0] + (inv[0] * tx + inv[2] * ty - shape[0]) * tpu;
        double v = extra[1] + (inv[1] * tx + inv[3] * ty - shape[1]) * tpu;
        u_lo = fmin(u_lo, u); u_hi = fmax(u_hi, u); v_lo = fmin(v_lo, v); v_hi = fmax(v_hi, v);
    }
    double margin = 1e-3 * (1 + fabs(u_hi) + fabs(v_hi));
    u_lo -= margin; u_hi += margin; v_lo -= margin; v_hi += margin;
    double u_end = extra[0] + ((double)shape[2] - shape[0]) * tpu, v_end = extra[1] + ((double)shape[3] - shape[1]) * tpu;
    if (u_hi < extra[0] || v_hi < extra[1] || u_lo > u_end || v_lo > v_end) return GLYPH_EMPTY;
    int inside_box = u_lo > extra[0] && v_lo > extra[1] && u_hi < u_end && v_hi < v_end;
    /* Only pixels sampling inside the box are shaded, so only their texels
     * count (this also bounds the loop below by the glyph's size, however
     * small the glyph is drawn): texel columns iu and iu + 1 for every such
     * sample, clamped as `texel` clamps. */
    u_lo = fmax(u_lo, extra[0]); u_hi = fmin(u_hi, u_end); v_lo = fmax(v_lo, extra[1]); v_hi = fmin(v_hi, v_end);
    double i_lo = floor(u_lo - 0.5), i_hi = floor(u_hi - 0.5) + 1, j_lo = floor(v_lo - 0.5), j_hi = floor(v_hi - 0.5) + 1;
    int w = atlas->width, h = atlas->height;
    int ci0 = (int)fmax(fmin(i_lo, w - 1), 0), ci1 = (int)fmax(fmin(i_hi, w - 1), 0);
    int cj0 = (int)fmax(fmin(j_lo, h - 1), 0), cj1 = (int)fmax(fmin(j_hi, h - 1), 0);
    int lowest = 255, highest = 0;
    for (int j = cj0; j <= cj1; j++) {
        const uint8_t *row = atlas->texels + (ptrdiff_t)j * w;
        for (int i = ci0; i <= ci1; i++) {
            if (row[i] < lowest) lowest = row[i];
            if (row[i] > highest) highest = row[i];
        }
    }
    double scale = (double)atlas->distance_range * pixels_per_texel;
    double low = 0.5 + ((double)lowest / 255 - atlas->edge_value) * scale;
    double high = 0.5 + ((double)highest / 255 - atlas->edge_value) * scale;
    double slack = 1e-4 * (1 + fabs(scale));
    if (high <= -slack) return GLYPH_EMPTY;
    if (inside_box && low >= 1 + slack) return GLYPH_FULL;
    return GLYPH_SHADED;
}

/* Blends pixels x0...x1 of the row at py, 8 at a time (the last ones
 * fewer): glyph_coverage8 where `shaded`, else coverage 1 (a full block). Takes
 * no vector, so the kernel's clones can call it (see pixel8.h). */
LFX_VECTOR_INLINE void blend_row8(uint8_t *row, int x0, int x1, float py, const lfx_shape *s,
                                  const lfx_glyph_atlas *atlas, float pixels_per_texel, int shaded, int inside_clips) {
    const float *inv = s->inverse;
    float ty = py - s->translation[1];
    for (int x = x0; x <= x1; x += 8) {
        int count = x1 - x + 1 < 8 ? x1 - x + 1 : 8;
        int8v lanes = (int8v){ 0, 1, 2, 3, 4, 5, 6, 7 } < count;
        float8 cov = lanes ? (float8)1 : (float8)0;
        if (shaded) {
            float8 tx = centers8(x) - s->translation[0];
            cov = glyph_coverage8(s, atlas, pixels_per_texel, inv[0] * tx + inv[2] * ty, inv[1] * tx + inv[3] * ty, lanes);
        }
        blend_fill8(row, x, count, py, s, cov, inside_clips);
    }
}

LFX_CLONES
void lfx_glyph_draw_rows(uint8_t *image, ptrdiff_t stride, int image_y0, lfx_columns columns, int first_row, int last_row,
                         const lfx_shape *s, const lfx_glyph_atlas *atlas,
                         const uint8_t *occupancy, ptrdiff_t cells) {
    int min_x, max_x;
    if (!kernel_columns(s, columns, &min_x, &max_x) || first_row > last_row || atlas->width < 1 || atlas->height < 1) return;
    const float *inv = s->inverse;
    float pixels_per_texel = glyph_pixels_per_texel(s);
    FOR_EACH_BLOCK(first_row, last_row, min_x, max_x) {
        if (!block_occupied(occupancy, cells, image_y0, bx, x_end, by, y_end)) continue;
        int block = s->every_pixel ? GLYPH_SHADED : classify(s, atlas, pixels_per_texel, bx, x_end, by, y_end);
        if (block == GLYPH_EMPTY) continue;
        /* Inside every clip the clip coverage is exactly the opacity. */
        int clips = s->every_pixel ? CLIP_PARTIAL : lfx_block_clips(s, bx, x_end, by, y_end);
        if (clips == CLIP_OUTSIDE) continue;   /* coverage exactly 0: nothing to blend */
        int inside_clips = clips == CLIP_INSIDE;
        if (block == GLYPH_FULL && inside_clips) {
            /* Every pixel's color is exactly fill × opacity. */
            for (int y = by; y <= y_end; y++) {
                blend_constant_run(image + (ptrdiff_t)(y - image_y0) * stride, bx, x_end, s->plan.interior);
            }
            continue;
        }
        for (int y = by; y <= y_end; y++) {
            uint8_t *row = image + (ptrdiff_t)(y - image_y0) * stride;
            float py = (float)y + 0.5f;
            float ty = py - s->translation[1];
            if (!s->every_pixel) {
                /* Eight pixels at a time; the scalar loop below is the reference. */
                blend_row8(row, bx, x_end, py, s, atlas, pixels_per_texel, block == GLYPH_SHADED, inside_clips);
                continue;
            }
            for (int x = bx; x <= x_end; x++) {
                float px = (float)x + 0.5f;
                float cov = 1;
                if (block == GLYPH_SHADED) {
                    float tx = px - s->translation[0];
                    float lx = inv[0] * tx + inv[2] * ty, ly = inv[1] * tx + inv[3] * ty;
                    cov = glyph_coverage(s, atlas, pixels_per_texel, lx, ly);
                    if (cov == 0) continue;   /* no color: the blend would leave the pixel as it is */
                }
                lfx_blend_fill(row + 4 * x, s, cov, px, py, inside_clips);
            }
        }
    }
}

void lfx_glyph_color(const lfx_shape *s, const lfx_glyph_atlas *atlas, float x, float y, float color[4]) {
    for (int j = 0; j < 4; j++) color[j] = 0;
    if (atlas->width < 1 || atlas->height < 1) return;
    const float *inv = s->inverse;
    float tx = x - s->translation[0], ty = y - s->translation[1];
    float cov = glyph_coverage(s, atlas, glyph_pixels_per_texel(s), inv[0] * tx + inv[2] * ty, inv[1] * tx + inv[3] * ty);
    float clip = lfx_shape_clip_coverage(s, x, y);
    for (int j = 0; j < 4; j++) color[j] = s->fill[j] * cov * clip;
}
