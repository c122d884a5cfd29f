// Projective warp of a premultiplied ARGB32 image: for each destination pixel centre, the inverse
// homography gives the source point, sampled bilinearly (transparent outside the source). Points
// whose homogeneous coordinate is not in front of the eye are left untouched, so nothing behind
// the viewer is drawn mirrored and nothing is divided by zero.
//
// Weights are 8-bit (0…256 per axis, their products sum to 65536) and each channel rounds
// (Σ c·w + 32768) >> 16. Two channels share a 64-bit lane (32 bits each: 255 · 65536 fits), so a
// pixel costs eight multiplies; the result is the same as channel by channel.
#include "strata_kernels.h"
#include "strata_cpu.h"
#include <math.h>
#include <stdint.h>

static inline uint32_t tap(const uint32_t *src, size_t stride, long width, long height, long x, long y) {
    if (x < 0 || y < 0 || x >= width || y >= height) return 0;
    return src[(size_t)y * stride + (size_t)x];
}

// Channels 0 and 2 of `p` (bits 0–7 and 16–23) in the low and high halves of a 64-bit lane.
static inline uint64_t spread(uint32_t p) {
    return (uint64_t)(p & 0xFF) | ((uint64_t)(p & 0xFF0000) << 16);
}

static inline uint32_t bilinear(uint32_t p00, uint32_t p01, uint32_t p10, uint32_t p11, uint32_t wx, uint32_t wy) {
    const uint64_t w00 = (256 - wx) * (256 - wy), w01 = wx * (256 - wy), w10 = (256 - wx) * wy, w11 = wx * wy;
    const uint64_t half = 0x0000800000008000ull, low = 0x000000FF000000FFull;
    uint64_t even = spread(p00) * w00 + spread(p01) * w01 + spread(p10) * w10 + spread(p11) * w11;
    uint64_t odd = spread(p00 >> 8) * w00 + spread(p01 >> 8) * w01 + spread(p10 >> 8) * w10 + spread(p11 >> 8) * w11;
    even = ((even + half) >> 16) & low;
    odd = ((odd + half) >> 16) & low;
    return (uint32_t)even | (uint32_t)(even >> 16) | ((uint32_t)odd << 8) | ((uint32_t)(odd >> 16) << 8);
}

// floor() for |v| < 2^52, without the library call.
static inline long floor_long(double v) {
    long i = (long)v;
    return (double)i > v ? i - 1 : i;
}

// One destination pixel at (px, py) = centre, with u0/v0/q0 the row's terms.
static inline void warp_pixel(uint32_t *out, const uint32_t *src, size_t src_stride, long lw, long lh, double sw, double sh,
                              const double g[9], double q_max, double px, double u0, double v0, double q0) {
    const double q = g[2] * px + q0;
    if (!(q > 0) || !(q <= q_max)) return;
    const double r = 1.0 / q;
    const double su = (g[0] * px + u0) * r - 0.5, sv = (g[1] * px + v0) * r - 0.5;
    if (!(su > -1.0 && su < sw && sv > -1.0 && sv < sh)) return;
    const long ix = floor_long(su), iy = floor_long(sv);
    const uint32_t wx = (uint32_t)((su - (double)ix) * 256.0 + 0.5), wy = (uint32_t)((sv - (double)iy) * 256.0 + 0.5);
    uint32_t p00, p01, p10, p11;
    if (ix >= 0 && iy >= 0 && ix + 1 < lw && iy + 1 < lh) {
        const uint32_t *top = src + (size_t)iy * src_stride + (size_t)ix, *bottom = top + src_stride;
        p00 = top[0]; p01 = top[1]; p10 = bottom[0]; p11 = bottom[1];
    } else {
        p00 = tap(src, src_stride, lw, lh, ix, iy); p01 = tap(src, src_stride, lw, lh, ix + 1, iy);
        p10 = tap(src, src_stride, lw, lh, ix, iy + 1); p11 = tap(src, src_stride, lw, lh, ix + 1, iy + 1);
    }
    if ((p00 | p01 | p10 | p11) == 0) return;
    *out = bilinear(p00, p01, p10, p11, wx, wy);
}

static void warp_rows_portable(uint32_t *dst, size_t dst_stride, size_t width, size_t height,
                               const uint32_t *src, size_t src_stride, size_t src_width, size_t src_height,
                               const double g[9], double q_max) {
    const double sw = (double)src_width, sh = (double)src_height;
    const long lw = (long)src_width, lh = (long)src_height;
    for (size_t y = 0; y < height; y++) {
        const double py = (double)y + 0.5;
        const double u0 = g[3] * py + g[6], v0 = g[4] * py + g[7], q0 = g[5] * py + g[8];
        uint32_t *row = dst + y * dst_stride;
        for (size_t x = 0; x < width; x++) {
            warp_pixel(row + x, src, src_stride, lw, lh, sw, sh, g, q_max, (double)x + 0.5, u0, v0, q0);
        }
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

// Four pixels at a time: the same double arithmetic (no fused multiply-add, so the same roundings),
// masked gathers for the taps, the weighted sums in 32-bit lanes: bit for bit the portable path.
__attribute__((target("avx2")))
static void warp_rows_avx2(uint32_t *dst, size_t dst_stride, size_t width, size_t height,
                           const uint32_t *src, size_t src_stride, size_t src_width, size_t src_height,
                           const double g[9], double q_max) {
    const double sw = (double)src_width, sh = (double)src_height;
    const long lw = (long)src_width, lh = (long)src_height;
    const __m256d g0 = _mm256_set1_pd(g[0]), g1 = _mm256_set1_pd(g[1]), g2 = _mm256_set1_pd(g[2]);
    const __m256d zero = _mm256_setzero_pd(), qmax = _mm256_set1_pd(q_max), one = _mm256_set1_pd(1.0), half = _mm256_set1_pd(0.5);
    const __m256d minus_one = _mm256_set1_pd(-1.0), vsw = _mm256_set1_pd(sw), vsh = _mm256_set1_pd(sh), k256 = _mm256_set1_pd(256.0);
    const __m128i i256 = _mm_set1_epi32(256), izero = _mm_setzero_si128(), ione = _mm_set1_epi32(1);
    const __m128i iw = _mm_set1_epi32((int)lw), ih = _mm_set1_epi32((int)lh), istride = _mm_set1_epi32((int)src_stride);
    const __m256i spread_lo = _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1), spread_hi = _mm256_setr_epi32(2, 2, 2, 2, 3, 3, 3, 3);
    const __m256i rounding = _mm256_set1_epi32(32768), gather_order = _mm256_setr_epi32(0, 4, 1, 5, 0, 0, 0, 0);
    const int *base = (const int *)(const void *)src;
    for (size_t y = 0; y < height; y++) {
        const double py = (double)y + 0.5;
        const double u0 = g[3] * py + g[6], v0 = g[4] * py + g[7], q0 = g[5] * py + g[8];
        const __m256d vu0 = _mm256_set1_pd(u0), vv0 = _mm256_set1_pd(v0), vq0 = _mm256_set1_pd(q0);
        uint32_t *row = dst + y * dst_stride;
        size_t x = 0;
        for (; x + 4 <= width; x += 4) {
            const double x0 = (double)x + 0.5;
            const __m256d px = _mm256_setr_pd(x0, x0 + 1, x0 + 2, x0 + 3);
            const __m256d q = _mm256_add_pd(_mm256_mul_pd(g2, px), vq0);
            __m256d valid = _mm256_and_pd(_mm256_cmp_pd(q, zero, _CMP_GT_OQ), _mm256_cmp_pd(q, qmax, _CMP_LE_OQ));
            if (_mm256_movemask_pd(valid) == 0) continue;
            const __m256d r = _mm256_div_pd(one, q);
            const __m256d su = _mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(g0, px), vu0), r), half);
            const __m256d sv = _mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(g1, px), vv0), r), half);
            valid = _mm256_and_pd(valid, _mm256_and_pd(_mm256_cmp_pd(su, minus_one, _CMP_GT_OQ), _mm256_cmp_pd(su, vsw, _CMP_LT_OQ)));
            valid = _mm256_and_pd(valid, _mm256_and_pd(_mm256_cmp_pd(sv, minus_one, _CMP_GT_OQ), _mm256_cmp_pd(sv, vsh, _CMP_LT_OQ)));
            const int lanes = _mm256_movemask_pd(valid);
            if (lanes == 0) continue;
            // Invalid lanes may hold NaN or huge values: give them a harmless point before converting.
            const __m256d fu = _mm256_blendv_pd(zero, _mm256_floor_pd(su), valid), fv = _mm256_blendv_pd(zero, _mm256_floor_pd(sv), valid);
            const __m256d du = _mm256_blendv_pd(zero, _mm256_sub_pd(su, fu), valid), dv = _mm256_blendv_pd(zero, _mm256_sub_pd(sv, fv), valid);
            const __m128i ix = _mm256_cvttpd_epi32(fu), iy = _mm256_cvttpd_epi32(fv);
            const __m128i wx = _mm256_cvttpd_epi32(_mm256_add_pd(_mm256_mul_pd(du, k256), half));
            const __m128i wy = _mm256_cvttpd_epi32(_mm256_add_pd(_mm256_mul_pd(dv, k256), half));
            const __m128i lane_mask = _mm256_cvtpd_epi32(_mm256_and_pd(valid, one));  // 1 where valid
            const __m128i in = _mm_cmpeq_epi32(lane_mask, ione);
            const __m128i x0ok = _mm_and_si128(in, _mm_cmpgt_epi32(ix, _mm_set1_epi32(-1)));
            const __m128i x1ok = _mm_and_si128(in, _mm_cmplt_epi32(_mm_add_epi32(ix, ione), iw));
            const __m128i y0ok = _mm_cmpgt_epi32(iy, _mm_set1_epi32(-1));
            const __m128i y1ok = _mm_cmplt_epi32(_mm_add_epi32(iy, ione), ih);
            const __m128i offset = _mm_add_epi32(_mm_mullo_epi32(iy, istride), ix);
            const __m128i p00 = _mm_mask_i32gather_epi32(izero, base, offset, _mm_and_si128(x0ok, y0ok), 4);
            const __m128i p01 = _mm_mask_i32gather_epi32(izero, base + 1, offset, _mm_and_si128(x1ok, y0ok), 4);
            const __m128i p10 = _mm_mask_i32gather_epi32(izero, base + src_stride, offset, _mm_and_si128(x0ok, y1ok), 4);
            const __m128i p11 = _mm_mask_i32gather_epi32(izero, base + src_stride + 1, offset, _mm_and_si128(x1ok, y1ok), 4);
            const __m128i any = _mm_or_si128(_mm_or_si128(p00, p01), _mm_or_si128(p10, p11));
            const __m128i write = _mm_andnot_si128(_mm_cmpeq_epi32(any, izero), in);
            if (_mm_testz_si128(write, write)) continue;
            const __m128i nx = _mm_sub_epi32(i256, wx), ny = _mm_sub_epi32(i256, wy);
            const __m256i w00 = _mm256_castsi128_si256(_mm_mullo_epi32(nx, ny)), w01 = _mm256_castsi128_si256(_mm_mullo_epi32(wx, ny));
            const __m256i w10 = _mm256_castsi128_si256(_mm_mullo_epi32(nx, wy)), w11 = _mm256_castsi128_si256(_mm_mullo_epi32(wx, wy));
#define STRATA_WARP_SUM(spread, shift)                                                                                         \
    _mm256_add_epi32(                                                                                                          \
        _mm256_add_epi32(_mm256_mullo_epi32(_mm256_cvtepu8_epi32(_mm_srli_si128(p00, shift)), _mm256_permutevar8x32_epi32(w00, spread)), \
                         _mm256_mullo_epi32(_mm256_cvtepu8_epi32(_mm_srli_si128(p01, shift)), _mm256_permutevar8x32_epi32(w01, spread))), \
        _mm256_add_epi32(_mm256_mullo_epi32(_mm256_cvtepu8_epi32(_mm_srli_si128(p10, shift)), _mm256_permutevar8x32_epi32(w10, spread)), \
                         _mm256_mullo_epi32(_mm256_cvtepu8_epi32(_mm_srli_si128(p11, shift)), _mm256_permutevar8x32_epi32(w11, spread))))
            const __m256i lo = _mm256_srli_epi32(_mm256_add_epi32(STRATA_WARP_SUM(spread_lo, 0), rounding), 16);
            const __m256i hi = _mm256_srli_epi32(_mm256_add_epi32(STRATA_WARP_SUM(spread_hi, 8), rounding), 16);
#undef STRATA_WARP_SUM
            const __m256i bytes = _mm256_packus_epi16(_mm256_packus_epi32(lo, hi), _mm256_setzero_si256());
            const __m128i pixels = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(bytes, gather_order));
            const __m128i old = _mm_loadu_si128((const __m128i *)(const void *)(row + x));
            _mm_storeu_si128((__m128i *)(void *)(row + x), _mm_blendv_epi8(old, pixels, write));
        }
        for (; x < width; x++) {
            warp_pixel(row + x, src, src_stride, lw, lh, sw, sh, g, q_max, (double)x + 0.5, u0, v0, q0);
        }
    }
}

#endif

int strata_warp_path_available(int path) {
    if (path == 0) return 1;
#if defined(__x86_64__)
    if (path == 1) return strata_has_avx2();
#endif
    return 0;
}

void strata_warp_projective_with_path(uint32_t *dst, size_t dst_stride, size_t width, size_t height,
                                      const uint32_t *src, size_t src_stride, size_t src_width, size_t src_height,
                                      const double g[9], double q_max, int path) {
#if defined(__x86_64__)
    // Offsets are 32-bit in the gathers: Limits keeps a surface far below that.
    if (path == 1 && strata_has_avx2() && src_stride * (src_height + 1) < (size_t)INT32_MAX && src_width < (size_t)INT32_MAX / 2) {
        warp_rows_avx2(dst, dst_stride, width, height, src, src_stride, src_width, src_height, g, q_max);
        return;
    }
#endif
    (void)path;
    warp_rows_portable(dst, dst_stride, width, height, src, src_stride, src_width, src_height, g, q_max);
}

void strata_warp_projective(uint32_t *dst, size_t dst_stride, size_t width, size_t height,
                            const uint32_t *src, size_t src_stride, size_t src_width, size_t src_height,
                            const double g[9], double q_max) {
    strata_warp_projective_with_path(dst, dst_stride, width, height, src, src_stride, src_width, src_height, g, q_max, 1);
}
