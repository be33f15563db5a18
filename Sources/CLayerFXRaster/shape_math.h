/* The distance and colour of the analytic shapes (ellipses, rounded
 * rectangles, stars) at pixel centres, one at a time and eight at a time:
 * what the shape kernels (shape.c) blend in order and tile compositing
 * (tiles.c) accumulates front to back. Private to CLayerFXRaster.
 *
 * Every expression is the one of Shaders/primitive.frag.glsl, in the same
 * order (min and max as Swift's: min(a, b) = b < a ? b : a,
 * max(a, b) = b >= a ? b : a), so the CPU and GPU agree to rounding. */
#ifndef LFX_SHAPE_MATH_H
#define LFX_SHAPE_MATH_H
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
    case LFX_KIND_ROUNDED_RECT: case LFX_KIND_IMAGE:   /* an image's rectangle: radius extra[0] = 0 */
        return rounded_rect_sdf(px, py, s->shape[0], s->shape[1], s->shape[2], s->shape[3], s->extra[0]);
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

/* The straight-alpha colour of a gradient of more than LFX_INLINE_STOPS
 * stops (s->table) at parameter t: the first stop at or past t found by
 * bisection (the locations never decrease, so it is the one the inline loop
 * would find), interpolated with the one before; tableGradientColor of
 * Shaders/primitive-shading.glsl. */
static inline void table_gradient_color(const lfx_shape *s, float t, float out[4]) {
    const lfx_stop *stops = s->table;
    int n = s->stop_count;
    const float *c = stops[n - 1].color;
    if (t <= stops[0].location) {
        c = stops[0].color;
    } else {
        int lo = 1, hi = n;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (t <= stops[mid].location) hi = mid; else lo = mid + 1;
        }
        if (lo < n) {
            float a = stops[lo - 1].location, b = stops[lo].location;
            float u = b > a ? (t - a) / (b - a) : 1;
            for (int j = 0; j < 4; j++) out[j] = stops[lo - 1].color[j] * (1 - u) + stops[lo].color[j] * u;
            return;
        }
    }
    for (int j = 0; j < 4; j++) out[j] = c[j];
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
    if (s->table) {
        table_gradient_color(s, t, out);
        return;
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

/* table_gradient_color at eight parameters: each lane's first stop at or
 * past t (the one the bisection finds, as the locations never decrease),
 * found by walking the stops from the smallest lane's, which one bisection
 * finds, until every lane has its own; then the same operations on it. */
LFX_CLONES static void table_gradient_color8(const lfx_shape *s, const float8 *parameter, float8 out[4]) {
    const lfx_stop *stops = s->table;
    float8 t = *parameter;
    int n = s->stop_count;
    int8v first = t <= stops[0].location, done = first;
    for (int j = 0; j < 4; j++) out[j] = first ? (float8)stops[0].color[j] : (float8)stops[n - 1].color[j];
    /* No lane's stop comes before the smallest lane's (a NaN lane has none). */
    float smallest = __builtin_reduce_min(t == t ? t : (float8)INFINITY);
    int lo = 1, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (smallest <= stops[mid].location) hi = mid; else lo = mid + 1;
    }
    for (int i = lo; i < n; i++) {
        if (__builtin_reduce_and(done)) break;   /* every lane has its color */
        int8v here = ~done & (t <= stops[i].location);
        if (!__builtin_reduce_or(here)) continue;   /* no lane between these stops */
        float below = stops[i - 1].location, above = stops[i].location;
        float8 u = above > below ? (t - below) / (above - below) : (float8)1;
        for (int j = 0; j < 4; j++) {
            out[j] = here ? stops[i - 1].color[j] * (1 - u) + stops[i].color[j] * u : out[j];
        }
        done |= here;
    }
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
    if (s->table) {
        table_gradient_color8(s, &t, out);
        return;
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
 * radial fill, for the eight pixels x...x+7 of row py: their premultiplied colours c. */
LFX_VECTOR_INLINE void shape_color8(int x, float py, const lfx_shape *s, const star_constants *k, float8 c[4]) {
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
    for (int j = 0; j < 4; j++) c[j] = (s->stroke[j] * stroke_cov + fill[j] * (1 - stroke_a)) * clip;
}

/* The premultiplied colour of the shape's gradient at device point (x, y):
 * its colour at the local point the shape's inverse maps (x, y) to. */
static inline void gradient_paint(const lfx_shape *s, float x, float y, float out[4]) {
    const float *inv = s->inverse;
    float tx = x - s->translation[0], ty = y - s->translation[1];
    float g[4];
    gradient_color(s, inv[0] * tx + inv[2] * ty, inv[1] * tx + inv[3] * ty, g);
    out[0] = g[0] * g[3]; out[1] = g[1] * g[3]; out[2] = g[2] * g[3]; out[3] = g[3];
}

/* The premultiplied fill paint of a shape or polygon band at the pixel
 * centres (x, y), eight at a time: its solid fill, or gradient_paint's
 * colours (a conic gradient lane by lane, with gradient_color), as
 * `pathPaint` of Shaders/primitive.frag.glsl. */
LFX_VECTOR_INLINE void fill_paint8(const lfx_shape *s, float8 x, float y, float8 out[4]) {
    if (s->gradient_kind == LFX_PAINT_SOLID) {
        for (int j = 0; j < 4; j++) out[j] = s->fill[j];
        return;
    }
    const float *inv = s->inverse;
    float ty = y - s->translation[1];
    float8 tx = x - s->translation[0];
    float8 px = inv[0] * tx + inv[2] * ty, py = inv[1] * tx + inv[3] * ty;
    float8 g[4];
    if (s->gradient_kind == LFX_PAINT_CONIC) {
        for (int i = 0; i < 8; i++) {
            float c[4];
            gradient_color(s, px[i], py[i], c);
            for (int j = 0; j < 4; j++) g[j][i] = c[j];
        }
    } else {
        gradient_color8(s, px, py, g);
    }
    out[0] = g[0] * g[3]; out[1] = g[1] * g[3]; out[2] = g[2] * g[3]; out[3] = g[3];
}

#endif
