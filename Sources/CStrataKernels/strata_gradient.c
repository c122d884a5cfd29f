// Gradients through a colour table: the parameter of every pixel's centre, then the table's
// entry for it (see strata_kernels.h).
#include "strata_kernels.h"
#include "strata_cpu.h"
#include <math.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#endif

static inline uint32_t entry(const uint32_t *lut, size_t count, double t) {
    // Pad: below 0 the first colour, above 1 the last; NaN (a degenerate radial) the first.
    if (!(t > 0)) return lut[0];
    if (t >= 1) return lut[count - 1];
    return lut[(size_t)(t * (double)(count - 1) + 0.5)];
}

#if defined(__x86_64__)
// A centred radial row, eight pixels at a time, with the square root taken in single precision:
// each pixel's q = px² + py² is the double the scalar loop computes (the same operations in the
// same order, no fused multiply-add), and its index k = min(count − 1, ⌊√q·last + ½⌋) is read from
// Y = √q·last + ½ in floats. Converting q to a float, its square root, the product and the sum
// each err by at most half a unit in the last place, 2.5·2⁻²⁴·Y + 2⁻¹³ in all, under 0.00085
// for Y < 4,096 (count ≤ 4,096), while the double computation errs by about 10⁻¹². Where Y's
// fraction lies within 0.002 of a whole number (about one pixel in 250), or Y is not a number,
// the pixel is computed as the scalar loop computes it; everywhere else both give the same k.
// So the bytes are the scalar loop's, at the speed of single-precision roots.
__attribute__((target("avx2"))) static size_t centred_rows_avx2(uint32_t *row, size_t width, double px0, double py0, double xx,
                                                                double yx, const uint32_t *lut, size_t count) {
    const double last = (double)(count - 1);
    const __m256d vx0 = _mm256_set1_pd(px0), vy0 = _mm256_set1_pd(py0), vxx = _mm256_set1_pd(xx), vyx = _mm256_set1_pd(yx);
    const __m256 scale = _mm256_set1_ps((float)last), half = _mm256_set1_ps(0.5f);
    const __m256 low = _mm256_set1_ps(0.002f), high = _mm256_set1_ps(0.998f), top = _mm256_set1_ps((float)last + 0.002f);
    const __m256i lastIndex = _mm256_set1_epi32((int)(count - 1));
    // The pixels' indices as doubles, stepped by 8 (whole numbers: exact, the scalar loop's (double)i).
    const __m256d step = _mm256_set1_pd(8);
    __m256d i0 = _mm256_set_pd(3, 2, 1, 0), i1 = _mm256_set_pd(7, 6, 5, 4);
    size_t i = 0;
    for (; i + 8 <= width; i += 8, i0 = _mm256_add_pd(i0, step), i1 = _mm256_add_pd(i1, step)) {
        const __m256d px0v = _mm256_add_pd(vx0, _mm256_mul_pd(vxx, i0)), py0v = _mm256_add_pd(vy0, _mm256_mul_pd(vyx, i0));
        const __m256d px1v = _mm256_add_pd(vx0, _mm256_mul_pd(vxx, i1)), py1v = _mm256_add_pd(vy0, _mm256_mul_pd(vyx, i1));
        const __m256d q0 = _mm256_add_pd(_mm256_mul_pd(px0v, px0v), _mm256_mul_pd(py0v, py0v));
        const __m256d q1 = _mm256_add_pd(_mm256_mul_pd(px1v, px1v), _mm256_mul_pd(py1v, py1v));
        const __m256 q = _mm256_set_m128(_mm256_cvtpd_ps(q1), _mm256_cvtpd_ps(q0));
        const __m256 y = _mm256_add_ps(_mm256_mul_ps(_mm256_sqrt_ps(q), scale), half);
        // Past the last entry (by more than the error): the last colour, with no conversion.
        const __m256 beyond = _mm256_cmp_ps(y, top, _CMP_GE_OQ);
        const __m256 inside = _mm256_andnot_ps(beyond, y);
        const __m256i k = _mm256_cvttps_epi32(inside);
        const __m256 fraction = _mm256_sub_ps(inside, _mm256_cvtepi32_ps(k));
        const __m256 safe = _mm256_or_ps(beyond, _mm256_and_ps(_mm256_cmp_ps(fraction, low, _CMP_GE_OQ),
                                                               _mm256_cmp_ps(fraction, high, _CMP_LE_OQ)));
        const __m256i index = _mm256_min_epi32(_mm256_blendv_epi8(k, lastIndex, _mm256_castps_si256(beyond)), lastIndex);
        const int safeMask = _mm256_movemask_ps(safe);
        if (safeMask == 0xff) {  // the usual case: eight entries in one gather
            _mm256_storeu_si256((__m256i *)(void *)(row + i), _mm256_i32gather_epi32((const int *)(const void *)lut, index, 4));
            continue;
        }
        uint32_t n[8];
        _mm256_storeu_si256((__m256i *)(void *)n, index);
        for (int lane = 0; lane < 8; lane++) {
            if (safeMask >> lane & 1) {
                row[i + lane] = lut[n[lane]];
            } else {
                const double px = px0 + xx * (double)(i + lane), py = py0 + yx * (double)(i + lane);
                const double t = sqrt(px * px + py * py);
                row[i + lane] = lut[t >= 1 ? count - 1 : (size_t)(t * last + 0.5)];
            }
        }
    }
    return i;
}

// A focal radial row, four pixels at a time: the operations of the two-at-a-time loop in its
// order, on four lanes (exact either way: the same bytes).
__attribute__((target("avx2"))) static size_t focal_rows_avx2(uint32_t *row, size_t width, double px0, double py0, double xx,
                                                              double yx, double fx, double fy, double a, const uint32_t *lut,
                                                              size_t count) {
    const __m256d vfx = _mm256_set1_pd(fx), vfy = _mm256_set1_pd(fy), two = _mm256_set1_pd(2), four_a = _mm256_set1_pd(4 * a);
    const __m256d two_a = _mm256_set1_pd(2 * a), zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1);
    const __m256d scale = _mm256_set1_pd((double)(count - 1)), half = _mm256_set1_pd(0.5);
    const __m256d vx0 = _mm256_set1_pd(px0), vy0 = _mm256_set1_pd(py0), vxx = _mm256_set1_pd(xx), vyx = _mm256_set1_pd(yx);
    const __m256d step = _mm256_set1_pd(4);
    __m256d index = _mm256_set_pd(3, 2, 1, 0);  // the pixels' indices, exact as (double)i
    size_t i = 0;
    for (; i + 4 <= width; i += 4, index = _mm256_add_pd(index, step)) {
        const __m256d qx = _mm256_sub_pd(_mm256_add_pd(vx0, _mm256_mul_pd(vxx, index)), vfx);
        const __m256d qy = _mm256_sub_pd(_mm256_add_pd(vy0, _mm256_mul_pd(vyx, index)), vfy);
        const __m256d b = _mm256_mul_pd(two, _mm256_add_pd(_mm256_mul_pd(qx, vfx), _mm256_mul_pd(qy, vfy)));
        const __m256d c = _mm256_add_pd(_mm256_mul_pd(qx, qx), _mm256_mul_pd(qy, qy));
        const __m256d d = _mm256_sub_pd(_mm256_mul_pd(b, b), _mm256_mul_pd(four_a, c));
        const __m256d real = _mm256_cmp_pd(d, zero, _CMP_GE_OQ);
        const __m256d root = _mm256_sqrt_pd(_mm256_and_pd(real, d));
        const __m256d t = _mm256_and_pd(real, _mm256_div_pd(_mm256_sub_pd(_mm256_sub_pd(zero, b), root), two_a));
        const __m256d positive = _mm256_cmp_pd(t, zero, _CMP_GT_OQ), below = _mm256_cmp_pd(t, one, _CMP_LT_OQ);
        const __m128i n = _mm256_cvttpd_epi32(_mm256_add_pd(_mm256_mul_pd(_mm256_and_pd(_mm256_and_pd(positive, below), t), scale), half));
        const int p = _mm256_movemask_pd(positive), l = _mm256_movemask_pd(below);
        if ((p & l) == 0xf) {  // all four inside the table: one gather
            _mm_storeu_si128((__m128i *)(void *)(row + i), _mm_i32gather_epi32((const int *)(const void *)lut, n, 4));
            continue;
        }
        uint32_t k[4];
        _mm_storeu_si128((__m128i *)(void *)k, n);
        for (int lane = 0; lane < 4; lane++)
            row[i + lane] = !(p >> lane & 1) ? lut[0] : !(l >> lane & 1) ? lut[count - 1] : lut[k[lane]];
    }
    return i;
}

// A linear row's pixels strictly between the ends (0 < t < 1), four at a time: t = px0 + xx·i
// and k = ⌊t·last + ½⌋, the scalar loop's double operations in its order (the same bytes). Stops
// at the first group of four with a pixel outside (0, 1), which the scalar loops then take.
__attribute__((target("avx2"))) static size_t linear_run_avx2(uint32_t *row, size_t i, size_t width, double px0, double xx,
                                                              const uint32_t *lut, size_t count) {
    const __m256d vx0 = _mm256_set1_pd(px0), vxx = _mm256_set1_pd(xx), zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1);
    const __m256d scale = _mm256_set1_pd((double)(count - 1)), half = _mm256_set1_pd(0.5);
    const __m256d step = _mm256_set1_pd(4);
    __m256d index = _mm256_set_pd((double)(i + 3), (double)(i + 2), (double)(i + 1), (double)i);  // stepped exactly
    for (; i + 4 <= width; i += 4, index = _mm256_add_pd(index, step)) {
        const __m256d t = _mm256_add_pd(vx0, _mm256_mul_pd(vxx, index));
        const __m256d between = _mm256_and_pd(_mm256_cmp_pd(t, zero, _CMP_GT_OQ), _mm256_cmp_pd(t, one, _CMP_LT_OQ));
        if (_mm256_movemask_pd(between) != 0xf) break;
        const __m128i n = _mm256_cvttpd_epi32(_mm256_add_pd(_mm256_mul_pd(t, scale), half));
        _mm_storeu_si128((__m128i *)(void *)(row + i), _mm_i32gather_epi32((const int *)(const void *)lut, n, 4));
    }
    return i;
}

#endif

/// The first i in 0…width where t = px0 + xx·i (finite, xx ≠ 0) has passed `edge` (0 or 1) going
/// along the row: t > 0 or t ≥ 1 where xx > 0, t < 1 or t ≤ 0 where xx < 0 — the tests
/// `entry` makes, so that the pixels before it take one end's colour and those from it the
/// table or the other end's; width when none has.
static size_t first_linear_index(double px0, double xx, size_t width, int edge) {
    size_t low = 0, high = width;  // the answer lies in low…high
    while (low < high) {
        const size_t middle = low + (high - low) / 2;
        const double t = px0 + xx * (double)middle;
        const int passed = xx > 0 ? (edge == 0 ? t > 0 : t >= 1) : (edge == 1 ? t < 1 : !(t > 0));
        if (passed) high = middle; else low = middle + 1;
    }
    return low;
}

void strata_gradient_fill(uint32_t *dst, size_t stride, size_t width, size_t height, double x0, double y0,
                          const double m[6], int radial, double fx, double fy, const uint32_t *lut, size_t count) {
    strata_gradient_fill_with_path(dst, stride, width, height, x0, y0, m, radial, fx, fy, lut, count, 2);
}

void strata_gradient_fill_with_path(uint32_t *dst, size_t stride, size_t width, size_t height, double x0, double y0,
                                    const double m[6], int radial, double fx, double fy, const uint32_t *lut, size_t count,
                                    int path) {
    if (count == 0) return;
#if defined(__x86_64__)
    const int wide = path >= 2 && count <= 4096 && strata_has_avx2();
#endif
    // Pattern space: px = xx·x + xy·y + tx, py = yx·x + yy·y + ty (cairo_matrix_t's fields).
    const double xx = m[0], yx = m[1], xy = m[2], yy = m[3], tx = m[4], ty = m[5];
    const double last = (double)(count - 1);
    // Radial: the circle of radius t centred at focal + t·(0 − focal) passes through p:
    // t²(f·f − 1) + 2t((p − f)·f) + (p − f)·(p − f) = 0, the larger root.
    const double a = fx * fx + fy * fy - 1;
    const int centred = fx == 0 && fy == 0;
    for (size_t j = 0; j < height; j++) {
        uint32_t *row = dst + j * stride;
        const double y = y0 + (double)j + 0.5;
        const double px0 = xx * (x0 + 0.5) + xy * y + tx, py0 = yx * (x0 + 0.5) + yy * y + ty;
        if (!radial) {
            // t runs linearly along the row: the pixels before 0 and past 1 are the end colours,
            // a run each, and those between index the table without a branch.
            size_t i = 0;
            if (xx == 0) {
                const uint32_t colour = entry(lut, count, px0);
                for (; i < width; i++) row[i] = colour;
                continue;
            }
            if (isfinite(px0) && isfinite(xx)) {
                // t = px0 + xx·i never decreases along the row where xx > 0 and never increases
                // where xx < 0 (rounding keeps the order), so the pixels before 0 and past 1 are
                // two runs of one colour each, found by bisection on the same expression.
                const size_t start = first_linear_index(px0, xx, width, xx > 0 ? 0 : 1), end = first_linear_index(px0, xx, width, xx > 0 ? 1 : 0);
                const uint32_t before = xx > 0 ? lut[0] : lut[count - 1], after = xx > 0 ? lut[count - 1] : lut[0];
                for (; i < start; i++) row[i] = before;
#if defined(__x86_64__)
                if (wide) i = linear_run_avx2(row, i, end, px0, xx, lut, count);
#endif
                for (; i < end; i++) row[i] = lut[(size_t)((px0 + xx * (double)i) * last + 0.5)];
                for (; i < width; i++) row[i] = after;
                continue;
            }
            for (; i < width; i++) row[i] = entry(lut, count, px0 + xx * (double)i);
        } else if (centred) {
            // The common case, without branches the compiler cannot see through: t = |p|.
            size_t i = 0;
#if defined(__x86_64__)
            if (wide) i = centred_rows_avx2(row, width, px0, py0, xx, yx, lut, count);
#endif
#if defined(__SSE2__)
            // Two pixels at a time: the same double operations in the same order as the loop
            // below (IEEE square roots and products are exact to the last bit either way), so
            // the bytes do not change.
            const __m128d one = _mm_set1_pd(1), scale = _mm_set1_pd(last), half = _mm_set1_pd(0.5);
            for (; path >= 1 && i + 2 <= width; i += 2) {
                const __m128d index = _mm_set_pd((double)(i + 1), (double)i);
                const __m128d px = _mm_add_pd(_mm_set1_pd(px0), _mm_mul_pd(_mm_set1_pd(xx), index));
                const __m128d py = _mm_add_pd(_mm_set1_pd(py0), _mm_mul_pd(_mm_set1_pd(yx), index));
                const __m128d t = _mm_sqrt_pd(_mm_add_pd(_mm_mul_pd(px, px), _mm_mul_pd(py, py)));
                const __m128d inside = _mm_cmplt_pd(t, one);
                // Outside the circle the index is clamped before it is converted (no overflow).
                const __m128d k = _mm_add_pd(_mm_mul_pd(_mm_and_pd(inside, t), scale), half);
                const __m128i n = _mm_cvttpd_epi32(k);
                const int mask = _mm_movemask_pd(inside);
                row[i] = (mask & 1) ? lut[(size_t)_mm_cvtsi128_si32(n)] : lut[count - 1];
                row[i + 1] = (mask & 2) ? lut[(size_t)_mm_cvtsi128_si32(_mm_shuffle_epi32(n, 1))] : lut[count - 1];
            }
#endif
            for (; i < width; i++) {
                const double px = px0 + xx * (double)i, py = py0 + yx * (double)i;
                const double t = sqrt(px * px + py * py);
                row[i] = lut[t >= 1 ? count - 1 : (size_t)(t * last + 0.5)];
            }
        } else {
            size_t i = 0;
#if defined(__x86_64__)
            if (a != 0 && wide) i = focal_rows_avx2(row, width, px0, py0, xx, yx, fx, fy, a, lut, count);
#endif
#if defined(__SSE2__)
            if (a != 0 && path >= 1) {
                // Two pixels at a time, the operations of the loop below in its order.
                const __m128d vfx = _mm_set1_pd(fx), vfy = _mm_set1_pd(fy), two = _mm_set1_pd(2), four_a = _mm_set1_pd(4 * a);
                const __m128d two_a = _mm_set1_pd(2 * a), zero = _mm_setzero_pd(), one = _mm_set1_pd(1);
                const __m128d scale = _mm_set1_pd(last), half = _mm_set1_pd(0.5);
                for (; i + 2 <= width; i += 2) {
                    const __m128d index = _mm_set_pd((double)(i + 1), (double)i);
                    const __m128d qx = _mm_sub_pd(_mm_add_pd(_mm_set1_pd(px0), _mm_mul_pd(_mm_set1_pd(xx), index)), vfx);
                    const __m128d qy = _mm_sub_pd(_mm_add_pd(_mm_set1_pd(py0), _mm_mul_pd(_mm_set1_pd(yx), index)), vfy);
                    const __m128d b = _mm_mul_pd(two, _mm_add_pd(_mm_mul_pd(qx, vfx), _mm_mul_pd(qy, vfy)));
                    const __m128d c = _mm_add_pd(_mm_mul_pd(qx, qx), _mm_mul_pd(qy, qy));
                    const __m128d d = _mm_sub_pd(_mm_mul_pd(b, b), _mm_mul_pd(four_a, c));
                    const __m128d real = _mm_cmpge_pd(d, zero);
                    const __m128d root = _mm_sqrt_pd(_mm_and_pd(real, d));
                    const __m128d t = _mm_and_pd(real, _mm_div_pd(_mm_sub_pd(_mm_sub_pd(zero, b), root), two_a));
                    const int positive = _mm_movemask_pd(_mm_cmpgt_pd(t, zero)), below = _mm_movemask_pd(_mm_cmplt_pd(t, one));
                    const __m128d between = _mm_and_pd(_mm_cmpgt_pd(t, zero), _mm_cmplt_pd(t, one));
                    const __m128i n = _mm_cvttpd_epi32(_mm_add_pd(_mm_mul_pd(_mm_and_pd(between, t), scale), half));
                    const size_t n0 = (size_t)_mm_cvtsi128_si32(n), n1 = (size_t)_mm_cvtsi128_si32(_mm_shuffle_epi32(n, 1));
                    row[i] = !(positive & 1) ? lut[0] : !(below & 1) ? lut[count - 1] : lut[n0];
                    row[i + 1] = !(positive & 2) ? lut[0] : !(below & 2) ? lut[count - 1] : lut[n1];
                }
            }
#endif
            for (; i < width; i++) {
                const double qx = px0 + xx * (double)i - fx, qy = py0 + yx * (double)i - fy;
                const double b = 2 * (qx * fx + qy * fy), c = qx * qx + qy * qy;
                double t;
                if (a == 0) {
                    t = b != 0 ? -c / b : 0;
                } else {
                    const double d = b * b - 4 * a * c;
                    t = d >= 0 ? (-b - sqrt(d)) / (2 * a) : 0;
                }
                row[i] = entry(lut, count, t);
            }
        }
    }
}

// One entry of the table: the stops around t interpolated in floats, then alpha and every
// channel times alpha / 255, rounded half up (see strata_kernels.h).
static uint32_t table_entry(double t, size_t right, const double *offsets, const float *channels, size_t stops) {
    float c[4];
    if (right == 0 || right == stops) {
        const float *s = channels + 4 * (right == 0 ? 0 : stops - 1);
        for (int n = 0; n < 4; n++) c[n] = s[n];
    } else {
        const float *l = channels + 4 * (right - 1), *r = channels + 4 * right;
        const float fraction = (float)((t - offsets[right - 1]) / (offsets[right] - offsets[right - 1]));
        for (int n = 0; n < 4; n++) c[n] = l[n] + (r[n] - l[n]) * fraction;
    }
    // Alpha, then each colour channel times alpha, in 0…255, rounded half up.
    const float alpha = c[0];
    uint32_t bytes[4];
    for (int n = 0; n < 4; n++) {
        float v = (n == 0 ? alpha : c[n] * alpha / 255.0f) + 0.5f;
        v = v < 0 ? 0 : v > 255 ? 255 : v;
        bytes[n] = (uint32_t)v;
    }
    return bytes[0] << 24 | bytes[1] << 16 | bytes[2] << 8 | bytes[3];
}

/// The first stop past t, from `right` on (t only grows along the table, and the offsets are in order).
static inline size_t advance(size_t right, double t, const double *offsets, size_t stops) {
    while (right < stops && !(offsets[right] > t)) right++;
    return right;
}

#if defined(__x86_64__)
// Eight entries at a time where all eight lie between the same two stops (or all before the first
// or past the last): t and the fraction in doubles four lanes at a time, the channels in floats
// eight at a time, each lane by the scalar entry's operations in its order and precision (no fused
// multiply-add), so the same bytes. Returns 0, writing nothing, where the eight straddle a stop.
__attribute__((target("avx2"))) static int eight_entries(uint32_t *out, size_t k, double denominator, const double *offsets,
                                                         const float *channels, size_t stops, size_t *right_io) {
    const __m256d low = _mm256_div_pd(_mm256_set_pd((double)(k + 3), (double)(k + 2), (double)(k + 1), (double)k),
                                      _mm256_set1_pd(denominator));
    const __m256d high = _mm256_div_pd(_mm256_set_pd((double)(k + 7), (double)(k + 6), (double)(k + 5), (double)(k + 4)),
                                       _mm256_set1_pd(denominator));
    const double first_t = (double)k / denominator, last_t = (double)(k + 7) / denominator;
    const size_t first = advance(*right_io, first_t, offsets, stops), last = advance(first, last_t, offsets, stops);
    if (first != last) return 0;
    *right_io = first;
    if (first == 0 || first == stops) {
        const uint32_t colour = table_entry(first_t, first, offsets, channels, stops);
        for (int lane = 0; lane < 8; lane++) out[lane] = colour;
        return 1;
    }
    const float *l = channels + 4 * (first - 1), *r = channels + 4 * first;
    const __m256d from = _mm256_set1_pd(offsets[first - 1]), span = _mm256_set1_pd(offsets[first] - offsets[first - 1]);
    const __m128 f_low = _mm256_cvtpd_ps(_mm256_div_pd(_mm256_sub_pd(low, from), span));
    const __m128 f_high = _mm256_cvtpd_ps(_mm256_div_pd(_mm256_sub_pd(high, from), span));
    const __m256 f = _mm256_insertf128_ps(_mm256_castps128_ps256(f_low), f_high, 1);
    __m256 c[4];
    for (int n = 0; n < 4; n++) c[n] = _mm256_add_ps(_mm256_set1_ps(l[n]), _mm256_mul_ps(_mm256_set1_ps(r[n] - l[n]), f));
    const __m256 half = _mm256_set1_ps(0.5f), top = _mm256_set1_ps(255.0f), zero = _mm256_setzero_ps();
    __m256i bytes[4];
    for (int n = 0; n < 4; n++) {
        __m256 v = n == 0 ? c[0] : _mm256_div_ps(_mm256_mul_ps(c[n], c[0]), top);
        v = _mm256_max_ps(_mm256_min_ps(_mm256_add_ps(v, half), top), zero);
        bytes[n] = _mm256_cvttps_epi32(v);
    }
    const __m256i packed = _mm256_or_si256(_mm256_or_si256(_mm256_slli_epi32(bytes[0], 24), _mm256_slli_epi32(bytes[1], 16)),
                                           _mm256_or_si256(_mm256_slli_epi32(bytes[2], 8), bytes[3]));
    _mm256_storeu_si256((__m256i *)(void *)out, packed);
    return 1;
}

// The table eight entries at a time (eight_entries), one by one where eight straddle a stop;
// returns how many entries it wrote (a multiple of eight), leaving the rest to the caller.
__attribute__((target("avx2"))) static size_t table_avx2(uint32_t *out, size_t count, const double *offsets, const float *channels,
                                                         size_t stops, size_t *right_io) {
    const double denominator = (double)(count - 1);
    size_t k = 0, right = *right_io;
    for (; k + 8 <= count; k += 8) {
        if (eight_entries(out + k, k, denominator, offsets, channels, stops, &right)) continue;
        for (size_t lane = 0; lane < 8; lane++) {
            const double t = (double)(k + lane) / denominator;
            right = advance(right, t, offsets, stops);
            out[k + lane] = table_entry(t, right, offsets, channels, stops);
        }
    }
    *right_io = right;
    return k;
}
#endif

void strata_gradient_table_with_path(uint32_t *out, size_t count, const double *offsets, const float *channels, size_t stops,
                                     int path) {
    size_t k = 0, right = 0;
#if defined(__x86_64__)
    if (path >= 2 && count > 1 && strata_has_avx2()) k = table_avx2(out, count, offsets, channels, stops, &right);
#endif
    for (; k < count; k++) {
        const double t = count > 1 ? (double)k / (double)(count - 1) : 0;
        right = advance(right, t, offsets, stops);
        out[k] = table_entry(t, right, offsets, channels, stops);
    }
}

void strata_gradient_table(uint32_t *out, size_t count, const double *offsets, const float *channels, size_t stops) {
    strata_gradient_table_with_path(out, count, offsets, channels, stops, 2);
}
