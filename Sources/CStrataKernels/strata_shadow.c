// The shadow's kernels: the box blur of its alpha plane (passes down columns, transposes between)
// and the plane's values stored as mask bytes.
#include "strata_kernels.h"
#include "strata_cpu.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#include <xmmintrin.h>
#endif

void strata_transpose_f32(const float *src, size_t width, size_t height, float *dst) {
    // 4×4 blocks (SSE: four rows loaded, shuffled into four columns) inside 32×32 tiles that stay
    // in cache; the edges that do not fill a block go one value at a time. Only moves: exact.
    enum { TILE = 32 };
    for (size_t y0 = 0; y0 < height; y0 += TILE) {
        size_t y1 = y0 + TILE < height ? y0 + TILE : height;
        for (size_t x0 = 0; x0 < width; x0 += TILE) {
            size_t x1 = x0 + TILE < width ? x0 + TILE : width;
            size_t y = y0;
            for (; y + 4 <= y1; y += 4) {
                size_t x = x0;
#if defined(__SSE2__)
                for (; x + 4 <= x1; x += 4) {
                    __m128 r0 = _mm_loadu_ps(src + y * width + x), r1 = _mm_loadu_ps(src + (y + 1) * width + x);
                    __m128 r2 = _mm_loadu_ps(src + (y + 2) * width + x), r3 = _mm_loadu_ps(src + (y + 3) * width + x);
                    __m128 t0 = _mm_unpacklo_ps(r0, r1), t1 = _mm_unpackhi_ps(r0, r1);
                    __m128 t2 = _mm_unpacklo_ps(r2, r3), t3 = _mm_unpackhi_ps(r2, r3);
                    _mm_storeu_ps(dst + x * height + y, _mm_movelh_ps(t0, t2));
                    _mm_storeu_ps(dst + (x + 1) * height + y, _mm_movehl_ps(t2, t0));
                    _mm_storeu_ps(dst + (x + 2) * height + y, _mm_movelh_ps(t1, t3));
                    _mm_storeu_ps(dst + (x + 3) * height + y, _mm_movehl_ps(t3, t1));
                }
#endif
                for (; x < x1; x++) {
                    for (size_t k = 0; k < 4; k++) dst[x * height + y + k] = src[(y + k) * width + x];
                }
            }
            for (; y < y1; y++) {
                for (size_t x = x0; x < x1; x++) dst[x * height + y] = src[y * width + x];
            }
        }
    }
}

/// One box pass down every column at once, row by row (contiguous, so it vectorises): `src` →
/// `dst`, which do not overlap, so nothing is copied first.
static inline __attribute__((always_inline)) void box_columns(const float *restrict src, float *restrict dst, size_t width,
                                                               size_t height, size_t radius, float *restrict sums) {
    const float scale = 1.0f / (float)(2 * radius + 1);
    memset(sums, 0, width * sizeof(float));
    size_t lead = radius < height ? radius : height;
    for (size_t i = 0; i < lead; i++) {
        const float *row = src + i * width;
        for (size_t x = 0; x < width; x++) sums[x] += row[x];
    }
    for (size_t i = 0; i < height; i++) {
        if (i + radius < height) {
            const float *row = src + (i + radius) * width;
            for (size_t x = 0; x < width; x++) sums[x] += row[x];
        }
        float *out = dst + i * width;
        for (size_t x = 0; x < width; x++) {
            float value = sums[x] * scale;
            out[x] = value >= 0.0f ? value : 0.0f;
        }
        if (i >= radius) {
            const float *row = src + (i - radius) * width;
            for (size_t x = 0; x < width; x++) sums[x] -= row[x];
        }
    }
}

/// The passes of `radii` between the two planes (inlined into each compiled path below).
static inline __attribute__((always_inline)) void box_passes_body(float **from, float **to, size_t width, size_t height,
                                                                   const size_t *radii, size_t count, float *sums) {
    for (size_t k = 0; k < count; k++) {
        if (radii[k] == 0) continue;
        box_columns(*from, *to, width, height, radii[k], sums);
        float *swap = *from;
        *from = *to;
        *to = swap;
    }
}

#if defined(__x86_64__) && defined(__clang__)
/// The same passes compiled for AVX2 (eight lanes; the same additions, multiplications and
/// comparisons per lane, no fused multiply-add: the same floats), chosen at run time.
__attribute__((target("avx2"))) static void box_passes_avx2(float **from, float **to, size_t width, size_t height,
                                                             const size_t *radii, size_t count, float *sums) {
    box_passes_body(from, to, width, height, radii, count, sums);
}
#endif

/// The passes of `radii` down the columns of the `width × height` plane at `*from`, between it
/// and `*to` (swapped after each pass, so `*from` ends holding the result).
static void box_passes(float **from, float **to, size_t width, size_t height, const size_t *radii, size_t count,
                       float *sums) {
#if defined(__x86_64__) && defined(__clang__)
    __builtin_cpu_init();
    if (strata_has_avx2()) {
        box_passes_avx2(from, to, width, height, radii, count, sums);
        return;
    }
#endif
    box_passes_body(from, to, width, height, radii, count, sums);
}

void strata_box_blur_f32(float *plane, size_t width, size_t height, const size_t *radii, size_t count,
                         float *scratch) {
    if (width == 0 || height == 0) return;
    float *sums = scratch + width * height;
    // Down the columns in place of the plane's layout; then the plane transposed, so that the
    // passes along its rows run down columns too; then transposed back.
    float *from = plane, *to = scratch;
    box_passes(&from, &to, width, height, radii, count, sums);
    strata_transpose_f32(from, width, height, to);
    float *swap = from; from = to; to = swap;
    box_passes(&from, &to, height, width, radii, count, sums);
    strata_transpose_f32(from, height, width, to);
    if (to != plane) memcpy(plane, to, width * height * sizeof(float));
}

void strata_store_alpha(uint8_t *restrict out, const float *restrict values, size_t n) {
    size_t i = 0;
#if defined(__SSE2__)
    const __m128 zero = _mm_setzero_ps(), one = _mm_set1_ps(1), scale = _mm_set1_ps(255), half = _mm_set1_ps(0.5f);
    for (; i + 4 <= n; i += 4) {
        // max(value, 0) is 0 for NaN (maxps returns its second operand then), as `value > 0 ? … : 0`.
        __m128 scaled = _mm_mul_ps(_mm_min_ps(_mm_max_ps(_mm_loadu_ps(values + i), zero), one), scale);
        __m128i whole = _mm_cvttps_epi32(scaled);
        __m128 up = _mm_cmpge_ps(_mm_sub_ps(scaled, _mm_cvtepi32_ps(whole)), half);
        __m128i rounded = _mm_sub_epi32(whole, _mm_castps_si128(up));  // up is all ones (−1) where it rounds up
        __m128i packed = _mm_packs_epi32(rounded, rounded);
        packed = _mm_packus_epi16(packed, packed);
        int word = _mm_cvtsi128_si32(packed);
        memcpy(out + i, &word, 4);
    }
#endif
    for (; i < n; i++) {
        float value = values[i];
        float scaled = value > 0 ? (value < 1 ? value : 1) * 255 : 0;
        int whole = (int)scaled;
        out[i] = (uint8_t)(whole + (scaled - (float)whole >= 0.5f ? 1 : 0));
    }
}
