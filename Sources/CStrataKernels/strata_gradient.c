// Gradients through a colour table: the parameter of every pixel's centre, then the table's
// entry for it (see strata_kernels.h).
#include "strata_kernels.h"
#include <math.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline uint32_t entry(const uint32_t *lut, size_t count, double t) {
    // Pad: below 0 the first colour, above 1 the last; NaN (a degenerate radial) the first.
    if (!(t > 0)) return lut[0];
    if (t >= 1) return lut[count - 1];
    return lut[(size_t)(t * (double)(count - 1) + 0.5)];
}

void strata_gradient_fill(uint32_t *dst, size_t stride, size_t width, size_t height, double x0, double y0,
                          const double m[6], int radial, double fx, double fy, const uint32_t *lut, size_t count) {
    if (count == 0) return;
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
            for (; i < width; i++) {
                const double t = px0 + xx * (double)i;
                if (t > 0 && t < 1) break;
                row[i] = entry(lut, count, t);
            }
            for (; i < width; i++) {
                const double t = px0 + xx * (double)i;
                if (!(t > 0 && t < 1)) break;
                row[i] = lut[(size_t)(t * last + 0.5)];
            }
            for (; i < width; i++) row[i] = entry(lut, count, px0 + xx * (double)i);
        } else if (centred) {
            // The common case, without branches the compiler cannot see through: t = |p|.
            size_t i = 0;
#if defined(__SSE2__)
            // Two pixels at a time: the same double operations in the same order as the loop
            // below (IEEE square roots and products are exact to the last bit either way), so
            // the bytes do not change.
            const __m128d one = _mm_set1_pd(1), scale = _mm_set1_pd(last), half = _mm_set1_pd(0.5);
            for (; i + 2 <= width; i += 2) {
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
#if defined(__SSE2__)
            if (a != 0) {
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

void strata_gradient_table(uint32_t *out, size_t count, const double *offsets, const float *channels, size_t stops) {
    for (size_t k = 0; k < count; k++) {
        const double t = count > 1 ? (double)k / (double)(count - 1) : 0;
        size_t right = 0;
        while (right < stops && !(offsets[right] > t)) right++;
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
        out[k] = bytes[0] << 24 | bytes[1] << 16 | bytes[2] << 8 | bytes[3];
    }
}
