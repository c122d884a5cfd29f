// Hot inner loops of the filter kernels, written so that the compiler vectorises them (restrict
// pointers, no branches). The Swift code in StrataRaster decides what to add to what.
#include "strata_kernels.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

void strata_accumulate_u16(uint16_t *restrict dst, const uint8_t *restrict src, size_t n, uint16_t times) {
    if (times == 1) {
        for (size_t i = 0; i < n; i++) dst[i] = (uint16_t)(dst[i] + src[i]);
    } else {
        for (size_t i = 0; i < n; i++) dst[i] = (uint16_t)(dst[i] + src[i] * times);
    }
}

void strata_divide_u16(uint8_t *restrict out, const uint16_t *restrict acc, size_t n, uint32_t divisor) {
    const float inverse = 1.0f / (float)divisor;
    for (size_t i = 0; i < n; i++) {
        float value = (float)acc[i] * inverse + 0.5f;
        out[i] = (uint8_t)(value > 255.0f ? 255.0f : value);
    }
}

void strata_accumulate_f32(float *restrict dst, const uint8_t *restrict src, size_t n, float weight) {
    for (size_t i = 0; i < n; i++) dst[i] += (float)src[i] * weight;
}

void strata_accumulate_pair_f32(float *restrict dst, const uint8_t *restrict src, size_t n, float w0, float w1) {
    for (size_t i = 0; i < n; i++) dst[i] += (float)src[i] * w0 + (float)src[i + 4] * w1;
}

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
