/* The CPU backend's span kernels (hidden: they link into liblayerfx.so
 * without joining its C API): antialiased circles (fill plus centred ring)
 * blended source-over into RGBA8 rows, the same coverage math as
 * Shaders/circle.frag.glsl. Internal to LayerFX (not part of the C API). */
#ifndef LFX_RASTER_H
#define LFX_RASTER_H
#include <stddef.h>
#include <stdint.h>
#include "lfx_layout.h"
#include <string.h>
#include <wchar.h>

/* Sets `count` RGBA8 pixels from `pixels` on to the pixel `color` (its
 * four bytes as one 32-bit unit), with glibc's wmemset when the pixels are
 * 4-byte aligned (wide stores), one by one otherwise (caller memory). */
static inline void lfx_fill_pixels(uint8_t *pixels, size_t count, uint32_t color) {
    _Static_assert(sizeof(wchar_t) == 4, "pixels are filled as 32-bit wide characters");
    if ((uintptr_t)pixels % _Alignof(wchar_t) != 0) {
        for (size_t i = 0; i < count; i++) memcpy(pixels + 4 * i, &color, 4);
        return;
    }
    wmemset((wchar_t *)(void *)pixels, (wchar_t)color, count);
}

/* The columns a kernel draws in: first...last of an image `width` pixels
 * wide (0...width − 1 for all of them); pixels outside keep their bytes. A
 * pixel inside gets the same bytes whatever the window. */
typedef struct { int32_t first, last, width; } lfx_columns;

/* Draws rows first_row...last_row (device rows) of `circle` into an RGBA8
 * image whose device row `image_y0` starts at `image`, rows `stride` bytes
 * apart, in `columns`. Pixels whose whole neighbourhood is inside the
 * fill and clear of the ring get the constant color in one vectorized blend;
 * the others are shaded one by one. */
__attribute__((visibility("hidden")))
void lfx_circle_draw_rows(uint8_t *image, ptrdiff_t stride, int image_y0, lfx_columns columns,
                          int first_row, int last_row, const lfx_circle *circle);

/* A star's constants: cos and sin of its rotation, the sector angle, the
 * inner vertex of the half sector, and whether its distance is to the
 * edge's whole line (mitred joins: extra[3] > 0) rather than to the edge. */
typedef struct { float cr, sr, sector, bx, by; int32_t mitred; } lfx_star_constants;

/* What the kernels derive from a shape's fields, once per frame
 * (lfx_shape_prepare) rather than in every band. */
typedef struct {
    lfx_star_constants star;              /* a star's; zero for other kinds */
    int32_t kind, bounded, has_fill, has_stroke;
    double stretch, min_stretch;          /* of the device → local map */
    double clip_stretch[2];               /* the largest stretch of each clip's device → clip map */
    uint8_t interior[4];                  /* the quantized color of a block inside everything: fill × opacity */
    int32_t interior_possible;            /* shape at least a pixel across */
    double stable_ulp;                    /* the largest 2^-k with the interior color the same at coverage 1 − 2^-k
                                             (0 for a path band or composite, which never classify blocks) */
    float reach[3];                       /* a star's or circle's device centre and a radius beyond which it
                                             covers nothing (radius infinite for other kinds) */
} lfx_shape_plan;

/* A gradient stop as the shape kernel reads it: the frame's table
 * (lfx_gradient_stop) with the colour unpacked, straight alpha in 0...1. */
typedef struct {
    float location;
    float color[4];
} lfx_stop;

/* An analytic shape (ellipse, rounded rectangle or star), polygon band,
 * glyph, image or composite prepared for the CPU: the fields of LayerFX's `PrimitiveInstance` with the device → local
 * inverse computed and colors premultiplied, and its gradient unpacked. The
 * kernel computes, per pixel, the same expressions in the same order as
 * `shapeColor`, `clipCoverage` and `gradientColor` of
 * Shaders/primitive.frag.glsl. */
typedef struct {
    float inverse[4];        /* device → local linear part (a, b, c, d) */
    float translation[4];    /* device tx, ty, kind (an LFX_KIND_ constant), stroke width (local) */
    float shape[4];          /* kind geometry, see ShapeKind */
    float extra[4];          /* kind extras; z is the opacity */
    float fill[4];           /* premultiplied fill */
    float stroke[4];         /* premultiplied stroke */
    float clip0_linear[4], clip0_offset[4];
    float clip1_linear[4], clip1_offset[4];
    float clip_radii[4];     /* clip 0 radius, clip 1 radius, clips in use (0...2), unused */
    float gradient_start[2]; /* local units */
    float gradient_delta[2]; /* end − start */
    float locations[LFX_INLINE_STOPS];
    float colors[LFX_INLINE_STOPS][4]; /* straight alpha */
    const lfx_stop *table;   /* a gradient of more stops: its stop_count stops, unpacked from the frame's
                                table; NULL: the stops above */
    float image_map[4];      /* an image's texel mapping: local (x, y) of texel (0, 0)'s corner, texels per unit x, y */
    int32_t gradient_kind;   /* an LFX_PAINT_ constant */
    int32_t stop_count;      /* 1...LFX_INLINE_STOPS inline, more in `table` */
    int32_t min_x, max_x;    /* the pixel columns the shape's quad covers */
    int32_t min_y, max_y;    /* and its rows */
    int32_t every_pixel;     /* 1: shade every pixel, no block decisions (the reference the tests compare with) */
    lfx_shape_plan plan;     /* filled by lfx_shape_prepare */
} lfx_shape;

/* Tile compositing (tiles.c): the frame is cut into LFX_TILE_SIZE-pixel
 * tiles (lfx_layout.h), each circle and shape listed in order in the tiles
 * it reaches, and each pixel composited front to back from its tile's
 * list, stopping once the transmittance left is below
 * 1 / LFX_TILE_STOP_DIVISOR. */
#define LFX_TILE_TRANSMITTANCE_STOP (1.0f / (float)LFX_TILE_STOP_DIVISOR)

/* A frame's glyph atlas: one distance value per texel (row-major), the
 * value on the outline and the distance, in texels, one unit of value spans. */
typedef struct {
    const uint8_t *texels;
    int32_t width, height;
    float edge_value, distance_range;
} lfx_glyph_atlas;

/* What compositing a tile row did: (pixel, primitive) pairs shaded, and
 * pixels whose walk stopped before the end of their list. */
typedef struct { uint64_t visits, early_pixels; } lfx_tile_stats;

/* Composites every pixel of tile row `tile_row` (RGBA8, packed rows of
 * `width` pixels) over the premultiplied `background`, adding to `stats`;
 * tile t's list is entries[offsets[t] .. offsets[t + 1]), each entry a
 * circle's index in `circles` or LFX_TILE_SHAPE_ENTRY | a shape's index in
 * `shapes` (prepared, with min_x...max_x and min_y...max_y set: an analytic
 * shape, or a glyph sampling `atlas`, which may be NULL when there is
 * none), with LFX_TILE_INTERIOR_ENTRY where lfx_shape_box_coverage found the
 * tile interior (its colour is then the constant fill × opacity). */
__attribute__((visibility("hidden")))
void lfx_tiles_composite_row(uint8_t *image, int width, int height, int tile_row, const lfx_circle *circles,
                             const lfx_shape *shapes, const lfx_glyph_atlas *atlas, const size_t *offsets,
                             const uint32_t *entries, const float background[4], lfx_tile_stats *stats);

/* Composites a run of circles and shapes (entries as for
 * lfx_tiles_composite_row) over the pixels already in rows
 * first_row...last_row of an RGBA8 image whose row image_y0 starts at
 * `image`, rows `stride` bytes apart: column c of LFX_TILE_SIZE pixels walks
 * entries[offsets[c] .. offsets[c + 1]) front to back, and each pixel
 * becomes C + T · (the pixel there), within 1/255 of the run blended onto it
 * exactly. */
__attribute__((visibility("hidden")))
void lfx_tiles_composite_over(uint8_t *image, ptrdiff_t stride, int image_y0, lfx_columns columns, int first_row, int last_row,
                              const lfx_circle *circles, const lfx_shape *shapes, const lfx_glyph_atlas *atlas,
                              const size_t *offsets, const uint32_t *entries);

/* What a shape's distance bound says of the pixels x0...x1 × y0...y1 (the
 * block decisions of lfx_shape_draw_rows): LFX_BOX_UNTOUCHED, nothing drawn
 * at any; LFX_BOX_INTERIOR, every one gets the shape's solid fill times its
 * opacity, inside every clip (stroke coverage 0, fill and clip coverage 1,
 * or within a float spacing of 1); LFX_BOX_EDGE, undecided. */
enum { LFX_BOX_UNTOUCHED, LFX_BOX_INTERIOR, LFX_BOX_EDGE };
__attribute__((visibility("hidden")))
int lfx_shape_box_coverage(const lfx_shape *shape, int x0, int x1, int y0, int y1);

/* The premultiplied colour `shape` gives the pixel centred at device point
 * (x, y) (what the shape kernels blend there): the exact composite the
 * tests compare tile compositing with. */
__attribute__((visibility("hidden")))
void lfx_shape_color(const lfx_shape *shape, float x, float y, float color[4]);

/* Fills `shape->plan` from its other fields; call it once they are set. */
__attribute__((visibility("hidden")))
void lfx_shape_prepare(lfx_shape *shape);

/* The shape, band and glyph kernels take an occupancy map (NULL: none): one
 * byte per 8 columns per row, rows from image_y0, `cells` bytes apart; they
 * leave pixels whose cell is 0 untouched. A masked layer's content is drawn
 * with the map of its mask (lfx_occupancy): content where the mask is clear
 * is multiplied by 0 when composited, so skipping it changes no byte.
 *
 * Draws rows first_row...last_row of `shape` (columns min_x...max_x) into an
 * RGBA8 image as lfx_circle_draw_rows does. Blocks of 8×8 pixels that the
 * shape's distance bound shows untouched (outside, or inside a shape with no
 * fill, farther than the stroke and a pixel) are skipped; the others are
 * shaded pixel by pixel. */
__attribute__((visibility("hidden")))
void lfx_shape_draw_rows(uint8_t *image, ptrdiff_t stride, int image_y0, lfx_columns columns,
                         int first_row, int last_row, const lfx_shape *shape,
                         const uint8_t *occupancy, ptrdiff_t cells);

/* Draws rows first_row...last_row of a polygon band (columns min_x...max_x
 * of `shape`, whose paint, opacity and clips it uses: its solid fill, or its
 * gradient in the local space its inverse and translation map device pixels
 * to): `edge_count` edges
 * (x0, y0, x1, y1 in device pixels) starting at `edges`, `winding_offset`
 * added to the winding number of a ray towards +x; a pixel's coverage is
 * the area of it the polygon covers by the non-zero rule or, with
 * `even_odd`, the even-odd rule. Blocks of 8×8 pixels that no edge crosses
 * are filled (or skipped) whole. */
__attribute__((visibility("hidden")))
void lfx_path_draw_rows(uint8_t *image, ptrdiff_t stride, int image_y0, lfx_columns columns, int first_row, int last_row,
                        const lfx_shape *shape, const float *edges, int edge_count, int winding_offset, int even_odd,
                        const uint8_t *occupancy, ptrdiff_t cells);


/* Draws rows first_row...last_row of a glyph quad (`shape`: its inverse,
 * translation, fill, opacity and clips; shape = the glyph's local box
 * (x0, y0, x1, y1); extra = atlas origin (u, v), opacity, texels per unit)
 * sampling `atlas`. */
__attribute__((visibility("hidden")))
void lfx_glyph_draw_rows(uint8_t *image, ptrdiff_t stride, int image_y0, lfx_columns columns, int first_row, int last_row,
                         const lfx_shape *shape, const lfx_glyph_atlas *atlas,
                         const uint8_t *occupancy, ptrdiff_t cells);

/* The premultiplied colour glyph `shape` gives the pixel centred at device
 * point (x, y) with `atlas` (what the glyph kernel blends there): the exact
 * composite the tests compare tile compositing with. */
__attribute__((visibility("hidden")))
void lfx_glyph_color(const lfx_shape *shape, const lfx_glyph_atlas *atlas, float x, float y, float color[4]);

/* A layer contents image: premultiplied RGBA8 texels, rows top first. */
typedef struct {
    const uint8_t *texels;
    int32_t width, height;
} lfx_image;

/* Draws rows first_row...last_row of an image primitive (`shape`: its
 * inverse, translation, rectangle (cx, cy, half width, half height), tint in
 * fill, opacity, clips and image_map) sampling `image`. Blocks of 8×8 pixels
 * the rectangle's distance bound (or a clip) leaves untouched are skipped;
 * the others are shaded 8 pixels at a time. */
__attribute__((visibility("hidden")))
void lfx_image_draw_rows(uint8_t *target, ptrdiff_t stride, int image_y0, lfx_columns columns, int first_row, int last_row,
                         const lfx_shape *shape, const lfx_image *image,
                         const uint8_t *occupancy, ptrdiff_t cells);

/* The device rounded-rectangle clip coverage times `opacity` at pixel (x, y)
 * for an lfx_shape's clips (used by composites too). */
__attribute__((visibility("hidden")))
float lfx_shape_clip_coverage(const lfx_shape *shape, float x, float y);

/* Blends the shape's paint (its solid fill, or its gradient, premultiplied,
 * at the local point its inverse maps (x, y) to) × `coverage` × its clip
 * coverage at pixel centre (x, y) (just the opacity when `inside_clips`:
 * every clip's coverage is exactly 1 there) onto the RGBA8 pixel at `pixel`. */
__attribute__((visibility("hidden")))
void lfx_blend_fill(uint8_t *pixel, const lfx_shape *shape, float coverage, float x, float y, int inside_clips);

/* Where the pixel centres of the block (columns x0...x1, rows y0...y1) lie
 * against the shape's clips: CLIP_INSIDE when each clip's coverage is
 * exactly 1 at every one (also without clips), CLIP_OUTSIDE when some clip's
 * coverage is exactly 0 at every one, else CLIP_PARTIAL. `shape` has been
 * through lfx_shape_prepare (its clips' stretches). */
enum { CLIP_PARTIAL = 0, CLIP_INSIDE = 1, CLIP_OUTSIDE = 2 };
__attribute__((visibility("hidden")))
int lfx_block_clips(const lfx_shape *shape, int x0, int x1, int y0, int y1);

/* Fills `occupancy` (rows first_row...last_row of an image whose row
 * image_y0 comes first, `cells` = (width + 7) / 8 bytes a row) with 1 where
 * an 8-column cell of columns min_x...max_x of `mask` (RGBA8 rows `stride`
 * bytes apart) has a pixel that is not clear (a byte not 0: an alpha or
 * luminance mask covers such a pixel, and only such) and `outer` (an
 * enclosing map, or NULL) is set there, and 0 elsewhere. */
__attribute__((visibility("hidden")))
void lfx_occupancy(const uint8_t *mask, ptrdiff_t stride, int image_y0, int first_row, int last_row,
                   int min_x, int max_x, const uint8_t *outer, uint8_t *occupancy, ptrdiff_t cells);

/* Blends an offscreen layer onto the target below it over columns
 * min_x...max_x of rows first_row...last_row: content (premultiplied RGBA8)
 * times the mask's coverage (when `mask` is not NULL and `mask_mode`, an
 * LFX_MASK_ constant of lfx_layout.h, is not LFX_MASK_NONE: its alpha or
 * luminance, or one minus either) times lfx_shape_clip_coverage of
 * `clips`, source-over. All buffers share the image's layout (row image_y0
 * first, `stride` bytes apart). */
__attribute__((visibility("hidden")))
void lfx_composite_rows(uint8_t *target, const uint8_t *content, const uint8_t *mask, int mask_mode, ptrdiff_t stride,
                        int image_y0, int first_row, int last_row, int min_x, int max_x, const lfx_shape *clips);

#endif
