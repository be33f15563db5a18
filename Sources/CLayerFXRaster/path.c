/* Polygon bands (flattened and stroked paths) for the CPU backend; see
 * include/lfx_raster.h. Every expression is `pathCoverage` of
 * Shaders/primitive.frag.glsl, in the same order, one pixel at a time
 * (`coverage`), a block of eight by eight (`block_coverage`, the same
 * values) or, in a band of many edges, added up once for a run of blocks
 * (`accumulate`; the same shares, summed in the same order where an edge
 * crosses a pixel). */
#include "lfx_raster.h"
#include <math.h>
#include "shape_math.h"

/* Below this horizontal extent (pixels) an edge's part in a row is taken
 * as vertical: its share is the clamp at its middle. */
#define VERTICAL (1.0f / LFX_PATH_VERTICAL_DIVISOR)

typedef struct {
    const float *edges;    /* (x0, y0, x1, y1) per edge, device pixels */
    int count;
    int winding_offset;
    int even_odd;
} band;

static inline int contains(const band *b, int winding) { return b->even_odd ? (winding & 1) != 0 : winding != 0; }

/* The part of edge `e` in the pixel row [y, y + 1]: returns its height
 * (not positive when it has none) and sets its horizontal extent there. */
static inline float edge_in_row(const float *e, float y, float *left, float *right) {
    float top = minf(e[1], e[3]), bottom = maxf(e[1], e[3]);
    float ya = maxf(top, y), yb = minf(bottom, y + 1);
    float h = yb - ya;
    if (!(h > 0)) return h;
    float dy = e[3] - e[1], dx = e[2] - e[0];
    float xl = minf(e[0], e[2]), xr = maxf(e[0], e[2]);
    float xa = minf(maxf(e[0] + dx * ((ya - e[1]) / dy), xl), xr);
    float xb = minf(maxf(e[0] + dx * ((yb - e[1]) / dy), xl), xr);
    *left = minf(xa, xb);
    *right = maxf(xa, xb);
    return h;
}

/* The mean over the part's height of the fraction of the pixel row left of
 * it, for a part spanning [lo, hi] measured from the pixel's left side
 * (width w = its extent, inv_w = 1 / w): the mean of clamp(u, 0, 1) for u
 * evenly spread over [lo, hi]. */
static inline float share(float lo, float hi, float w, float inv_w) {
    if (hi <= 0) return 0;
    if (lo >= 1) return 1;
    if (w < VERTICAL) return minf(maxf((lo + hi) * 0.5f, 0), 1);
    float a = minf(maxf(lo, 0), 1), b = minf(maxf(hi, 0), 1);
    return ((b - a) * (a + b) * 0.5f + maxf(hi - maxf(lo, 1), 0)) * inv_w;
}

/* The coverage of a pixel from its winding number (whole rows of edges to
 * its right) and the signed area the other edges add, by the fill rule. */
static inline float fill_by_rule(const band *b, int winding, float area) {
    float total = fabsf((float)winding + area);
    if (!b->even_odd) return minf(total, 1);
    total -= 2 * floorf(total * 0.5f);
    return total > 1 ? 2 - total : total;
}

/* fill_by_rule for eight pixels whose summed winding and area is `total`
 * (taken absolute). */
LFX_VECTOR_INLINE float8 fill_by_rule8(const band *b, float8 total) {
    if (!b->even_odd) return min8(total, 1);
    total -= 2 * __builtin_elementwise_floor(total * 0.5f);
    return total > 1 ? 2 - total : total;
}

/* The rows first...end − 1 of rows 0...rows − 1 (counted from y0) that edge
 * `e` can span: its part in the others has no height. */
static inline void edge_rows(const float *e, int y0, int rows, int *first, int *end) {
    float top = minf(maxf(minf(e[1], e[3]) - (float)y0, 0), (float)rows);
    float bottom = minf(maxf(maxf(e[1], e[3]) - (float)y0, 0), (float)rows);
    *first = (int)floorf(top);
    *end = (int)ceilf(bottom);
}

/* Coverage of the pixel whose centre is (x, y): the exact area of the pixel
 * the polygon covers. Each edge adds, with its direction's sign, the part of
 * the pixel left of it in the rows it spans (as a ray towards +x counts a
 * winding number); an edge right of the whole pixel that spans its whole row
 * adds to the winding number (an integer), the others to the area. Where
 * windings of one sign overlap the sum is clamped to 1 (nonzero) or folded
 * (even-odd). */
static inline float coverage(const band *b, float x, float y) {
    float px = x - 0.5f, py = y - 0.5f;
    int winding = b->winding_offset;
    float area = 0;
    for (int i = 0; i < b->count; i++) {
        const float *e = b->edges + 4 * i;
        float left, right;
        float h = edge_in_row(e, py, &left, &right);
        if (!(h > 0)) continue;
        int dir = e[3] > e[1] ? 1 : -1;
        float lo = left - px, hi = right - px, w = right - left;
        if (h == 1 && lo >= 1) { winding += dir; continue; }
        float add = (float)dir * h * share(lo, hi, w, w < VERTICAL ? 0 : 1 / w);   /* apart, as block_coverage adds it */
        area += add;
    }
    return fill_by_rule(b, winding, area);
}

/* `coverage` at the pixels of a block: columns x0...x0 + 7 (the lanes),
 * rows y0...y0 + rows − 1 (rows ≤ BLOCK), into cov[row]. Edge by edge, as
 * `coverage` sums them, each over only the rows it spans (the same
 * expressions lane by lane, so the same values); lanes past the block's
 * columns are computed too, and left to the caller. */
LFX_VECTOR_INLINE void block_coverage(const band *b, int x0, int y0, int rows, float8 cov[BLOCK]) {
    float8 px = centers8(x0) - 0.5f;
    int8v winding[BLOCK];
    float8 area[BLOCK];
    for (int r = 0; r < rows; r++) { winding[r] = b->winding_offset; area[r] = 0; }
    for (int i = 0; i < b->count; i++) {
        const float *e = b->edges + 4 * i;
        int dir = e[3] > e[1] ? 1 : -1;
        int first, end;
        edge_rows(e, y0, rows, &first, &end);
        for (int r = first; r < end; r++) {
            float left, right;
            float h = edge_in_row(e, (float)(y0 + r), &left, &right);
            if (!(h > 0) || right <= px[0]) continue;   /* no part in the row, or left of every lane: shares 0 */
            float w = right - left, inv_w = w < VERTICAL ? 0 : 1 / w, signed_h = (float)dir * h;
            float8 lo = left - px, hi = right - px;
            int8v whole = h == 1 ? lo >= 1 : (int8v)0;   /* −1 where the edge adds to the winding number */
            winding[r] += dir > 0 ? -whole : whole;
            float8 a = min8(max8(lo, 0), 1), c = min8(max8(hi, 0), 1);
            float8 s = w < VERTICAL ? min8(max8((lo + hi) * 0.5f, 0), 1)
                                    : ((c - a) * (a + c) * 0.5f + max8(hi - max8(lo, 1), 0)) * inv_w;
            s = hi <= 0 ? 0 : (lo >= 1 ? 1 : s);
            float8 add = whole ? (float8)0 : signed_h * s;
            area[r] += add;
        }
    }
    for (int r = 0; r < rows; r++) {
        cov[r] = fill_by_rule8(b, abs8(__builtin_convertvector(winding[r], float8) + area[r]));
    }
}

/* Columns of a band the accumulation buffers hold at once (a whole number
 * of blocks, at most 64 of them). */
#define CHUNK 512

/* What the edges of a band add to the pixels of at most BLOCK rows and
 * CHUNK columns, cell by cell: `area` the shares of the edges that cross a
 * cell; `whole` and `part` the winding an edge adds to the cell and every
 * cell left of it in its row (`whole` for an edge that spans the row, an
 * integer; `part` for one that ends inside it, its height). Every cell is 0
 * between two uses: each use clears the blocks it wrote. One a thread, as
 * the kernel runs on every worker. */
typedef struct {
    float area[BLOCK][CHUNK];
    int whole[BLOCK][CHUNK];
    float part[BLOCK][CHUNK];
} accumulation;

static _Thread_local accumulation cells_of_thread;

/* The rightmost column c, from − 1...to, whose pixel lies wholly left of x
 * (x − c ≥ 1, as `coverage` tests it): from − 1 when none of from...to
 * does, `to` when all do. */
static inline int last_column_left_of(float x, int from, int to) {
    if (!(x - (float)from >= 1)) return from - 1;
    if (x - (float)to >= 1) return to;
    int c = (int)floorf(x) - 1;
    while (c < to && x - (float)(c + 1) >= 1) c++;
    while (c >= from && !(x - (float)c >= 1)) c--;
    return c;
}

/* Adds the band's edges to the cells of rows y0...y0 + rows − 1 and columns
 * x0...x1 (fewer than CHUNK): the part of an edge in a row adds its share
 * to each cell it crosses (in the edges' order, as `coverage` sums them) and
 * its winding to the last cell wholly left of it; what lands right of x1
 * goes into the row's `base_whole` or `base_part` (which start from the
 * band's winding offset). Sets bit k of `crossed` (block k: columns
 * x0 + 8k...) for each block with a share, of `windings` for each with a
 * winding. */
static void accumulate(const band *b, accumulation *acc, int x0, int x1, int y0, int rows, int base_whole[BLOCK],
                       float base_part[BLOCK], uint64_t *crossed, uint64_t *windings) {
    for (int r = 0; r < rows; r++) { base_whole[r] = b->winding_offset; base_part[r] = 0; }
    for (int i = 0; i < b->count; i++) {
        const float *e = b->edges + 4 * i;
        if (maxf(e[0], e[2]) <= (float)x0) continue;   /* left of every column: shares 0 */
        int dir = e[3] > e[1] ? 1 : -1;
        int first, end;
        edge_rows(e, y0, rows, &first, &end);
        for (int r = first; r < end; r++) {
            float left, right;
            float h = edge_in_row(e, (float)(y0 + r), &left, &right);
            if (!(h > 0) || right <= (float)x0) continue;
            float w = right - left, inv_w = w < VERTICAL ? 0 : 1 / w, signed_h = (float)dir * h;
            int c = last_column_left_of(left, x0, x1);
            if (c == x1) {   /* every column is left of it */
                if (h == 1) base_whole[r] += dir; else base_part[r] += signed_h;
                continue;
            }
            if (c >= x0) {
                if (h == 1) acc->whole[r][c - x0] += dir; else acc->part[r][c - x0] += signed_h;
                *windings |= 1ull << ((c - x0) / BLOCK);
            }
            for (c = c + 1; c <= x1; c++) {
                float lo = left - (float)c, hi = right - (float)c;
                if (!(hi > 0)) break;
                acc->area[r][c - x0] += signed_h * share(lo, hi, w, inv_w);
                *crossed |= 1ull << ((c - x0) / BLOCK);
            }
        }
    }
}

/* The sums of v's lanes from each lane to the last: lane i gets
 * v[i] + v[i + 1] + … + v[7], added pairwise. */
LFX_VECTOR_INLINE int8v suffix_sums8(int8v v) {
    const int8v zero = 0;
    v += __builtin_shufflevector(v, zero, 1, 2, 3, 4, 5, 6, 7, 8);
    v += __builtin_shufflevector(v, zero, 2, 3, 4, 5, 6, 7, 8, 8);
    return v + __builtin_shufflevector(v, zero, 4, 5, 6, 7, 8, 8, 8, 8);
}

LFX_VECTOR_INLINE float8 suffix_sums8f(float8 v) {
    const float8 zero = 0;
    v += __builtin_shufflevector(v, zero, 1, 2, 3, 4, 5, 6, 7, 8);
    v += __builtin_shufflevector(v, zero, 2, 3, 4, 5, 6, 7, 8, 8);
    return v + __builtin_shufflevector(v, zero, 4, 5, 6, 7, 8, 8, 8, 8);
}

/* `coverage` at the pixels of block k of the cells (the lanes) in each of
 * `rows` rows, into cov[row]: the winding right of the block (`whole`,
 * `part`), the windings of the block's cells from each lane rightwards
 * (when `windings`: the block has some) and the shares in its own cell. */
LFX_VECTOR_INLINE void accumulated_coverage(const band *b, const accumulation *acc, int k, int rows, int windings,
                                      const int whole[BLOCK], const float part[BLOCK], float8 cov[BLOCK]) {
    for (int r = 0; r < rows; r++) {
        int8v winding = whole[r];
        float8 partial = part[r], area;
        if (windings) {
            int8v w;
            float8 p;
            __builtin_memcpy(&w, &acc->whole[r][BLOCK * k], sizeof w);
            __builtin_memcpy(&p, &acc->part[r][BLOCK * k], sizeof p);
            winding += suffix_sums8(w);
            partial += suffix_sums8f(p);
        }
        __builtin_memcpy(&area, &acc->area[r][BLOCK * k], sizeof area);
        cov[r] = fill_by_rule8(b, abs8(__builtin_convertvector(winding, float8) + (area + partial)));
    }
}

/* Sets the cells of block k back to 0. */
static inline void clear_block(accumulation *acc, int k, int rows) {
    for (int r = 0; r < rows; r++) {
        __builtin_memset(&acc->area[r][BLOCK * k], 0, BLOCK * sizeof(float));
        __builtin_memset(&acc->whole[r][BLOCK * k], 0, BLOCK * sizeof(int));
        __builtin_memset(&acc->part[r][BLOCK * k], 0, BLOCK * sizeof(float));
    }
}

/* The most edges a band shades block by block, each block with the edges
 * near it (`local_band`); a band of more is accumulated
 * (`draw_accumulated`). */
#define LOCAL_EDGES 64

/* The band a block's pixels (columns x0...x1, rows y0...y1) need: the edges
 * whose share can differ between them, and the winding the others add. An
 * edge with no part in the block's rows, or left of the block, shares 0 at
 * each of its pixels; one right of the block that spans all its rows adds a
 * whole winding at each (exactly as `coverage` counts them): those leave the
 * band, the second kind into its winding offset, and the others, in their
 * order, are the local band (`local` holds the band's count of edges). */
static void local_band(const band *b, int x0, int x1, int y0, int y1, float *local, band *out) {
    float top = (float)y0, bottom = (float)y1 + 1, left = (float)x0, right = (float)x1 + 1;
    int count = 0, winding = b->winding_offset;
    for (int i = 0; i < b->count; i++) {
        const float *e = b->edges + 4 * i;
        float ey0 = minf(e[1], e[3]), ey1 = maxf(e[1], e[3]);
        if (!(ey1 > top && ey0 < bottom) || maxf(e[0], e[2]) <= left) continue;
        if (minf(e[0], e[2]) >= right && ey0 <= top && ey1 >= bottom) {
            winding += e[3] > e[1] ? 1 : -1;
            continue;
        }
        for (int j = 0; j < 4; j++) local[4 * count + j] = e[j];
        count++;
    }
    *out = (band){ local, count, winding, b->even_odd };
}

/* Blends the pixels x0...x1 (at most BLOCK) of a row with the band's
 * paint there (fill_paint8) at coverage `*coverage`. */
LFX_VECTOR_INLINE void blend_block_row(uint8_t *row, int x0, int x1, float py, const lfx_shape *s,
                                       const float8 *coverage, int inside_clips) {
    int count = x1 - x0 + 1;
    float8 cov = (int8v){ 0, 1, 2, 3, 4, 5, 6, 7 } < count ? *coverage : (float8)0;
    if (!__builtin_reduce_or(cov != 0)) return;
    float8 paint[4];
    fill_paint8(s, centers8(x0), py, paint);
    blend_color8(row, x0, count, py, s, paint, cov, inside_clips);
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

/* lfx_path_draw_rows without every_pixel for a band of many edges: the
 * edges are added up once for every BLOCK rows and CHUNK columns
 * (`accumulate`), where each block would otherwise go through the band's
 * edges (the same sums, in the same order, for the pixels an edge crosses;
 * the windings of edges right of a pixel in the order of their columns). */
LFX_VECTOR_INLINE void draw_accumulated(uint8_t *image, ptrdiff_t stride, int image_y0, int min_x, int max_x,
                                        int first_row, int last_row, const lfx_shape *s, const band *b,
                                        const uint8_t *occupancy, ptrdiff_t cells) {
    int band_clips = lfx_block_clips(s, min_x, max_x, first_row, last_row);
    if (band_clips == CLIP_OUTSIDE) return;   /* coverage exactly 0 everywhere */
    accumulation *acc = &cells_of_thread;
    /* Consecutive blocks of a row of blocks whose every pixel is exactly
     * fill × opacity (a solid paint) are blended together, one run a row. */
    solid_run run = solid_run_start(image, stride, image_y0, s->plan.interior);
    int solid_paint = s->gradient_kind == LFX_PAINT_SOLID;
    for (int by = first_row; by <= last_row; by += BLOCK) {
        int y_end = square_end(by, BLOCK, last_row), rows = y_end - by + 1;
        for (int x0 = min_x; x0 <= max_x; x0 += CHUNK) {
            int x1 = square_end(x0, CHUNK, max_x), blocks = (x1 - x0) / BLOCK + 1;
            int base_whole[BLOCK];
            float base_part[BLOCK];
            uint64_t crossed = 0, windings = 0;
            accumulate(b, acc, x0, x1, by, rows, base_whole, base_part, &crossed, &windings);
            /* The winding right of each block, from the right. */
            int whole[CHUNK / BLOCK][BLOCK];
            float part[CHUNK / BLOCK][BLOCK];
            for (int k = blocks - 1; k >= 0; k--) {
                for (int r = 0; r < rows; r++) {
                    whole[k][r] = k == blocks - 1 ? base_whole[r] : whole[k + 1][r];
                    part[k][r] = k == blocks - 1 ? base_part[r] : part[k + 1][r];
                    if (k == blocks - 1 || !(windings >> (k + 1) & 1)) continue;
                    for (int lane = BLOCK - 1; lane >= 0; lane--) {
                        whole[k][r] += acc->whole[r][BLOCK * (k + 1) + lane];
                        part[k][r] += acc->part[r][BLOCK * (k + 1) + lane];
                    }
                }
            }
            for (int k = 0; k < blocks; k++) {
                int bx = x0 + BLOCK * k, x_end = square_end(bx, BLOCK, x1), solid = 0;
                do {
                    if (!block_occupied(occupancy, cells, image_y0, bx, x_end, by, y_end)) break;
                    /* No edge crosses it and none ends in it: each row has one
                     * coverage, exactly 0 or 1 where no edge right of it ends
                     * in the row. */
                    int constant = !((crossed | windings) >> k & 1), inside = constant, outside = constant;
                    for (int r = 0; constant && r < rows; r++) {
                        float c = fill_by_rule(b, whole[k][r], part[k][r]);
                        inside &= c == 1;
                        outside &= c == 0;
                    }
                    if (outside) break;
                    int clips = block_clips_within(band_clips, s, bx, x_end, by, y_end);
                    if (clips == CLIP_OUTSIDE) break;   /* coverage exactly 0: nothing to blend */
                    int inside_clips = clips == CLIP_INSIDE;
                    if (inside && inside_clips && solid_paint) {
                        solid = 1;
                        break;
                    }
                    float8 cov[BLOCK];
                    if (inside) for (int r = 0; r < rows; r++) cov[r] = 1;
                    else accumulated_coverage(b, acc, k, rows, windings >> k & 1, whole[k], part[k], cov);
                    for (int y = by; y <= y_end; y++) {
                        uint8_t *row = image + (ptrdiff_t)(y - image_y0) * stride;
                        blend_block_row(row, bx, x_end, (float)y + 0.5f, s, &cov[y - by], inside_clips);
                    }
                } while (0);
                solid_run_step(&run, solid, x_end == max_x, bx, x_end, by, y_end);
            }
            for (uint64_t written = crossed | windings; written; written &= written - 1) {
                clear_block(acc, __builtin_ctzll(written), rows);
            }
        }
    }
}

LFX_CLONES
void lfx_path_draw_rows(uint8_t *image, ptrdiff_t stride, int image_y0, lfx_columns columns, int first_row, int last_row,
                        const lfx_shape *s, const float *edges, int edge_count, int winding_offset, int even_odd,
                        const uint8_t *occupancy, ptrdiff_t cells) {
    int min_x, max_x;
    if (!kernel_columns(s, columns, &min_x, &max_x) || first_row > last_row) return;
    const band b = { edges, edge_count, winding_offset, even_odd };
    if (!s->every_pixel && edge_count > LOCAL_EDGES) {
        draw_accumulated(image, stride, image_y0, min_x, max_x, first_row, last_row, s, &b, occupancy, cells);
        return;
    }
    int band_clips = s->every_pixel ? CLIP_PARTIAL : lfx_block_clips(s, min_x, max_x, first_row, last_row);
    if (band_clips == CLIP_OUTSIDE) return;   /* coverage exactly 0 everywhere */
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
            if (s->every_pixel) local = b; else local_band(&b, bx, x_end, by, y_end, local_edges, &local);
            /* No edge near: every pixel has the offset's fill state, exactly. */
            int constant = local.count == 0 && !s->every_pixel;
            int inside = constant && contains(&local, local.winding_offset);
            if (constant && !inside) break;
            int clips = s->every_pixel ? CLIP_PARTIAL : block_clips_within(band_clips, s, bx, x_end, by, y_end);
            if (clips == CLIP_OUTSIDE) break;   /* coverage exactly 0: nothing to blend */
            int inside_clips = clips == CLIP_INSIDE;
            if (inside && inside_clips && solid_paint) {
                solid = 1;
                break;
            }
            float8 cov[BLOCK];
            if (!s->every_pixel) {
                if (inside) for (int r = 0; r <= y_end - by; r++) cov[r] = 1;
                else block_coverage(&local, bx, by, y_end - by + 1, cov);
            }
            for (int y = by; y <= y_end; y++) {
                uint8_t *row = image + (ptrdiff_t)(y - image_y0) * stride;
                if (s->every_pixel) blend_each(row, bx, x_end, (float)y + 0.5f, s, &local);
                else blend_block_row(row, bx, x_end, (float)y + 0.5f, s, &cov[y - by], inside_clips);
            }
        } while (0);
        solid_run_step(&run, solid, x_end == max_x, bx, x_end, by, y_end);
    }
}
