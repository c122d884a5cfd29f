#ifndef STRATA_KERNELS_H
#define STRATA_KERNELS_H
#include <stddef.h>
#include <stdint.h>

/// One output row of a sum of shifted copies with integer multiplicities: for each byte i of the
/// row, out[i] = round(Σ_t taps[t][i] × times[t] / divisor) (as min(255, sum·(1/divisor) + 0.5) in
/// float). Σ times must be at most 257 (16-bit sums). Each tap points at its row's first pixel.
void strata_row_exact_u16(uint8_t *out, size_t width, const uint8_t *const *taps,
                          const uint16_t *times, size_t count, uint32_t divisor);

/// One step of a sliding sum down the rows: sums[i] += enter[i] − leave[i] (16 bits; a NULL row
/// adds or removes nothing), then out[i] = round(sums[i] / divisor) as in strata_row_exact_u16.
void strata_slide_u16(uint8_t *out, uint16_t *sums, const uint8_t *enter, const uint8_t *leave,
                      size_t width, uint32_t divisor);

/// One output row of a fixed-point sum of shifted copies: for each byte i of the row,
/// out[i] = min(255, (Σ_t ⌊taps[t][i]·256·weights[t] / 65536⌋ + bias) / 256). The weights
/// (1/65536 units) must sum to at most 65536 and bias must be below 256.
void strata_row_weighted_u16(uint8_t *out, size_t width, const uint8_t *const *taps,
                             const uint16_t *weights, size_t count, uint16_t bias);

/// Premultiplied float RGBA → bytes: rounded, clamped to 0…255, colour never above alpha.
void strata_store_premultiplied(uint8_t *out, const float *values, size_t pixels);

/// Splats an RGBA byte row onto float RGBA cells: pixel x adds value·scale·(1 − frac[x]) to cell
/// cell[x] and value·scale·frac[x] to cell cell[x] + 1. cell[] must be non-decreasing.
void strata_splat_row(float *cells, const uint8_t *src, size_t width, const int32_t *cell,
                      const float *frac, float scale);

/// Alpha values (0…1; below 0 and NaN count as 0, above 1 as 1) → bytes: value · 255 rounded half up.
void strata_store_alpha(uint8_t *out, const float *values, size_t n);

/// Writes the row-major `width × height` plane `src` transposed (`height × width`) into `dst`
/// (not overlapping).
void strata_transpose_f32(const float *src, size_t width, size_t height, float *dst);

/// Blurs the row-major `width × height` plane in place by box passes of `radii[0..<count]` down
/// its columns, then the same passes along its rows (each pass: out[i] = max(0, Σ in[i−r … i+r] /
/// (2r+1)) as a running sum — the value entering added, the result written, the value leaving
/// subtracted; zero outside). `scratch` holds `width × height + max(width, height)` floats.
void strata_box_blur_f32(float *plane, size_t width, size_t height, const size_t *radii, size_t count,
                         float *scratch);

/// dst[i] += src[i] × weight, for i < n.
void strata_add_scaled(float *dst, const float *src, size_t n, float weight);

/// out[i] = a[i] + (b[i] − a[i]) × t, for i < n.
void strata_lerp_rows(float *out, const float *a, const float *b, size_t n, float t);

/// Interpolates float RGBA cells along a row and stores premultiplied bytes: pixel x is
/// cells[left[x]] + (cells[right[x]] − cells[left[x]]) × frac[x], rounded, clamped to 0…255 and
/// colour to 0…alpha.
void strata_expand_row(uint8_t *out, const float *cells, const int32_t *left, const int32_t *right,
                       const float *frac, size_t width);

/// out[i] = Σₖ rows[k][i] × weights[k], for i < n.
void strata_weighted_rows(float *out, const float *const *rows, const float *weights, size_t count, size_t n);

/// OVER of `width × height` premultiplied ARGB32 source pixels, each channel first scaled by
/// `alpha`/255, onto the destination, with pixman's arithmetic (Cairo's paint_with_alpha of an
/// image at an integer offset, unclipped): the same bytes. Strides are in pixels.
void strata_over_alpha(uint32_t *dst, size_t dst_stride, const uint32_t *src, size_t src_stride, size_t width,
                       size_t height, uint8_t alpha);

/// strata_over_alpha on a given path: 0 plain C, 1 AVX2 (when the machine has it, else plain C).
/// The bytes are the same on every path.
void strata_over_alpha_with_path(uint32_t *dst, size_t dst_stride, const uint32_t *src, size_t src_stride,
                                 size_t width, size_t height, uint8_t alpha, int path);

/// strata_over_alpha_with_path for another operator `op`: 0 OVER, 1 MULTIPLY, 2 SCREEN, each
/// with pixman's arithmetic for it (Cairo's paint_with_alpha of an image with that operator,
/// unclipped): the same bytes on every path.
void strata_composite_with_path(uint32_t *dst, size_t dst_stride, const uint32_t *src, size_t src_stride, size_t width,
                                size_t height, uint8_t alpha, int op, int path);

/// A premultiplied ARGB32 source (`width × height`) drawn through an 8-bit coverage mask with
/// `alpha`, as Cairo's span renderers draw an image at an integer offset through a path clip
/// (paint_with_alpha): the same bytes. Cairo rounds its own products
/// with 127: the mask is m = coverage·alpha/255 so rounded; then, where `clear` (a surface Cairo
/// knows to be clear), each pixel becomes s·m/255 so rounded (s where m is 255), else pixman's
/// masked OVER with m. Strides in pixels (mask: bytes). `path` 0 is plain C, 1 AVX2 where the
/// machine has it: the same bytes.
void strata_over_masked_with_path(uint32_t *dst, size_t dst_stride, const uint32_t *src, size_t src_stride, const uint8_t *mask,
                                  size_t mask_stride, size_t width, size_t height, uint8_t alpha, int clear, int path);

/// Premultiplied ARGB32 `src` (src_width × src_height, stride in pixels) sampled bilinearly into
/// every pixel of `dst` (width × height), as pixman's bilinear fetch of a padded image samples it:
/// destination pixel (i, j) at t · (offset_x + i + ½, offset_y + j + ½) in 16.16 fixed point (t:
/// the transform's first two rows, xx xy x0 yx yy y0), the row's first point transformed as
/// pixman transforms a point and the rest stepped by the first column; 7-bit weights; indices
/// clamped to the edges; each channel the weighted sum of the four pixels floored. `path` 0 is
/// plain C, 1 AVX2 where the machine has it: the same bytes. Returns 0, writing nothing of the
/// row, when a position leaves 32 bits (pixman stops there; the caller draws with Cairo instead).
/// (x, y) (16.16, with 1 as the third coordinate) through `t` (xx xy x0 yx yy y0) as pixman
/// transforms a point; 0 when a result does not fit 32 bits.
int strata_transform_point_16_16(const int32_t t[6], int64_t x, int64_t y, int32_t *out_x, int32_t *out_y);

int strata_bilinear_affine_pad(uint32_t *dst, size_t dst_stride, int width, int height, const uint32_t *src, size_t src_stride,
                               int src_width, int src_height, const int32_t t[6], int offset_x, int offset_y, int path);

/// 1 when `path` (0 plain C, 1 AVX2) runs on this machine.
int strata_over_alpha_path_available(int path);

/// Projective warp of premultiplied ARGB32 pixels into `dst` (width × height, stride in pixels):
/// each destination pixel centre (x + ½, y + ½) maps through `g` (row vectors, row-major 3×3:
/// (x, y, 1)·g = (u, v, q)) to the source point (u/q, v/q), in source pixels, sampled bilinearly
/// (8-bit weights) with transparent pixels outside the source. Destination pixels whose q is not
/// in (0, q_max] (behind the eye or nearer than the near plane) and those that sample nothing
/// are left as they are; the others are replaced.
void strata_warp_projective(uint32_t *dst, size_t dst_stride, size_t width, size_t height,
                            const uint32_t *src, size_t src_stride, size_t src_width, size_t src_height,
                            const double g[9], double q_max);

/// `strata_warp_projective` through a chosen path (0 plain C, 1 AVX2, four pixels at a time; an
/// unavailable path falls back to plain C). Every path gives the same bytes.
void strata_warp_projective_with_path(uint32_t *dst, size_t dst_stride, size_t width, size_t height,
                                      const uint32_t *src, size_t src_stride, size_t src_width, size_t src_height,
                                      const double g[9], double q_max, int path);

/// 1 when warp `path` (0 plain C, 1 AVX2) runs on this machine.
int strata_warp_path_available(int path);

/// A gradient through a colour table: every pixel (i, j) of the width × height premultiplied
/// ARGB32 image `dst` (stride in pixels) whose centre (x0 + i + ½, y0 + j + ½) maps through `m`
/// (xx, yx, xy, yy, x0, y0, as cairo_matrix_t) to the pattern point p gets the entry of `lut`
/// (`count` colours, entry k at t = k / (count − 1), the nearest) for t clamped to 0…1 (pad):
/// linear, t = p.x; radial (`radial` 1), the t whose circle — centred at the focal point
/// (fx, fy) moved t of the way to the origin, radius t — passes through p (Cairo's radial
/// gradient from the focal point, radius 0, to the unit circle).
void strata_gradient_fill(uint32_t *dst, size_t stride, size_t width, size_t height, double x0, double y0,
                          const double m[6], int radial, double fx, double fy, const uint32_t *lut, size_t count);

/// strata_gradient_fill on a given path: 0 one pixel at a time, 1 two at a time (SSE2), 2 eight
/// at a time where the machine has AVX2 (centred radials). The bytes are the same on every path.
void strata_gradient_fill_with_path(uint32_t *dst, size_t stride, size_t width, size_t height, double x0, double y0,
                                    const double m[6], int radial, double fx, double fy, const uint32_t *lut, size_t count,
                                    int path);

/// A gradient's colour table: `count` premultiplied ARGB32 entries, entry k at t = k / (count − 1),
/// from `stops` stops in offset order (`offsets`, and `channels`: alpha, red, green, blue of each,
/// straight, 0…255): the stops around t interpolated linearly (the first before the first stop,
/// the last after the last), then alpha and each channel times alpha / 255 rounded half up.
void strata_gradient_table(uint32_t *out, size_t count, const double *offsets, const float *channels, size_t stops);

/// strata_gradient_table on a given path: 0 one entry at a time, 2 eight at a time where the
/// machine has AVX2. The entries are the same on every path.
void strata_gradient_table_with_path(uint32_t *out, size_t count, const double *offsets, const float *channels, size_t stops,
                                     int path);

#include "strata_raster.h"

#endif
