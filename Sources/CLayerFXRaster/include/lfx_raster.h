/* The CPU backend's span kernels (hidden: they link into liblayerfx.so
 * without joining its C API): antialiased circles (fill plus centred ring)
 * blended source-over into RGBA8 rows, the same coverage math as
 * Shaders/circle.frag.glsl. Internal to LayerFX (not part of the C API). */
#ifndef LFX_RASTER_H
#define LFX_RASTER_H
#include <stddef.h>
#include <stdint.h>

/* A circle in device pixels, the memory layout of LayerFX's `DeviceCircle`
 * (whose documentation gives the formulas): (cx, cy, R, R + 0.5), (h + 0.5,
 * 2h, ring alpha, reach), fill and ring colors premultiplied with opacity
 * folded in. */
typedef struct {
    float geometry[4];
    float ring[4];
    float fill[4];
    float stroke[4];
} lfx_circle;

/* Draws rows first_row...last_row (device rows) of `circle` into an RGBA8
 * image whose device row `image_y0` starts at `image`, rows `stride` bytes
 * apart, `width` pixels wide. Pixels whose whole neighbourhood is inside the
 * fill and clear of the ring get the constant color in one vectorized blend;
 * the others are shaded one by one. */
__attribute__((visibility("hidden")))
void lfx_circle_draw_rows(uint8_t *image, ptrdiff_t stride, int image_y0, int width,
                          int first_row, int last_row, const lfx_circle *circle);

#endif
