// An offscreen group composited onto its parent with an opacity: OVER of a premultiplied ARGB32
// source whose every channel is first scaled by an 8-bit alpha m. The arithmetic is pixman's
// (what Cairo's paint_with_alpha runs), per channel: s' = s·m/255, then d' = s' + d·(255 − s'ₐ)/255
// saturated at 255, each product x·y/255 rounded as (t + (t >> 8)) >> 8 with t = x·y + 128 —
// exact, so the vector and the plain paths give the same bytes as each other and as pixman.
#include "strata_kernels.h"
#include "strata_cpu.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

/// x·y/255 rounded as (t + (t >> 8)) >> 8 with t = x·y + half: pixman's half is 128, Cairo's own
/// span renderers' 127 (mul_cairo, below).
static inline uint32_t mul_rounded(uint32_t x, uint32_t y, uint32_t half) {
    uint32_t t = x * y + half;
    return (t + (t >> 8)) >> 8;
}

static inline uint32_t mul_un8(uint32_t x, uint32_t y) { return mul_rounded(x, y, 0x80); }

static void over_row_portable(uint32_t *restrict dst, const uint32_t *restrict src, size_t n, uint32_t m) {
    for (size_t i = 0; i < n; i++) {
        uint32_t s = src[i];
        if (s == 0) continue;
        uint32_t c0 = s & 0xff, c1 = (s >> 8) & 0xff, c2 = (s >> 16) & 0xff, a = s >> 24;
        if (m != 255) { c0 = mul_un8(c0, m); c1 = mul_un8(c1, m); c2 = mul_un8(c2, m); a = mul_un8(a, m); }
        uint32_t d = dst[i], inverse = 255 - a;
        uint32_t r0 = c0 + mul_un8(d & 0xff, inverse), r1 = c1 + mul_un8((d >> 8) & 0xff, inverse);
        uint32_t r2 = c2 + mul_un8((d >> 16) & 0xff, inverse), r3 = a + mul_un8(d >> 24, inverse);
        r0 = r0 > 255 ? 255 : r0; r1 = r1 > 255 ? 255 : r1; r2 = r2 > 255 ? 255 : r2; r3 = r3 > 255 ? 255 : r3;
        dst[i] = r0 | r1 << 8 | r2 << 16 | r3 << 24;
    }
}

#if defined(__x86_64__)
/// x·y/255 per 16-bit lane, rounded as mul_un8.
__attribute__((target("avx2"))) static inline __m256i mul_rounded_avx2(__m256i x, __m256i y, short half) {
    __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(x, y), _mm256_set1_epi16(half));
    return _mm256_mulhi_epu16(t, _mm256_set1_epi16(0x101));
}

__attribute__((target("avx2"))) static inline __m256i mul_un8_avx2(__m256i x, __m256i y) { return mul_rounded_avx2(x, y, 0x80); }

/// 255 − alpha in every 16-bit lane of its pixel (alpha is the fourth lane of each unpacked pixel).
__attribute__((target("avx2"))) static inline __m256i inverse_alpha_avx2(__m256i x) {
    return _mm256_xor_si256(_mm256_shufflehi_epi16(_mm256_shufflelo_epi16(x, 0xff), 0xff), _mm256_set1_epi16(0xff));
}

/// Eight source pixels unpacked to 16-bit lanes (low and high halves), each channel times m/255.
__attribute__((target("avx2"))) static inline void unpack_scaled_avx2(__m256i s, uint32_t m, __m256i *lo, __m256i *hi) {
    const __m256i zero = _mm256_setzero_si256();
    *lo = _mm256_unpacklo_epi8(s, zero);
    *hi = _mm256_unpackhi_epi8(s, zero);
    if (m != 255) {
        const __m256i mask = _mm256_set1_epi16((short)m);
        *lo = mul_un8_avx2(*lo, mask);
        *hi = mul_un8_avx2(*hi, mask);
    }
}

#endif

// MULTIPLY and SCREEN, as pixman's unified combiners compute them (pixman-combine32.c), after
// the same s' = s·m/255:
//   multiply: d' = sat(sat(s'·(255 − dₐ)/255 + d·(255 − s'ₐ)/255) + d·s'/255), each product
//             rounded as mul_un8, each sum saturated at 255;
//   screen:   d' = (255·(s' + d) − s'·d) / 255, rounded as DIV_ONE_UN8 ((t + 128 + ((t + 128) >> 8)) >> 8),
//             which never leaves 0…255·255, so pixman's clamp does nothing.
// The same formula serves the alpha channel in both. A transparent source pixel leaves the
// destination as it is in both (multiply: d·255/255; screen: (255·d)/255), so it is skipped.
static inline uint32_t sat8(uint32_t x) { return x > 255 ? 255 : x; }

static void multiply_row_portable(uint32_t *restrict dst, const uint32_t *restrict src, size_t n, uint32_t m) {
    for (size_t i = 0; i < n; i++) {
        uint32_t s = src[i];
        if (s == 0) continue;
        uint32_t d = dst[i], r = 0;
        uint32_t sa = s >> 24, da = d >> 24;
        if (m != 255) sa = mul_un8(sa, m);
        for (int shift = 0; shift < 32; shift += 8) {
            uint32_t sc = (s >> shift) & 0xff, dc = (d >> shift) & 0xff;
            if (m != 255) sc = mul_un8(sc, m);
            uint32_t c = sat8(sat8(mul_un8(sc, 255 - da) + mul_un8(dc, 255 - sa)) + mul_un8(dc, sc));
            r |= c << shift;
        }
        dst[i] = r;
    }
}

static void screen_row_portable(uint32_t *restrict dst, const uint32_t *restrict src, size_t n, uint32_t m) {
    for (size_t i = 0; i < n; i++) {
        uint32_t s = src[i];
        if (s == 0) continue;
        uint32_t d = dst[i], r = 0;
        for (int shift = 0; shift < 32; shift += 8) {
            uint32_t sc = (s >> shift) & 0xff, dc = (d >> shift) & 0xff;
            if (m != 255) sc = mul_un8(sc, m);
            uint32_t t = 255 * (sc + dc) - sc * dc + 0x80;
            r |= ((t + (t >> 8)) >> 8) << shift;
        }
        dst[i] = r;
    }
}



#if defined(__x86_64__)
/// (t + 128 + ((t + 128) >> 8)) >> 8 per 16-bit lane, for t ≤ 255·255.
__attribute__((target("avx2"))) static inline __m256i div_one_un8_avx2(__m256i t) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(t, _mm256_set1_epi16(0x80)), _mm256_set1_epi16(0x101));
}

/// Eight pixels (two per 64-bit lane half once unpacked) at a time, for the operator `op` (0 OVER,
/// 1 MULTIPLY, 2 SCREEN: see above), the source first scaled by m/255.
__attribute__((target("avx2"))) static inline __attribute__((always_inline)) void composite_row_avx2(
    uint32_t *restrict dst, const uint32_t *restrict src, size_t n, uint32_t m, int op) {
    const __m256i zero = _mm256_setzero_si256(), ones = _mm256_set1_epi16(0xff), full = _mm256_set1_epi16((short)(255 * 255));
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(const void *)(src + i));
        if (_mm256_testz_si256(s, s)) continue;
        __m256i d = _mm256_loadu_si256((const __m256i *)(const void *)(dst + i));
        __m256i s_lo, s_hi, result;
        unpack_scaled_avx2(s, m, &s_lo, &s_hi);
        __m256i d_lo = _mm256_unpacklo_epi8(d, zero), d_hi = _mm256_unpackhi_epi8(d, zero);
        if (op == 0) {
            d_lo = mul_un8_avx2(d_lo, inverse_alpha_avx2(s_lo));
            d_hi = mul_un8_avx2(d_hi, inverse_alpha_avx2(s_hi));
            result = _mm256_adds_epu8(_mm256_packus_epi16(s_lo, s_hi), _mm256_packus_epi16(d_lo, d_hi));
        } else if (op == 1) {
            __m256i a = _mm256_packus_epi16(mul_un8_avx2(s_lo, inverse_alpha_avx2(d_lo)), mul_un8_avx2(s_hi, inverse_alpha_avx2(d_hi)));
            __m256i b = _mm256_packus_epi16(mul_un8_avx2(d_lo, inverse_alpha_avx2(s_lo)), mul_un8_avx2(d_hi, inverse_alpha_avx2(s_hi)));
            __m256i c = _mm256_packus_epi16(mul_un8_avx2(d_lo, s_lo), mul_un8_avx2(d_hi, s_hi));
            result = _mm256_adds_epu8(_mm256_adds_epu8(a, b), c);
        } else {
            // 255·(s + d) − s·d = 255² − (255 − s)(255 − d), in 16 bits.
            __m256i t_lo = _mm256_sub_epi16(full, _mm256_mullo_epi16(_mm256_xor_si256(s_lo, ones), _mm256_xor_si256(d_lo, ones)));
            __m256i t_hi = _mm256_sub_epi16(full, _mm256_mullo_epi16(_mm256_xor_si256(s_hi, ones), _mm256_xor_si256(d_hi, ones)));
            result = _mm256_packus_epi16(div_one_un8_avx2(t_lo), div_one_un8_avx2(t_hi));
        }
        _mm256_storeu_si256((__m256i *)(void *)(dst + i), result);
    }
    (op == 0 ? over_row_portable : op == 1 ? multiply_row_portable : screen_row_portable)(dst + i, src + i, n - i, m);
}

__attribute__((target("avx2"))) static void over_row_avx2(uint32_t *restrict dst, const uint32_t *restrict src, size_t n, uint32_t m) {
    composite_row_avx2(dst, src, n, m, 0);
}
__attribute__((target("avx2"))) static void multiply_row_avx2(uint32_t *restrict dst, const uint32_t *restrict src, size_t n, uint32_t m) {
    composite_row_avx2(dst, src, n, m, 1);
}
__attribute__((target("avx2"))) static void screen_row_avx2(uint32_t *restrict dst, const uint32_t *restrict src, size_t n, uint32_t m) {
    composite_row_avx2(dst, src, n, m, 2);
}
#endif

// A source drawn through a coverage mask (Cairo painting an image at an integer offset through
// a path clip). Cairo's span renderers (cairo-image-compositor.c)
// round their own products with 127, not 128: (t + (t >> 8)) >> 8 with t = x·y + 127. The
// mask is m = c·α/255 so rounded from the 8-bit coverage c and the paint's alpha α. On a surface
// Cairo knows to be clear, a span is lerped in with that rounding too: d' = s·m/255 per channel
// (s itself where m is 255). On any other, m goes to pixman's masked OVER, rounded as above.
static inline uint32_t mul_cairo(uint32_t x, uint32_t y) { return mul_rounded(x, y, 0x7f); }

static void over_masked_row_portable(uint32_t *restrict dst, const uint32_t *restrict src, const uint8_t *restrict mask,
                                     size_t n, uint32_t alpha, int clear) {
    for (size_t i = 0; i < n; i++) {
        uint32_t m = mask[i];
        if (m == 0) continue;
        if (alpha != 255) m = mul_cairo(m, alpha);
        if (m == 0) continue;
        uint32_t s = src[i];
        if (!clear) {
            over_row_portable(dst + i, src + i, 1, m);
        } else if (m == 255) {
            dst[i] = s;
        } else {
            dst[i] = mul_cairo(s & 0xff, m) | mul_cairo((s >> 8) & 0xff, m) << 8 | mul_cairo((s >> 16) & 0xff, m) << 16
                     | mul_cairo(s >> 24, m) << 24;
        }
    }
}

#if defined(__x86_64__)
/// x·y/255 per 16-bit lane, rounded as mul_cairo.
__attribute__((target("avx2"))) static inline __m256i mul_cairo_avx2(__m256i x, __m256i y) { return mul_rounded_avx2(x, y, 0x7f); }

__attribute__((target("avx2"))) static void over_masked_row_avx2(uint32_t *restrict dst, const uint32_t *restrict src,
                                                                const uint8_t *restrict mask, size_t n, uint32_t alpha, int clear) {
    const __m256i zero = _mm256_setzero_si256(), spread = _mm256_set1_epi32(0x01010101), alpha16 = _mm256_set1_epi16((short)alpha);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m128i m8 = _mm_loadl_epi64((const __m128i *)(const void *)(mask + i));
        if (_mm_testz_si128(m8, m8)) continue;
        __m256i s = _mm256_loadu_si256((const __m256i *)(const void *)(src + i));
        // Each pixel's mask in its four bytes, unpacked alongside the pixels' channels.
        __m256i m = _mm256_mullo_epi32(_mm256_cvtepu8_epi32(m8), spread);
        __m256i m_lo = _mm256_unpacklo_epi8(m, zero), m_hi = _mm256_unpackhi_epi8(m, zero);
        if (alpha != 255) { m_lo = mul_cairo_avx2(m_lo, alpha16); m_hi = mul_cairo_avx2(m_hi, alpha16); }
        __m256i d = _mm256_loadu_si256((const __m256i *)(const void *)(dst + i)), result;
        if (clear) {
            // Lerped onto clear pixels: s·m/255 (s where m is 255); untouched where m is 0.
            __m256i lerped = _mm256_packus_epi16(mul_cairo_avx2(_mm256_unpacklo_epi8(s, zero), m_lo),
                                                 mul_cairo_avx2(_mm256_unpackhi_epi8(s, zero), m_hi));
            __m256i packed = _mm256_packus_epi16(m_lo, m_hi);  // m in every byte of its pixel
            __m256i full = _mm256_cmpeq_epi32(packed, _mm256_set1_epi32(-1)), none = _mm256_cmpeq_epi32(packed, zero);
            result = _mm256_blendv_epi8(_mm256_blendv_epi8(lerped, s, full), d, none);
        } else {
            __m256i s_lo = mul_un8_avx2(_mm256_unpacklo_epi8(s, zero), m_lo), s_hi = mul_un8_avx2(_mm256_unpackhi_epi8(s, zero), m_hi);
            __m256i d_lo = mul_un8_avx2(_mm256_unpacklo_epi8(d, zero), inverse_alpha_avx2(s_lo));
            __m256i d_hi = mul_un8_avx2(_mm256_unpackhi_epi8(d, zero), inverse_alpha_avx2(s_hi));
            result = _mm256_adds_epu8(_mm256_packus_epi16(s_lo, s_hi), _mm256_packus_epi16(d_lo, d_hi));
        }
        _mm256_storeu_si256((__m256i *)(void *)(dst + i), result);
    }
    over_masked_row_portable(dst + i, src + i, mask + i, n - i, alpha, clear);
}
#endif

void strata_over_masked_with_path(uint32_t *dst, size_t dst_stride, const uint32_t *src, size_t src_stride, const uint8_t *mask,
                                  size_t mask_stride, size_t width, size_t height, uint8_t alpha, int clear, int path) {
    void (*row)(uint32_t *, const uint32_t *, const uint8_t *, size_t, uint32_t, int) = over_masked_row_portable;
#if defined(__x86_64__)
    if (path == 1 && strata_has_avx2()) row = over_masked_row_avx2;
#endif
    if (alpha == 0) return;
    for (size_t y = 0; y < height; y++) row(dst + y * dst_stride, src + y * src_stride, mask + y * mask_stride, width, alpha, clear);
}

int strata_over_alpha_path_available(int path) {
    if (path == 0) return 1;
#if defined(__x86_64__)
    if (path == 1) return strata_has_avx2();
#endif
    return 0;
}

void strata_composite_with_path(uint32_t *dst, size_t dst_stride, const uint32_t *src, size_t src_stride, size_t width,
                                size_t height, uint8_t alpha, int op, int path) {
    typedef void (*row_fn)(uint32_t *, const uint32_t *, size_t, uint32_t);
    row_fn row = op == 1 ? multiply_row_portable : op == 2 ? screen_row_portable : over_row_portable;
#if defined(__x86_64__)
    if (path == 1 && strata_has_avx2()) row = op == 1 ? multiply_row_avx2 : op == 2 ? screen_row_avx2 : over_row_avx2;
#endif
    if (alpha == 0) return;
    for (size_t y = 0; y < height; y++) row(dst + y * dst_stride, src + y * src_stride, width, alpha);
}

void strata_over_alpha_with_path(uint32_t *dst, size_t dst_stride, const uint32_t *src, size_t src_stride,
                                 size_t width, size_t height, uint8_t alpha, int path) {
    strata_composite_with_path(dst, dst_stride, src, src_stride, width, height, alpha, 0, path);
}

void strata_over_alpha(uint32_t *dst, size_t dst_stride, const uint32_t *src, size_t src_stride, size_t width,
                       size_t height, uint8_t alpha) {
    strata_over_alpha_with_path(dst, dst_stride, src, src_stride, width, height, alpha, 1);
}
