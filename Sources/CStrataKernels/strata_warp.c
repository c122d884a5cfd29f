// Projective warp of a premultiplied ARGB32 image: for each destination pixel centre, the inverse
// homography gives the source point, sampled bilinearly (transparent outside the source). Points
// whose homogeneous coordinate is not in front of the eye are left untouched, so nothing behind
// the viewer is drawn mirrored and nothing is divided by zero.
#include "strata_kernels.h"
#include <math.h>

static inline uint32_t tap(const uint32_t *src, size_t stride, long width, long height, long x, long y) {
    if (x < 0 || y < 0 || x >= width || y >= height) return 0;
    return src[(size_t)y * stride + (size_t)x];
}

void strata_warp_projective(uint32_t *dst, size_t dst_stride, size_t width, size_t height,
                            const uint32_t *src, size_t src_stride, size_t src_width, size_t src_height,
                            const double g[9], double q_max) {
    const double sw = (double)src_width, sh = (double)src_height;
    const long lw = (long)src_width, lh = (long)src_height;
    for (size_t y = 0; y < height; y++) {
        const double py = (double)y + 0.5;
        const double u0 = g[3] * py + g[6], v0 = g[4] * py + g[7], q0 = g[5] * py + g[8];
        uint32_t *row = dst + y * dst_stride;
        for (size_t x = 0; x < width; x++) {
            const double px = (double)x + 0.5;
            const double q = g[2] * px + q0;
            if (!(q > 0) || !(q <= q_max)) continue;
            const double r = 1.0 / q;
            const double su = (g[0] * px + u0) * r - 0.5, sv = (g[1] * px + v0) * r - 0.5;
            if (!(su > -1.0 && su < sw && sv > -1.0 && sv < sh)) continue;
            const double fu = floor(su), fv = floor(sv);
            const long ix = (long)fu, iy = (long)fv;
            const uint32_t wx = (uint32_t)((su - fu) * 256.0 + 0.5), wy = (uint32_t)((sv - fv) * 256.0 + 0.5);
            const uint32_t p00 = tap(src, src_stride, lw, lh, ix, iy), p01 = tap(src, src_stride, lw, lh, ix + 1, iy);
            const uint32_t p10 = tap(src, src_stride, lw, lh, ix, iy + 1), p11 = tap(src, src_stride, lw, lh, ix + 1, iy + 1);
            if ((p00 | p01 | p10 | p11) == 0) continue;
            const uint32_t w00 = (256 - wx) * (256 - wy), w01 = wx * (256 - wy), w10 = (256 - wx) * wy, w11 = wx * wy;
            uint32_t out = 0;
            for (int shift = 0; shift < 32; shift += 8) {
                const uint32_t c = ((p00 >> shift) & 255) * w00 + ((p01 >> shift) & 255) * w01
                                 + ((p10 >> shift) & 255) * w10 + ((p11 >> shift) & 255) * w11;
                out |= ((c + 32768) >> 16) << shift;
            }
            row[x] = out;
        }
    }
}
