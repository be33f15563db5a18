/* Polygon bands (flattened and stroked paths) for the CPU backend; see
 * include/lfx_raster.h. Every expression is `pathCoverage` of
 * Shaders/primitive.frag.glsl, in the same order. */
#include "lfx_raster.h"
#include <math.h>
#include "pixel_math.h"

/* Edges a pixel examines for its outline (NEAREST_EDGES in the shader). */
#define NEAREST 4
/* How far past an edge's nearest point the winding number is probed (PROBE). */
#define PROBE 1e-3f

static inline float minf(float a, float b) { return b < a ? b : a; }
static inline float maxf(float a, float b) { return b >= a ? b : a; }

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

static inline void blend_run(uint8_t *row, int x0, int x1, float py, const lfx_shape *s, const band *b,
                             int constant_inside, int inside_clips) {
    for (int x = x0; x <= x1; x++) {
        float px = (float)x + 0.5f;
        float cov = constant_inside ? 1.0f : coverage(b, px, py);
        if (cov == 0) continue;   /* no color: the blend would leave the pixel as it is */
        lfx_blend_fill(row + 4 * x, s, cov, px, py, inside_clips);
    }
}

LFX_CLONES
void lfx_path_draw_rows(uint8_t *image, ptrdiff_t stride, int image_y0, int width, int first_row, int last_row,
                        const lfx_shape *s, const float *edges, int edge_count, int winding_offset, int even_odd,
                        const uint8_t *occupancy, ptrdiff_t cells) {
    int min_x, max_x;
    if (!kernel_columns(s, width, &min_x, &max_x) || first_row > last_row) return;
    const band b = { edges, edge_count, winding_offset, even_odd };
    FOR_EACH_BLOCK(first_row, last_row, min_x, max_x) {
        if (!block_occupied(occupancy, cells, image_y0, bx, x_end, by, y_end)) continue;
        float local_edges[4 * LOCAL_EDGES];
        band local;
        if (s->every_pixel || !local_band(&b, bx, x_end, by, y_end, local_edges, &local)) local = b;
        /* No edge near: every pixel has the offset's fill state, exactly. */
        int constant = local.count == 0 && !s->every_pixel;
        int inside = constant && contains(&local, local.winding_offset);
        if (constant && !inside) continue;
        int clips = s->every_pixel ? CLIP_PARTIAL : lfx_block_clips(s, bx, x_end, by, y_end);
        if (clips == CLIP_OUTSIDE) continue;   /* coverage exactly 0: nothing to blend */
        int inside_clips = clips == CLIP_INSIDE;
        if (inside && inside_clips) {
            /* Every pixel's color is exactly fill × opacity. */
            for (int y = by; y <= y_end; y++) {
                blend_constant_run(image + (ptrdiff_t)(y - image_y0) * stride, bx, x_end, s->plan.interior);
            }
            continue;
        }
        for (int y = by; y <= y_end; y++) {
            blend_run(image + (ptrdiff_t)(y - image_y0) * stride, bx, x_end, (float)y + 0.5f, s, &local, inside,
                      inside_clips);
        }
    }
}
