// Strata's fast PNG encoder ("fast" mode), written for Strata from the ideas behind fpnge and
// image-png's fdeflate mode (no code taken from either):
// - each row gets the PNG filter whose residuals cost least (sum of |signed residual|);
// - the filtered image is coded as ONE deflate block with a dynamic Huffman table built from the
//   image's own byte statistics (so it adapts to UI frames and blurred frames alike);
// - runs of zero residuals (flat areas) are coded as matches at distance 1, and runs repeating the
//   pixel before (gradients, patterns) as matches at distance 4;
// - the row kernels and Adler-32 are compiled for a portable, an SSE4.1 and an AVX2 path, chosen at
//   run time; all integer, so every path writes the same bytes.
// Output: signature, IHDR, one IDAT, IEND (no time, text or version chunk).
#include "png_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

// MARK: - Row kernels, one copy per path

#define KERNEL_NAME2(name, path) name##_##path
#define KERNEL_NAME(name, path) KERNEL_NAME2(name, path)

#define KERNEL(name) KERNEL_NAME(name, portable)
#include "png_row_kernels.h"
#undef KERNEL

#if defined(__x86_64__) && defined(__clang__)
#define STRATA_PNG_HAS_X86_PATHS 1
#pragma clang attribute push(__attribute__((target("sse4.1"))), apply_to = function)
#define KERNEL(name) KERNEL_NAME(name, sse41)
#include "png_row_kernels.h"
#undef KERNEL
#pragma clang attribute pop

#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#define KERNEL(name) KERNEL_NAME(name, avx2)
#include "png_row_kernels.h"
#undef KERNEL
#pragma clang attribute pop
#endif

typedef struct kernels {
    uint8_t (*row_alpha_and)(const uint8_t *, uint32_t);
    void (*row_costs)(const uint8_t *, const uint8_t *, size_t, uint32_t[5]);
    void (*filter_row)(int, const uint8_t *, const uint8_t *, uint8_t *, size_t);
    uint32_t (*adler32)(uint32_t, const uint8_t *, size_t);
} kernels;

static const kernels portable_kernels = {row_alpha_and_portable, row_costs_portable, filter_row_portable, adler32_portable};
#ifdef STRATA_PNG_HAS_X86_PATHS
static const kernels sse41_kernels = {row_alpha_and_sse41, row_costs_sse41, filter_row_sse41, adler32_sse41};
static const kernels avx2_kernels = {row_alpha_and_avx2, row_costs_avx2, filter_row_avx2, adler32_avx2};
#endif

int strata_png_fast_paths(void) {
    int paths = 1 << STRATA_PNG_PATH_PORTABLE;
#ifdef STRATA_PNG_HAS_X86_PATHS
    __builtin_cpu_init();
    if (__builtin_cpu_supports("sse4.1")) paths |= 1 << STRATA_PNG_PATH_SSE41;
    if (__builtin_cpu_supports("avx2")) paths |= 1 << STRATA_PNG_PATH_AVX2;
#endif
    return paths;
}

/// The kernels of `path`, or NULL when this machine lacks it. AUTO picks the best one.
static const kernels *kernels_for(int path) {
    int available = strata_png_fast_paths();
    if (path == STRATA_PNG_PATH_AUTO) {
        path = (available & (1 << STRATA_PNG_PATH_AVX2)) ? STRATA_PNG_PATH_AVX2
             : (available & (1 << STRATA_PNG_PATH_SSE41)) ? STRATA_PNG_PATH_SSE41 : STRATA_PNG_PATH_PORTABLE;
    }
    if (path < 1 || path > 3 || !(available & (1 << path))) return NULL;
#ifdef STRATA_PNG_HAS_X86_PATHS
    if (path == STRATA_PNG_PATH_AVX2) return &avx2_kernels;
    if (path == STRATA_PNG_PATH_SSE41) return &sse41_kernels;
#endif
    return &portable_kernels;
}

// MARK: - Huffman codes

enum { LITLEN_SYMBOLS = 286, END_OF_BLOCK = 256, CODELEN_SYMBOLS = 19 };

/// Code lengths (≤ `limit` bits) for `count` symbols with frequencies `freq`: a Huffman tree by
/// the two-queue method; while it is too deep, frequencies are halved (keeping them non-zero)
/// and the tree is built again. Symbols of frequency 0 get length 0. At least two symbols must
/// have a non-zero frequency.
static void huffman_lengths(const uint64_t *freq, int count, int limit, uint8_t *lengths) {
    uint64_t weight[2 * LITLEN_SYMBOLS];
    int parent[2 * LITLEN_SYMBOLS], order[LITLEN_SYMBOLS];
    uint64_t scaled[LITLEN_SYMBOLS];
    for (int s = 0; s < count; s++) scaled[s] = freq[s];
    for (;;) {
        int leaves = 0;
        for (int s = 0; s < count; s++) if (scaled[s]) order[leaves++] = s;
        // Insertion sort by (weight, symbol): stable and deterministic; count ≤ 286.
        for (int i = 1; i < leaves; i++) {
            int s = order[i], j = i - 1;
            while (j >= 0 && (scaled[order[j]] > scaled[s] || (scaled[order[j]] == scaled[s] && order[j] > s))) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = s;
        }
        for (int i = 0; i < leaves; i++) weight[i] = scaled[order[i]];
        // Two queues: leaves in order, internal nodes in order of creation (weights never decrease).
        int next_leaf = 0, next_node = leaves, nodes = leaves;
        for (int made = 0; made < leaves - 1; made++) {
            int pick[2];
            for (int k = 0; k < 2; k++) {
                if (next_leaf < leaves && (next_node >= nodes || weight[next_leaf] <= weight[next_node])) pick[k] = next_leaf++;
                else pick[k] = next_node++;
            }
            weight[nodes] = weight[pick[0]] + weight[pick[1]];
            parent[pick[0]] = parent[pick[1]] = nodes;
            nodes++;
        }
        // Depths from the root (the last node) down.
        int depth[2 * LITLEN_SYMBOLS];
        depth[nodes - 1] = 0;
        int deepest = 0;
        for (int n = nodes - 2; n >= 0; n--) {
            depth[n] = depth[parent[n]] + 1;
            if (n < leaves && depth[n] > deepest) deepest = depth[n];
        }
        if (deepest <= limit) {
            memset(lengths, 0, (size_t)count);
            for (int i = 0; i < leaves; i++) lengths[order[i]] = (uint8_t)depth[i];
            return;
        }
        for (int s = 0; s < count; s++) if (scaled[s]) scaled[s] = (scaled[s] >> 1) | 1;
    }
}

/// Canonical codes for `lengths`, bit-reversed for deflate's LSB-first bit order.
static void canonical_codes(const uint8_t *lengths, int count, uint16_t *codes) {
    uint16_t per_length[16] = {0}, next[16] = {0};
    for (int s = 0; s < count; s++) per_length[lengths[s]]++;
    per_length[0] = 0;
    uint16_t code = 0;
    for (int bits = 1; bits < 16; bits++) {
        code = (uint16_t)((code + per_length[bits - 1]) << 1);
        next[bits] = code;
    }
    for (int s = 0; s < count; s++) {
        int length = lengths[s];
        if (!length) { codes[s] = 0; continue; }
        uint16_t value = next[length]++, reversed = 0;
        for (int b = 0; b < length; b++) reversed |= (uint16_t)(((value >> b) & 1) << (length - 1 - b));
        codes[s] = reversed;
    }
}

// MARK: - Tokens: literals and zero runs

/// Deflate's length symbol (257…285), extra bits and extra value for a match length 3…258.
typedef struct { uint16_t symbol; uint8_t extra_bits; uint16_t extra; } length_code;
static length_code length_codes[259];

static void init_length_codes(void) {
    static const uint16_t base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99,
                                      115, 131, 163, 195, 227, 258};
    static const uint8_t extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
    for (int length = 3; length <= 258; length++) {
        int k = 28;
        while (base[k] > length) k--;
        length_codes[length] = (length_code){(uint16_t)(257 + k), extra[k], (uint16_t)(length - base[k])};
    }
}

/// A bit writer, least significant bit first, into memory sized beforehand.
typedef struct { uint64_t bits; int count; uint8_t *out; } bit_writer;

static inline void put_bits(bit_writer *w, uint64_t value, int count) {
    w->bits |= value << w->count;
    w->count += count;
    if (w->count >= 32) {
        w->out[0] = (uint8_t)w->bits; w->out[1] = (uint8_t)(w->bits >> 8);
        w->out[2] = (uint8_t)(w->bits >> 16); w->out[3] = (uint8_t)(w->bits >> 24);
        w->out += 4;
        w->bits >>= 32;
        w->count -= 32;
    }
}

static void flush_bits(bit_writer *w) {
    while (w->count > 0) {
        *w->out++ = (uint8_t)w->bits;
        w->bits >>= 8;
        w->count -= 8;
    }
    w->count = 0;
}

/// The length of the run of zero bytes at data[i…] (up to `end`).
static inline size_t zero_run(const uint8_t *data, size_t i, size_t end) {
    size_t j = i;
    while (j + 8 <= end) {
        uint64_t word;
        memcpy(&word, data + j, 8);
        if (word) break;
        j += 8;
    }
    while (j < end && data[j] == 0) j++;
    return j - i;
}

/// The length of the run at data[i…] that repeats the pixel before it (data[j] == data[j − 4]);
/// i ≥ 4.
static inline size_t pixel_run(const uint8_t *data, size_t i, size_t end) {
    size_t j = i;
    while (j + 8 <= end) {
        uint64_t now, before;
        memcpy(&now, data + j, 8);
        memcpy(&before, data + j - 4, 8);
        if (now != before) break;
        j += 8;
    }
    while (j < end && data[j] == data[j - 4]) j++;
    return j - i;
}

enum { DISTANCE_CODES = 30, SHORTEST_PIXEL_RUN = 6, SHORTEST_MATCH = 6, HASH_BITS = 15, WINDOW = 32768 };

/// Deflate's distance code (0…29), extra bits and extra value for a distance 1…32768.
static inline void distance_code(uint32_t distance, int *code, int *extra_bits, uint32_t *extra) {
    if (distance <= 4) { *code = (int)distance - 1; *extra_bits = 0; *extra = 0; return; }
    uint32_t d = distance - 1;
    int top = 31 - __builtin_clz(d);
    *code = 2 * top + (int)((d >> (top - 1)) & 1);
    *extra_bits = top - 1;
    *extra = d & ((1u << (top - 1)) - 1);
}

/// The parse of the data: symbol statistics and the token list — a literal stretch is one entry
/// (its length), a match is MATCH | (distance − 1) << 9 | length.
typedef struct {
    uint64_t freq[LITLEN_SYMBOLS], dfreq[DISTANCE_CODES], extra_bits;
    uint32_t *tokens;
    size_t count, capacity;
    int failed;
} parse;

enum { MATCH = 1u << 31 };

static inline void push(parse *p, uint32_t token) {
    if (p->count == p->capacity) {
        size_t capacity = p->capacity ? 2 * p->capacity : 4096;
        uint32_t *grown = (uint32_t *)realloc(p->tokens, capacity * sizeof(uint32_t));
        if (!grown) { p->failed = 1; return; }
        p->tokens = grown;
        p->capacity = capacity;
    }
    p->tokens[p->count++] = token;
}

static inline void literal(parse *p, uint8_t byte) {
    p->freq[byte]++;
    if (p->count && !(p->tokens[p->count - 1] & MATCH) && p->tokens[p->count - 1] < MATCH - 1) p->tokens[p->count - 1]++;
    else push(p, 1);
}

/// Matches covering `left` bytes at `distance` (each 3…258 bytes); returns the remainder (under
/// 3) for the caller to code as literals.
static inline size_t matches(parse *p, size_t left, uint32_t distance) {
    int dcode, dextra_bits;
    uint32_t dextra;
    distance_code(distance, &dcode, &dextra_bits, &dextra);
    while (left >= 3) {
        size_t length = left < 258 ? left : 258;
        if (left - length > 0 && left - length < 3) length = left - 3;
        length_code l = length_codes[length];
        p->freq[l.symbol]++;
        p->dfreq[dcode]++;
        p->extra_bits += (uint64_t)l.extra_bits + (uint64_t)dextra_bits;
        push(p, MATCH | (distance - 1) << 9 | (uint32_t)length);
        left -= length;
    }
    return left;
}

/// Writes the tokens of `p` over `data` with the codes given.
static void emit(const parse *p, const uint8_t *data, bit_writer *w, const uint16_t *codes, const uint8_t *lengths,
                 const uint16_t *dcodes, const uint8_t *dlengths) {
    for (size_t t = 0; t < p->count; t++) {
        uint32_t token = p->tokens[t];
        if (!(token & MATCH)) {
            for (uint32_t k = 0; k < token; k++) put_bits(w, codes[data[k]], lengths[data[k]]);
            data += token;
            continue;
        }
        uint32_t length = token & 511, distance = ((token & ~MATCH) >> 9) + 1;
        length_code l = length_codes[length];
        int dcode, dextra_bits;
        uint32_t dextra;
        distance_code(distance, &dcode, &dextra_bits, &dextra);
        int lbits = lengths[l.symbol];
        put_bits(w, codes[l.symbol] | ((uint64_t)l.extra << lbits), lbits + l.extra_bits);
        put_bits(w, dcodes[dcode] | ((uint64_t)dextra << dlengths[dcode]), dlengths[dcode] + dextra_bits);
        data += length;
    }
}

static inline uint32_t load32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }

/// How many bytes at `a` equal those at `b` (a > b), at most `limit`.
static inline size_t common_length(const uint8_t *a, const uint8_t *b, size_t limit) {
    size_t n = 0;
    while (n + 8 <= limit) {
        uint64_t x, y;
        memcpy(&x, a + n, 8);
        memcpy(&y, b + n, 8);
        if (x != y) return n + (size_t)(__builtin_ctzll(x ^ y) >> 3);
        n += 8;
    }
    while (n < limit && a[n] == b[n]) n++;
    return n;
}

/// The token stream of `data`: a zero run of 4 or more is a literal 0 and matches at distance 1;
/// a run of 6 or more bytes repeating the pixel before is matches at distance 4; elsewhere one
/// hash-table probe per position finds an earlier occurrence (within 32 KiB) of the next bytes,
/// taken when 6 or more match; every other byte is a literal. `table` has 2^15 cleared entries.
static void tokens(const uint8_t *data, size_t n, parse *c, uint32_t *table) {
    size_t i = 0;
    while (i < n) {
        uint8_t byte = data[i];
        if (byte == 0) {
            size_t run = zero_run(data, i, n);
            if (run >= 4) {
                literal(c, 0);
                size_t left = matches(c, run - 1, 1);
                for (; left > 0; left--) literal(c, 0);
                i += run;
                continue;
            }
        }
        if (i >= 4 && byte == data[i - 4]) {
            size_t run = pixel_run(data, i, n);
            if (run >= SHORTEST_PIXEL_RUN) {
                size_t left = matches(c, run, 4);
                i += run - left;
                for (; left > 0; left--, i++) literal(c, data[i]);
                continue;
            }
        }
        if (i + 8 <= n) {
            uint32_t hash = (load32(data + i) * 2654435761u) >> (32 - HASH_BITS);
            uint32_t candidate = table[hash];
            table[hash] = (uint32_t)i + 1;
            if (candidate && i - (candidate - 1) <= WINDOW) {
                size_t from = candidate - 1, limit = n - i < 258 ? n - i : 258;
                size_t length = common_length(data + i, data + from, limit);
                if (length >= SHORTEST_MATCH) {
                    matches(c, length, (uint32_t)(i - from));
                    i += length;
                    continue;
                }
            }
        }
        literal(c, byte);
        i++;
    }
}

// MARK: - PNG container

/// Un-premultiplies a row that is not opaque into `d` (alpha 0 gives transparent black).
static void unpremultiply_row(const uint8_t *s, uint8_t *d, uint32_t width, const uint32_t *reciprocal) {
    for (uint32_t x = 0; x < width; x++) {
        const uint8_t *p = s + 4 * (size_t)x;
        uint8_t *q = d + 4 * (size_t)x;
        uint32_t a = p[3], r = reciprocal[a];
        uint32_t red = (p[0] * r + 32768u) >> 16, green = (p[1] * r + 32768u) >> 16, blue = (p[2] * r + 32768u) >> 16;
        q[0] = (uint8_t)(red > 255 ? 255 : red);
        q[1] = (uint8_t)(green > 255 ? 255 : green);
        q[2] = (uint8_t)(blue > 255 ? 255 : blue);
        q[3] = (uint8_t)a;
    }
}

static int fail(char *error, size_t error_size, int status, const char *message) {
    if (error && error_size > 0) snprintf(error, error_size, "%s", message);
    return status;
}

uint8_t *strata_png_filter_image(const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes, int path) {
    const kernels *k = kernels_for(path);
    if (!k) return NULL;
    size_t line = 4 * (size_t)width, stride = line + 1;
    uint8_t *filtered = (uint8_t *)malloc(stride * height);
    uint8_t *rows = (uint8_t *)calloc(3, line);
    if (!filtered || !rows) { free(filtered); free(rows); return NULL; }
    uint32_t reciprocal[256];
    reciprocal[0] = 0;
    for (uint32_t a = 1; a < 256; a++) reciprocal[a] = (255u * 65536u + a / 2) / a;
    const uint8_t *above = rows + 2 * line;  // zeros: the row above the first
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *source = pixels + (size_t)y * row_bytes, *row = source;
        if (k->row_alpha_and(source, width) != 255) {
            uint8_t *scratch = rows + (y & 1) * line;
            unpremultiply_row(source, scratch, width, reciprocal);
            row = scratch;
        }
        uint32_t cost[5];
        k->row_costs(row, above, line, cost);
        int best = 0;
        for (int t = 1; t < 5; t++) if (cost[t] < cost[best]) best = t;
        uint8_t *dst = filtered + (size_t)y * stride;
        dst[0] = (uint8_t)best;
        k->filter_row(best, row, above, dst + 1, line);
        above = row;
    }
    free(rows);
    return filtered;
}

uint32_t strata_png_adler32(const uint8_t *data, size_t length) {
    return kernels_for(STRATA_PNG_PATH_AUTO)->adler32(1, data, length);
}

int strata_png_encode_fast(const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes, int path,
                           strata_png_buffer *out, char *error, size_t error_size) {
    if (error && error_size > 0) error[0] = '\0';
    if (!pixels || !out || width == 0 || height == 0 || row_bytes < 4 * (size_t)width || width > (1u << 30) / 4)
        return fail(error, error_size, -1, "invalid arguments to the PNG encoder");
    const kernels *k = kernels_for(path);
    if (!k) return fail(error, error_size, -2, "this machine has no such encoder path");
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, init_length_codes);

    // 1. Filter every row with its cheapest filter into one buffer (filter byte + residuals).
    size_t total = (4 * (size_t)width + 1) * height;
    uint8_t *filtered = strata_png_filter_image(pixels, width, height, row_bytes, path);
    if (!filtered) return fail(error, error_size, -3, "out of memory while encoding a PNG");

    // 2. Statistics, then the Huffman table.
    parse *parsed = (parse *)calloc(1, sizeof(parse));
    uint32_t *table = (uint32_t *)calloc((size_t)1 << HASH_BITS, sizeof(uint32_t));
    if (parsed && table) tokens(filtered, total, parsed, table);
    free(table);
    if (!parsed || !table || parsed->failed) {
        if (parsed) free(parsed->tokens);
        free(parsed);
        free(filtered);
        return fail(error, error_size, -3, "out of memory while encoding a PNG");
    }
    uint64_t *freq = parsed->freq, *dfreq = parsed->dfreq, extra_bits = parsed->extra_bits;
    freq[END_OF_BLOCK] = 1;
    uint8_t lengths[LITLEN_SYMBOLS];
    huffman_lengths(freq, LITLEN_SYMBOLS, 15, lengths);
    uint16_t codes[LITLEN_SYMBOLS];
    canonical_codes(lengths, LITLEN_SYMBOLS, codes);
    // Distance codes: a Huffman code when two or more are used; one alone gets one bit (an
    // incomplete code, which deflate allows for a single distance code).
    uint8_t dlengths[DISTANCE_CODES] = {0};
    int used_distances = 0, only = 0;
    for (int d = 0; d < DISTANCE_CODES; d++) if (dfreq[d]) { used_distances++; only = d; }
    if (used_distances >= 2) huffman_lengths(dfreq, DISTANCE_CODES, 15, dlengths);
    else dlengths[only] = 1;
    uint16_t dcodes[DISTANCE_CODES];
    canonical_codes(dlengths, DISTANCE_CODES, dcodes);
    int distance_count = DISTANCE_CODES;
    while (distance_count > 1 && dlengths[distance_count - 1] == 0) distance_count--;
    int literal_count = LITLEN_SYMBOLS;
    while (literal_count > 257 && lengths[literal_count - 1] == 0) literal_count--;

    // The code-length code for the literal/length lengths and the one distance length (1).
    uint8_t all_lengths[LITLEN_SYMBOLS + DISTANCE_CODES];
    int all_count = literal_count + distance_count;
    memcpy(all_lengths, lengths, (size_t)literal_count);
    memcpy(all_lengths + literal_count, dlengths, (size_t)distance_count);
    uint64_t length_freq[CODELEN_SYMBOLS] = {0};
    for (int s = 0; s < all_count; s++) length_freq[all_lengths[s]]++;
    int used = 0;
    for (int s = 0; s < CODELEN_SYMBOLS; s++) used += length_freq[s] != 0;
    if (used < 2) length_freq[length_freq[0] ? 1 : 0]++;  // a code needs two symbols
    uint8_t length_lengths[CODELEN_SYMBOLS];
    huffman_lengths(length_freq, CODELEN_SYMBOLS, 7, length_lengths);
    uint16_t length_codes_[CODELEN_SYMBOLS];
    canonical_codes(length_lengths, CODELEN_SYMBOLS, length_codes_);
    static const uint8_t order[CODELEN_SYMBOLS] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    int order_count = CODELEN_SYMBOLS;
    while (order_count > 4 && length_lengths[order[order_count - 1]] == 0) order_count--;

    // 3. The exact size, then the file.
    uint64_t bits = 3 + 5 + 5 + 4 + 3 * (uint64_t)order_count + extra_bits;
    for (int s = 0; s < all_count; s++) bits += length_lengths[all_lengths[s]];
    for (int s = 0; s < LITLEN_SYMBOLS; s++) bits += freq[s] * lengths[s];
    for (int s = 0; s < DISTANCE_CODES; s++) bits += dfreq[s] * dlengths[s];
    size_t deflated = (size_t)((bits + 7) / 8), idat = 2 + deflated + 4;
    if (idat > 0x7fffffffu) { free(filtered); free(parsed->tokens); free(parsed); return fail(error, error_size, -4, "the image is too large for one PNG chunk"); }
    size_t file = 8 + 25 + 12 + idat + 12;
    if (!ensure_capacity(out, file + 8)) { free(filtered); free(parsed->tokens); free(parsed); return fail(error, error_size, -3, "out of memory while encoding a PNG"); }
    uint8_t *p = out->data;
    write_png_head(p, width, height);
    uint8_t *chunk = p + 8 + 25;
    store32(chunk, (uint32_t)idat);
    memcpy(chunk + 4, "IDAT", 4);
    uint8_t *z = chunk + 8;
    z[0] = 0x78; z[1] = 0x01;  // deflate, 32 KiB window, fastest-level flag; 0x7801 % 31 == 0

    bit_writer w = {0, 0, z + 2};
    put_bits(&w, 1, 1);  // the final block
    put_bits(&w, 2, 2);  // dynamic Huffman codes
    put_bits(&w, (uint64_t)(literal_count - 257), 5);
    put_bits(&w, (uint64_t)(distance_count - 1), 5);
    put_bits(&w, (uint64_t)(order_count - 4), 4);
    for (int i = 0; i < order_count; i++) put_bits(&w, length_lengths[order[i]], 3);
    for (int s = 0; s < all_count; s++) put_bits(&w, length_codes_[all_lengths[s]], length_lengths[all_lengths[s]]);
    emit(parsed, filtered, &w, codes, lengths, dcodes, dlengths);
    free(parsed->tokens);
    free(parsed);
    put_bits(&w, codes[END_OF_BLOCK], lengths[END_OF_BLOCK]);
    flush_bits(&w);
    if ((size_t)(w.out - (z + 2)) != deflated) {
        free(filtered);
        return fail(error, error_size, -7, "internal error: the deflate stream has not the size computed for it");
    }
    store32(z + 2 + deflated, k->adler32(1, filtered, total));
    free(filtered);
    store32(z + idat, (uint32_t)crc32(0L, chunk + 4, (uInt)(4 + idat)));
    write_chunk(z + idat + 4, "IEND", NULL, 0);
    out->size = file;
    return 0;
}
