/* Pixel work of LayerFX's image encoders (internal to LayerFX, not part of
 * the C API): what PNG needs before deflate. */
#ifndef LFX_ENCODE_H
#define LFX_ENCODE_H
#include <stddef.h>
#include <stdint.h>

/* Writes rows first_row...last_row of a premultiplied RGBA8 image (`width`
 * pixels a row, rows 4·width bytes apart) as PNG scanlines into `out` (row y
 * at out + (y − first_row)·(4·width + 1)): each row converted to straight alpha (channel =
 * round(channel·255 / alpha), 0 where alpha is 0) and prefixed with its
 * filter type, Sub (1) or Up (2), whichever gives the smaller sum of
 * absolute differences (row 0 has no row above: Sub). */
__attribute__((visibility("hidden")))
void lfx_png_filter_rows(const uint8_t *premultiplied, int width, int first_row, int last_row, uint8_t *out);

/* Filtered bytes a piece of the fast deflater covers, about: a piece is as
 * many whole rows as fit (at least one). Fixed, so the stream is the same on
 * every machine. */
#define LFX_PNG_FAST_PIECE_BYTES (1 << 18)

/* Rows of a `width`-pixel image each fast piece covers (the last piece may
 * have fewer). */
__attribute__((visibility("hidden")))
int lfx_png_fast_rows_per_piece(int width);

/* Output room that always suffices for a fast piece of `rows` rows. */
__attribute__((visibility("hidden")))
size_t lfx_png_fast_piece_bound(int width, int rows);

/* Scratch memory lfx_png_fast_piece needs for a piece of `rows` rows
 * (aligned to at least 2 bytes; it may be reused from piece to piece). */
__attribute__((visibility("hidden")))
size_t lfx_png_fast_scratch_size(int width, int rows);

/* LayerFX's fast deflater for PNG: filters rows first_row...last_row of the
 * premultiplied image as lfx_png_filter_rows does, into `scratch`, and
 * deflates the scanlines as raw deflate data into `out` (`capacity` bytes): runs of the previous
 * byte become distance-1 matches, every other byte a literal, under Huffman
 * codes made for the piece (or stored blocks when smaller). A piece that is
 * not `final` ends on a byte boundary after an empty stored block, so pieces
 * concatenated in order are one deflate stream. *checksum receives the
 * Adler-32 of the piece's scanlines (started from 1). Returns the bytes
 * written, or -1 when `capacity` runs out. Pieces are independent:
 * they may run in parallel. */
__attribute__((visibility("hidden")))
long lfx_png_fast_piece(const uint8_t *premultiplied, int width, int first_row, int last_row, int final,
                        void *scratch, uint8_t *out, size_t capacity, uint32_t *checksum);

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
