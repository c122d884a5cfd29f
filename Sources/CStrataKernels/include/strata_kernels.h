#ifndef STRATA_KERNELS_H
#define STRATA_KERNELS_H
#include <stddef.h>
#include <stdint.h>

/// dst[i] += src[i] × times, for i < n (16-bit sums of bytes; no overflow below 257 terms of 255).
void strata_accumulate_u16(uint16_t *dst, const uint8_t *src, size_t n, uint16_t times);

/// out[i] = round(acc[i] / divisor) for i < n (divisor odd, so there are no ties).
void strata_divide_u16(uint8_t *out, const uint16_t *acc, size_t n, uint32_t divisor);

/// dst[i] += src[i] × weight, for i < n.
void strata_accumulate_f32(float *dst, const uint8_t *src, size_t n, float weight);

/// dst[i] += src[i] × w0 + src[i + 4] × w1, for i < n: two horizontally adjacent RGBA taps at once.
void strata_accumulate_pair_f32(float *dst, const uint8_t *src, size_t n, float w0, float w1);

/// Premultiplied float RGBA → bytes: rounded, clamped to 0…255, colour never above alpha.
void strata_store_premultiplied(uint8_t *out, const float *values, size_t pixels);

#endif
