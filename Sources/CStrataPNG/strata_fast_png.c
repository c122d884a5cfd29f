// Strata's fast PNG encoder ("fast" mode), written for Strata from the ideas behind fpnge and
// image-png's fdeflate mode (no code taken from either):
// - each row gets the PNG filter whose residuals cost least (sum of |signed residual|); an image
//   whose every pixel is opaque is written as RGB;
// - the image goes in bands of about 512 KB of filtered rows, each parsed and written as one
//   deflate block with Huffman tables from its own statistics while it is in cache (png_block.c);
// - the parse (png_parse.c) codes zero runs as matches at distance 1, runs repeating the pixel
//   before at distance 3 or 4, and, in rows where long matches pay, repeats found by a hash probe;
// - the row kernels are compiled for a portable, an SSE4.1 and an AVX2 path, chosen at run time;
//   all integer, so every path writes the same bytes. Adler-32 and CRC-32 are libdeflate's.
// Output: signature, IHDR, one IDAT, IEND (no time, text or version chunk).
#include "png_deflate.h"
#include "png_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libdeflate.h>
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
    int (*pack_rgb)(const uint8_t *, uint8_t *, size_t, int);
} kernels;

static const kernels portable_kernels = {row_costs_portable, filter_row_portable, pack_rgb_portable};
#ifdef STRATA_PNG_HAS_X86_PATHS
static const kernels sse41_kernels = {row_costs_sse41, filter_row_sse41, pack_rgb_sse41};
static const kernels avx2_kernels = {row_costs_avx2, filter_row_avx2, pack_rgb_avx2};
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
    if (d != s) memcpy(d, s, 4 * (size_t)width);
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

void strata_unpremultiply_frame(const uint8_t *src, size_t src_row_bytes, uint8_t *dst,
                                uint32_t width, uint32_t height) {
    uint32_t reciprocal[256];
    reciprocal[0] = 0;
    for (uint32_t a = 1; a < 256; a++) reciprocal[a] = (255u * 65536u + a / 2) / a;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *s = src + (size_t)y * src_row_bytes;
        uint8_t *d = dst + (size_t)y * 4 * width;
        const uint8_t *row = strata_png_unpremultiply_row(s, d, width, reciprocal);
        if (row != d) memcpy(d, row, 4 * (size_t)width);
    }
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

/// What filtering a run of rows needs to know: the kernels, the pixel layout, the row above.
typedef struct {
    const kernels *k;
    const uint8_t *pixels;
    uint32_t width;
    size_t row_bytes, bpp, line;
    int rgb, bgra;          // RGB output; BGRA input (blue first, as Cairo's ARGB32 in memory)
    uint8_t *rows;          // two rows of `line` bytes for packed or un-premultiplied rows
    const uint8_t *above;   // the unfiltered row above the next (zeros before the first)
    uint32_t reciprocal[256];
} row_filter;

static int row_filter_init(row_filter *f, strata_png_encoder *encoder, const kernels *k, const uint8_t *pixels,
                           uint32_t width, uint32_t height, size_t row_bytes, int flags) {
    f->k = k;
    f->pixels = pixels;
    f->width = width;
    f->row_bytes = row_bytes;
    // RGB until a row shows a pixel that is not opaque (filter_rows then fails and the caller
    // starts again with RGBA): the image is read once, not once to look and once to encode.
    f->rgb = !(flags & STRATA_PNG_KEEP_ALPHA);
    f->bgra = (flags & STRATA_PNG_BGRA) != 0;
    f->bpp = f->rgb ? 3 : 4;
    f->line = f->bpp * (size_t)width;
    if (!reserve(&encoder->rows, &encoder->rows_capacity, 3 * 4 * (size_t)width)) return 0;
    f->rows = encoder->rows;
    memset(f->rows + 2 * f->line, 0, f->line);
    f->above = f->rows + 2 * f->line;
    f->reciprocal[0] = 0;
    for (uint32_t a = 1; a < 256; a++) f->reciprocal[a] = (255u * 65536u + a / 2) / a;
    return 1;
}

/// Filters rows y0..<y1 into `dst` (1 + line bytes each: the filter type, then the residuals),
/// each with the filter whose residuals cost least, continuing the Adler-32 in `adler` if given.
/// Returns 0 when, writing RGB, it meets a row that is not opaque: the image must be RGBA.
static int filter_rows(row_filter *f, uint32_t y0, uint32_t y1, uint8_t *dst, uint32_t *adler) {
    const kernels *k = f->k;
    size_t line = f->line, bpp = f->bpp;
    for (uint32_t y = y0; y < y1; y++, dst += line + 1) {
        const uint8_t *row = f->pixels + (size_t)y * f->row_bytes;
        uint8_t *scratch = f->rows + (y & 1) * line;
        if (f->rgb) {
            if (!k->pack_rgb(row, scratch, f->width, f->bgra)) return 0;
            row = scratch;
        } else if (f->bgra) {
            // Blue and red trade places into the scratch row, which is then un-premultiplied there.
            for (uint32_t x = 0; x < f->width; x++) {
                const uint8_t *p = row + 4 * (size_t)x;
                uint8_t *q = scratch + 4 * (size_t)x;
                q[0] = p[2]; q[1] = p[1]; q[2] = p[0]; q[3] = p[3];
            }
            row = strata_png_unpremultiply_row(scratch, scratch, f->width, f->reciprocal);
        } else {
            row = strata_png_unpremultiply_row(row, scratch, f->width, f->reciprocal);
        }
        uint32_t cost[5];
        k->row_costs(row, f->above, line, bpp, cost);
        int best = 0;
        for (int t = 1; t < 5; t++) if (cost[t] < cost[best]) best = t;
        dst[0] = (uint8_t)best;
        k->filter_row(best, row, f->above, dst + 1, line, bpp);
        if (adler) *adler = libdeflate_adler32(*adler, dst, line + 1);  // vectorised for the machine
        f->above = row;
    }
    return 1;
}

uint8_t *strata_png_filter_image(strata_png_encoder *encoder, const uint8_t *pixels, uint32_t width, uint32_t height,
                                 size_t row_bytes, int path, int flags, int *channels, uint32_t *adler) {
    const kernels *k = kernels_for(path);
    row_filter f;
    if (!k) return NULL;
    for (;;) {
        if (!row_filter_init(&f, encoder, k, pixels, width, height, row_bytes, flags) ||
            !reserve(&encoder->filtered, &encoder->filtered_capacity, (f.line + 1) * height))
            return NULL;
        *channels = (int)f.bpp;
        uint32_t sum = adler ? *adler : 1;
        if (filter_rows(&f, 0, height, encoder->filtered, adler ? &sum : NULL)) {
            if (adler) *adler = sum;
            break;
        }
        flags |= STRATA_PNG_KEEP_ALPHA;  // a pixel is not opaque: again, as RGBA
    }
    return encoder->filtered;
}

void strata_png_filter_row(int type, const uint8_t *row, const uint8_t *above, uint8_t *out, size_t bytes) {
    kernels_for(STRATA_PNG_PATH_AUTO)->filter_row(type, row, above, out, bytes, 4);
}


int strata_png_encoder_fast(strata_png_encoder *encoder, const uint8_t *pixels, uint32_t width, uint32_t height,
                            size_t row_bytes, int path, int flags, strata_png_buffer *out, char *error,
                            size_t error_size) {
    if (error && error_size > 0) error[0] = '\0';
    if (!encoder || !pixels || !out || width == 0 || height == 0 || row_bytes < 4 * (size_t)width || width > (1u << 30) / 4)
        return fail(error, error_size, -1, "invalid arguments to the PNG encoder");
    const kernels *k = kernels_for(path);
    if (!k) return fail(error, error_size, -2, "this machine has no such encoder path");
    row_filter f;
restart:
    if (!row_filter_init(&f, encoder, k, pixels, width, height, row_bytes, flags))
        return fail(error, error_size, -3, "out of memory while encoding a PNG");
    size_t stride = f.line + 1;

    // The image goes in bands of rows of about BAND_BYTES, each filtered, parsed and written as
    // one deflate block while it is in cache, behind up to 32 KiB of the band before (the window
    // that matches reach back into). Each block has Huffman tables from its own statistics.
    enum { BAND_BYTES = 512 * 1024, HISTORY = 32768 };
    uint32_t rows_per_band = (uint32_t)(BAND_BYTES / stride > 0 ? BAND_BYTES / stride : 1);
    if (rows_per_band > height) rows_per_band = height;
    if (!reserve(&encoder->filtered, &encoder->filtered_capacity, HISTORY + stride * rows_per_band) ||
        (!encoder->parsed && !(encoder->parsed = (parse *)calloc(1, sizeof(parse)))) ||
        (!encoder->table && !(encoder->table = (uint32_t *)malloc(((size_t)1 << HASH_BITS) * sizeof(uint32_t)))))
        return fail(error, error_size, -3, "out of memory while encoding a PNG");
    uint8_t *band = encoder->filtered;
    uint32_t *table = encoder->table;
    parse *parsed = encoder->parsed;
    memset(table, 0, ((size_t)1 << HASH_BITS) * sizeof(uint32_t));
    parsed->lz = 1;
    parsed->row = (size_t)-1;
    parsed->long_matched = 0;
    parsed->next_try = 0;
    parsed->wait = 8;
    parsed->trying = 0;

    if (!ensure_capacity(out, 8 + 25 + 8 + 2 + 64)) return fail(error, error_size, -3, "out of memory while encoding a PNG");
    write_png_head(out->data, width, height, (int)f.bpp);
    size_t chunk = 8 + 25;  // the IDAT chunk: length and type are written at the end
    out->data[chunk + 8] = 0x78;
    out->data[chunk + 9] = 0x01;  // deflate, 32 KiB window, fastest-level flag; 0x7801 % 31 == 0
    bit_writer w = {0, 0, out->data + chunk + 10};
    uint64_t bits = 0;
    uint32_t adler = 1;
    size_t history = 0;  // bytes of the previous band kept at the front of `band`
    size_t origin = 0;   // the position in the whole filtered stream of band[0]
    for (uint32_t y0 = 0; y0 < height; y0 += rows_per_band) {
        uint32_t y1 = y0 + rows_per_band < height ? y0 + rows_per_band : height;
        size_t size = stride * (y1 - y0);
        if (!filter_rows(&f, y0, y1, band + history, &adler)) {
            flags |= STRATA_PNG_KEEP_ALPHA;  // a pixel is not opaque: the image is RGBA, from the start
            goto restart;
        }
        // Statistics start afresh for each block; the token list keeps its memory.
        uint32_t *tokens = parsed->tokens;
        size_t capacity = parsed->capacity;
        memset(parsed->freq, 0, sizeof parsed->freq);
        memset(parsed->dfreq, 0, sizeof parsed->dfreq);
        memset(parsed->literal_counts, 0, sizeof parsed->literal_counts);
        parsed->extra_bits = 0;
        parsed->count = 0;
        parsed->tokens = tokens;
        parsed->capacity = capacity;
        parsed->first_row = y0;
        parsed->origin = origin;
        strata_png_parse(band, history, history + size, stride, f.bpp, parsed, table);
        if (parsed->failed || !strata_png_write_block(parsed, band + history, y1 == height, out, &w, &bits))
            return fail(error, error_size, -3, "out of memory while encoding a PNG");
        // Keep the last 32 KiB as the next band's history (the table holds positions in the whole
        // stream, so it stays as it is).
        size_t end = history + size, keep = end < HISTORY ? end : HISTORY, shift = end - keep;
        if (y1 < height && shift > 0) memmove(band, band + shift, keep);
        origin += shift;
        history = keep;
    }
    flush_bits(&w);
    size_t deflated = (size_t)((bits + 7) / 8);
    if ((size_t)(w.out - (out->data + chunk + 10)) != deflated)
        return fail(error, error_size, -7, "internal error: the deflate stream has not the size computed for it");
    size_t idat = 2 + deflated + 4;
    if (idat > 0x7fffffffu) return fail(error, error_size, -4, "the image is too large for one PNG chunk");
    uint8_t *p = out->data + chunk;
    store32(p, (uint32_t)idat);
    memcpy(p + 4, "IDAT", 4);
    store32(p + 8 + 2 + deflated, adler);
    store32(p + 8 + idat, strata_png_crc32(0, p + 4, 4 + idat));
    write_chunk(p + 8 + idat + 4, "IEND", NULL, 0);
    out->size = chunk + 8 + idat + 4 + 12;
    return 0;
}
