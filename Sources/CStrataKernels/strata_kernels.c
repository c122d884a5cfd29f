// Hot inner loops of the filter kernels, written so that the compiler vectorises them (restrict
// pointers, no branches). The Swift code in StrataRaster decides what to add to what.
#include "strata_kernels.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#include <xmmintrin.h>
#endif

void strata_store_premultiplied(uint8_t *restrict out, const float *restrict values, size_t pixels) {
    size_t p = 0;
#if defined(__SSE2__)
    // One pixel per register (R, G, B, A lanes): clamp alpha to 0…255, colour to 0…alpha, round to
    // nearest (ties to even: values here are never exact halves in practice), pack to bytes.
    const __m128 zero = _mm_setzero_ps(), top = _mm_set1_ps(255.0f);
    for (; p + 4 <= pixels; p += 4) {
        __m128i packed[4];
        for (int k = 0; k < 4; k++) {
            __m128 v = _mm_loadu_ps(values + 4 * (p + k));
            __m128 a = _mm_min_ps(_mm_max_ps(_mm_shuffle_ps(v, v, _MM_SHUFFLE(3, 3, 3, 3)), zero), top);
            packed[k] = _mm_cvtps_epi32(_mm_min_ps(_mm_max_ps(v, zero), a));
        }
        __m128i low = _mm_packs_epi32(packed[0], packed[1]), high = _mm_packs_epi32(packed[2], packed[3]);
        _mm_storeu_si128((__m128i *)(out + 4 * p), _mm_packus_epi16(low, high));
    }
#endif
    for (; p < pixels; p++) {
        const float *v = values + 4 * p;
        float a = v[3] < 0.0f ? 0.0f : (v[3] > 255.0f ? 255.0f : v[3]);
        float r = v[0] < 0.0f ? 0.0f : (v[0] > a ? a : v[0]);
        float g = v[1] < 0.0f ? 0.0f : (v[1] > a ? a : v[1]);
        float b = v[2] < 0.0f ? 0.0f : (v[2] > a ? a : v[2]);
        uint8_t *o = out + 4 * p;
        o[0] = (uint8_t)(r + 0.5f);
        o[1] = (uint8_t)(g + 0.5f);
        o[2] = (uint8_t)(b + 0.5f);
        o[3] = (uint8_t)(a + 0.5f);
    }
}

#if defined(__SSE2__)
// Eight pixels of 16-bit sums → bytes: min(255, sum·inverse + 0.5) truncated, in float.
static inline void strata_store_divided8(uint8_t *out, __m128i a0, __m128i a1, __m128i a2, __m128i a3, float inverse) {
    const __m128i zero = _mm_setzero_si128();
    const __m128 scale = _mm_set1_ps(inverse), half = _mm_set1_ps(0.5f);
    __m128i sums[4] = {a0, a1, a2, a3}, words[4];
    for (int k = 0; k < 4; k++) {
        const __m128 low = _mm_add_ps(_mm_mul_ps(_mm_cvtepi32_ps(_mm_unpacklo_epi16(sums[k], zero)), scale), half);
        const __m128 high = _mm_add_ps(_mm_mul_ps(_mm_cvtepi32_ps(_mm_unpackhi_epi16(sums[k], zero)), scale), half);
        words[k] = _mm_packs_epi32(_mm_cvttps_epi32(low), _mm_cvttps_epi32(high));
    }
    _mm_storeu_si128((__m128i *)out, _mm_packus_epi16(words[0], words[1]));
    _mm_storeu_si128((__m128i *)(out + 16), _mm_packus_epi16(words[2], words[3]));
}
#endif

static inline uint8_t strata_divided(uint32_t sum, float inverse) {
    float value = (float)(uint16_t)sum * inverse + 0.5f;
    return (uint8_t)(value > 255.0f ? 255.0f : value);
}

void strata_slide_u16(uint8_t *restrict out, uint16_t *restrict sums, const uint8_t *enter, const uint8_t *leave,
                      size_t width, uint32_t divisor) {
    const float inverse = 1.0f / (float)divisor;
    size_t x = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    for (; x + 8 <= width; x += 8) {
        __m128i *s = (__m128i *)(sums + 4 * x);
        __m128i a0 = _mm_loadu_si128(s), a1 = _mm_loadu_si128(s + 1), a2 = _mm_loadu_si128(s + 2), a3 = _mm_loadu_si128(s + 3);
        if (enter) {
            const __m128i e0 = _mm_loadu_si128((const __m128i *)(enter + 4 * x)), e1 = _mm_loadu_si128((const __m128i *)(enter + 4 * x + 16));
            a0 = _mm_add_epi16(a0, _mm_unpacklo_epi8(e0, zero));
            a1 = _mm_add_epi16(a1, _mm_unpackhi_epi8(e0, zero));
            a2 = _mm_add_epi16(a2, _mm_unpacklo_epi8(e1, zero));
            a3 = _mm_add_epi16(a3, _mm_unpackhi_epi8(e1, zero));
        }
        if (leave) {
            const __m128i l0 = _mm_loadu_si128((const __m128i *)(leave + 4 * x)), l1 = _mm_loadu_si128((const __m128i *)(leave + 4 * x + 16));
            a0 = _mm_sub_epi16(a0, _mm_unpacklo_epi8(l0, zero));
            a1 = _mm_sub_epi16(a1, _mm_unpackhi_epi8(l0, zero));
            a2 = _mm_sub_epi16(a2, _mm_unpacklo_epi8(l1, zero));
            a3 = _mm_sub_epi16(a3, _mm_unpackhi_epi8(l1, zero));
        }
        _mm_storeu_si128(s, a0); _mm_storeu_si128(s + 1, a1); _mm_storeu_si128(s + 2, a2); _mm_storeu_si128(s + 3, a3);
        strata_store_divided8(out + 4 * x, a0, a1, a2, a3, inverse);
    }
#endif
    for (size_t i = 4 * x; i < 4 * width; i++) {
        uint16_t sum = sums[i];
        if (enter) sum = (uint16_t)(sum + enter[i]);
        if (leave) sum = (uint16_t)(sum - leave[i]);
        sums[i] = sum;
        out[i] = strata_divided(sum, inverse);
    }
}

void strata_row_exact_u16(uint8_t *restrict out, size_t width, const uint8_t *const *taps,
                          const uint16_t *times, size_t count, uint32_t divisor) {
    const float inverse = 1.0f / (float)divisor;
    size_t x = 0;
#if defined(__SSE2__)
    // Eight pixels (32 bytes) at a time: 16-bit sums held in registers across every tap, then
    // one float multiply per value, as in the scalar loop below.
    const __m128i zero = _mm_setzero_si128();
    for (; x + 8 <= width; x += 8) {
        __m128i a0 = zero, a1 = zero, a2 = zero, a3 = zero;
        for (size_t t = 0; t < count; t++) {
            const uint8_t *q = taps[t] + 4 * x;
            const __m128i s0 = _mm_loadu_si128((const __m128i *)q), s1 = _mm_loadu_si128((const __m128i *)(q + 16));
            const __m128i m = _mm_set1_epi16((short)times[t]);
            a0 = _mm_add_epi16(a0, _mm_mullo_epi16(_mm_unpacklo_epi8(s0, zero), m));
            a1 = _mm_add_epi16(a1, _mm_mullo_epi16(_mm_unpackhi_epi8(s0, zero), m));
            a2 = _mm_add_epi16(a2, _mm_mullo_epi16(_mm_unpacklo_epi8(s1, zero), m));
            a3 = _mm_add_epi16(a3, _mm_mullo_epi16(_mm_unpackhi_epi8(s1, zero), m));
        }
        strata_store_divided8(out + 4 * x, a0, a1, a2, a3, inverse);
    }
#endif
    for (; x < width; x++) {
        for (int c = 0; c < 4; c++) {
            uint32_t sum = 0;
            for (size_t t = 0; t < count; t++) sum += (uint32_t)taps[t][4 * x + c] * times[t];
            out[4 * x + c] = strata_divided(sum, inverse);
        }
    }
}

void strata_row_weighted_u16(uint8_t *restrict out, size_t width, const uint8_t *const *taps,
                             const uint16_t *weights, size_t count, uint16_t bias) {
    size_t x = 0;
#if defined(__SSE2__)
    // Eight pixels (32 bytes) at a time, the sums held in four registers across every tap.
    // Each byte goes to the high half of a 16-bit lane (unpack with zero below it), so
    // mulhi(byte·256, W) = ⌊byte·W/256⌋ in 1/256 units; the sums stay below 65536 because the
    // weights sum to at most 65536.
    const __m128i zero = _mm_setzero_si128(), round = _mm_set1_epi16((short)bias);
    for (; x + 8 <= width; x += 8) {
        __m128i a0 = zero, a1 = zero, a2 = zero, a3 = zero;
        for (size_t t = 0; t < count; t++) {
            const __m128i w = _mm_set1_epi16((short)weights[t]);
            const uint8_t *q = taps[t] + 4 * x;
            const __m128i s0 = _mm_loadu_si128((const __m128i *)q), s1 = _mm_loadu_si128((const __m128i *)(q + 16));
            a0 = _mm_add_epi16(a0, _mm_mulhi_epu16(_mm_unpacklo_epi8(zero, s0), w));
            a1 = _mm_add_epi16(a1, _mm_mulhi_epu16(_mm_unpackhi_epi8(zero, s0), w));
            a2 = _mm_add_epi16(a2, _mm_mulhi_epu16(_mm_unpacklo_epi8(zero, s1), w));
            a3 = _mm_add_epi16(a3, _mm_mulhi_epu16(_mm_unpackhi_epi8(zero, s1), w));
        }
        a0 = _mm_srli_epi16(_mm_adds_epu16(a0, round), 8);
        a1 = _mm_srli_epi16(_mm_adds_epu16(a1, round), 8);
        a2 = _mm_srli_epi16(_mm_adds_epu16(a2, round), 8);
        a3 = _mm_srli_epi16(_mm_adds_epu16(a3, round), 8);
        _mm_storeu_si128((__m128i *)(out + 4 * x), _mm_packus_epi16(a0, a1));
        _mm_storeu_si128((__m128i *)(out + 4 * x + 16), _mm_packus_epi16(a2, a3));
    }
#endif
    for (; x < width; x++) {
        for (int c = 0; c < 4; c++) {
            uint32_t sum = 0;
            for (size_t t = 0; t < count; t++) sum += ((uint32_t)taps[t][4 * x + c] * 256u * weights[t]) >> 16;
            sum += bias;
            if (sum > 65535u) sum = 65535u;
            out[4 * x + c] = (uint8_t)(sum >> 8);
        }
    }
}

#if defined(__SSE2__)
static inline __m128 strata_load_pixel(const uint8_t *p) {
    const __m128i zero = _mm_setzero_si128();
    __m128i bytes = _mm_cvtsi32_si128(*(const int32_t *)p);
    return _mm_cvtepi32_ps(_mm_unpacklo_epi16(_mm_unpacklo_epi8(bytes, zero), zero));
}
#endif

void strata_splat_row(float *restrict cells, const uint8_t *restrict src, size_t width,
                      const int32_t *restrict cell, const float *restrict frac, float scale) {
    if (width == 0) return;
#if defined(__SSE2__)
    // The cells are visited in order, so the two being filled stay in registers.
    const __m128 s = _mm_set1_ps(scale), one = _mm_set1_ps(1.0f);
    int32_t current = cell[0];
    __m128 left = _mm_loadu_ps(cells + 4 * current), right = _mm_loadu_ps(cells + 4 * current + 4);
    for (size_t x = 0; x < width; x++) {
        if (cell[x] != current) {
            _mm_storeu_ps(cells + 4 * current, left);
            _mm_storeu_ps(cells + 4 * current + 4, right);
            current = cell[x];
            left = _mm_loadu_ps(cells + 4 * current);
            right = _mm_loadu_ps(cells + 4 * current + 4);
        }
        const __m128 value = _mm_mul_ps(strata_load_pixel(src + 4 * x), s), f = _mm_set1_ps(frac[x]);
        left = _mm_add_ps(left, _mm_mul_ps(value, _mm_sub_ps(one, f)));
        right = _mm_add_ps(right, _mm_mul_ps(value, f));
    }
    _mm_storeu_ps(cells + 4 * current, left);
    _mm_storeu_ps(cells + 4 * current + 4, right);
#else
    for (size_t x = 0; x < width; x++) {
        float *c = cells + 4 * cell[x];
        for (int k = 0; k < 4; k++) {
            float value = (float)src[4 * x + k] * scale;
            c[k] += value * (1.0f - frac[x]);
            c[4 + k] += value * frac[x];
        }
    }
#endif
}

void strata_add_scaled(float *restrict dst, const float *restrict src, size_t n, float weight) {
    for (size_t i = 0; i < n; i++) dst[i] += src[i] * weight;
}

void strata_lerp_rows(float *restrict out, const float *restrict a, const float *restrict b, size_t n, float t) {
    for (size_t i = 0; i < n; i++) out[i] = a[i] + (b[i] - a[i]) * t;
}

void strata_expand_row(uint8_t *restrict out, const float *restrict cells, const int32_t *restrict left,
                       const int32_t *restrict right, const float *restrict frac, size_t width) {
    size_t x = 0;
#if defined(__SSE2__)
    const __m128 zero = _mm_setzero_ps(), top = _mm_set1_ps(255.0f);
    for (; x < width; x++) {
        const __m128 a = _mm_loadu_ps(cells + 4 * left[x]), b = _mm_loadu_ps(cells + 4 * right[x]);
        const __m128 v = _mm_add_ps(a, _mm_mul_ps(_mm_sub_ps(b, a), _mm_set1_ps(frac[x])));
        const __m128 alpha = _mm_min_ps(_mm_max_ps(_mm_shuffle_ps(v, v, _MM_SHUFFLE(3, 3, 3, 3)), zero), top);
        const __m128i i = _mm_cvtps_epi32(_mm_min_ps(_mm_max_ps(v, zero), alpha));
        const __m128i packed = _mm_packus_epi16(_mm_packs_epi32(i, i), i);
        *(int32_t *)(out + 4 * x) = _mm_cvtsi128_si32(packed);
    }
#endif
    for (; x < width; x++) {
        float v[4];
        for (int k = 0; k < 4; k++) {
            float a = cells[4 * left[x] + k], b = cells[4 * right[x] + k];
            v[k] = a + (b - a) * frac[x];
        }
        float alpha = v[3] < 0.0f ? 0.0f : (v[3] > 255.0f ? 255.0f : v[3]);
        for (int k = 0; k < 3; k++) {
            float c = v[k] < 0.0f ? 0.0f : (v[k] > alpha ? alpha : v[k]);
            out[4 * x + k] = (uint8_t)(c + 0.5f);
        }
        out[4 * x + 3] = (uint8_t)(alpha + 0.5f);
    }
}

void strata_weighted_rows(float *restrict out, const float *const *rows, const float *restrict weights,
                          size_t count, size_t n) {
    size_t i = 0;
#if defined(__SSE2__)
    // 32 floats a step in eight independent sums, so that the adds of one tap do not wait on the
    // tap before (each element is still summed over k in order: the same floats as one at a time).
    for (; i + 32 <= n; i += 32) {
        __m128 s0 = _mm_setzero_ps(), s1 = _mm_setzero_ps(), s2 = _mm_setzero_ps(), s3 = _mm_setzero_ps();
        __m128 s4 = _mm_setzero_ps(), s5 = _mm_setzero_ps(), s6 = _mm_setzero_ps(), s7 = _mm_setzero_ps();
        for (size_t k = 0; k < count; k++) {
            const __m128 w = _mm_set1_ps(weights[k]);
            const float *row = rows[k] + i;
            s0 = _mm_add_ps(s0, _mm_mul_ps(_mm_loadu_ps(row), w));
            s1 = _mm_add_ps(s1, _mm_mul_ps(_mm_loadu_ps(row + 4), w));
            s2 = _mm_add_ps(s2, _mm_mul_ps(_mm_loadu_ps(row + 8), w));
            s3 = _mm_add_ps(s3, _mm_mul_ps(_mm_loadu_ps(row + 12), w));
            s4 = _mm_add_ps(s4, _mm_mul_ps(_mm_loadu_ps(row + 16), w));
            s5 = _mm_add_ps(s5, _mm_mul_ps(_mm_loadu_ps(row + 20), w));
            s6 = _mm_add_ps(s6, _mm_mul_ps(_mm_loadu_ps(row + 24), w));
            s7 = _mm_add_ps(s7, _mm_mul_ps(_mm_loadu_ps(row + 28), w));
        }
        _mm_storeu_ps(out + i, s0);
        _mm_storeu_ps(out + i + 4, s1);
        _mm_storeu_ps(out + i + 8, s2);
        _mm_storeu_ps(out + i + 12, s3);
        _mm_storeu_ps(out + i + 16, s4);
        _mm_storeu_ps(out + i + 20, s5);
        _mm_storeu_ps(out + i + 24, s6);
        _mm_storeu_ps(out + i + 28, s7);
    }
    for (; i + 8 <= n; i += 8) {
        __m128 a = _mm_setzero_ps(), b = _mm_setzero_ps();
        for (size_t k = 0; k < count; k++) {
            const __m128 w = _mm_set1_ps(weights[k]);
            a = _mm_add_ps(a, _mm_mul_ps(_mm_loadu_ps(rows[k] + i), w));
            b = _mm_add_ps(b, _mm_mul_ps(_mm_loadu_ps(rows[k] + i + 4), w));
        }
        _mm_storeu_ps(out + i, a);
        _mm_storeu_ps(out + i + 4, b);
    }
#endif
    for (; i < n; i++) {
        float sum = 0.0f;
        for (size_t k = 0; k < count; k++) sum += rows[k][i] * weights[k];
        out[i] = sum;
    }
}

