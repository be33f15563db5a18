/* Polygon bands (flattened and stroked paths) for the CPU backend; see
 * include/lfx_raster.h. Every expression is `pathCoverage` of
 * Shaders/primitive.frag.glsl, in the same order, one pixel at a time
 * (`coverage`) or eight (`coverage8`, the same values). */
#include "lfx_raster.h"
#include <math.h>
#include "shape_math.h"

/* Edges a pixel examines for its outline (NEAREST_EDGES in the shader). */
#define NEAREST 4
/* How far past an edge's nearest point the winding number is probed (PROBE). */
#define PROBE 1e-3f

typedef struct {
    const float *edges;    /* (x0, y0, x1, y1) per edge, device pixels */
    int count;
    int winding_offset;
    int even_odd;
} band;

static inline int contains(const band *b, int winding) { return b->even_odd ? (winding & 1) != 0 : winding != 0; }

/* The winding number at (x, y): the offset plus a ray towards +x. */
static inline int winding_at(const band *b, float x, float y) {
    int winding = b->winding_offset;
    for (int i = 0; i < b->count; i++) {
        const float *e = b->edges + 4 * i;
        if ((e[1] <= y) != (e[3] <= y)) {
            float crossing = e[0] + (y - e[1]) / (e[3] - e[1]) * (e[2] - e[0]);
            if (crossing > x) winding += e[3] > e[1] ? 1 : -1;
        }
    }
    return winding;
}

/* The coverage at (x, y), `inside` or not, whose NEAREST closest edges'
 * nearest points (ascending distance) include one closer than half a pixel:
 * the distance to the first of them just past which the fill state changes
 * (else to the farthest) gives the antialiasing. */
static inline float outline_coverage(const band *b, float x, float y, int inside, const float near_distance[NEAREST],
                                     const float near_x[NEAREST], const float near_y[NEAREST],
                                     const float normal_x[NEAREST], const float normal_y[NEAREST]) {
    const int last = NEAREST - 1;
    float d = near_distance[last];
    for (int k = 0; k < NEAREST; k++) {
        if (near_distance[k] >= 0.5f) { d = near_distance[k]; break; }
        int across;
        if (near_distance[k] > PROBE) {
            float s = PROBE / near_distance[k];
            float bx = near_x[k] + (near_x[k] - x) * s, by = near_y[k] + (near_y[k] - y) * s;
            across = contains(b, winding_at(b, bx, by)) != inside;
        } else {
            float nx = normal_x[k] * PROBE, ny = normal_y[k] * PROBE;
            across = contains(b, winding_at(b, near_x[k] + nx, near_y[k] + ny))
                != contains(b, winding_at(b, near_x[k] - nx, near_y[k] - ny));
        }
        if (across) { d = near_distance[k]; break; }
    }
    return inside ? minf(maxf(0.5f + d, 0), 1) : minf(maxf(0.5f - d, 0), 1);
}

/* Coverage at device point (x, y): the winding number decides inside; the
 * distance to the outline (the nearest point, among the nearest points of
 * the closest edges, just past which the fill state changes) gives the
 * antialiasing. */
static inline float coverage(const band *b, float x, float y) {
    int winding = b->winding_offset;
    float near_distance[NEAREST], near_x[NEAREST], near_y[NEAREST], normal_x[NEAREST], normal_y[NEAREST];
    for (int k = 0; k < NEAREST; k++) {
        near_distance[k] = 1e30f; near_x[k] = x; near_y[k] = y; normal_x[k] = 0; normal_y[k] = 0;
    }
    const int last = NEAREST - 1;
    for (int i = 0; i < b->count; i++) {
        const float *e = b->edges + 4 * i;
        float ax = e[0], ay = e[1];
        float abx = e[2] - e[0], aby = e[3] - e[1];
        float apx = x - ax, apy = y - ay;
        float ab_length2 = abx * abx + aby * aby;
        float h = minf(maxf((apx * abx + apy * aby) / ab_length2, 0), 1);
        float ox = apx - abx * h, oy = apy - aby * h;
        float dist = sqrtf(ox * ox + oy * oy);
        if ((ay <= y) != (e[3] <= y)) {
            float crossing = ax + (y - ay) / aby * abx;
            if (crossing > x) winding += aby > 0 ? 1 : -1;
        }
        if (dist < near_distance[last]) {
            int k = last;
            while (k > 0 && near_distance[k - 1] > dist) {
                near_distance[k] = near_distance[k - 1];
                near_x[k] = near_x[k - 1]; near_y[k] = near_y[k - 1];
                normal_x[k] = normal_x[k - 1]; normal_y[k] = normal_y[k - 1];
                k -= 1;
            }
            float length = sqrtf(ab_length2);
            near_distance[k] = dist;
            near_x[k] = ax + abx * h; near_y[k] = ay + aby * h;
            normal_x[k] = -aby / length; normal_y[k] = abx / length;
        }
    }
    int inside = contains(b, winding);
    if (near_distance[0] >= 0.5f) return inside ? 1 : 0;
    return outline_coverage(b, x, y, inside, near_distance, near_x, near_y, normal_x, normal_y);
}

/* `coverage` at the pixel centres (x, y) of the `lanes` set (−1), lane by
 * lane with its expressions (pixel8.h): the winding number and the NEAREST
 * closest edges of all eight at once, kept as edge indices; a lane whose
 * nearest edge is half a pixel or more away has coverage inside ? 1 : 0, as
 * `coverage` returns there, and the others finish in outline_coverage from
 * their edges' nearest points, recomputed with `coverage`'s expressions (so
 * the same values). Lanes not set get 0. */
LFX_VECTOR_INLINE float8 coverage8(const band *b, float8 x, float y, int8v lanes) {
    const int last = NEAREST - 1;
    int8v winding = b->winding_offset;
    float8 near_distance[NEAREST];
    int8v near_edge[NEAREST];
    /* Slots start at half a pixel, not 1e30: an edge that far is never kept,
     * which changes no coverage (every distance of half a pixel or more
     * gives exactly 0 or 1, at the first such slot or as the last one), and
     * most edges then skip the insertion. */
    for (int k = 0; k < NEAREST; k++) { near_distance[k] = 0.5f; near_edge[k] = -1; }
    for (int i = 0; i < b->count; i++) {
        const float *e = b->edges + 4 * i;
        float ax = e[0], ay = e[1];
        float abx = e[2] - e[0], aby = e[3] - e[1];
        float8 apx = x - ax;
        float apy = y - ay;
        float ab_length2 = abx * abx + aby * aby;
        float8 h = min8(max8((apx * abx + apy * aby) / ab_length2, 0), 1);
        float8 ox = apx - abx * h, oy = apy - aby * h;
        float8 dist = sqrt8(ox * ox + oy * oy);
        if ((ay <= y) != (e[3] <= y)) {
            float crossing = ax + (y - ay) / aby * abx;
            int8v right = crossing > x;   /* −1 where the ray crosses */
            winding += aby > 0 ? -right : right;
        }
        if (!__builtin_reduce_or(dist < near_distance[last])) continue;
        /* coverage's insertion, per lane: each slot farther than the edge
         * takes the one before it when that is farther too, else the edge. */
        for (int k = last; k > 0; k--) {
            int8v shift = near_distance[k - 1] > dist, put = near_distance[k] > dist;
            near_edge[k] = shift ? near_edge[k - 1] : (put ? (int8v)i : near_edge[k]);
            near_distance[k] = shift ? near_distance[k - 1] : (put ? dist : near_distance[k]);
        }
        int8v put = near_distance[0] > dist;
        near_edge[0] = put ? (int8v)i : near_edge[0];
        near_distance[0] = put ? dist : near_distance[0];
    }
    int8v inside = b->even_odd ? (winding & 1) != 0 : winding != 0;
    float8 result = inside & lanes ? (float8)1 : (float8)0;
    int8v outline = lanes & !(near_distance[0] >= 0.5f);
    if (!__builtin_reduce_or(outline)) return result;
    for (int lane = 0; lane < 8; lane++) {
        if (!outline[lane]) continue;
        float px = x[lane];
        float distance[NEAREST], near_x[NEAREST], near_y[NEAREST], normal_x[NEAREST], normal_y[NEAREST];
        for (int k = 0; k < NEAREST; k++) {
            distance[k] = near_distance[k][lane]; near_x[k] = px; near_y[k] = y; normal_x[k] = 0; normal_y[k] = 0;
            if (near_edge[k][lane] < 0) continue;
            const float *e = b->edges + 4 * near_edge[k][lane];
            float ax = e[0], ay = e[1];
            float abx = e[2] - e[0], aby = e[3] - e[1];
            float apx = px - ax, apy = y - ay;
            float ab_length2 = abx * abx + aby * aby;
            float h = minf(maxf((apx * abx + apy * aby) / ab_length2, 0), 1);
            float length = sqrtf(ab_length2);
            near_x[k] = ax + abx * h; near_y[k] = ay + aby * h;
            normal_x[k] = -aby / length; normal_y[k] = abx / length;
        }
        result[lane] = outline_coverage(b, px, y, inside[lane] != 0, distance, near_x, near_y, normal_x, normal_y);
    }
    return result;
}

/* Edges a block keeps for its pixels; a band with more near one block is
 * shaded with all its edges there. */
#define LOCAL_EDGES 64

/* The band a block's pixels need: its edges that can matter there, and the
 * winding the others add. A pixel's coverage depends on the edges within
 * half a pixel of it (distances of half a pixel or more all give coverage
 * exactly 0 or 1) and on the winding number at it and at probe points at
 * most half a pixel and PROBE from it. An edge's share of the winding number
 * (1 or −1 when a ray towards +x crosses it) changes only across the edge,
 * or across the horizontal line through one of its ends, left of that end
 * (a band holds only the edges of its rows, so an end need not be shared by
 * the next edge). So an edge farther from the block's centre than the
 * block's half diagonal plus half a pixel, PROBE and a margin, with no end
 * within a pixel of the block's rows unless it lies wholly left of the block,
 * adds the same share at every such point: those shares become the local
 * band's offset, taken at the block's first pixel centre, and the other
 * edges, in their order, are the local band. Distances are in double
 * precision, with a margin for the rounding of the per-pixel arithmetic.
 * Returns 0 when more than LOCAL_EDGES edges are near. */
static int local_band(const band *b, int x0, int x1, int y0, int y1, float *local, band *out) {
    double cx = 0.5 * (x0 + x1) + 0.5, cy = 0.5 * (y0 + y1) + 0.5;
    double reach = 0.5 * sqrt((double)(x1 - x0) * (x1 - x0) + (double)(y1 - y0) * (y1 - y0));
    double slack = 1e-4 * (fabs(cx) + fabs(cy) + reach + 1);
    double near = reach + 0.5 + 2 * PROBE + slack;
    double left = x0 + 0.5 - slack - 1, top = y0 + 0.5 - slack - 1, bottom = y1 + 0.5 + slack + 1;
    float fx = (float)x0 + 0.5f, fy = (float)y0 + 0.5f;
    int count = 0, winding = b->winding_offset;
    for (int i = 0; i < b->count; i++) {
        const float *e = b->edges + 4 * i;
        double ax = e[0], ay = e[1], bx = e[2], by = e[3];
        int keep = fmax(ax, bx) >= left && ((ay >= top && ay <= bottom) || (by >= top && by <= bottom));
        if (!keep) {
            double abx = bx - ax, aby = by - ay;
            double apx = cx - ax, apy = cy - ay, ab2 = abx * abx + aby * aby;
            double h = ab2 > 0 ? fmin(fmax((apx * abx + apy * aby) / ab2, 0), 1) : 0;
            double ox = apx - abx * h, oy = apy - aby * h;
            keep = sqrt(ox * ox + oy * oy) < near;
        }
        if (keep) {
            if (count == LOCAL_EDGES) return 0;
            for (int j = 0; j < 4; j++) local[4 * count + j] = e[j];
            count++;
        } else if ((e[1] <= fy) != (e[3] <= fy)) {
            float crossing = e[0] + (fy - e[1]) / (e[3] - e[1]) * (e[2] - e[0]);
            if (crossing > fx) winding += e[3] > e[1] ? 1 : -1;
        }
    }
    *out = (band){ local, count, winding, b->even_odd };
    return 1;
}

/* Blends pixels x0...x1 of a row, 8 at a time (the last ones fewer), each
 * with the band's paint there (fill_paint8). */
LFX_VECTOR_INLINE void blend_run(uint8_t *row, int x0, int x1, float py, const lfx_shape *s, const band *b,
                                  int constant_inside, int inside_clips) {
    for (; x0 <= x1; x0 += 8) {
        int count = x1 - x0 + 1 < 8 ? x1 - x0 + 1 : 8;
        int8v lanes = (int8v){ 0, 1, 2, 3, 4, 5, 6, 7 } < count;
        float8 cov = constant_inside ? (lanes ? (float8)1 : (float8)0) : coverage8(b, centers8(x0), py, lanes);
        if (!__builtin_reduce_or(cov != 0)) continue;
        float8 paint[4];
        fill_paint8(s, centers8(x0), py, paint);
        blend_color8(row, x0, count, py, s, paint, cov, inside_clips);
    }
}

/* Blends pixels x0...x1 of a row one by one, each with `coverage` and its
 * clips' coverage: the reference (every_pixel) the tests compare with. */
static void blend_each(uint8_t *row, int x0, int x1, float py, const lfx_shape *s, const band *b) {
    for (int x = x0; x <= x1; x++) {
        float px = (float)x + 0.5f;
        float cov = coverage(b, px, py);
        if (cov == 0) continue;   /* no color: the blend would leave the pixel as it is */
        lfx_blend_fill(row + 4 * x, s, cov, px, py, 0);
    }
}

LFX_CLONES
void lfx_path_draw_rows(uint8_t *image, ptrdiff_t stride, int image_y0, lfx_columns columns, int first_row, int last_row,
                        const lfx_shape *s, const float *edges, int edge_count, int winding_offset, int even_odd,
                        const uint8_t *occupancy, ptrdiff_t cells) {
    int min_x, max_x;
    if (!kernel_columns(s, columns, &min_x, &max_x) || first_row > last_row) return;
    const band b = { edges, edge_count, winding_offset, even_odd };
    /* Consecutive blocks of a row of blocks whose every pixel is exactly
     * fill × opacity (a solid paint) are blended together, one run a row. */
    solid_run run = solid_run_start(image, stride, image_y0, s->plan.interior);
    int solid_paint = s->gradient_kind == LFX_PAINT_SOLID;
    FOR_EACH_BLOCK(first_row, last_row, min_x, max_x) {
        int solid = 0;
        do {
            if (!block_occupied(occupancy, cells, image_y0, bx, x_end, by, y_end)) break;
            float local_edges[4 * LOCAL_EDGES];
            band local;
            if (s->every_pixel || !local_band(&b, bx, x_end, by, y_end, local_edges, &local)) local = b;
            /* No edge near: every pixel has the offset's fill state, exactly. */
            int constant = local.count == 0 && !s->every_pixel;
            int inside = constant && contains(&local, local.winding_offset);
            if (constant && !inside) break;
            int clips = s->every_pixel ? CLIP_PARTIAL : lfx_block_clips(s, bx, x_end, by, y_end);
            if (clips == CLIP_OUTSIDE) break;   /* coverage exactly 0: nothing to blend */
            int inside_clips = clips == CLIP_INSIDE;
            if (inside && inside_clips && solid_paint) {
                solid = 1;
                break;
            }
            for (int y = by; y <= y_end; y++) {
                uint8_t *row = image + (ptrdiff_t)(y - image_y0) * stride;
                if (s->every_pixel) blend_each(row, bx, x_end, (float)y + 0.5f, s, &local);
                else blend_run(row, bx, x_end, (float)y + 0.5f, s, &local, inside, inside_clips);
            }
        } while (0);
        solid_run_step(&run, solid, x_end == max_x, bx, x_end, by, y_end);
    }
}
