/* Layer contents images for the CPU backend; see include/lfx_raster.h. Every
 * expression is `imageColor` of Shaders/primitive.frag.glsl, in the same
 * order: the rectangle's coverage as a rounded rectangle's fill of radius 0
 * (shape_math.h), times the image sampled bilinearly between texel centres
 * with its texels clamped to the edge, times the tint, then the opacity and
 * clips. */
#include "shape_math.h"

/* Texel (i, j)'s channel values, 0...1: each byte times 1/255, as Mesa's
 * llvmpipe converts an RGBA8 texel for texelFetch (a division by 255 is an
 * ulp away at times, which made 1/255 differences after rounding). */
static inline void texel(const lfx_image *image, int i, int j, float out[4]) {
    const uint8_t *t = image->texels + ((ptrdiff_t)j * image->width + i) * 4;
    for (int c = 0; c < 4; c++) out[c] = (float)t[c] * (1.0f / 255.0f);
}

/* The sample point of local point (x, y) in texel coordinates, less half a
 * texel, clamped to the texel centres: max then min as the shader's clamp
 * (a NaN, which evaluation never produces, becomes 0). */
static inline float clamp_sample(float f, int size) {
    float last = (float)(size - 1);
    f = f > 0 ? f : 0;
    return f < last ? f : last;
}

/* The premultiplied image colour at local point (x, y): the four texels
 * around the sample point, blended by its distances to them. */
static inline void sample(const lfx_shape *s, const lfx_image *image, float x, float y, float out[4]) {
    const float *map = s->image_map;
    float fu = clamp_sample((x - map[0]) * map[2] - 0.5f, image->width);
    float fv = clamp_sample((y - map[1]) * map[3] - 0.5f, image->height);
    float cu = floorf(fu), cv = floorf(fv);
    float wu = fu - cu, wv = fv - cv;
    int i = (int)cu, j = (int)cv;
    int i1 = i + 1 < image->width ? i + 1 : i, j1 = j + 1 < image->height ? j + 1 : j;
    float t00[4], t10[4], t01[4], t11[4];
    texel(image, i, j, t00); texel(image, i1, j, t10);
    texel(image, i, j1, t01); texel(image, i1, j1, t11);
    for (int c = 0; c < 4; c++) {
        float top = t00[c] * (1 - wu) + t10[c] * wu;
        float bottom = t01[c] * (1 - wu) + t11[c] * wu;
        out[c] = top * (1 - wv) + bottom * wv;
    }
}

/* The colour the image gives the pixel centred at device point (px, py),
 * before its opacity and clips. */
static inline void image_color(const lfx_shape *s, const lfx_image *image, float px, float py, float out[4]) {
    const float *inv = s->inverse;
    float tx = px - s->translation[0], ty = py - s->translation[1];
    float lx = inv[0] * tx + inv[2] * ty, ly = inv[1] * tx + inv[3] * ty;
    sdf sd = rounded_rect_sdf(lx, ly, s->shape[0], s->shape[1], s->shape[2], s->shape[3], 0);
    float h_min = minf(s->shape[2], s->shape[3]), h_max = maxf(s->shape[2], s->shape[3]);
    float lg = maxf(lengthf(sd.gx * inv[0] + sd.gy * inv[1], sd.gx * inv[2] + sd.gy * inv[3]), 1e-8f);
    float d = sd.d / lg;
    float fill_half = h_min / lg;
    float coverage = band_coverage(maxf(fill_half + d, 0), fill_half) * minf(1, 2 * h_max / lg);
    float t[4];
    sample(s, image, lx, ly, t);
    for (int c = 0; c < 4; c++) out[c] = t[c] * s->fill[c] * coverage;
}

/* `image_color` for the pixels x...x+7 of the row at py, lane by lane with
 * its expressions (texels gathered one by one, every index clamped inside
 * the image whatever a lane holds); lanes not in `lanes` get 0. */
LFX_VECTOR_INLINE void image_color8(const lfx_shape *s, const lfx_image *image, int x, float py, int8v lanes,
                                    float8 out[4]) {
    const float *inv = s->inverse, *map = s->image_map;
    float8 tx = centers8(x) - s->translation[0];
    float ty = py - s->translation[1];
    float8 lx = inv[0] * tx + inv[2] * ty, ly = inv[1] * tx + inv[3] * ty;
    float8 d, gx, gy;
    rounded_rect_sdf8(lx, ly, s->shape[0], s->shape[1], s->shape[2], s->shape[3], 0, &d, &gx, &gy);
    float h_min = minf(s->shape[2], s->shape[3]), h_max = maxf(s->shape[2], s->shape[3]);
    float8 ga = gx * inv[0] + gy * inv[1], gb = gx * inv[2] + gy * inv[3];
    float8 lg = max8(sqrt8(ga * ga + gb * gb), 1e-8f);
    float8 dd = d / lg;
    float8 fill_half = h_min / lg;
    float8 coverage = band8(max8(fill_half + dd, 0), fill_half) * min8(1, 2 * h_max / lg);

    float last_u = (float)(image->width - 1), last_v = (float)(image->height - 1);
    float8 fu = (lx - map[0]) * map[2] - 0.5f, fv = (ly - map[1]) * map[3] - 0.5f;
    fu = fu > 0 ? fu : (float8)0;
    fu = fu < last_u ? fu : (float8)last_u;
    fv = fv > 0 ? fv : (float8)0;
    fv = fv < last_v ? fv : (float8)last_v;
    fu = lanes ? fu : (float8)0;
    fv = lanes ? fv : (float8)0;
    float8 cu = __builtin_elementwise_floor(fu), cv = __builtin_elementwise_floor(fv);
    float8 wu = fu - cu, wv = fv - cv;
    int8v i = __builtin_convertvector(cu, int8v), j = __builtin_convertvector(cv, int8v);
    int8v i1 = i + 1 < image->width ? i + 1 : i, j1 = j + 1 < image->height ? j + 1 : j;
    /* The four texels of each lane, as 32-bit RGBA8 words (red in the low byte):
     * their indices computed 8 at a time, then loaded lane by lane into
     * plain arrays (inserting into a vector lane by lane goes through memory). */
    int8v row0 = j * image->width, row1 = j1 * image->width;
    int8v index[4] = { row0 + i, row0 + i1, row1 + i, row1 + i1 };
    uint8v corner[4];
    for (int k = 0; k < 4; k++) {
        int at[8];
        uint32_t words[8];
        __builtin_memcpy(at, &index[k], sizeof at);
        for (int lane = 0; lane < 8; lane++) __builtin_memcpy(&words[lane], image->texels + 4 * (size_t)at[lane], 4);
        __builtin_memcpy(&corner[k], words, sizeof words);
    }
    for (int c = 0; c < 4; c++) {
        float8 t[4];
        for (int k = 0; k < 4; k++) t[k] = __builtin_convertvector((corner[k] >> (8 * c)) & 255, float8) * (1.0f / 255.0f);
        float8 top = t[0] * (1 - wu) + t[1] * wu;
        float8 bottom = t[2] * (1 - wu) + t[3] * wu;
        float8 value = top * (1 - wv) + bottom * wv;
        out[c] = lanes ? value * s->fill[c] * coverage : (float8)0;
    }
}

/* Blends pixels x0...x1 of the row at py, 8 at a time (the last ones
 * fewer), each times the opacity and clips (just the opacity when
 * `inside_clips`). Takes no vector, so the kernel's clones can call it. */
LFX_VECTOR_INLINE void blend_row8(uint8_t *row, int x0, int x1, float py, const lfx_shape *s, const lfx_image *image,
                                  int inside_clips) {
    for (int x = x0; x <= x1; x += 8) {
        int count = x1 - x + 1 < 8 ? x1 - x + 1 : 8;
        int8v lanes = (int8v){ 0, 1, 2, 3, 4, 5, 6, 7 } < count;
        float8 c[4];
        image_color8(s, image, x, py, lanes, c);
        float8 clip = inside_clips ? (float8)s->extra[2] : clip_coverage8(s, centers8(x), py);
        for (int j = 0; j < 4; j++) c[j] *= clip;
        if (count == 8) {
            blend8_into(row, x, c);
            continue;
        }
        uint8_t pixels[32] = { 0 };   /* the row may end before x + 8 */
        __builtin_memcpy(pixels, row + 4 * x, 4 * (size_t)count);
        blend8_into(pixels, 0, c);
        __builtin_memcpy(row + 4 * x, pixels, 4 * (size_t)count);
    }
}

LFX_CLONES
void lfx_image_draw_rows(uint8_t *target, ptrdiff_t stride, int image_y0, lfx_columns columns, int first_row, int last_row,
                         const lfx_shape *s, const lfx_image *image, const uint8_t *occupancy, ptrdiff_t cells) {
    int min_x, max_x;
    if (!kernel_columns(s, columns, &min_x, &max_x) || first_row > last_row || image->width < 1 || image->height < 1) return;
    FOR_EACH_BLOCK(first_row, last_row, min_x, max_x) {
        if (!block_occupied(occupancy, cells, image_y0, bx, x_end, by, y_end)) continue;
        int clips = CLIP_PARTIAL;
        if (!s->every_pixel) {
            /* The rectangle's distance bound: blocks it leaves untouched (or clips away) are skipped. */
            if (lfx_shape_box_coverage(s, bx, x_end, by, y_end) == LFX_BOX_UNTOUCHED) continue;
            clips = lfx_block_clips(s, bx, x_end, by, y_end);
        }
        for (int y = by; y <= y_end; y++) {
            uint8_t *row = target + (ptrdiff_t)(y - image_y0) * stride;
            float py = (float)y + 0.5f;
            if (!s->every_pixel) {
                /* Eight pixels at a time; the scalar loop below is the reference. */
                blend_row8(row, bx, x_end, py, s, image, clips == CLIP_INSIDE);
                continue;
            }
            for (int x = bx; x <= x_end; x++) {
                float px = (float)x + 0.5f;
                float c[4];
                image_color(s, image, px, py, c);
                float clip = lfx_shape_clip_coverage(s, px, py);
                for (int j = 0; j < 4; j++) c[j] *= clip;
                blend_into(row + 4 * x, c);
            }
        }
    }
}
