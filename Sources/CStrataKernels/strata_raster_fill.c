// The coverage rasteriser's sweep (strata_raster.h): per row, the cells sorted by x; a pixel
// holding cells is covered by the cover of everything left of it (its own included) less its own
// area, a pixel between cells by the cover left of it; each run of one coverage composited with a
// colour or an image, OVER. The vector loops give the same bytes as the scalar ones.
#include "strata_raster.h"
#include "strata_raster_internal.h"

#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#if defined(__x86_64__)
#include <immintrin.h>
#include "strata_cpu.h"
#endif

static uint32_t coverage(int64_t a, int even_odd) {
    if (a < 0) a = -a;
    if (even_odd) {
        a &= (int64_t)(2 * 131072 - 1);
        if (a > 131072) a = 2 * 131072 - a;
    }
    if (a >= 131072) return 255;
    return (uint32_t)((a * 255 + 65536) >> 17);
}

static inline uint32_t mul_byte(uint32_t a, uint32_t b) {
    uint32_t t = a * b + 128;
    return (t + (t >> 8)) >> 8;
}

static inline uint32_t scale_word(uint32_t w, uint32_t c) {
    uint32_t rb = (w & 0xff00ff) * c + 0x800080;
    rb = ((rb + ((rb >> 8) & 0xff00ff)) >> 8) & 0xff00ff;
    uint32_t ag = ((w >> 8) & 0xff00ff) * c + 0x800080;
    ag = (ag + ((ag >> 8) & 0xff00ff)) & 0xff00ff00;
    return rb | ag;
}

static inline void span(uint32_t *row, int x0, int x1, uint32_t cov, uint32_t color, int vector) {
    if (cov == 0 || x0 >= x1) return;
    uint32_t s = cov == 255 ? color : scale_word(color, cov);
    uint32_t alpha = s >> 24;
    if (alpha == 255) {
        // wmemset stores 32-bit words with the widest stores the machine has (wchar_t is 32 bits).
        if (x1 - x0 >= 16) wmemset((wchar_t *)(row + x0), (wchar_t)s, (size_t)(x1 - x0));
        else for (int x = x0; x < x1; x++) row[x] = s;
        return;
    }
    if (s == 0) return;
    uint32_t inverse = 255 - alpha;
    int x = x0;
#if defined(__SSE2__)
    if (vector >= 1) {
        // Four pixels at a time, each channel d·(255 − α) rounded as scale_word rounds it (16-bit lanes
        // hold 255·255 + 128 + 255), then the colour added: the same bytes as the loop below.
        const __m128i zero = _mm_setzero_si128(), factor = _mm_set1_epi16((short)inverse), half = _mm_set1_epi16(0x80);
        const __m128i colour = _mm_set1_epi32((int)s);
        for (; x + 4 <= x1; x += 4) {
            __m128i d = _mm_loadu_si128((const __m128i *)(row + x));
            __m128i lo = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(d, zero), factor), half);
            __m128i hi = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(d, zero), factor), half);
            lo = _mm_srli_epi16(_mm_add_epi16(lo, _mm_srli_epi16(lo, 8)), 8);
            hi = _mm_srli_epi16(_mm_add_epi16(hi, _mm_srli_epi16(hi, 8)), 8);
            _mm_storeu_si128((__m128i *)(row + x), _mm_add_epi8(_mm_packus_epi16(lo, hi), colour));
        }
    }
#endif
    for (; x < x1; x++) row[x] = s + scale_word(row[x], inverse);
}

/// A run of one coverage over an image source: each pixel of the image (premultiplied, its
/// (0, 0) on pixel (ix, iy)) times the coverage times `opacity`, OVER the row. Pixels outside the
/// image are left.
typedef struct {
    const uint32_t *pixels;
    size_t stride;  // in pixels
    int x, y, width, height;
    uint32_t opacity;
    int vector;  // the widest loop to take: 0 scalar, 1 SSE2, 2 AVX2 (where the processor has it)
} image_source;

#if defined(__x86_64__)
/// image_span's loop eight pixels at a time (AVX2): the same products, rounded the same way.
__attribute__((target("avx2"))) static int image_run_avx2(uint32_t *row, const uint32_t *source, int x, int x1, uint32_t m) {
    const __m256i zero = _mm256_setzero_si256(), half = _mm256_set1_epi16(0x80), full = _mm256_set1_epi16(255);
    const __m256i factor = _mm256_set1_epi16((short)m);
#define ROUNDED8(v, f) _mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16((v), (f)), half), \
                                       _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16((v), (f)), half), 8)), 8)
    for (; x + 8 <= x1; x += 8) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(source + x)), d = _mm256_loadu_si256((const __m256i *)(row + x));
        __m256i slo = _mm256_unpacklo_epi8(s, zero), shi = _mm256_unpackhi_epi8(s, zero);
        if (m != 255) {
            slo = ROUNDED8(slo, factor);
            shi = ROUNDED8(shi, factor);
        }
        __m256i ilo = _mm256_sub_epi16(full, _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(slo, 0xFF), 0xFF));
        __m256i ihi = _mm256_sub_epi16(full, _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(shi, 0xFF), 0xFF));
        __m256i dlo = ROUNDED8(_mm256_unpacklo_epi8(d, zero), ilo), dhi = ROUNDED8(_mm256_unpackhi_epi8(d, zero), ihi);
        _mm256_storeu_si256((__m256i *)(row + x), _mm256_packus_epi16(_mm256_add_epi16(slo, dlo), _mm256_add_epi16(shi, dhi)));
    }
#undef ROUNDED8
    return x;
}
#endif

static inline void image_span(uint32_t *row, int y, int x0, int x1, uint32_t cov, const image_source *image) {
    if (cov == 0 || y < image->y || y >= image->y + image->height) return;
    if (x0 < image->x) x0 = image->x;
    if (x1 > image->x + image->width) x1 = image->x + image->width;
    if (x0 >= x1) return;
    uint32_t m = image->opacity == 255 ? cov : cov == 255 ? image->opacity : mul_byte(cov, image->opacity);
    if (m == 0) return;
    const uint32_t *source = image->pixels + (size_t)(y - image->y) * image->stride - image->x;
    int x = x0;
#if defined(__x86_64__)
    if (x1 - x0 >= 8 && image->vector >= 2) x = image_run_avx2(row, source, x, x1, m);
#endif
#if defined(__SSE2__)
    if (image->vector >= 1) {
        // Four pixels at a time, each product rounded as scale_word rounds it: the same bytes.
        const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(0x80), full = _mm_set1_epi16(255);
        const __m128i factor = _mm_set1_epi16((short)m);
#define ROUNDED(v, f) _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16((v), (f)), half), \
                                       _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16((v), (f)), half), 8)), 8)
        for (; x + 4 <= x1; x += 4) {
            __m128i s = _mm_loadu_si128((const __m128i *)(source + x)), d = _mm_loadu_si128((const __m128i *)(row + x));
            __m128i slo = _mm_unpacklo_epi8(s, zero), shi = _mm_unpackhi_epi8(s, zero);
            if (m != 255) {
                slo = ROUNDED(slo, factor);
                shi = ROUNDED(shi, factor);
            }
            __m128i ilo = _mm_sub_epi16(full, _mm_shufflehi_epi16(_mm_shufflelo_epi16(slo, 0xFF), 0xFF));
            __m128i ihi = _mm_sub_epi16(full, _mm_shufflehi_epi16(_mm_shufflelo_epi16(shi, 0xFF), 0xFF));
            __m128i dlo = ROUNDED(_mm_unpacklo_epi8(d, zero), ilo), dhi = ROUNDED(_mm_unpackhi_epi8(d, zero), ihi);
            _mm_storeu_si128((__m128i *)(row + x), _mm_packus_epi16(_mm_add_epi16(slo, dlo), _mm_add_epi16(shi, dhi)));
    }
#undef ROUNDED
    }
#endif
    for (; x < x1; x++) {
        uint32_t src = m == 255 ? source[x] : scale_word(source[x], m);
        uint32_t alpha = src >> 24;
        if (alpha == 255) row[x] = src;
        else if (src != 0) row[x] = src + scale_word(row[x], 255 - alpha);
    }
}

static int by_x(const void *a, const void *b) {
    int32_t x = ((const raster_cell *)a)->x, y = ((const raster_cell *)b)->x;
    return (x > y) - (x < y);
}

/// The loop level to take for `requested` on this processor.
static int vector_level(int requested) {
#if defined(__x86_64__)
    if (requested >= 2 && !strata_has_avx2()) return 1;
    return requested;
#else
    (void)requested;
    return 0;
#endif
}

static int sweep(strata_raster *r, uint8_t *data, size_t stride, int even_odd, uint32_t color, const image_source *image,
                 int vector) {
    if (r->failed) return 0;
    size_t rows = (size_t)(r->y1 - r->y0);
    if (rows == 0 || r->count == 0 || (!image && color == 0)) return 1;
    if (r->rows_capacity < rows + 1) {
        size_t *starts = realloc(r->row_start, (rows + 1) * sizeof(size_t));
        if (!starts) return 0;
        r->row_start = starts;
        r->rows_capacity = rows + 1;
    }
    if (r->sorted_capacity < r->count) {
        raster_cell *sorted = realloc(r->sorted, r->count * sizeof(raster_cell));
        if (!sorted) return 0;
        r->sorted = sorted;
        r->sorted_capacity = r->count;
    }
    // Cells by row (counting sort), then by x within each row. The struct's fields in locals: the
    // stores below could alias them, and the compiler would load them again for every cell.
    const raster_cell *restrict cells_in = r->cells;
    raster_cell *restrict sorted_out = r->sorted;
    size_t *restrict starts = r->row_start;
    const size_t count = r->count;
    const int first_row = r->y0, end_row = r->y1;
    memset(starts, 0, (rows + 1) * sizeof(size_t));
    for (size_t i = 0; i < count; i++) {
        const int y = cells_in[i].y;
        if (y < first_row || y >= end_row) return 0;  // never: edges are clipped to the rows
        starts[y - first_row + 1]++;
    }
    for (size_t i = 0; i < rows; i++) starts[i + 1] += starts[i];
    for (size_t i = 0; i < count; i++) sorted_out[starts[cells_in[i].y - first_row]++] = cells_in[i];
    const int left = r->x0, right = r->x1;
    size_t start = 0;
    for (size_t i = 0; i < rows; i++) {
        size_t end = starts[i];
        raster_cell *cells = sorted_out + start;
        size_t n = end - start;
        start = end;
        if (n == 0) continue;
        if (n <= 64) {
            for (size_t j = 1; j < n; j++) {
                raster_cell c = cells[j];
                size_t k = j;
                while (k > 0 && cells[k - 1].x > c.x) {
                    cells[k] = cells[k - 1];
                    k--;
                }
                cells[k] = c;
            }
        } else {
            qsort(cells, n, sizeof(raster_cell), by_x);
        }
        int y = first_row + (int)i;
        uint32_t *row = (uint32_t *)(data + (size_t)y * stride);
#define SPAN(a, b, c) do { if (image) image_span(row, y, (a), (b), (c), image); else span(row, (a), (b), (c), color, vector); } while (0)
        int64_t cover = 0;
        int x = left;
        for (size_t j = 0; j < n;) {
            int cx = cells[j].x;
            int64_t c = 0, a = 0;
            while (j < n && cells[j].x == cx) {
                c += cells[j].cover;
                a += cells[j].area;
                j++;
            }
            if (cx >= right) break;
            if (cover != 0 && cx > x) SPAN(x, cx, coverage(cover * 512, even_odd));
            cover += c;
            if (cx >= left) SPAN(cx, cx + 1, coverage(cover * 512 - a, even_odd));
            x = cx + 1;
        }
        if (cover != 0 && x < right) SPAN(x, right, coverage(cover * 512, even_odd));
#undef SPAN
    }
    return 1;
}

int strata_raster_fill(strata_raster *r, uint8_t *data, size_t stride, int even_odd, uint32_t color, int vector) {
    return sweep(r, data, stride, even_odd, color, NULL, vector_level(vector));
}

int strata_raster_fill_image(strata_raster *r, uint8_t *data, size_t stride, int even_odd, const uint8_t *pixels,
                             size_t image_stride, int x, int y, int width, int height, uint8_t opacity, int vector) {
    image_source image = {(const uint32_t *)pixels, image_stride / 4, x, y, width, height, opacity, vector_level(vector)};
    return sweep(r, data, stride, even_odd, 0, &image, image.vector);
}
