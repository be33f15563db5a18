/* The display list's shared definitions, written once for every language
 * that reads a display list:
 *
 * - Swift (LayerFXPrimitives) imports this header: the kind, paint and
 *   winding enums and the limits below are checked against these constants
 *   by tests, and the instance structs' layouts against these structs;
 * - the CPU kernels (CLayerFXRaster) include it;
 * - the shader build (Plugins/ShaderEmbed) turns every line of the form
 *   `#define LFX_NAME integer` into the same `#define` at the top of every
 *   shader, so GLSL names the kinds as C and Swift do.
 *
 * Keep each constant on one line as `#define LFX_NAME integer`: that is the
 * only form the shader build reads. */
#ifndef LFX_LAYOUT_H
#define LFX_LAYOUT_H
#include <stdint.h>

/* What a primitive is (ShapeKind), stored as a float in the instance's
 * translation.z. Kinds up to LFX_KIND_IMAGE are drawn as one quad each; the
 * last three structure the list into offscreen layers. */
#define LFX_KIND_ELLIPSE 0
#define LFX_KIND_ROUNDED_RECT 1
#define LFX_KIND_STAR 2
#define LFX_KIND_PATH 3
#define LFX_KIND_GLYPH 4
#define LFX_KIND_IMAGE 5
#define LFX_KIND_BEGIN_LAYER 6
#define LFX_KIND_BEGIN_MASK 7
#define LFX_KIND_COMPOSITE 8

/* How a fill is painted (PaintKind), stored as a float in paint0.x. */
#define LFX_PAINT_SOLID 0
#define LFX_PAINT_AXIAL 1
#define LFX_PAINT_RADIAL 2
#define LFX_PAINT_CONIC 3

/* How a composite's mask layer covers its content (MaskCoverage), stored
 * as a float in the composite's shape_extra.x; LFX_MASK_NONE: no mask.
 * From the mask's premultiplied RGBA8 bytes: alpha a / 255, luminance
 * (2126 r + 7152 g + 722 b) / 2550000 (Rec. 709 luma), inverted 1 minus those. */
#define LFX_MASK_NONE 0
#define LFX_MASK_ALPHA 1
#define LFX_MASK_ALPHA_INVERTED 2
#define LFX_MASK_LUMINANCE 3
#define LFX_MASK_LUMINANCE_INVERTED 4

/* How a path band decides what is inside (WindingRule), stored as a float
 * in shapeExtra.w. */
#define LFX_WINDING_NON_ZERO 0
#define LFX_WINDING_EVEN_ODD 1
/* A path edge's part in a pixel row narrower than 1 / LFX_PATH_VERTICAL_DIVISOR
 * pixels is taken as vertical: its share of the pixel is the clamp at its
 * middle (path.c, primitive.frag.glsl). */
#define LFX_PATH_VERTICAL_DIVISOR 1000

/* Gradient stops one instance carries inline (locations in paint1.zw and
 * paint2, colours in stops0 and stops1). A gradient of more stops keeps
 * them in the frame's stop table (Frame.gradientStops: each stop its
 * location's float bits and its RGBA8 colour), the instance holding their
 * count in paint0.y and the first one's index in stops0.x. */
#define LFX_INLINE_STOPS 6
/* Stops per row of the GPU's stop table texture (RG32UI). */
#define LFX_STOP_ROW_LENGTH 1024
/* Clips one instance carries; deeper clips become offscreen layers. */
#define LFX_MAX_CLIPS 2
/* Polygon edges per row of the GPU's edge texture. */
#define LFX_EDGE_ROW_LENGTH 1024

/* Tile compositing (tiles.c, tiles.comp.glsl): the tiles' side in pixels,
 * the transmittance a pixel's walk stops below, 1 / LFX_TILE_STOP_DIVISOR
 * (0.5/255), the bit that marks a tile list entry as a shape (its index in
 * the frame's instances in the bits below LFX_TILE_INTERIOR_ENTRY; without
 * it, the entry is a circle's index), and the bit that marks a shape as
 * covering the tile wholly with its constant colour. */
#define LFX_TILE_SIZE 16
#define LFX_TILE_STOP_DIVISOR 510
#define LFX_TILE_SHAPE_ENTRY 0x80000000u
#define LFX_TILE_INTERIOR_ENTRY 0x40000000u

/* Four 32-bit floats, or four 32-bit unsigned integers: every instance
 * field is one (a vec4 or uvec4 vertex attribute). */
typedef float lfx_vec4[4];
typedef uint32_t lfx_uvec4[4];

/* One primitive (LayerFX's `PrimitiveInstance`, the GPU's per-instance
 * vertex attributes a_<field> in this order; its documentation says what
 * each field holds per kind). */
typedef struct {
    lfx_vec4 transform;      /* local → device linear part (a, b, c, d) */
    lfx_vec4 translation;    /* (tx, ty, kind, stroke width in local units) */
    lfx_vec4 shape;          /* the kind's geometry */
    lfx_vec4 shape_extra;    /* the kind's extras; z is the opacity */
    lfx_vec4 fill_color;     /* straight alpha */
    lfx_vec4 stroke_color;   /* straight alpha */
    lfx_vec4 clip0_linear;   /* device → clip-local linear part */
    lfx_vec4 clip0_offset;   /* (tx, ty, half width, half height) */
    lfx_vec4 clip1_linear;
    lfx_vec4 clip1_offset;
    lfx_vec4 clip_radii;     /* (clip 0 radius, clip 1 radius, clips in use, unused) */
    lfx_vec4 paint0;         /* (paint kind, stop count, start x, start y) */
    lfx_vec4 paint1;         /* (end x, end y, location 0, location 1) */
    lfx_vec4 paint2;         /* (locations 2...5); an image's texel mapping */
    lfx_uvec4 stops0;        /* stop colours 0...3, RGBA8, red in the low byte; or x: the first stop in the table,
                              * or an image's index (LFX_KIND_IMAGE) */
    lfx_uvec4 stops1;        /* stop colours 4 and 5 */
} lfx_instance;

/* One stop of a frame's gradient stop table (LayerFX's `GradientStop`):
 * its location and its straight-alpha RGBA8 colour, red in the low byte. */
typedef struct {
    float location;
    uint32_t color;
} lfx_gradient_stop;

/* A circle in device pixels (LayerFX's `DeviceCircle`, whose documentation
 * gives the formulas; the circle program's attributes a_geometry, a_ring,
 * a_fill, a_stroke): (cx, cy, R, R + 0.5), (h + 0.5, 2h, ring alpha,
 * reach), fill and ring colours premultiplied with opacity folded in. */
typedef struct {
    lfx_vec4 geometry;
    lfx_vec4 ring;
    lfx_vec4 fill;
    lfx_vec4 stroke;
} lfx_circle;

/* A circle as the GPU's tile compositor reads it (LayerFX's `TileCircle`,
 * tile-circle.glsl), half the bytes of lfx_circle: a software rasterizer
 * (llvmpipe) reads a storage buffer one lane and one load at a time, so
 * each load a list entry saves is time. `shape` is (cx, cy, R, h), the
 * rest of lfx_circle being derived from it as DeviceCircle derives it;
 * `paint` packs the colours as unsigned normalized integers, red in the
 * low bits:
 *   [0] fill red and green, 16 bits each;
 *   [1] fill blue and alpha, 16 bits each;
 *   [2] ring red, green and blue: LFX_TILE_RING_RED_BITS,
 *       LFX_TILE_RING_GREEN_BITS and the remaining 10 bits;
 *   [3] ring colour alpha, then the ring alpha, 16 bits each. */
#define LFX_TILE_RING_RED_BITS 11
#define LFX_TILE_RING_GREEN_BITS 11
typedef struct {
    lfx_vec4 shape;
    lfx_uvec4 paint;
} lfx_tile_circle;

#endif
