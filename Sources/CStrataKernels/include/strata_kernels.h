#ifndef STRATA_KERNELS_H
#define STRATA_KERNELS_H
#include <stddef.h>
#include <stdint.h>

/// dst[i] += src[i] × times, for i < n (16-bit sums of bytes; no overflow below 257 terms of 255).
void strata_accumulate_u16(uint16_t *dst, const uint8_t *src, size_t n, uint16_t times);

/// out[i] = round(acc[i] / divisor) for i < n (divisor odd, so there are no ties).
void strata_divide_u16(uint8_t *out, const uint16_t *acc, size_t n, uint32_t divisor);

/// Premultiplied float RGBA → bytes: rounded, clamped to 0…255, colour never above alpha.
void strata_store_premultiplied(uint8_t *out, const float *values, size_t pixels);

/// Fixed-point sum of shifted copies: for each output pixel x of each row y,
/// out = min(255, (Σ_t ⌊src[y·src_stride + 4x + offsets[t]]·256·weights[t] / 65536⌋ + bias) / 256),
/// per byte. The weights (1/65536 units) must sum to at most 65536 and bias must be below 256; every
/// read must lie inside the caller's (padded) buffer.
void strata_shifted_sum_u16(uint8_t *out, size_t out_stride, size_t width, size_t rows,
                            const uint8_t *src, size_t src_stride, const ptrdiff_t *offsets,
                            const uint16_t *weights, size_t taps, uint16_t bias);

#endif
