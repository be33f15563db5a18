/* PNG scanline filtering for LayerFXImageIO; see include/lfx_encode.h. */
#include "lfx_encode.h"
#include <stdlib.h>
#include <string.h>

/* Straight alpha: round(c · 255 / a), at most 255; 0 for a clear pixel.
 * Returns the row in straight alpha: `src` itself when every pixel is opaque
 * (the common case: nothing to divide), else `dst`, where it was written. */
static const uint8_t *straight_row(const uint8_t *src, int width, uint8_t *dst) {
    size_t bytes = (size_t)width * 4;
    unsigned opaque = 255;
    for (int x = 0; x < width; x++) opaque &= src[4 * x + 3];
    if (opaque == 255) return src;
    memcpy(dst, src, bytes);
    for (int x = 0; x < width; x++) {
        uint8_t *q = dst + 4 * x;
        unsigned a = q[3];
        if (a == 255) continue;
        if (a == 0) {
            q[0] = q[1] = q[2] = 0;
            continue;
        }
        for (int c = 0; c < 3; c++) {
            unsigned v = (q[c] * 255u + a / 2) / a;
            q[c] = (uint8_t)(v > 255 ? 255 : v);
        }
    }
    return dst;
}

/* Whether the n bytes at p are all 0 (returns at the first that is not). */
static int all_zero(const uint8_t *p, size_t n) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t word;
        memcpy(&word, p + i, 8);
        if (word) return 0;
    }
    for (; i < n; i++) if (p[i]) return 0;
    return 1;
}

/* |(int8)d| of a byte difference d, as an unsigned byte: min(d, 256 − d)
 * (128 for d = 128). */
typedef uint8_t bytes32 __attribute__((ext_vector_type(32)));
typedef uint16_t words32 __attribute__((ext_vector_type(32)));

/* Σ |(int8)(a[i] − b[i])| over n bytes (the filter heuristic's cost), 32
 * bytes at a time: each lane's term is at most 128, so 32 of them fit in 16
 * bits. Integer arithmetic: the same sum as one byte at a time. */
static inline __attribute__((always_inline)) unsigned long cost(const uint8_t *a, const uint8_t *b, size_t n) {
    unsigned long sum = 0;
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        bytes32 x, y;
        memcpy(&x, a + i, 32);
        memcpy(&y, b + i, 32);
        bytes32 d = x - y;
        bytes32 m = __builtin_elementwise_min(d, (bytes32)0 - d);
        sum += __builtin_reduce_add(__builtin_convertvector(m, words32));
    }
    for (; i < n; i++) {
        int8_t d = (int8_t)(uint8_t)(a[i] - b[i]);
        sum += (unsigned)(d < 0 ? -d : d);
    }
    return sum;
}

/* Compiled for AVX2 and for the baseline on x86-64 (the loader picks one),
 * except under ThreadSanitizer (see CLayerFXRaster's pixel_math.h). */
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define LFX_ENCODE_NO_CLONES
#endif
#endif
#if defined(__x86_64__) && !defined(LFX_ENCODE_NO_CLONES)
__attribute__((target_clones("avx2", "default")))
#endif
void lfx_png_filter_rows(const uint8_t *premultiplied, int width, int first_row, int last_row, uint8_t *out) {
    if (width <= 0 || first_row > last_row) return;
    size_t row_bytes = (size_t)width * 4;
    uint8_t *rows = malloc(2 * row_bytes);
    if (!rows) abort();
    static const uint8_t zero[4] = { 0, 0, 0, 0 };
    /* `above` is row y − 1 in straight alpha: in the image itself or in one
     * of the two row buffers; `current` is converted into the other. */
    const uint8_t *above = NULL;
    if (first_row > 0) above = straight_row(premultiplied + (size_t)(first_row - 1) * row_bytes, width, rows);
    for (int y = first_row; y <= last_row; y++) {
        const uint8_t *source = premultiplied + (size_t)y * row_bytes;
        uint8_t *line = out + (size_t)(y - first_row) * (row_bytes + 1);
        if (y > 0 && memcmp(source, source - row_bytes, row_bytes) == 0) {
            /* A row like the one above: Up makes it zeros, as the costs
             * would choose, unless it is all zeros already (Sub, as they
             * would: Up's cost is not smaller). `above`, row y − 1 in
             * straight alpha, is this row too, and stays valid. */
            line[0] = all_zero(above, row_bytes) ? 1 : 2;
            memset(line + 1, 0, row_bytes);
            continue;
        }
        const uint8_t *current = straight_row(source, width, above == rows ? rows + row_bytes : rows);
        /* Sub: the first pixel against 0, the others against the pixel to the left. */
        unsigned long sub_cost = cost(current, zero, 4) + cost(current + 4, current, row_bytes - 4);
        int up = y > 0 && cost(current, above, row_bytes) < sub_cost;
        line[0] = up ? 2 : 1;
        if (up) {
            for (size_t i = 0; i < row_bytes; i++) line[1 + i] = (uint8_t)(current[i] - above[i]);
        } else {
            for (size_t i = 0; i < 4; i++) line[1 + i] = current[i];
            for (size_t i = 4; i < row_bytes; i++) line[1 + i] = (uint8_t)(current[i] - current[i - 4]);
        }
        above = current;
    }
    free(rows);
}
