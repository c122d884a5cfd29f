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
#include "png_deflate.h"
#include "png_internal.h"

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
#define KERNEL_LANES 16
#include "png_row_kernels.h"
#undef KERNEL_LANES
#undef KERNEL
#pragma clang attribute pop

#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#define KERNEL(name) KERNEL_NAME(name, avx2)
#define KERNEL_LANES 32
#include "png_row_kernels.h"
#undef KERNEL_LANES
#undef KERNEL
#pragma clang attribute pop
#endif

typedef struct kernels {
    void (*row_costs)(const uint8_t *, const uint8_t *, size_t, size_t, uint32_t[5]);
    void (*filter_row)(int, const uint8_t *, const uint8_t *, uint8_t *, size_t, size_t);
    uint32_t (*adler32)(uint32_t, const uint8_t *, size_t);
    void (*pack_rgb)(const uint8_t *, uint8_t *, size_t);
} kernels;

static const kernels portable_kernels = {row_costs_portable, filter_row_portable, adler32_portable, pack_rgb_portable};
#ifdef STRATA_PNG_HAS_X86_PATHS
static const kernels sse41_kernels = {row_costs_sse41, filter_row_sse41, adler32_sse41, pack_rgb_sse41};
static const kernels avx2_kernels = {row_costs_avx2, filter_row_avx2, adler32_avx2, pack_rgb_avx2};
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

// MARK: - PNG container

const uint8_t *strata_png_unpremultiply_row(const uint8_t *s, uint8_t *d, uint32_t width, const uint32_t *reciprocal) {
    // Opaque rows (most rows of most frames) are returned as they are: their alphas are checked
    // four pixels (two 64-bit words) at a time.
    const uint64_t alphas = 0xFF000000FF000000ull;
    uint64_t all = alphas;
    uint32_t x = 0;
    for (; x + 4 <= width; x += 4) {
        uint64_t w0, w1;
        memcpy(&w0, s + 4 * (size_t)x, 8);
        memcpy(&w1, s + 4 * (size_t)x + 8, 8);
        all &= w0 & w1;
    }
    uint8_t tail = 255;
    for (; x < width; x++) tail &= s[4 * (size_t)x + 3];
    if ((all & alphas) == alphas && tail == 255) return s;
    memcpy(d, s, 4 * (size_t)width);
    for (uint32_t x = 0; x < width; x += 8) {
        uint32_t stop = x + 8 < width ? x + 8 : width;
        if (stop - x == 8) {
            // Eight alphas at once: two pixels per 64-bit word.
            uint64_t w0, w1, w2, w3;
            memcpy(&w0, s + 4 * (size_t)x, 8); memcpy(&w1, s + 4 * (size_t)x + 8, 8);
            memcpy(&w2, s + 4 * (size_t)x + 16, 8); memcpy(&w3, s + 4 * (size_t)x + 24, 8);
            if ((w0 & w1 & w2 & w3 & alphas) == alphas) continue;
        }
        for (uint32_t k = x; k < stop; k++) {
            const uint8_t *p = s + 4 * (size_t)k;
            uint32_t a = p[3];
            if (a == 255) continue;
            uint8_t *q = d + 4 * (size_t)k;
            uint32_t r = reciprocal[a];
            uint32_t red = (p[0] * r + 32768u) >> 16, green = (p[1] * r + 32768u) >> 16, blue = (p[2] * r + 32768u) >> 16;
            q[0] = (uint8_t)(red > 255 ? 255 : red);
            q[1] = (uint8_t)(green > 255 ? 255 : green);
            q[2] = (uint8_t)(blue > 255 ? 255 : blue);
        }
    }
    return d;
}

static int fail(char *error, size_t error_size, int status, const char *message) {
    if (error && error_size > 0) snprintf(error, error_size, "%s", message);
    return status;
}

/// Makes room for `size` bytes in `*buffer` (growing `*capacity`); 0 when memory runs out.
static int reserve(uint8_t **buffer, size_t *capacity, size_t size) {
    if (size <= *capacity) return 1;
    uint8_t *grown = (uint8_t *)malloc(size);
    if (!grown) return 0;
    free(*buffer);
    *buffer = grown;
    *capacity = size;
    return 1;
}

strata_png_encoder *strata_png_encoder_create(void) {
    return (strata_png_encoder *)calloc(1, sizeof(strata_png_encoder));
}

void strata_png_encoder_free(strata_png_encoder *encoder) {
    if (!encoder) return;
    free(encoder->filtered);
    free(encoder->rows);
    if (encoder->parsed) free(encoder->parsed->tokens);
    free(encoder->parsed);
    free(encoder->table);
    free(encoder);
}

/// True when every pixel of the image is opaque: alphas two 64-bit words (four pixels) at a time.
static int image_is_opaque(const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes) {
    const uint64_t alphas = 0xFF000000FF000000ull;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *s = pixels + (size_t)y * row_bytes;
        uint64_t all = alphas;
        uint32_t x = 0;
        for (; x + 4 <= width; x += 4) {
            uint64_t w0, w1;
            memcpy(&w0, s + 4 * (size_t)x, 8);
            memcpy(&w1, s + 4 * (size_t)x + 8, 8);
            all &= w0 & w1;
        }
        if ((all & alphas) != alphas) return 0;
        for (; x < width; x++) if (s[4 * (size_t)x + 3] != 255) return 0;
    }
    return 1;
}

uint8_t *strata_png_filter_image(strata_png_encoder *encoder, const uint8_t *pixels, uint32_t width, uint32_t height,
                                 size_t row_bytes, int path, int flags, int *channels, uint32_t *adler) {
    const kernels *k = kernels_for(path);
    if (!k) return NULL;
    int rgb = !(flags & STRATA_PNG_KEEP_ALPHA) && image_is_opaque(pixels, width, height, row_bytes);
    size_t bpp = rgb ? 3 : 4, line = bpp * (size_t)width, stride = line + 1;
    if (!reserve(&encoder->filtered, &encoder->filtered_capacity, stride * height) ||
        !reserve(&encoder->rows, &encoder->rows_capacity, 3 * 4 * (size_t)width))
        return NULL;
    *channels = (int)bpp;
    uint8_t *filtered = encoder->filtered, *rows = encoder->rows;
    memset(rows + 2 * line, 0, line);
    uint32_t reciprocal[256];
    reciprocal[0] = 0;
    for (uint32_t a = 1; a < 256; a++) reciprocal[a] = (255u * 65536u + a / 2) / a;
    const uint8_t *above = rows + 2 * line;  // zeros: the row above the first
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = pixels + (size_t)y * row_bytes;
        if (rgb) {
            k->pack_rgb(row, rows + (y & 1) * line, width);
            row = rows + (y & 1) * line;
        } else {
            row = strata_png_unpremultiply_row(row, rows + (y & 1) * line, width, reciprocal);
        }
        uint32_t cost[5];
        k->row_costs(row, above, line, bpp, cost);
        int best = 0;
        for (int t = 1; t < 5; t++) if (cost[t] < cost[best]) best = t;
        uint8_t *dst = filtered + (size_t)y * stride;
        dst[0] = (uint8_t)best;
        k->filter_row(best, row, above, dst + 1, line, bpp);
        if (adler) *adler = k->adler32(*adler, dst, stride);
        above = row;
    }
    return filtered;
}

void strata_png_filter_row(int type, const uint8_t *row, const uint8_t *above, uint8_t *out, size_t bytes) {
    kernels_for(STRATA_PNG_PATH_AUTO)->filter_row(type, row, above, out, bytes, 4);
}


int strata_png_encode_fast(const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes, int path,
                           strata_png_buffer *out, char *error, size_t error_size) {
    strata_png_encoder *encoder = strata_png_encoder_create();
    if (!encoder) return fail(error, error_size, -3, "out of memory while encoding a PNG");
    int status = strata_png_encoder_fast(encoder, pixels, width, height, row_bytes, path, 0, out, error, error_size);
    strata_png_encoder_free(encoder);
    return status;
}

int strata_png_encoder_fast(strata_png_encoder *encoder, const uint8_t *pixels, uint32_t width, uint32_t height,
                            size_t row_bytes, int path, int flags, strata_png_buffer *out, char *error,
                            size_t error_size) {
    if (error && error_size > 0) error[0] = '\0';
    if (!encoder || !pixels || !out || width == 0 || height == 0 || row_bytes < 4 * (size_t)width || width > (1u << 30) / 4)
        return fail(error, error_size, -1, "invalid arguments to the PNG encoder");
    const kernels *k = kernels_for(path);
    if (!k) return fail(error, error_size, -2, "this machine has no such encoder path");

    // 1. Filter every row with its cheapest filter into one buffer (filter byte + residuals).
    uint32_t adler = 1;
    int channels = 4;
    uint8_t *filtered = strata_png_filter_image(encoder, pixels, width, height, row_bytes, path, flags, &channels, &adler);
    size_t stride = (size_t)channels * width + 1, total = stride * height;
    if (!filtered) return fail(error, error_size, -3, "out of memory while encoding a PNG");

    // 2. Statistics, then the Huffman table. The token list keeps its memory for the next image.
    if (!encoder->parsed) encoder->parsed = (parse *)calloc(1, sizeof(parse));
    if (!encoder->table) encoder->table = (uint32_t *)malloc(((size_t)1 << HASH_BITS) * sizeof(uint32_t));
    parse *parsed = encoder->parsed;
    if (!parsed || !encoder->table) return fail(error, error_size, -3, "out of memory while encoding a PNG");
    uint32_t *tokens = parsed->tokens;
    size_t token_capacity = parsed->capacity;
    memset(parsed, 0, sizeof(parse));
    parsed->tokens = tokens;
    parsed->capacity = token_capacity;
    memset(encoder->table, 0, ((size_t)1 << HASH_BITS) * sizeof(uint32_t));
    strata_png_parse(filtered, total, stride, (size_t)channels, parsed, encoder->table);
    if (parsed->failed) return fail(error, error_size, -3, "out of memory while encoding a PNG");
    uint64_t *freq = parsed->freq, *dfreq = parsed->dfreq, extra_bits = parsed->extra_bits;
    freq[END_OF_BLOCK] = 1;
    uint8_t lengths[LITLEN_SYMBOLS];
    strata_png_huffman_lengths(freq, LITLEN_SYMBOLS, 15, lengths);
    uint16_t codes[LITLEN_SYMBOLS];
    strata_png_canonical_codes(lengths, LITLEN_SYMBOLS, codes);
    // Distance codes: a Huffman code when two or more are used; one alone gets one bit (an
    // incomplete code, which deflate allows for a single distance code).
    uint8_t dlengths[DISTANCE_CODES] = {0};
    int used_distances = 0, only = 0;
    for (int d = 0; d < DISTANCE_CODES; d++) if (dfreq[d]) { used_distances++; only = d; }
    if (used_distances >= 2) strata_png_huffman_lengths(dfreq, DISTANCE_CODES, 15, dlengths);
    else dlengths[only] = 1;
    uint16_t dcodes[DISTANCE_CODES];
    strata_png_canonical_codes(dlengths, DISTANCE_CODES, dcodes);
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
    strata_png_huffman_lengths(length_freq, CODELEN_SYMBOLS, 7, length_lengths);
    uint16_t length_codes_[CODELEN_SYMBOLS];
    strata_png_canonical_codes(length_lengths, CODELEN_SYMBOLS, length_codes_);
    static const uint8_t order[CODELEN_SYMBOLS] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    int order_count = CODELEN_SYMBOLS;
    while (order_count > 4 && length_lengths[order[order_count - 1]] == 0) order_count--;

    // 3. The exact size, then the file.
    uint64_t bits = 3 + 5 + 5 + 4 + 3 * (uint64_t)order_count + extra_bits;
    for (int s = 0; s < all_count; s++) bits += length_lengths[all_lengths[s]];
    for (int s = 0; s < LITLEN_SYMBOLS; s++) bits += freq[s] * lengths[s];
    for (int s = 0; s < DISTANCE_CODES; s++) bits += dfreq[s] * dlengths[s];
    size_t deflated = (size_t)((bits + 7) / 8), idat = 2 + deflated + 4;
    if (idat > 0x7fffffffu) return fail(error, error_size, -4, "the image is too large for one PNG chunk");
    size_t file = 8 + 25 + 12 + idat + 12;
    if (!ensure_capacity(out, file + 8)) return fail(error, error_size, -3, "out of memory while encoding a PNG");
    uint8_t *p = out->data;
    write_png_head(p, width, height, channels);
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
    strata_png_emit(parsed, filtered, &w, codes, lengths, dcodes, dlengths);
    put_bits(&w, codes[END_OF_BLOCK], lengths[END_OF_BLOCK]);
    flush_bits(&w);
    if ((size_t)(w.out - (z + 2)) != deflated) {
        return fail(error, error_size, -7, "internal error: the deflate stream has not the size computed for it");
    }
    store32(z + 2 + deflated, adler);
    store32(z + idat, (uint32_t)crc32(0L, chunk + 4, (uInt)(4 + idat)));
    write_chunk(z + idat + 4, "IEND", NULL, 0);
    out->size = file;
    return 0;
}
