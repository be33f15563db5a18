/* Chunked deflate for LayerFXImageIO's PNG writer; see include/lfx_encode.h. */
#include "lfx_encode.h"
#include <zlib.h>

#define WINDOW (32 * 1024)

size_t lfx_deflate_piece_bound(size_t piece_length) {
    /* deflateBound's raw-stream estimate plus room for the sync flush's empty stored block. */
    return piece_length + piece_length / 1000 + (piece_length >> 12) + (piece_length >> 14) + 64;
}

long lfx_deflate_piece(const uint8_t *in, size_t length, size_t index, int level, uint8_t *out, size_t capacity) {
    size_t start = index * (size_t)LFX_DEFLATE_PIECE;
    if (start > length || (start == length && length > 0)) return -1;
    size_t piece = length - start < LFX_DEFLATE_PIECE ? length - start : LFX_DEFLATE_PIECE;
    int last = start + piece == length;
    z_stream z = { 0 };
    /* Raw deflate (negative window bits): the caller writes the zlib header and checksum. */
    if (deflateInit2(&z, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return -1;
    if (start > 0) {
        size_t dictionary = start < WINDOW ? start : WINDOW;
        if (deflateSetDictionary(&z, in + start - dictionary, (uInt)dictionary) != Z_OK) {
            deflateEnd(&z);
            return -1;
        }
    }
    z.next_in = (Bytef *)(in + start);
    z.avail_in = (uInt)piece;
    z.next_out = out;
    z.avail_out = (uInt)(capacity > 0xFFFFFFFFu ? 0xFFFFFFFFu : capacity);
    int status = deflate(&z, last ? Z_FINISH : Z_SYNC_FLUSH);
    long written = (long)z.total_out;
    deflateEnd(&z);
    /* A sync flush is complete only with input consumed and output room left. */
    if (last ? status != Z_STREAM_END : (status != Z_OK || z.avail_in != 0 || z.avail_out == 0)) return -1;
    return written;
}
