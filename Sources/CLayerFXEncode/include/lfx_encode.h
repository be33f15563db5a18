/* Pixel work of LayerFX's image encoders (internal to LayerFX, not part of
 * the C API): what PNG needs before deflate. */
#ifndef LFX_ENCODE_H
#define LFX_ENCODE_H
#include <stddef.h>
#include <stdint.h>

/* Writes rows first_row...last_row of a premultiplied RGBA8 image (`width`
 * pixels a row, rows 4·width bytes apart) as PNG scanlines into `out` (row y
 * at out + y·(4·width + 1)): each row converted to straight alpha (channel =
 * round(channel·255 / alpha), 0 where alpha is 0) and prefixed with its
 * filter type, Sub (1) or Up (2), whichever gives the smaller sum of
 * absolute differences (row 0 has no row above: Sub). */
__attribute__((visibility("hidden")))
void lfx_png_filter_rows(const uint8_t *premultiplied, int width, int first_row, int last_row, uint8_t *out);

#endif
