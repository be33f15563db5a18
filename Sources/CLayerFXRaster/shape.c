/* Analytic shapes (ellipses, rounded rectangles, stars) and offscreen-layer
 * composites for the CPU backend; see include/lfx_raster.h.
 *
 * Every expression is the one of Shaders/primitive.frag.glsl, in the same
 * order (min and max as Swift's: min(a, b) = b < a ? b : a,
 * max(a, b) = b >= a ? b : a), so the CPU and GPU agree to rounding. */
#include "lfx_raster.h"
#include <math.h>
#include "pixel8.h"

/* π rounded toward zero, as Swift's Float.pi. */
#define PI_F 0x1.921fb4p+1f

static inline float minf(float a, float b) { return b < a ? b : a; }
static inline float maxf(float a, float b) { return b >= a ? b : a; }
static inline float sgnf(float x) { return x < 0 ? -1.0f : 1.0f; }
static inline float lengthf(float x, float y) { return sqrtf(x * x + y * y); }

/* (distance, gradient x, gradient y) in local units. */
typedef struct { float d, gx, gy; } sdf;

static inline sdf ellipse_sdf(float px, float py, const float shape[4]) {
    float qx = px - shape[0], qy = py - shape[1];
    float rx = shape[2], ry = shape[3];
    float r2x = rx * rx, r2y = ry * ry;
    float k0 = lengthf(qx / rx, qy / ry);
    float k1 = lengthf(qx / r2x, qy / r2y);
    if (k1 <= 0) return (sdf){ -minf(rx, ry), 1, 0 };
    return (sdf){ k0 * (k0 - 1) / k1, (qx / r2x) / k1, (qy / r2y) / k1 };
}

static inline sdf rounded_rect_sdf(float px, float py, float cx, float cy, float hx, float hy, float radius) {
    float qx = px - cx, qy = py - cy;
    float r = minf(maxf(radius, 0), minf(hx, hy));
    float ex = fabsf(qx) - hx + r, ey = fabsf(qy) - hy + r;
    float ox = maxf(ex, 0), oy = maxf(ey, 0);
    float lo = lengthf(ox, oy);
    float d = lo + minf(maxf(ex, ey), 0) - r;
    if (ex > 0 && ey > 0) return (sdf){ d, ox * sgnf(qx) / lo, oy * sgnf(qy) / lo };
    if (ex > ey) return (sdf){ d, sgnf(qx), 0 };
    return (sdf){ d, 0, sgnf(qy) };
}

typedef lfx_star_constants star_constants;

static inline star_constants star_prepare(const lfx_shape *s) {
    float points = s->extra[0], rotation = s->extra[1];
    float sector = 2 * PI_F / points;
    float half_sector = 0.5f * sector;
    return (star_constants){ cosf(rotation), sinf(rotation), sector,
                             s->shape[3] * sinf(half_sector), s->shape[3] * cosf(half_sector), s->extra[3] > 0 };
}

/* The point turned back by its sector's angle (whose sine and cosine turn
 * the gradient forward again with the star's rotation): as starSDF. */
static inline sdf star_sdf(float px, float py, const float shape[4], const star_constants *k) {
    float qx = px - shape[0], qy = py - shape[1];
    float vx = qx * k->cr + qy * k->sr, vy = -qx * k->sr + qy * k->cr;
    float theta = atan2f(vx, -vy);
    float sector_angle = floorf(theta / k->sector + 0.5f) * k->sector;
    float sm = sinf(sector_angle), cm = cosf(sector_angle);
    /* rho·(sin φ, cos φ), φ the angle from the sector's middle. */
    float sin_phi = vx * cm + vy * sm;
    float fX = fabsf(sin_phi), fY = -vy * cm + vx * sm;
    float ax = 0, ay = shape[2];
    float ex = k->bx - ax, ey = k->by - ay;
    float wx = fX - ax, wy = fY - ay;
    float h = (wx * ex + wy * ey) / (ex * ex + ey * ey);
    if (!k->mitred) h = minf(maxf(h, 0), 1);
    float dx = wx - ex * h, dy = wy - ey * h;
    float dist = lengthf(dx, dy);
    float side = (ex * wy - ey * wx) < 0 ? -1.0f : 1.0f;
    float gfx = 0, gfy = 1;
    if (dist > 0) { gfx = dx * (side / dist); gfy = dy * (side / dist); }
    if (sin_phi < 0) gfx = -gfx;
    float gvx = gfx, gvy = -gfy;
    /* The sector's turn plus the star's rotation. */
    float cb = cm * k->cr - sm * k->sr, sb = sm * k->cr + cm * k->sr;
    return (sdf){ side * dist, gvx * cb - gvy * sb, gvx * sb + gvy * cb };
}

static inline sdf shape_sdf(const lfx_shape *s, const star_constants *k, float px, float py) {
    switch ((int)s->translation[2]) {
    case LFX_KIND_ELLIPSE: return ellipse_sdf(px, py, s->shape);
    case LFX_KIND_ROUNDED_RECT: return rounded_rect_sdf(px, py, s->shape[0], s->shape[1], s->shape[2], s->shape[3], s->extra[0]);
    default: return star_sdf(px, py, s->shape, k);
    }
}

/* Box-filtered coverage of the band [-half_width, half_width] around a line
 * at distance s from the pixel centre. */
static inline float band_coverage(float s, float half_width) {
    return minf(maxf(minf(s + 0.5f, half_width) - maxf(s - 0.5f, -half_width), 0), 1);
}

static inline float one_clip(float x, float y, const float l[4], const float o[4], float radius) {
    float pcx = l[0] * x + l[2] * y + o[0];
    float pcy = l[1] * x + l[3] * y + o[1];
    sdf sd = rounded_rect_sdf(pcx, pcy, 0, 0, o[2], o[3], radius);
    float lc = maxf(lengthf(sd.gx * l[0] + sd.gy * l[1], sd.gx * l[2] + sd.gy * l[3]), 1e-8f);
    return minf(maxf(0.5f - sd.d / lc, 0), 1);
}

void lfx_blend_fill(uint8_t *pixel, const lfx_shape *s, float coverage, float x, float y, int inside_clips) {
    float c[4];
    for (int j = 0; j < 4; j++) c[j] = s->fill[j] * coverage;
    /* Inside every clip the clip coverage is exactly the opacity. */
    float clip = inside_clips ? s->extra[2] : lfx_shape_clip_coverage(s, x, y);
    for (int j = 0; j < 4; j++) c[j] *= clip;
    blend_into(pixel, c);
}

float lfx_shape_clip_coverage(const lfx_shape *s, float x, float y) {
    float coverage = s->extra[2];
    if (s->clip_radii[2] > 0.5f) coverage *= one_clip(x, y, s->clip0_linear, s->clip0_offset, s->clip_radii[0]);
    if (s->clip_radii[2] > 1.5f) coverage *= one_clip(x, y, s->clip1_linear, s->clip1_offset, s->clip_radii[1]);
    return coverage;
}

/* The gradient's straight-alpha color at local point (x, y). */
static inline void gradient_color(const lfx_shape *s, float x, float y, float out[4]) {
    float qx = x - s->gradient_start[0], qy = y - s->gradient_start[1];
    float dx = s->gradient_delta[0], dy = s->gradient_delta[1];
    float t;
    if (s->gradient_kind == LFX_PAINT_AXIAL) {
        float dd = dx * dx + dy * dy;
        t = dd > 0 ? (qx * dx + qy * dy) / dd : 0;
    } else if (s->gradient_kind == LFX_PAINT_RADIAL) {
        float rx = fabsf(dx), ry = fabsf(dy);
        t = (rx > 0 && ry > 0) ? lengthf(qx / rx, qy / ry) : 1;
    } else {
        float turns = (atan2f(qy, qx) - atan2f(dy, dx)) / (2 * PI_F);
        t = turns - floorf(turns);
    }
    const float *c = s->colors[s->stop_count - 1];
    if (t <= s->locations[0]) {
        c = s->colors[0];
    } else {
        for (int i = 1; i < s->stop_count; i++) {
            if (t <= s->locations[i]) {
                float lo = s->locations[i - 1], hi = s->locations[i];
                float u = hi > lo ? (t - lo) / (hi - lo) : 1;
                for (int j = 0; j < 4; j++) out[j] = s->colors[i - 1][j] * (1 - u) + s->colors[i][j] * u;
                return;
            }
        }
    }
    for (int j = 0; j < 4; j++) out[j] = c[j];
}

/* The premultiplied color of the shape at device pixel centre (x, y). */
static inline void shade(const lfx_shape *s, const star_constants *k, float x, float y, float out[4]) {
    const float *inv = s->inverse;
    float tx = x - s->translation[0], ty = y - s->translation[1];
    float px = inv[0] * tx + inv[2] * ty, py = inv[1] * tx + inv[3] * ty;
    sdf sd = shape_sdf(s, k, px, py);
    float h_min, h_max;
    if ((int)s->translation[2] == LFX_KIND_STAR) { h_min = s->shape[3]; h_max = s->shape[2]; }
    else { h_min = minf(s->shape[2], s->shape[3]); h_max = maxf(s->shape[2], s->shape[3]); }
    float lg = maxf(lengthf(sd.gx * inv[0] + sd.gy * inv[1], sd.gx * inv[2] + sd.gy * inv[3]), 1e-8f);
    float d = sd.d / lg;
    float fill_half = h_min / lg;
    float fill_cov = band_coverage(maxf(fill_half + d, 0), fill_half) * minf(1, 2 * h_max / lg);
    float stroke_cov = band_coverage(fabsf(d), 0.5f * s->translation[3] / lg);
    float fill[4];
    if (s->gradient_kind != LFX_PAINT_SOLID) {
        float g[4];
        gradient_color(s, px, py, g);
        fill[0] = g[0] * g[3] * fill_cov; fill[1] = g[1] * g[3] * fill_cov;
        fill[2] = g[2] * g[3] * fill_cov; fill[3] = g[3] * fill_cov;
    } else {
        for (int j = 0; j < 4; j++) fill[j] = s->fill[j] * fill_cov;
    }
    float stroke_a = s->stroke[3] * stroke_cov;
    float clip = lfx_shape_clip_coverage(s, x, y);
    for (int j = 0; j < 4; j++) out[j] = (s->stroke[j] * stroke_cov + fill[j] * (1 - stroke_a)) * clip;
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

LFX_VECTOR_INLINE void star_sdf8(float8 px, float8 py, const float shape[4], const star_constants *k,
                                 float8 *d, float8 *gx, float8 *gy);

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

int lfx_block_clips(const lfx_shape *s, int x0, int x1, int y0, int y1) {
    int clips = s->clip_radii[2] > 1.5f ? 2 : (s->clip_radii[2] > 0.5f ? 1 : 0);
    if (clips == 0) return CLIP_INSIDE;
    float cx, cy;
    block_device_centre(x0, x1, y0, y1, &cx, &cy);
    double half_diagonal = 0.5 * sqrt((double)(x1 - x0) * (x1 - x0) + (double)(y1 - y0) * (y1 - y0));
    double stretch, unused;
    stretches(s->clip0_linear, &stretch, &unused);
    int first = clip_state(s->clip0_linear, s->clip0_offset, s->clip_radii[0], stretch, cx, cy, half_diagonal);
    if (clips == 1 || first == CLIP_OUTSIDE) return first;
    stretches(s->clip1_linear, &stretch, &unused);
    int second = clip_state(s->clip1_linear, s->clip1_offset, s->clip_radii[1], stretch, cx, cy, half_diagonal);
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
    /* An ellipse's distance is an estimate, not a bound, unless it is a circle. */
    plan.bounded = plan.kind != LFX_KIND_ELLIPSE || s->shape[2] == s->shape[3];
    stretches(s->inverse, &plan.stretch, &plan.min_stretch);
    double h_max = plan.kind == LFX_KIND_STAR ? s->shape[2] : fmax(s->shape[2], s->shape[3]);
    /* min(1, 2·h_max / length) exactly 1 at every pixel. */
    plan.interior_possible = plan.min_stretch > 0 && 2 * h_max >= plan.stretch * 1.001;
    /* A solid fill at coverage exactly 1 under the opacity. */
    for (int j = 0; j < 4; j++) plan.interior[j] = (uint8_t)quantize(s->fill[j] * s->extra[2]);
    /* The color at coverage c is quantize((fill · c) · opacity), monotonic in
     * c: equal at 1 and at 1 − 2^-k means equal on all of [1 − 2^-k, 1]. */
    for (int k = 1; k <= 24 && plan.stable_ulp == 0; k++) {
        float coverage = 1.0f - ldexpf(1.0f, -k);
        int same = 1;
        for (int j = 0; j < 4; j++) {
            same &= (uint8_t)quantize(s->fill[j] * coverage * s->extra[2]) == plan.interior[j];
        }
        if (same) plan.stable_ulp = ldexp(1.0, -k);
    }
    s->plan = plan;
}

/* A gradient fill's interior pixels: the gradient's premultiplied color times
 * the opacity, as `shade` computes it where every coverage is exactly 1. */
static inline void gradient_run(uint8_t *row, int x0, int x1, float y, const lfx_shape *s) {
    const float *inv = s->inverse;
    float opacity = s->extra[2];
    float ty = y - s->translation[1];
    for (int x = x0; x <= x1; x++) {
        float tx = ((float)x + 0.5f) - s->translation[0];
        float px = inv[0] * tx + inv[2] * ty, py = inv[1] * tx + inv[3] * ty;
        float g[4];
        gradient_color(s, px, py, g);
        float c[4] = { g[0] * g[3] * opacity, g[1] * g[3] * opacity, g[2] * g[3] * opacity, g[3] * opacity };
        blend_into(row + 4 * x, c);
    }
}

/* Eight pixels at a time (pixel8.h: the same operations lane by lane, so
 * the same results as `shade`). band_coverage, eight at a time: */
LFX_VECTOR_INLINE float8 band8(float8 s, float8 half_width) {
    return min8(max8(min8(s + 0.5f, half_width) - max8(s - 0.5f, -half_width), 0), 1);
}

/* ellipse_sdf, eight points at a time. */
LFX_VECTOR_INLINE void ellipse_sdf8(float8 px, float8 py, const float shape[4], float8 *d, float8 *gx, float8 *gy) {
    float8 qx = px - shape[0], qy = py - shape[1];
    float rx = shape[2], ry = shape[3];
    float r2x = rx * rx, r2y = ry * ry;
    float8 ux = qx / rx, uy = qy / ry, vx = qx / r2x, vy = qy / r2y;
    float8 k0 = sqrt8(ux * ux + uy * uy);
    float8 k1 = sqrt8(vx * vx + vy * vy);
    int8v centre = k1 <= 0;
    *d = centre ? (float8)(-minf(rx, ry)) : k0 * (k0 - 1) / k1;
    *gx = centre ? (float8)1 : vx / k1;
    *gy = centre ? (float8)0 : vy / k1;
}

/* sin and cos of eight angles of magnitude up to a few π (Cephes' sinf and
 * cosf: a quarter turn taken off in three parts, then their polynomials on
 * ±π/4, within an ulp or two). */
LFX_VECTOR_INLINE void sincos8(float8 x, float8 *sine, float8 *cosine) {
    float8 j = __builtin_elementwise_roundeven(x * 0.63661977236758134f);   /* x / (π/2) */
    float8 r = ((x - j * 1.5703125f) - j * 4.837512969970703125e-4f) - j * 7.54978995489188216e-8f;
    float8 z = r * r;
    float8 s = r + r * z * ((-1.9515295891e-4f * z + 8.3321608736e-3f) * z - 1.6666654611e-1f);
    float8 c = 1 - 0.5f * z + z * z * ((2.443315711809948e-5f * z - 1.388731625493765e-3f) * z + 4.166664568298827e-2f);
    int8v q = __builtin_convertvector(j, int8v) & 3;
    float8 sq = (q & 1) != 0 ? c : s, cq = (q & 1) != 0 ? s : c;
    *sine = (q & 2) != 0 ? -sq : sq;
    *cosine = ((q + 1) & 2) != 0 ? -cq : cq;
}

/* atan2(y, x) for eight lanes (Cephes' atanf polynomial after reducing the
 * ratio to ±tan(π/8), within a few ulps). star_sdf8 picks a star's sector
 * with it: next to a sector boundary, where the two sides may disagree, the
 * two sectors give the same distance up to that error times the radius. */
LFX_VECTOR_INLINE float8 atan2_8(float8 y, float8 x) {
    float8 ax = abs8(x), ay = abs8(y);
    float8 hi = max8(ax, ay), lo = min8(ax, ay);
    float8 a = hi > 0 ? lo / hi : (float8)0;   /* in 0...1 */
    int8v upper = a > 0.4142135623730950f;      /* tan(π/8) */
    float8 t = upper ? (a - 1) / (a + 1) : a;
    float8 z = t * t;
    float8 r = (((8.05374449538e-2f * z - 1.38776856032e-1f) * z + 1.99777106478e-1f) * z - 3.33329491539e-1f) * z * t + t;
    r = upper ? r + 0.78539816339744831f : r;
    r = ay > ax ? 1.57079632679489662f - r : r;
    r = x < 0 ? 3.14159265358979324f - r : r;
    return y < 0 ? -r : r;
}

/* star_sdf, eight points at a time: the sector from atan2_8, its angle's
 * cosine and sine from sincos8 (polynomials within a few ulps of the
 * library's), so results agree with star_sdf to rounding. */
LFX_VECTOR_INLINE void star_sdf8(float8 px, float8 py, const float shape[4], const star_constants *k,
                                 float8 *d, float8 *gx, float8 *gy) {
    float8 qx = px - shape[0], qy = py - shape[1];
    float8 vx = qx * k->cr + qy * k->sr, vy = -qx * k->sr + qy * k->cr;
    /* The angle from −y towards +x: atan2(vx, −vy). */
    float8 theta = atan2_8(vx, -vy);
    float8 sector_angle = __builtin_elementwise_floor(theta / k->sector + 0.5f) * k->sector;
    float8 sm, cm;
    sincos8(sector_angle, &sm, &cm);
    /* rho·(sin φ, cos φ) with φ the angle from the sector's middle. */
    float8 sin_phi = vx * cm + vy * sm, fY = -vy * cm + vx * sm;
    float8 fX = abs8(sin_phi);
    float ax = 0, ay = shape[2];
    float ex = k->bx - ax, ey = k->by - ay;
    float8 wx = fX - ax, wy = fY - ay;
    float8 h = (wx * ex + wy * ey) / (ex * ex + ey * ey);
    if (!k->mitred) h = min8(max8(h, 0), 1);
    float8 dx = wx - ex * h, dy = wy - ey * h;
    float8 dist = sqrt8(dx * dx + dy * dy);
    float8 side = (ex * wy - ey * wx) < 0 ? (float8)-1.0f : (float8)1.0f;
    int8v away = dist > 0;
    float8 gfx = away ? dx * (side / dist) : (float8)0, gfy = away ? dy * (side / dist) : (float8)1;
    gfx = sin_phi < 0 ? -gfx : gfx;
    float8 gvx = gfx, gvy = -gfy;
    /* The sector's turn plus the star's rotation (k->cr, k->sr). */
    float8 cb = cm * k->cr - sm * k->sr, sb = sm * k->cr + cm * k->sr;
    *d = side * dist;
    *gx = gvx * cb - gvy * sb;
    *gy = gvx * sb + gvy * cb;
}

/* gradient_color for eight local points (axial and radial gradients). */
LFX_VECTOR_INLINE void gradient_color8(const lfx_shape *s, float8 x, float8 y, float8 out[4]) {
    float8 qx = x - s->gradient_start[0], qy = y - s->gradient_start[1];
    float dx = s->gradient_delta[0], dy = s->gradient_delta[1];
    float8 t;
    if (s->gradient_kind == LFX_PAINT_AXIAL) {
        float dd = dx * dx + dy * dy;
        t = dd > 0 ? (qx * dx + qy * dy) / dd : (float8)0;
    } else {
        float rx = fabsf(dx), ry = fabsf(dy);
        if (rx > 0 && ry > 0) {
            float8 ux = qx / rx, uy = qy / ry;
            t = sqrt8(ux * ux + uy * uy);
        } else {
            t = 1;
        }
    }
    int n = s->stop_count;
    int8v first = t <= s->locations[0], done = first;
    for (int j = 0; j < 4; j++) out[j] = first ? (float8)s->colors[0][j] : (float8)s->colors[n - 1][j];
    for (int i = 1; i < n; i++) {
        if (__builtin_reduce_and(done)) break;   /* every lane has its color */
        int8v here = ~done & (t <= s->locations[i]);
        if (!__builtin_reduce_or(here)) continue;   /* no lane between these stops */
        float lo = s->locations[i - 1], hi = s->locations[i];
        float8 u = hi > lo ? (t - lo) / (hi - lo) : (float8)1;
        for (int j = 0; j < 4; j++) {
            out[j] = here ? s->colors[i - 1][j] * (1 - u) + s->colors[i][j] * u : out[j];
        }
        done |= here;
    }
}

/* `shade` of an ellipse, rounded rectangle or star with a solid, axial or
 * radial fill, for the eight pixels x...x+7 of row py, blended into `row`. */
LFX_VECTOR_INLINE void shade8(uint8_t *row, int x, float py, const lfx_shape *s, const star_constants *k) {
    const float *inv = s->inverse;
    float8 px = centers8(x);
    float8 tx = px - s->translation[0];
    float ty = py - s->translation[1];
    float8 lx = inv[0] * tx + inv[2] * ty, ly = inv[1] * tx + inv[3] * ty;
    float8 d, gx, gy;
    float h_min = minf(s->shape[2], s->shape[3]), h_max = maxf(s->shape[2], s->shape[3]);
    switch ((int)s->translation[2]) {
    case LFX_KIND_ELLIPSE: ellipse_sdf8(lx, ly, s->shape, &d, &gx, &gy); break;
    case LFX_KIND_ROUNDED_RECT:
        rounded_rect_sdf8(lx, ly, s->shape[0], s->shape[1], s->shape[2], s->shape[3], s->extra[0], &d, &gx, &gy);
        break;
    default:
        star_sdf8(lx, ly, s->shape, k, &d, &gx, &gy);
        h_min = s->shape[3]; h_max = s->shape[2];
    }
    float8 ga = gx * inv[0] + gy * inv[1], gb = gx * inv[2] + gy * inv[3];
    float8 lg = max8(sqrt8(ga * ga + gb * gb), 1e-8f);
    float8 dd = d / lg;
    float8 fill_half = h_min / lg;
    float8 fill_cov = band8(max8(fill_half + dd, 0), fill_half) * min8(1, 2 * h_max / lg);
    float8 stroke_cov = band8(abs8(dd), 0.5f * s->translation[3] / lg);
    float8 stroke_a = s->stroke[3] * stroke_cov;
    /* lfx_shape_clip_coverage */
    float8 clip = clip_coverage8(s, px, py);
    float8 fill[4];
    if (s->gradient_kind != LFX_PAINT_SOLID) {
        float8 g[4];
        gradient_color8(s, lx, ly, g);
        fill[0] = g[0] * g[3] * fill_cov; fill[1] = g[1] * g[3] * fill_cov;
        fill[2] = g[2] * g[3] * fill_cov; fill[3] = g[3] * fill_cov;
    } else {
        for (int j = 0; j < 4; j++) fill[j] = s->fill[j] * fill_cov;
    }
    float8 c[4];
    for (int j = 0; j < 4; j++) c[j] = (s->stroke[j] * stroke_cov + fill[j] * (1 - stroke_a)) * clip;
    blend8_into(row, x, c);
}

/* `gradient_run` for the eight pixels x...x+7 of a row. */
LFX_VECTOR_INLINE void gradient8(uint8_t *row, int x, float y, const lfx_shape *s) {
    const float *inv = s->inverse;
    float opacity = s->extra[2];
    float ty = y - s->translation[1];
    float8 tx = centers8(x) - s->translation[0];
    float8 px = inv[0] * tx + inv[2] * ty, py = inv[1] * tx + inv[3] * ty;
    float8 g[4];
    gradient_color8(s, px, py, g);
    float8 c[4] = { g[0] * g[3] * opacity, g[1] * g[3] * opacity, g[2] * g[3] * opacity, g[3] * opacity };
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
void lfx_shape_draw_rows(uint8_t *image, ptrdiff_t stride, int image_y0, int width,
                         int first_row, int last_row, const lfx_shape *s,
                         const uint8_t *occupancy, ptrdiff_t cells) {
    int min_x, max_x;
    if (!kernel_columns(s, width, &min_x, &max_x) || first_row > last_row) return;
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
 * lfx_composite_rows computes it: clear content or a clear mask gives the
 * color 0, which leaves the target pixel as it is, as that loop's skip. */
LFX_VECTOR_INLINE void composite8(uint8_t *target, const uint8_t *content, const uint8_t *mask, int x, float py,
                                   const lfx_shape *clips, int inside) {
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
        uint8v alpha;
        unsigned covered = 0;
        for (int i = 0; i < 8; i++) { alpha[i] = mask[4 * (x + i) + 3]; covered |= alpha[i]; }
        if (covered == 0) return;   /* a clear mask everywhere adds nothing */
        float8 m = __builtin_convertvector(alpha, float8) / 255.0f;
        for (int j = 0; j < 4; j++) c[j] *= m;
    }
    float8 coverage = inside ? (float8)clips->extra[2] : clip_coverage8(clips, centers8(x), py);
    for (int j = 0; j < 4; j++) c[j] *= coverage;
    blend8_into(target, x, c);
}

LFX_CLONES
void lfx_composite_rows(uint8_t *target, const uint8_t *content, const uint8_t *mask, ptrdiff_t stride,
                        int image_y0, int first_row, int last_row, int min_x, int max_x, const lfx_shape *clips) {
    FOR_EACH_BLOCK(first_row, last_row, min_x, max_x) {
        /* Inside every clip the coverage is exactly the opacity. */
        int state = clips->every_pixel ? CLIP_PARTIAL : lfx_block_clips(clips, bx, x_end, by, y_end);
        if (state == CLIP_OUTSIDE) continue;   /* coverage exactly 0: nothing to blend */
        int inside = state == CLIP_INSIDE;
        for (int y = by; y <= y_end; y++) {
            ptrdiff_t row = (ptrdiff_t)(y - image_y0) * stride;
            float py = (float)y + 0.5f;
            int x = bx;
            if (x_end - bx == 7) {
                composite8(target + row, content + row, mask ? mask + row : NULL, x, py, clips, inside);
                continue;
            }
            for (; x <= x_end; x++) {
                ptrdiff_t at = row + 4 * x;
                uint32_t pixel;
                __builtin_memcpy(&pixel, content + at, 4);
                /* Clear content, or a clear mask, adds nothing. */
                if (pixel == 0 || (mask && mask[at + 3] == 0)) continue;
                float c[4];
                for (int j = 0; j < 4; j++) c[j] = (float)content[at + j] / 255.0f;
                if (mask) {
                    float m = (float)mask[at + 3] / 255.0f;
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
            if (row[4 * x + 3] != 0 && (!within || within[x >> 3])) out[x >> 3] = 1;
        }
    }
}
