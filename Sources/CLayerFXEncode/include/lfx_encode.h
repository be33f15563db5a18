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

/* Bytes of input each piece of a chunked deflate stream covers (the last
 * piece may be shorter). Fixed, so the stream is the same on every machine,
 * whatever its number of cores. */
#define LFX_DEFLATE_PIECE (1 << 20)

/* Deflates piece `index` of `in` (`length` bytes cut into LFX_DEFLATE_PIECE
 * pieces) at zlib `level` as raw deflate data into `out` (`capacity` bytes;
 * lfx_deflate_piece_bound gives enough), primed with the 32 KiB of input
 * before the piece as its dictionary. Every piece but the last ends on a
 * byte boundary with a sync flush, the last with the final block, so the
 * pieces concatenated are one deflate stream. Returns the bytes written, or
 * -1 when zlib fails. Pieces are independent: they may run in parallel. */
__attribute__((visibility("hidden")))
long lfx_deflate_piece(const uint8_t *in, size_t length, size_t index, int level, uint8_t *out, size_t capacity);

/* Output room that always suffices for one piece of `piece_length` bytes. */
__attribute__((visibility("hidden")))
size_t lfx_deflate_piece_bound(size_t piece_length);

#endif
