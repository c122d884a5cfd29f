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

/// Splats an RGBA byte row onto float RGBA cells: pixel x adds value·scale·(1 − frac[x]) to cell
/// cell[x] and value·scale·frac[x] to cell cell[x] + 1. cell[] must be non-decreasing.
void strata_splat_row(float *cells, const uint8_t *src, size_t width, const int32_t *cell,
                      const float *frac, float scale);

/// dst[i] += src[i] × weight, for i < n.
void strata_add_scaled(float *dst, const float *src, size_t n, float weight);

/// out[i] = a[i] + (b[i] − a[i]) × t, for i < n.
void strata_lerp_rows(float *out, const float *a, const float *b, size_t n, float t);

/// Interpolates float RGBA cells along a row and stores premultiplied bytes: pixel x is
/// cells[left[x]] + (cells[right[x]] − cells[left[x]]) × frac[x], rounded, clamped to 0…255 and
/// colour to 0…alpha.
void strata_expand_row(uint8_t *out, const float *cells, const int32_t *left, const int32_t *right,
                       const float *frac, size_t width);

#endif
