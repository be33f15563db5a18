/* The fast PNG deflater for LayerFXImageIO; see include/lfx_encode.h.
 *
 * Filtered scanlines of rendered frames are mostly runs: a flat area is zeros
 * under the Sub filter, a row like the one above is zeros under Up. So the
 * only matches searched for are runs of the previous byte (distance 1), found
 * 8 bytes at a time; everything else is a literal. Each piece is one block
 * with its own Huffman codes (built from the piece's symbol counts, at most
 * 15 bits) or, when that would be larger, stored blocks. The Adler-32 of the
 * piece is summed token by token, a run in O(1). */
#include "lfx_encode.h"
#include <stdlib.h>
#include <string.h>

#define LITLEN_SYMBOLS 286
#define END_OF_BLOCK 256
#define MAX_BITS 15
#define MAX_CODE_LENGTH_BITS 7
#define MIN_RUN 3
#define MAX_RUN 258
#define ADLER_MOD 65521u
#define STORED_MAX 65535u

/* A token is a literal byte (0…255) or a run of `length` copies of the
 * previous byte, stored as 256 + length (259…514). */
typedef uint16_t token;

/* ---- bit output ---- */

typedef struct {
    uint8_t *out, *end;
    uint64_t bits;
    int count;
    int overflow;
} bit_writer;

static inline void put(bit_writer *w, uint32_t value, int count) {
    w->bits |= (uint64_t)value << w->count;
    w->count += count;
    if (w->count >= 32) {
        if (w->end - w->out < 4) w->overflow = 1;
        else {
            uint32_t word = (uint32_t)w->bits;
            memcpy(w->out, &word, 4);   /* little-endian machines only (x86-64, arm64) */
            w->out += 4;
        }
        w->bits >>= 32;
        w->count -= 32;
    }
}

/* Writes the pending bits, the last byte padded with zeros. */
static void align(bit_writer *w) {
    while (w->count > 0) {
        if (w->out == w->end) { w->overflow = 1; break; }
        *w->out++ = (uint8_t)w->bits;
        w->bits >>= 8;
        w->count = w->count > 8 ? w->count - 8 : 0;
    }
    w->bits = 0;
    w->count = 0;
}

static void put_bytes(bit_writer *w, const uint8_t *bytes, size_t n) {
    if ((size_t)(w->end - w->out) < n) { w->overflow = 1; return; }
    memcpy(w->out, bytes, n);
    w->out += n;
}

/* ---- length codes (RFC 1951, 3.2.5) ---- */

static const uint16_t length_base[29] = {
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
    35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
};
static const uint8_t length_extra[29] = {
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
    3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
};

/* The length symbol (257…285) of a run of `length` (3…258); 258 is 285's. */
static int length_symbol(int length) {
    int code = 28;
    while (length_base[code] > length) code--;
    return 257 + code;
}

/* ---- Huffman code lengths ---- */

typedef struct { uint32_t freq; uint16_t symbol; } weighted;

static int by_freq(const void *a, const void *b) {
    const weighted *x = a, *y = b;
    if (x->freq != y->freq) return x->freq < y->freq ? -1 : 1;
    return x->symbol < y->symbol ? -1 : 1;   /* ties by symbol: deterministic */
}

/* Code lengths (at most `max_bits`) of a prefix code for `count` symbols with
 * frequencies `freq`: an optimal Huffman code, with lengths over the limit
 * folded back as zlib and miniz do. Unused symbols get 0. The code is always
 * complete: a lone used symbol is paired with another of length 1. */
static void code_lengths(const uint32_t *freq, int count, int max_bits, uint8_t *lengths) {
    weighted leaves[LITLEN_SYMBOLS];
    int used = 0;
    memset(lengths, 0, (size_t)count);
    for (int s = 0; s < count; s++)
        if (freq[s]) leaves[used++] = (weighted){ freq[s], (uint16_t)s };
    if (used == 0) return;
    if (used == 1) {
        lengths[leaves[0].symbol] = 1;
        lengths[leaves[0].symbol == 0 ? 1 : 0] = 1;
        return;
    }
    qsort(leaves, (size_t)used, sizeof leaves[0], by_freq);

    /* Two-queue Huffman: leaves 0…used−1 (ascending), internal nodes
     * used…2·used−2 made in ascending weight; a parent always has the higher
     * index, so depths follow in one descending pass. */
    uint64_t weight[2 * LITLEN_SYMBOLS];
    int parent[2 * LITLEN_SYMBOLS];
    for (int i = 0; i < used; i++) weight[i] = leaves[i].freq;
    int leaf = 0, inner = used, made = used;
    for (int k = 0; k < used - 1; k++) {
        int pick[2];
        for (int j = 0; j < 2; j++) {
            if (leaf < used && (inner == made || weight[leaf] <= weight[inner])) pick[j] = leaf++;
            else pick[j] = inner++;
        }
        weight[made] = weight[pick[0]] + weight[pick[1]];
        parent[pick[0]] = parent[pick[1]] = made;
        made++;
    }
    int depth[2 * LITLEN_SYMBOLS];
    int root = made - 1;
    depth[root] = 0;
    int per_length[2 * LITLEN_SYMBOLS] = { 0 };
    for (int node = root - 1; node >= 0; node--) {
        depth[node] = depth[parent[node]] + 1;
        if (node < used) per_length[depth[node] > max_bits ? max_bits : depth[node]]++;
    }
    /* Kraft's sum over the clamped lengths, in units of 2^-max_bits: too
     * large when a length was clamped; move leaves down until it is 1. */
    uint32_t total = 0;
    for (int l = 1; l <= max_bits; l++) total += (uint32_t)per_length[l] << (max_bits - l);
    while (total > (1u << max_bits)) {
        per_length[max_bits]--;
        for (int l = max_bits - 1; l > 0; l--) {
            if (per_length[l]) { per_length[l]--; per_length[l + 1] += 2; break; }
        }
        total--;
    }
    /* The rarest symbols take the longest codes. */
    int next = 0;
    for (int l = max_bits; l >= 1; l--)
        for (int k = 0; k < per_length[l]; k++) lengths[leaves[next++].symbol] = (uint8_t)l;
}

/* Canonical codes (RFC 1951, 3.2.2) for `lengths`, bit-reversed for an
 * LSB-first stream. */
static void canonical_codes(const uint8_t *lengths, int count, uint16_t *codes) {
    uint16_t per_length[MAX_BITS + 1] = { 0 }, next[MAX_BITS + 2] = { 0 };
    for (int s = 0; s < count; s++) per_length[lengths[s]]++;
    per_length[0] = 0;
    for (int l = 1; l <= MAX_BITS; l++) next[l + 1] = (uint16_t)((next[l] + per_length[l]) << 1);
    for (int s = 0; s < count; s++) {
        int l = lengths[s];
        if (!l) { codes[s] = 0; continue; }
        uint16_t code = next[l]++, reversed = 0;
        for (int b = 0; b < l; b++) reversed = (uint16_t)(reversed << 1 | (code >> b & 1));
        codes[s] = reversed;
    }
}

/* ---- the dynamic block header ---- */

static const uint8_t code_length_order[19] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };

typedef struct {
    uint8_t symbol[LITLEN_SYMBOLS + 2], extra[LITLEN_SYMBOLS + 2];
    int count;
    uint8_t lengths[19];
    uint16_t codes[19];
    int hclen;
} header_code;

/* The run-length coding of the literal/length and distance code lengths
 * (symbols 0…15 a length, 16 repeat the last 3–6 times, 17 and 18 zeros
 * 3–10 and 11–138 times), and the code that writes it. */
static void plan_header(const uint8_t *lengths, int n, header_code *h) {
    uint32_t freq[19] = { 0 };
    h->count = 0;
    for (int i = 0; i < n;) {
        int v = lengths[i], run = 1;
        while (i + run < n && lengths[i + run] == v) run++;
        i += run;
        if (v == 0) {
            while (run >= 11) {
                int k = run > 138 ? 138 : run;
                h->symbol[h->count] = 18; h->extra[h->count++] = (uint8_t)(k - 11); run -= k;
            }
            if (run >= 3) { h->symbol[h->count] = 17; h->extra[h->count++] = (uint8_t)(run - 3); run = 0; }
        } else {
            h->symbol[h->count] = (uint8_t)v; h->extra[h->count++] = 0; run--;
            while (run >= 3) {
                int k = run > 6 ? 6 : run;
                h->symbol[h->count] = 16; h->extra[h->count++] = (uint8_t)(k - 3); run -= k;
            }
        }
        while (run-- > 0) { h->symbol[h->count] = (uint8_t)v; h->extra[h->count++] = 0; }
    }
    for (int i = 0; i < h->count; i++) freq[h->symbol[i]]++;
    code_lengths(freq, 19, MAX_CODE_LENGTH_BITS, h->lengths);
    canonical_codes(h->lengths, 19, h->codes);
    h->hclen = 19;
    while (h->hclen > 4 && h->lengths[code_length_order[h->hclen - 1]] == 0) h->hclen--;
}

static const uint8_t header_extra_bits[19] = { [16] = 2, [17] = 3, [18] = 7 };

static uint64_t header_bits(const header_code *h) {
    uint64_t bits = 5 + 5 + 4 + 3 * (uint64_t)h->hclen;
    for (int i = 0; i < h->count; i++) bits += h->lengths[h->symbol[i]] + header_extra_bits[h->symbol[i]];
    return bits;
}

static void write_header(bit_writer *w, const header_code *h, int hlit, int hdist) {
    put(w, (uint32_t)(hlit - 257), 5);
    put(w, (uint32_t)(hdist - 1), 5);
    put(w, (uint32_t)(h->hclen - 4), 4);
    for (int i = 0; i < h->hclen; i++) put(w, h->lengths[code_length_order[i]], 3);
    for (int i = 0; i < h->count; i++) {
        int s = h->symbol[i];
        put(w, h->codes[s], h->lengths[s]);
        if (header_extra_bits[s]) put(w, h->extra[i], header_extra_bits[s]);
    }
}

/* ---- tokens and Adler-32 ---- */

typedef struct { uint64_t a, b; } adler;

static inline void adler_reduce(adler *s) { s->a %= ADLER_MOD; s->b %= ADLER_MOD; }

/* The bytes from s equal to c (at most n), 8 at a time. */
static inline size_t run_length(const uint8_t *s, size_t n, uint8_t c) {
    uint64_t pattern = 0x0101010101010101ull * c;
    size_t r = 0;
    while (r + 8 <= n) {
        uint64_t word;
        memcpy(&word, s + r, 8);
        uint64_t differ = word ^ pattern;
        if (differ) return r + (size_t)(__builtin_ctzll(differ) >> 3);
        r += 8;
    }
    while (r < n && s[r] == c) r++;
    return r;
}

/* Cuts s[0…n) into tokens (at most n), counting each literal/length symbol
 * into freq, and sums the Adler-32 of the bytes into *sum. */
static size_t tokenize(const uint8_t *s, size_t n, token *tokens, uint32_t *freq, adler *sum) {
    size_t count = 0, i = 0;
    uint32_t since_reduce = 0;
    while (i < n) {
        if (i > 0 && s[i] == s[i - 1]) {
            uint8_t c = s[i - 1];
            size_t r = run_length(s + i, n - i, c);
            i += r;
            while (r >= MIN_RUN) {
                size_t m = r > MAX_RUN ? MAX_RUN : r;
                if (r > MAX_RUN && r - MAX_RUN < MIN_RUN) m = r - MIN_RUN;
                tokens[count++] = (token)(256 + m);
                freq[length_symbol((int)m)]++;
                sum->b += m * sum->a + (uint64_t)c * (m * (m + 1) / 2);
                sum->a += m * c;
                r -= m;
            }
            while (r-- > 0) {
                tokens[count++] = c;
                freq[c]++;
                sum->a += c;
                sum->b += sum->a;
            }
        } else {
            uint8_t c = s[i++];
            tokens[count++] = c;
            freq[c]++;
            sum->a += c;
            sum->b += sum->a;
        }
        /* a grows by at most 258·255 a token and b by 258·a, so 4096
         * tokens between reductions keep both far inside 64 bits. */
        if (++since_reduce == 4096) { adler_reduce(sum); since_reduce = 0; }
    }
    adler_reduce(sum);
    return count;
}

/* ---- pieces ---- */

int lfx_png_fast_rows_per_piece(int width) {
    size_t row = (size_t)(width > 0 ? width : 1) * 4 + 1;
    size_t rows = ((size_t)LFX_PNG_FAST_PIECE_BYTES) / row;
    return rows < 1 ? 1 : rows > 0x7FFFFFFF ? 0x7FFFFFFF : (int)rows;
}

static size_t stored_size(size_t n) { return n + 5 * (n / STORED_MAX + 1); }

size_t lfx_png_fast_piece_bound(int width, int rows) {
    size_t n = ((size_t)(width > 0 ? width : 0) * 4 + 1) * (size_t)(rows > 0 ? rows : 0);
    return stored_size(n) + 16;
}

/* Stored blocks of s[0…n); the last one final when `final`. */
static void write_stored(bit_writer *w, const uint8_t *s, size_t n, int final) {
    size_t done = 0;
    do {
        size_t k = n - done > STORED_MAX ? STORED_MAX : n - done;
        int last = done + k == n;
        put(w, (uint32_t)(final && last), 1);
        put(w, 0, 2);
        align(w);
        uint8_t lengths[4] = { (uint8_t)k, (uint8_t)(k >> 8), (uint8_t)~k, (uint8_t)(~k >> 8) };
        put_bytes(w, lengths, 4);
        put_bytes(w, s + done, k);
        done += k;
    } while (done < n);
}

size_t lfx_png_fast_scratch_size(int width, int rows) {
    size_t n = ((size_t)(width > 0 ? width : 0) * 4 + 1) * (size_t)(rows > 0 ? rows : 0);
    return n * (1 + sizeof(token));
}

long lfx_png_fast_piece(const uint8_t *premultiplied, int width, int first_row, int last_row, int final,
                        void *scratch, uint8_t *out, size_t capacity, uint32_t *checksum) {
    if (width <= 0 || first_row < 0 || last_row < first_row) return -1;
    size_t n = ((size_t)width * 4 + 1) * (size_t)(last_row - first_row + 1);
    /* The tokens first: they are 2-byte aligned wherever scratch is. */
    token *tokens = scratch;
    uint8_t *filtered = (uint8_t *)scratch + n * sizeof(token);
    lfx_png_filter_rows(premultiplied, width, first_row, last_row, filtered);

    uint32_t freq[LITLEN_SYMBOLS] = { 0 };
    adler sum = { 1, 0 };
    size_t count = tokenize(filtered, n, tokens, freq, &sum);
    *checksum = (uint32_t)(sum.b << 16 | sum.a);
    freq[END_OF_BLOCK] = 1;

    uint8_t lengths[LITLEN_SYMBOLS + 2];
    code_lengths(freq, LITLEN_SYMBOLS, MAX_BITS, lengths);
    /* Distance codes 0 (distance 1, the only one used) and 1, one bit each,
     * so the distance code is complete. */
    lengths[LITLEN_SYMBOLS] = 1;
    lengths[LITLEN_SYMBOLS + 1] = 1;
    int hlit = LITLEN_SYMBOLS;
    while (hlit > 257 && lengths[hlit - 1] == 0) hlit--;
    uint8_t sequence[LITLEN_SYMBOLS + 2];
    memcpy(sequence, lengths, (size_t)hlit);
    sequence[hlit] = 1;
    sequence[hlit + 1] = 1;
    header_code header;
    plan_header(sequence, hlit + 2, &header);

    uint64_t bits = 3 + header_bits(&header);
    for (int s = 0; s < LITLEN_SYMBOLS; s++) {
        if (!freq[s]) continue;
        uint64_t per = lengths[s];
        if (s > END_OF_BLOCK) per += length_extra[s - 257] + 1;   /* + the one-bit distance */
        bits += per * freq[s];
    }
    size_t dynamic_size = (size_t)((bits + 7) / 8) + (final ? 0 : 5);

    bit_writer w = { out, out + capacity, 0, 0, 0 };
    if (dynamic_size >= stored_size(n)) {
        write_stored(&w, filtered, n, final);
    } else {
        uint16_t codes[LITLEN_SYMBOLS];
        canonical_codes(lengths, LITLEN_SYMBOLS, codes);
        /* Each run length's symbol, extra bits and distance code as one put. */
        uint32_t run_bits[MAX_RUN + 1];
        uint8_t run_count[MAX_RUN + 1];
        for (int m = MIN_RUN; m <= MAX_RUN; m++) {
            int s = length_symbol(m), e = length_extra[s - 257];
            uint32_t extra = (uint32_t)(m - length_base[s - 257]);
            run_bits[m] = codes[s] | extra << lengths[s];   /* distance code 0 is the bit 0 */
            run_count[m] = (uint8_t)(lengths[s] + e + 1);
        }
        put(&w, (uint32_t)(final ? 1 : 0), 1);
        put(&w, 2, 2);
        write_header(&w, &header, hlit, 2);
        for (size_t i = 0; i < count; i++) {
            token t = tokens[i];
            if (t < 256) put(&w, codes[t], lengths[t]);
            else put(&w, run_bits[t - 256], run_count[t - 256]);
        }
        put(&w, codes[END_OF_BLOCK], lengths[END_OF_BLOCK]);
        if (!final) {
            /* An empty stored block ends the piece on a byte boundary. */
            put(&w, 0, 3);
            align(&w);
            static const uint8_t empty[4] = { 0, 0, 0xFF, 0xFF };
            put_bytes(&w, empty, 4);
        }
        align(&w);
    }
    return w.overflow ? -1 : (long)(w.out - out);
}
