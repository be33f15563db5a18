/* Analytic shapes (ellipses, rounded rectangles, stars) and offscreen-layer
 * composites for the CPU backend; see include/lfx_raster.h. The distance and
 * colour functions are shape_math.h's. */
#include "shape_math.h"
#include "mask_coverage.h"

void lfx_blend_fill(uint8_t *pixel, const lfx_shape *s, float coverage, float x, float y, int inside_clips) {
    float c[4];
    if (s->gradient_kind != LFX_PAINT_SOLID) {
        gradient_paint(s, x, y, c);
        for (int j = 0; j < 4; j++) c[j] *= coverage;
    } else {
        for (int j = 0; j < 4; j++) c[j] = s->fill[j] * coverage;
    }
    /* Inside every clip the clip coverage is exactly the opacity. */
    float clip = inside_clips ? s->extra[2] : lfx_shape_clip_coverage(s, x, y);
    for (int j = 0; j < 4; j++) c[j] *= clip;
    blend_into(pixel, c);
}

void lfx_shape_color(const lfx_shape *shape, float x, float y, float color[4]) {
    shade(shape, &shape->plan.star, x, y, color);
}

float lfx_shape_clip_coverage(const lfx_shape *s, float x, float y) {
    float coverage = s->extra[2];
    if (s->clip_radii[2] > 0.5f) coverage *= one_clip(x, y, s->clip0_linear, s->clip0_offset, s->clip_radii[0]);
    if (s->clip_radii[2] > 1.5f) coverage *= one_clip(x, y, s->clip1_linear, s->clip1_offset, s->clip_radii[1]);
    return coverage;
}

/* The largest and smallest stretch of a 2×2 linear map (its singular values). */
static void stretches(const float m[4], double *largest, double *smallest) {
    double a = m[0], b = m[1], c = m[2], d = m[3];
    double sum = a * a + b * b + c * c + d * d, det = a * d - b * c;
    double root = sqrt(fmax(sum * sum - 4 * det * det, 0));
    *largest = sqrt((sum + root) / 2);
    *smallest = *largest > 0 ? fabs(det) / *largest : 0;
}

/* What a shape's constants say about its blocks. */
typedef lfx_shape_plan shape_plan;

/* How a block of pixels is drawn. */
enum { BLOCK_UNTOUCHED, BLOCK_INTERIOR, BLOCK_SHADED };

/* The device point at the centre of the pixels of the block x0...x1 × y0...y1. */
static inline void block_device_centre(int x0, int x1, int y0, int y1, float *cx, float *cy) {
    *cx = 0.5f * (float)(x0 + x1) + 0.5f;
    *cy = 0.5f * (float)(y0 + y1) + 0.5f;
}

/* The local point at the centre of the block x0...x1 × y0...y1. */
static inline void block_centre(const lfx_shape *s, int x0, int x1, int y0, int y1, float *px, float *py) {
    float cx, cy;
    block_device_centre(x0, x1, y0, y1, &cx, &cy);
    const float *inv = s->inverse;
    float tx = cx - s->translation[0], ty = cy - s->translation[1];
    *px = inv[0] * tx + inv[2] * ty;
    *py = inv[1] * tx + inv[3] * ty;
}

/* A magnitude that bounds the rounding of the numbers the distance at local
 * point (px, py) comes from. */
static inline double distance_magnitude(const lfx_shape *s, float px, float py) {
    return fabs(px) + fabs(py) + fabs((double)s->shape[0]) + fabs((double)s->shape[1])
        + fabs((double)s->shape[2]) + fabs((double)s->shape[3]);
}

/* A star's distances at eight local points, with their magnitudes: from
 * star_sdf8, whose polynomial angles are several times cheaper than the
 * library's and differ from star_sdf's by a few ulps times the radius, far
 * inside the slack classify_distance allows. */
LFX_VECTOR_INLINE void star_distances8(const lfx_shape *s, const star_constants *k, const float px[8], const float py[8],
                                      double d[8], double magnitude[8]) {
    float8 lx, ly, sd, gx, gy;
    __builtin_memcpy(&lx, px, sizeof lx);
    __builtin_memcpy(&ly, py, sizeof ly);
    star_sdf8(lx, ly, s->shape, k, &sd, &gx, &gy);
    for (int i = 0; i < 8; i++) {
        d[i] = sd[i];
        magnitude[i] = distance_magnitude(s, px[i], py[i]);
    }
}

/* A star's distances at the centres of `count` (at most 16) squares of
 * `side` pixels from column x0 and row y0 — `per_row` to a row, row by row —
 * kept to columns ...x_last and rows ...y_last, with their magnitudes. */
LFX_VECTOR_INLINE void star_square_distances(const lfx_shape *s, const star_constants *k, int side, int per_row, int count,
                                            int x0, int x_last, int y0, int y_last, double d[16], double magnitude[16]) {
    float px[16] = { 0 }, py[16] = { 0 };
    for (int i = 0; i < count; i++) {
        int x = x0 + side * (i % per_row), y = y0 + side * (i / per_row);
        if (x > x_last || y > y_last) continue;
        block_centre(s, x, square_end(x, side, x_last), y, square_end(y, side, y_last), &px[i], &py[i]);
    }
    for (int first = 0; first < count; first += 8) star_distances8(s, k, px + first, py + first, d + first, magnitude + first);
}

/* Where a block's pixel centres lie against one clip: CLIP_INSIDE when deep
 * enough inside that the clip's coverage is exactly 1 at each (0.5 −
 * distance/length clamps to 1), CLIP_OUTSIDE when far enough outside that it
 * is exactly 0, else CLIP_PARTIAL. The clip's distance is exact, and the
 * device → clip map stretches lengths by at most `stretch`. */
static inline int clip_state(const float l[4], const float o[4], float radius, double stretch,
                             float x, float y, double half_diagonal) {
    float pcx = l[0] * x + l[2] * y + o[0];
    float pcy = l[1] * x + l[3] * y + o[1];
    double d = rounded_rect_sdf(pcx, pcy, 0, 0, o[2], o[3], radius).d;
    double reach = half_diagonal * stretch;
    double slack = 1e-4 * (fabs(d) + reach + fabs(pcx) + fabs(pcy) + fabs((double)o[2]) + fabs((double)o[3]));
    double pixel = 0.5 * stretch * 1.001;
    if (-d - reach - slack >= pixel) return CLIP_INSIDE;
    if (d - reach - slack >= pixel) return CLIP_OUTSIDE;
    return CLIP_PARTIAL;
}

/* Whether no power of two lies in (lo, hi]: then s + 0.5 is exact for every
 * s in [lo, hi − 0.5] (the sum stays in the binade of s). */
static inline int no_power_of_two_between(double lo, double hi) {
    int exponent;
    frexp(lo, &exponent);                      /* lo < 2^exponent */
    return ldexp(1.0, exponent) > hi;
}

/* The spacing of floats at x > 0 (its unit in the last place). */
static inline double float_ulp(double x) {
    int exponent;
    frexp(x, &exponent);                       /* 2^(exponent − 1) <= x < 2^exponent */
    return ldexp(1.0, exponent - 24);
}

/* Classifies the block (device box x0...x1, y0...y1) by the distance bound,
 * given the distance `d` at its centre (local units) and that distance's
 * magnitude. The distance functions of rounded rectangles, stars and circles
 * are 1-Lipschitz in local units (exact distances; a mitred star's is the
 * distance to its nearest edge's line, which grows no faster), so every
 * pixel centre is within `reach` (the block's half diagonal in local units)
 * of the distance at the block's centre.
 * A pixel gets stroke only when |distance| is below half the stroke plus half
 * a pixel, and fill only when the distance is below half a pixel.
 * A block is interior when, at every pixel, the stroke coverage is exactly 0,
 * the fill coverage exactly 1 and each clip's coverage exactly 1, so that
 * every pixel's color is exactly fill × opacity (the gradient's color there,
 * premultiplied, × opacity for a gradient fill): fill coverage is
 * (s + 0.5) − (s − 0.5) for s = half the smaller size + distance (device
 * pixels), exactly 1 when s ≥ 1 and s + 0.5 stays in the binade of s, and
 * otherwise within one float spacing of 1. */
LFX_VECTOR_INLINE int classify_distance(const lfx_shape *s, const shape_plan *plan, double d, double magnitude,
                                        int x0, int x1, int y0, int y1) {
    double half_diagonal = 0.5 * sqrt((double)(x1 - x0) * (x1 - x0) + (double)(y1 - y0) * (y1 - y0));
    double reach = half_diagonal * plan->stretch;
    double pixel = 0.5 * plan->stretch * 1.001;
    double stroke = plan->has_stroke ? 0.5 * fabs((double)s->translation[3]) : 0;
    /* Rounding of the distance at the block's centre, generously bounded. */
    double slack = 1e-4 * (fabs(d) + reach + magnitude);
    if (d - reach - slack >= stroke + pixel) return BLOCK_UNTOUCHED;                  /* outside */
    int clips = lfx_block_clips(s, x0, x1, y0, y1);
    if (clips == CLIP_OUTSIDE) return BLOCK_UNTOUCHED;                                /* clipped away */
    if (-d - reach - slack < stroke + pixel) return BLOCK_SHADED;                     /* near the outline */
    if (!plan->has_fill) return BLOCK_UNTOUCHED;                                      /* inside, no fill */
    if (!plan->interior_possible) return BLOCK_SHADED;
    double h_min = plan->kind == LFX_KIND_STAR ? s->shape[3] : fmin(s->shape[2], s->shape[3]);
    double s_lo = (h_min - (-d + reach + slack)) / plan->stretch * (1 - 1e-5);
    double s_hi = (h_min - (-d - reach - slack)) / plan->min_stretch * (1 + 1e-5);
    if (!(s_lo >= 1)) return BLOCK_SHADED;
    /* Where s + 0.5 may round, the fill coverage is 1 or, at the least,
     * 1 − ulp(s + 0.5); a solid fill whose color quantizes alike at both
     * (quantize_stable) is still exactly the interior color. */
    if (!no_power_of_two_between(s_lo, s_hi + 0.5)
        && (s->gradient_kind != LFX_PAINT_SOLID || float_ulp(s_hi + 0.5) > plan->stable_ulp)) return BLOCK_SHADED;
    if (clips != CLIP_INSIDE) return BLOCK_SHADED;
    return BLOCK_INTERIOR;
}

/* classify_distance at the block's centre. */
static inline int classify_block(const lfx_shape *s, const star_constants *k, const shape_plan *plan,
                                 int x0, int x1, int y0, int y1) {
    float px, py;
    block_centre(s, x0, x1, y0, y1, &px, &py);
    return classify_distance(s, plan, shape_sdf(s, k, px, py).d, distance_magnitude(s, px, py), x0, x1, y0, y1);
}

int lfx_shape_box_coverage(const lfx_shape *s, int x0, int x1, int y0, int y1) {
    const shape_plan *plan = &s->plan;
    if (!plan->bounded || s->every_pixel) return LFX_BOX_EDGE;   /* no distance bound to decide with */
    switch (classify_block(s, &plan->star, plan, x0, x1, y0, y1)) {
    case BLOCK_UNTOUCHED: return LFX_BOX_UNTOUCHED;
    case BLOCK_INTERIOR: return s->gradient_kind == LFX_PAINT_SOLID ? LFX_BOX_INTERIOR : LFX_BOX_EDGE;
    default: return LFX_BOX_EDGE;
    }
}

int lfx_block_clips(const lfx_shape *s, int x0, int x1, int y0, int y1) {
    int clips = s->clip_radii[2] > 1.5f ? 2 : (s->clip_radii[2] > 0.5f ? 1 : 0);
    if (clips == 0) return CLIP_INSIDE;
    float cx, cy;
    block_device_centre(x0, x1, y0, y1, &cx, &cy);
    double half_diagonal = 0.5 * sqrt((double)(x1 - x0) * (x1 - x0) + (double)(y1 - y0) * (y1 - y0));
    int first = clip_state(s->clip0_linear, s->clip0_offset, s->clip_radii[0], s->plan.clip_stretch[0], cx, cy,
                           half_diagonal);
    if (clips == 1 || first == CLIP_OUTSIDE) return first;
    int second = clip_state(s->clip1_linear, s->clip1_offset, s->clip_radii[1], s->plan.clip_stretch[1], cx, cy,
                            half_diagonal);
    if (second == CLIP_OUTSIDE) return CLIP_OUTSIDE;
    return first == CLIP_INSIDE && second == CLIP_INSIDE ? CLIP_INSIDE : CLIP_PARTIAL;
}

void lfx_shape_prepare(lfx_shape *s) {
    shape_plan plan = { 0 };
    plan.kind = (int)s->translation[2];
    if (plan.kind == LFX_KIND_STAR) plan.star = star_prepare(s);
    plan.has_fill = s->gradient_kind != LFX_PAINT_SOLID || s->fill[0] > 0 || s->fill[1] > 0 || s->fill[2] > 0 || s->fill[3] > 0;
    plan.has_stroke = s->translation[3] != 0
        && (s->stroke[0] > 0 || s->stroke[1] > 0 || s->stroke[2] > 0 || s->stroke[3] > 0);
    /* An ellipse's distance is an estimate, not a bound, unless it is a
     * circle; a glyph (listed in tiles with this record) has no distance. */
    plan.bounded = plan.kind != LFX_KIND_GLYPH && (plan.kind != LFX_KIND_ELLIPSE || s->shape[2] == s->shape[3]);
    stretches(s->inverse, &plan.stretch, &plan.min_stretch);
    double unused;   /* the clips lfx_block_clips reads (clip_radii[2] counts them) */
    if (s->clip_radii[2] > 0.5f) stretches(s->clip0_linear, &plan.clip_stretch[0], &unused);
    if (s->clip_radii[2] > 1.5f) stretches(s->clip1_linear, &plan.clip_stretch[1], &unused);
    double h_max = plan.kind == LFX_KIND_STAR ? s->shape[2] : fmax(s->shape[2], s->shape[3]);
    /* min(1, 2·h_max / length) exactly 1 at every pixel. */
    plan.interior_possible = plan.min_stretch > 0 && 2 * h_max >= plan.stretch * 1.001;
    /* A solid fill at coverage exactly 1 under the opacity. */
    for (int j = 0; j < 4; j++) plan.interior[j] = (uint8_t)quantize(s->fill[j] * s->extra[2]);
    /* The color at coverage c is quantize((fill · c) · opacity), monotonic in
     * c: equal at 1 and at 1 − 2^-k means equal on all of [1 − 2^-k, 1].
     * Only the kinds with a distance bound read it (classify_distance): a
     * polygon band or a composite never does. */
    int classified = plan.kind != LFX_KIND_PATH && plan.kind != LFX_KIND_COMPOSITE;
    for (int k = 1; classified && k <= 24 && plan.stable_ulp == 0; k++) {
        float coverage = 1.0f - ldexpf(1.0f, -k);
        int same = 1;
        for (int j = 0; j < 4; j++) {
            same &= (uint8_t)quantize(s->fill[j] * coverage * s->extra[2]) == plan.interior[j];
        }
        if (same) plan.stable_ulp = ldexp(1.0, -k);
    }
    /* A star's or circle's distance is exact (a mitred star's, to an edge's
     * whole line), so coverage is 0 once the distance passes half the stroke
     * plus half a pixel (0.5 · stretch local units); along a mitred tip that
     * is reached at that distance times the longest miter (extra[3]). The
     * local radius plus that, stretched by at most 1 / min_stretch, with two
     * pixels to spare. A general ellipse's distance is an estimate: no reach. */
    plan.reach[2] = INFINITY;
    if (plan.kind == LFX_KIND_STAR || (plan.kind == LFX_KIND_ELLIPSE && plan.bounded)) {
        double a = s->inverse[0], b = s->inverse[1], c = s->inverse[2], d = s->inverse[3];
        double det = a * d - b * c;
        double outer = fabs((double)s->shape[2]);   /* a star's outer radius, a circle's radius */
        double miter = plan.kind == LFX_KIND_STAR ? fmax(s->extra[3], 1) : 1;
        double margin = (0.5 * fabs((double)s->translation[3]) + 0.5 * plan.stretch) * miter;
        double radius = (outer + margin) / plan.min_stretch + 2;
        if (det != 0 && isfinite(det) && isfinite(radius)) {
            /* The local centre in device pixels: the inverse's inverse applied, plus the translation. */
            double x = s->shape[0], y = s->shape[1];
            plan.reach[0] = (float)((d * x - c * y) / det + s->translation[0]);
            plan.reach[1] = (float)((-b * x + a * y) / det + s->translation[1]);
            plan.reach[2] = (float)radius;
            if (!isfinite(plan.reach[0]) || !isfinite(plan.reach[1])) plan.reach[2] = INFINITY;
        }
    }
    s->plan = plan;
}

/* A gradient fill's interior pixels: the gradient's premultiplied color times
 * the opacity, as `shade` computes it where every coverage is exactly 1. */
static inline void gradient_run(uint8_t *row, int x0, int x1, float y, const lfx_shape *s) {
    float opacity = s->extra[2];
    for (int x = x0; x <= x1; x++) {
        float c[4];
        gradient_paint(s, (float)x + 0.5f, y, c);
        for (int j = 0; j < 4; j++) c[j] *= opacity;
        blend_into(row + 4 * x, c);
    }
}

/* shape_color8 blended into `row`. */
LFX_VECTOR_INLINE void shade8(uint8_t *row, int x, float py, const lfx_shape *s, const star_constants *k) {
    float8 c[4];
    shape_color8(x, py, s, k, c);
    blend8_into(row, x, c);
}

/* `gradient_run` for the eight pixels x...x+7 of a row. */
LFX_VECTOR_INLINE void gradient8(uint8_t *row, int x, float y, const lfx_shape *s) {
    float opacity = s->extra[2];
    float8 c[4];
    fill_paint8(s, centers8(x), y, c);
    for (int j = 0; j < 4; j++) c[j] *= opacity;
    blend8_into(row, x, c);
}

LFX_VECTOR_INLINE void shade_run(uint8_t *row, int x0, int x1, float py, const lfx_shape *s, const star_constants *k) {
    if (s->gradient_kind != LFX_PAINT_CONIC) {
        for (; x0 + 7 <= x1; x0 += 8) shade8(row, x0, py, s, k);
    }
    for (int x = x0; x <= x1; x++) {
        float c[4];
        shade(s, k, (float)x + 0.5f, py, c);
        blend_into(row + 4 * x, c);
    }
}

LFX_CLONES
void lfx_shape_draw_rows(uint8_t *image, ptrdiff_t stride, int image_y0, lfx_columns columns,
                         int first_row, int last_row, const lfx_shape *s,
                         const uint8_t *occupancy, ptrdiff_t cells) {
    int min_x, max_x;
    if (!kernel_columns(s, columns, &min_x, &max_x) || first_row > last_row) return;
    const shape_plan *plan = &s->plan;
    const star_constants *k = &plan->star;
    int interior_visible = plan->interior[0] | plan->interior[1] | plan->interior[2] | plan->interior[3];
    int gradient = s->gradient_kind != LFX_PAINT_SOLID;
    int decides = plan->bounded && !s->every_pixel;
    /* Tiles of 4×4 blocks are classified first (the distance bound holds for
     * any box): a tile untouched or interior as a whole spares its blocks
     * their own classification. Consecutive solid interior tiles of a row of
     * tiles (no occupancy map to follow) are filled together, one run a row. */
    solid_run run = solid_run_start(image, stride, image_y0, plan->interior);
    /* A star's distances (its costliest part) are taken eight at a time: for
     * the next eight tiles of a row, then for the blocks of a tile. */
    int stars = decides && plan->kind == LFX_KIND_STAR;
    double tile_d[16], tile_magnitude[16];
    FOR_EACH_TILE(first_row, last_row, min_x, max_x) {
        int column = (tx - min_x) / TILE;
        if (stars && column % 8 == 0) {
            star_square_distances(s, k, TILE, 8, 8, tx, max_x, ty, last_row, tile_d, tile_magnitude);
        }
        int tile = stars ? classify_distance(s, plan, tile_d[column % 8], tile_magnitude[column % 8], tx, tx_end, ty, ty_end)
                 : decides ? classify_block(s, k, plan, tx, tx_end, ty, ty_end) : BLOCK_SHADED;
        int solid = tile == BLOCK_INTERIOR && !gradient && interior_visible && !occupancy;
        solid_run_step(&run, solid, tx_end == max_x, tx, tx_end, ty, ty_end);
        if (solid) continue;
        if (tile == BLOCK_UNTOUCHED || (tile == BLOCK_INTERIOR && !gradient && !interior_visible)) continue;
      double block_d[16], block_magnitude[16];
      int batched = stars && tile != BLOCK_INTERIOR;
      if (batched) star_square_distances(s, k, BLOCK, 4, 16, tx, tx_end, ty, ty_end, block_d, block_magnitude);
      FOR_EACH_BLOCK(ty, ty_end, tx, tx_end) {
        if (!block_occupied(occupancy, cells, image_y0, bx, x_end, by, y_end)) continue;
        int index = 4 * ((by - ty) / BLOCK) + (bx - tx) / BLOCK;
        int block = tile == BLOCK_INTERIOR ? BLOCK_INTERIOR
                  : batched ? classify_distance(s, plan, block_d[index], block_magnitude[index], bx, x_end, by, y_end)
                  : decides ? classify_block(s, k, plan, bx, x_end, by, y_end) : BLOCK_SHADED;
        if (block == BLOCK_UNTOUCHED || (block == BLOCK_INTERIOR && !gradient && !interior_visible)) continue;
        for (int y = by; y <= y_end; y++) {
            uint8_t *row = image + (ptrdiff_t)(y - image_y0) * stride;
            if (block != BLOCK_INTERIOR) shade_run(row, bx, x_end, (float)y + 0.5f, s, k);
            else if (gradient) {
                int x = bx;
                if (s->gradient_kind != LFX_PAINT_CONIC) for (; x + 7 <= x_end; x += 8) gradient8(row, x, (float)y + 0.5f, s);
                gradient_run(row, x, x_end, (float)y + 0.5f, s);
            }
            else blend_constant_run(row, bx, x_end, plan->interior);
        }
      }
    }
}

/* The composite of pixels x...x+7 of one row (`target`, `content` and
 * `mask` point at the row's start), as the per-pixel loop of
 * lfx_composite_rows computes it: clear content, or a mask covering none of
 * the eight pixels, gives the color 0, which leaves the target pixel as it
 * is, as that loop's skip. */
LFX_VECTOR_INLINE void composite8(uint8_t *target, const uint8_t *content, const uint8_t *mask, int mode, int x,
                                   float py, const lfx_shape *clips, int inside) {
    uint32_t pixels[8];
    __builtin_memcpy(pixels, content + 4 * x, 32);
    uint32_t any = 0;
    for (int i = 0; i < 8; i++) any |= pixels[i];
    if (any == 0) return;   /* clear content everywhere adds nothing */
    uint8v source;
    for (int i = 0; i < 8; i++) source[i] = pixels[i];
    float8 c[4];
    for (int j = 0; j < 4; j++) c[j] = __builtin_convertvector((source >> (8 * j)) & 255, float8) / 255.0f;
    if (mask) {
        float8 m = mask_coverage8(mask, x, mode);
        if (!__builtin_reduce_or(m != 0)) return;   /* a mask covering none of them adds nothing */
        for (int j = 0; j < 4; j++) c[j] *= m;
    }
    float8 coverage = inside ? (float8)clips->extra[2] : clip_coverage8(clips, centers8(x), py);
    for (int j = 0; j < 4; j++) c[j] *= coverage;
    blend8_into(target, x, c);
}

LFX_CLONES
void lfx_composite_rows(uint8_t *target, const uint8_t *content, const uint8_t *mask, int mask_mode, ptrdiff_t stride,
                        int image_y0, int first_row, int last_row, int min_x, int max_x, const lfx_shape *clips) {
    if (mask_mode == LFX_MASK_NONE) mask = NULL;
    if (first_row > last_row || min_x > max_x) return;
    int whole = clips->every_pixel ? CLIP_PARTIAL : lfx_block_clips(clips, min_x, max_x, first_row, last_row);
    if (whole == CLIP_OUTSIDE) return;   /* coverage exactly 0 everywhere */
    FOR_EACH_BLOCK(first_row, last_row, min_x, max_x) {
        /* Inside every clip the coverage is exactly the opacity. */
        int state = clips->every_pixel ? CLIP_PARTIAL : block_clips_within(whole, clips, bx, x_end, by, y_end);
        if (state == CLIP_OUTSIDE) continue;   /* coverage exactly 0: nothing to blend */
        int inside = state == CLIP_INSIDE;
        for (int y = by; y <= y_end; y++) {
            ptrdiff_t row = (ptrdiff_t)(y - image_y0) * stride;
            float py = (float)y + 0.5f;
            int x = bx;
            if (x_end - bx == 7) {
                composite8(target + row, content + row, mask ? mask + row : NULL, mask_mode, x, py, clips, inside);
                continue;
            }
            for (; x <= x_end; x++) {
                ptrdiff_t at = row + 4 * x;
                uint32_t pixel;
                __builtin_memcpy(&pixel, content + at, 4);
                if (pixel == 0) continue;   /* clear content adds nothing */
                float m = mask ? mask_coverage(mask + at, mask_mode) : 1.0f;
                if (m == 0) continue;   /* nor does a mask that covers nothing */
                float c[4];
                for (int j = 0; j < 4; j++) c[j] = (float)content[at + j] / 255.0f;
                if (mask) {
                    for (int j = 0; j < 4; j++) c[j] *= m;
                }
                float coverage = inside ? clips->extra[2] : lfx_shape_clip_coverage(clips, (float)x + 0.5f, py);
                for (int j = 0; j < 4; j++) c[j] *= coverage;
                blend_into(target + at, c);
            }
        }
    }
}

LFX_CLONES
void lfx_occupancy(const uint8_t *mask, ptrdiff_t stride, int image_y0, int first_row, int last_row,
                   int min_x, int max_x, const uint8_t *outer, uint8_t *occupancy, ptrdiff_t cells) {
    for (int y = first_row; y <= last_row; y++) {
        uint8_t *out = occupancy + (ptrdiff_t)(y - image_y0) * cells;
        const uint8_t *within = outer ? outer + (ptrdiff_t)(y - image_y0) * cells : NULL;
        const uint8_t *row = mask + (ptrdiff_t)(y - image_y0) * stride;
        for (ptrdiff_t c = 0; c < cells; c++) out[c] = 0;
        for (int x = min_x; x <= max_x; x++) {
            uint32_t pixel;
            __builtin_memcpy(&pixel, row + 4 * x, 4);
            if (pixel != 0 && (!within || within[x >> 3])) out[x >> 3] = 1;
        }
    }
}
