// Gradients through a colour table: the parameter of every pixel's centre, then the table's
// entry for it (see strata_kernels.h).
#include "strata_kernels.h"
#include <math.h>

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
    // Radial: the circle of radius t centred at focal + t·(0 − focal) passes through p:
    // t²(f·f − 1) + 2t((p − f)·f) + (p − f)·(p − f) = 0, the larger root.
    const double a = fx * fx + fy * fy - 1;
    for (size_t j = 0; j < height; j++) {
        uint32_t *row = dst + j * stride;
        const double y = y0 + (double)j + 0.5;
        double px = xx * (x0 + 0.5) + xy * y + tx, py = yx * (x0 + 0.5) + yy * y + ty;
        for (size_t i = 0; i < width; i++) {
            double t;
            if (!radial) {
                t = px;
            } else {
                const double qx = px - fx, qy = py - fy;
                const double b = 2 * (qx * fx + qy * fy), c = qx * qx + qy * qy;
                if (a == 0) {
                    t = b != 0 ? -c / b : 0;
                } else {
                    const double d = b * b - 4 * a * c;
                    t = d >= 0 ? (-b - sqrt(d)) / (2 * a) : 0;
                }
            }
            row[i] = entry(lut, count, t);
            px += xx;
            py += yx;
        }
    }
}
