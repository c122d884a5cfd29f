// An image sampled bilinearly through a 16.16 fixed-point affine transform with its edges padded:
// what pixman's bilinear fetch gives every pixel (7-bit weights, each channel the exact weighted
// sum floored), so that the bytes are pixman's (see strata_kernels.h).
#include "strata_kernels.h"
#include "strata_cpu.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

/// v = t · (x, y, 1) for 16.16 inputs, each row's products split into the integer and the
/// fraction of the input and the fraction rounded, as pixman transforms a point; 0 when a result
/// does not fit 32 bits.
static int transform_point(const int32_t t[6], int64_t x, int64_t y, int32_t *out_x, int32_t *out_y) {
    int64_t result[2];
    for (int row = 0; row < 2; row++) {
        const int64_t a = t[3 * row], b = t[3 * row + 1], c = t[3 * row + 2];
        int64_t whole = a * (x >> 16) + b * (y >> 16) + c * 1;
        int64_t fraction = a * (x & 0xFFFF) + b * (y & 0xFFFF) + c * 0;
        result[row] = whole + ((fraction + 0x8000) >> 16);
    }
    if (result[0] != (int32_t)result[0] || result[1] != (int32_t)result[1]) return 0;
    *out_x = (int32_t)result[0];
    *out_y = (int32_t)result[1];
    return 1;
}

int strata_transform_point_16_16(const int32_t t[6], int64_t x, int64_t y, int32_t *out_x, int32_t *out_y) {
    return transform_point(t, x, y, out_x, out_y);
}

static inline int clamp_index(int v, int size) { return v < 0 ? 0 : v >= size ? size - 1 : v; }

static inline uint32_t interpolate(uint32_t tl, uint32_t tr, uint32_t bl, uint32_t br, uint32_t dx, uint32_t dy) {
    // Weights in 1/65,536 (the 7-bit distances times two), summing to 65,536.
    const uint32_t w_tl = (256 - dx) * (256 - dy), w_tr = dx * (256 - dy), w_bl = (256 - dx) * dy, w_br = dx * dy;
    uint32_t result = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        const uint32_t sum = ((tl >> shift) & 0xff) * w_tl + ((tr >> shift) & 0xff) * w_tr + ((bl >> shift) & 0xff) * w_bl +
                             ((br >> shift) & 0xff) * w_br;
        result |= (sum >> 16) << shift;
    }
    return result;
}

static void row_portable(uint32_t *dst, int width, int32_t x, int32_t y, int32_t ux, int32_t uy, const uint32_t *src,
                         size_t src_stride, int src_width, int src_height) {
    for (int i = 0; i < width; i++, x += ux, y += uy) {
        const int32_t x1 = x - 0x8000, y1 = y - 0x8000;
        const uint32_t dx = (uint32_t)((x1 >> 9) & 0x7f) << 1, dy = (uint32_t)((y1 >> 9) & 0x7f) << 1;
        const int xa = clamp_index(x1 >> 16, src_width), xb = clamp_index((x1 >> 16) + 1, src_width);
        const int ya = clamp_index(y1 >> 16, src_height), yb = clamp_index((y1 >> 16) + 1, src_height);
        const uint32_t *r1 = src + (size_t)ya * src_stride, *r2 = src + (size_t)yb * src_stride;
        dst[i] = interpolate(r1[xa], r1[xb], r2[xa], r2[xb], dx, dy);
    }
}

#if defined(__x86_64__)
/// Four channels of eight pixels times their weights, summed and floored: one channel's bytes.
__attribute__((target("avx2"))) static inline __m256i channel(__m256i tl, __m256i tr, __m256i bl, __m256i br, __m256i w_tl,
                                                              __m256i w_tr, __m256i w_bl, __m256i w_br, int shift) {
    const __m256i byte = _mm256_set1_epi32(0xff);
    __m256i sum = _mm256_mullo_epi32(_mm256_and_si256(_mm256_srli_epi32(tl, shift), byte), w_tl);
    sum = _mm256_add_epi32(sum, _mm256_mullo_epi32(_mm256_and_si256(_mm256_srli_epi32(tr, shift), byte), w_tr));
    sum = _mm256_add_epi32(sum, _mm256_mullo_epi32(_mm256_and_si256(_mm256_srli_epi32(bl, shift), byte), w_bl));
    sum = _mm256_add_epi32(sum, _mm256_mullo_epi32(_mm256_and_si256(_mm256_srli_epi32(br, shift), byte), w_br));
    return _mm256_slli_epi32(_mm256_srli_epi32(sum, 16), shift);
}

__attribute__((target("avx2"))) static int row_avx2(uint32_t *dst, int width, int32_t x, int32_t y, int32_t ux, int32_t uy,
                                                    const uint32_t *src, size_t src_stride, int src_width, int src_height) {
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i half = _mm256_set1_epi32(0x8000), seven = _mm256_set1_epi32(0x7f), full = _mm256_set1_epi32(256);
    const __m256i zero = _mm256_setzero_si256(), max_x = _mm256_set1_epi32(src_width - 1), max_y = _mm256_set1_epi32(src_height - 1);
    const __m256i stride = _mm256_set1_epi32((int)src_stride), one = _mm256_set1_epi32(1);
    int i = 0;
    for (; i + 8 <= width; i += 8) {
        // x + k·ux for lane k, as pixman's running sum gives it (32-bit integers).
        const __m256i xs = _mm256_add_epi32(_mm256_set1_epi32(x + i * ux), _mm256_mullo_epi32(lane, _mm256_set1_epi32(ux)));
        const __m256i ys = _mm256_add_epi32(_mm256_set1_epi32(y + i * uy), _mm256_mullo_epi32(lane, _mm256_set1_epi32(uy)));
        const __m256i x1 = _mm256_sub_epi32(xs, half), y1 = _mm256_sub_epi32(ys, half);
        const __m256i dx = _mm256_slli_epi32(_mm256_and_si256(_mm256_srai_epi32(x1, 9), seven), 1);
        const __m256i dy = _mm256_slli_epi32(_mm256_and_si256(_mm256_srai_epi32(y1, 9), seven), 1);
        const __m256i xi = _mm256_srai_epi32(x1, 16), yi = _mm256_srai_epi32(y1, 16);
        const __m256i xa = _mm256_min_epi32(_mm256_max_epi32(xi, zero), max_x);
        const __m256i xb = _mm256_min_epi32(_mm256_max_epi32(_mm256_add_epi32(xi, one), zero), max_x);
        const __m256i ya = _mm256_mullo_epi32(_mm256_min_epi32(_mm256_max_epi32(yi, zero), max_y), stride);
        const __m256i yb = _mm256_mullo_epi32(_mm256_min_epi32(_mm256_max_epi32(_mm256_add_epi32(yi, one), zero), max_y), stride);
        // The four neighbours by plain loads (a gather of eight is slower on this kind of machine).
        uint32_t index[4][8], pixel[4][8];
        _mm256_storeu_si256((__m256i *)(void *)index[0], _mm256_add_epi32(ya, xa));
        _mm256_storeu_si256((__m256i *)(void *)index[1], _mm256_add_epi32(ya, xb));
        _mm256_storeu_si256((__m256i *)(void *)index[2], _mm256_add_epi32(yb, xa));
        _mm256_storeu_si256((__m256i *)(void *)index[3], _mm256_add_epi32(yb, xb));
        for (int k = 0; k < 8; k++) {
            pixel[0][k] = src[index[0][k]];
            pixel[1][k] = src[index[1][k]];
            pixel[2][k] = src[index[2][k]];
            pixel[3][k] = src[index[3][k]];
        }
        const __m256i tl = _mm256_loadu_si256((const __m256i *)(const void *)pixel[0]);
        const __m256i tr = _mm256_loadu_si256((const __m256i *)(const void *)pixel[1]);
        const __m256i bl = _mm256_loadu_si256((const __m256i *)(const void *)pixel[2]);
        const __m256i br = _mm256_loadu_si256((const __m256i *)(const void *)pixel[3]);
        const __m256i idx = _mm256_sub_epi32(full, dx), idy = _mm256_sub_epi32(full, dy);
        const __m256i w_tl = _mm256_mullo_epi32(idx, idy), w_tr = _mm256_mullo_epi32(dx, idy);
        const __m256i w_bl = _mm256_mullo_epi32(idx, dy), w_br = _mm256_mullo_epi32(dx, dy);
        __m256i out = channel(tl, tr, bl, br, w_tl, w_tr, w_bl, w_br, 0);
        out = _mm256_or_si256(out, channel(tl, tr, bl, br, w_tl, w_tr, w_bl, w_br, 8));
        out = _mm256_or_si256(out, channel(tl, tr, bl, br, w_tl, w_tr, w_bl, w_br, 16));
        out = _mm256_or_si256(out, channel(tl, tr, bl, br, w_tl, w_tr, w_bl, w_br, 24));
        _mm256_storeu_si256((__m256i *)(void *)(dst + i), out);
    }
    return i;
}

#endif

int strata_bilinear_affine_pad(uint32_t *dst, size_t dst_stride, int width, int height, const uint32_t *src, size_t src_stride,
                               int src_width, int src_height, const int32_t t[6], int offset_x, int offset_y, int path) {
    if (width <= 0 || height <= 0 || src_width <= 0 || src_height <= 0) return 1;
    // The gathers index the source in 32-bit pixels.
    if ((uint64_t)src_stride * (uint64_t)src_height > 0x7fffffffu) return 0;
    for (int row = 0; row < height; row++) {
        int32_t x, y;
        // Every pixel's position must stay within 32 bits along the row (pixman adds the steps).
        if (!transform_point(t, ((int64_t)offset_x << 16) + 0x8000, ((int64_t)(offset_y + row) << 16) + 0x8000, &x, &y)) return 0;
        const int64_t end_x = (int64_t)x + (int64_t)t[0] * width, end_y = (int64_t)y + (int64_t)t[3] * width;
        if (end_x != (int32_t)end_x || end_y != (int32_t)end_y) return 0;
        uint32_t *out = dst + (size_t)row * dst_stride;
        int done = 0;
#if defined(__x86_64__)
        if (path >= 1 && strata_has_avx2()) done = row_avx2(out, width, x, y, t[0], t[3], src, src_stride, src_width, src_height);
#endif
        row_portable(out + done, width - done, x + done * t[0], y + done * t[3], t[0], t[3], src, src_stride, src_width, src_height);
    }
    return 1;
}
