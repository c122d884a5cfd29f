// The rows of the fast and compact PNG encoders: the row kernels (portable, SSE4.1, AVX2, chosen
// at run time), un-premultiplying, and each row filtered with the PNG filter whose residuals cost
// least (sum of |signed residual|), packed to RGB while every pixel is opaque.
#include "png_internal.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

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

const kernels *strata_png_kernels_for(int path) {
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

// MARK: - Un-premultiplying

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

int strata_png_reserve(uint8_t **buffer, size_t *capacity, size_t size) {
    if (size <= *capacity) return 1;
    uint8_t *grown = (uint8_t *)malloc(size);
    if (!grown) return 0;
    free(*buffer);
    *buffer = grown;
    *capacity = size;
    return 1;
}

int strata_png_row_filter_init(row_filter *f, strata_png_encoder *encoder, const kernels *k, const uint8_t *pixels,
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
    if (!strata_png_reserve(&encoder->rows, &encoder->rows_capacity, 3 * 4 * (size_t)width)) return 0;
    f->rows = encoder->rows;
    memset(f->rows + 2 * f->line, 0, f->line);
    f->above = f->rows + 2 * f->line;
    f->reciprocal[0] = 0;
    for (uint32_t a = 1; a < 256; a++) f->reciprocal[a] = (255u * 65536u + a / 2) / a;
    return 1;
}

const uint8_t *strata_png_prepare_span(row_filter *f, uint32_t y, uint32_t p0, uint32_t p1) {
    const uint8_t *row = f->pixels + (size_t)y * f->row_bytes + 4 * (size_t)p0;
    uint8_t *scratch = f->rows + (y & 1) * f->line, *at = scratch + f->bpp * (size_t)p0;
    uint32_t n = p1 - p0;
    if (f->rgb) return f->k->pack_rgb(row, at, n, f->bgra) ? scratch : NULL;
    if (f->bgra) {
        // Blue and red trade places into the scratch row, which is then un-premultiplied there.
        for (uint32_t x = 0; x < n; x++) {
            const uint8_t *p = row + 4 * (size_t)x;
            uint8_t *q = at + 4 * (size_t)x;
            q[0] = p[2]; q[1] = p[1]; q[2] = p[0]; q[3] = p[3];
        }
        strata_png_unpremultiply_row(at, at, n, f->reciprocal);
        return scratch;
    }
    const uint8_t *done = strata_png_unpremultiply_row(row, at, n, f->reciprocal);
    if (done != at) memcpy(at, done, 4 * (size_t)n);
    return scratch;
}

/// Row y of the image as the PNG rows hold it before filtering (strata_png_prepare_span over the
/// whole row), except that an opaque RGBA row is used where it is, not copied. NULL when, writing
/// RGB, the row has a pixel that is not opaque.
static const uint8_t *prepare_row(row_filter *f, uint32_t y) {
    if (f->rgb || f->bgra) return strata_png_prepare_span(f, y, 0, f->width);
    return strata_png_unpremultiply_row(f->pixels + (size_t)y * f->row_bytes, f->rows + (y & 1) * f->line, f->width,
                                        f->reciprocal);
}

int strata_png_filter_rows(row_filter *f, uint32_t y0, uint32_t y1, uint8_t *dst, uint32_t *adler) {
    const kernels *k = f->k;
    size_t line = f->line, bpp = f->bpp;
    for (uint32_t y = y0; y < y1; y++, dst += line + 1) {
        const uint8_t *row = prepare_row(f, y);
        if (!row) {
            f->clear_row = y;
            return 0;
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

void strata_png_restart_rows_at(row_filter *f, uint32_t y) {
    if (y == 0) {
        memset(f->rows + 2 * f->line, 0, f->line);
        f->above = f->rows + 2 * f->line;
        return;
    }
    f->above = prepare_row(f, y - 1);
}

uint8_t *strata_png_filter_image(strata_png_encoder *encoder, const uint8_t *pixels, uint32_t width, uint32_t height,
                                 size_t row_bytes, int path, int flags, int *channels, uint32_t *adler) {
    const kernels *k = strata_png_kernels_for(path);
    row_filter f;
    if (!k) return NULL;
    for (;;) {
        if (!strata_png_row_filter_init(&f, encoder, k, pixels, width, height, row_bytes, flags) ||
            !strata_png_reserve(&encoder->filtered, &encoder->filtered_capacity, (f.line + 1) * height))
            return NULL;
        *channels = (int)f.bpp;
        uint32_t sum = adler ? *adler : 1;
        if (strata_png_filter_rows(&f, 0, height, encoder->filtered, adler ? &sum : NULL)) {
            if (adler) *adler = sum;
            break;
        }
        flags |= STRATA_PNG_KEEP_ALPHA;  // a pixel is not opaque: again, as RGBA
    }
    return encoder->filtered;
}

void strata_png_filter_row(int type, const uint8_t *row, const uint8_t *above, uint8_t *out, size_t bytes) {
    strata_png_kernels_for(STRATA_PNG_PATH_AUTO)->filter_row(type, row, above, out, bytes, 4);
}
