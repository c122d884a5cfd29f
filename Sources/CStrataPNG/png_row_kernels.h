// The row kernels of the fast PNG encoder, written once and compiled for each dispatch path:
// strata_fast_png.c includes this file with KERNEL(name) defined to a path-specific name, inside
// a `#pragma clang attribute` that sets the target (portable, SSE4.1, AVX2). Adler-32 is plain
// integer C written to vectorise; the row costs and filters are plain C on the portable path and
// intrinsics (png_row_vectors.h, with KERNEL_LANES set) on the others. Every path computes the
// same integers, so the bytes are equal.
//
// Not a public header: it has no include guard on purpose.

/// |residual| as a signed byte, the cost estimate of one filtered byte (0 costs nothing).
#define STRATA_COST(v) ((uint32_t)((int8_t)(v) < 0 ? (uint8_t)(-(int8_t)(v)) : (uint8_t)(v)))

/// The Paeth predictor of a, b, c (left, above, above-left) in 8-bit lanes: pa = |b − c| and
/// pb = |a − c| fit a byte; pc = |(b − c) + (a − c)| is pa + pb when the two differences have the
/// same sign and |pa − pb| otherwise, saturated at 255 — which changes no comparison, since a true
/// pc over 255 is still larger than pa and pb. So the choice is the PNG specification's exactly.
#define STRATA_PAETH(a, b, c, out)                                                  \
    do {                                                                            \
        uint8_t a_ = (a), b_ = (b), c_ = (c);                                       \
        uint8_t pa_ = (uint8_t)(b_ > c_ ? b_ - c_ : c_ - b_);                       \
        uint8_t pb_ = (uint8_t)(a_ > c_ ? a_ - c_ : c_ - a_);                       \
        uint8_t sum_ = (uint8_t)(pa_ + pb_);                                        \
        sum_ = sum_ < pa_ ? (uint8_t)255 : sum_;                                    \
        uint8_t diff_ = (uint8_t)(pa_ > pb_ ? pa_ - pb_ : pb_ - pa_);               \
        uint8_t pc_ = ((b_ >= c_) == (a_ >= c_)) ? sum_ : diff_;                    \
        (out) = (pa_ <= pb_ && pa_ <= pc_) ? a_ : (pb_ <= pc_ ? b_ : c_);           \
    } while (0)

/// ⌊(a + b) / 2⌋ without leaving 8 bits.
#define STRATA_AVERAGE(a, b) ((uint8_t)(((a) & (b)) + (((a) ^ (b)) >> 1)))

/// Adds the cost of `EXPR` (a filtered byte at index i) over i = START…BYTES−1 to TOTAL, with
/// 32 16-bit lanes per block of 4096 bytes (at most 128 × 128 per lane: no overflow), so that the
/// sum stays in narrow vector lanes.
#define STRATA_ROW_COST(TOTAL, START, BYTES, EXPR)                                  \
    do {                                                                            \
        size_t i = (START);                                                         \
        while (i + 32 <= (BYTES)) {                                                 \
            size_t stop = i + 4096 < (BYTES) ? i + 4096 : (BYTES);                  \
            uint16_t lane_[32] = {0};                                               \
            for (; i + 32 <= stop; i += 32)                                         \
                for (size_t l_ = 0; l_ < 32; l_++) {                                \
                    size_t k_ = i + l_;                                             \
                    { size_t i = k_; lane_[l_] = (uint16_t)(lane_[l_] + STRATA_COST(EXPR)); } \
                }                                                                   \
            for (size_t l_ = 0; l_ < 32; l_++) (TOTAL) += lane_[l_];                \
        }                                                                           \
        for (; i < (BYTES); i++) (TOTAL) += STRATA_COST(EXPR);                      \
    } while (0)

#ifdef KERNEL_LANES
#include "png_row_vectors.h"
#else
/// The Paeth residual of byte i of the row (`bpp` bytes per pixel).
static inline uint8_t KERNEL(paeth_residual)(const uint8_t *restrict row, const uint8_t *restrict above, size_t i,
                                             size_t bpp) {
    uint8_t p;
    STRATA_PAETH(row[i - bpp], above[i], above[i - bpp], p);
    return (uint8_t)(row[i] - p);
}

/// The cost of each of the five PNG filters on one row (sum of |signed residual|), one simple
/// loop per filter so that each vectorises.
static void KERNEL(row_costs)(const uint8_t *restrict row, const uint8_t *restrict above, size_t bytes, size_t bpp,
                              uint32_t cost[5]) {
    uint32_t none = 0, sub = 0, up = 0, average = 0, paeth = 0;
    size_t head = bytes < bpp ? bytes : bpp;
    for (size_t i = 0; i < head; i++) {
        uint8_t x = row[i], b = above[i];
        sub += STRATA_COST(x);
        average += STRATA_COST((uint8_t)(x - (b >> 1)));
        paeth += STRATA_COST((uint8_t)(x - b));
    }
    STRATA_ROW_COST(none, 0, bytes, row[i]);
    STRATA_ROW_COST(up, 0, bytes, (uint8_t)(row[i] - above[i]));
    STRATA_ROW_COST(sub, bpp, bytes, (uint8_t)(row[i] - row[i - bpp]));
    STRATA_ROW_COST(average, bpp, bytes, (uint8_t)(row[i] - STRATA_AVERAGE(row[i - bpp], above[i])));
    STRATA_ROW_COST(paeth, bpp, bytes, KERNEL(paeth_residual)(row, above, i, bpp));
    cost[0] = none; cost[1] = sub; cost[2] = up; cost[3] = average; cost[4] = paeth;
}

/// Writes the row filtered with `type` into `out` (`bytes` bytes, no filter-type byte).
static void KERNEL(filter_row)(int type, const uint8_t *restrict row, const uint8_t *restrict above,
                               uint8_t *restrict out, size_t bytes, size_t bpp) {
    size_t head = bytes < bpp ? bytes : bpp;
    switch (type) {
    case 0:
        memcpy(out, row, bytes);
        return;
    case 1:
        for (size_t i = 0; i < head; i++) out[i] = row[i];
        for (size_t i = bpp; i < bytes; i++) out[i] = (uint8_t)(row[i] - row[i - bpp]);
        return;
    case 2:
        for (size_t i = 0; i < bytes; i++) out[i] = (uint8_t)(row[i] - above[i]);
        return;
    case 3:
        for (size_t i = 0; i < head; i++) out[i] = (uint8_t)(row[i] - (above[i] >> 1));
        for (size_t i = bpp; i < bytes; i++) out[i] = (uint8_t)(row[i] - STRATA_AVERAGE(row[i - bpp], above[i]));
        return;
    default:
        for (size_t i = 0; i < head; i++) out[i] = (uint8_t)(row[i] - above[i]);
        for (size_t i = bpp; i < bytes; i++) {
            uint8_t p;
            STRATA_PAETH(row[i - bpp], above[i], above[i - bpp], p);
            out[i] = (uint8_t)(row[i] - p);
        }
        return;
    }
}

#endif

#ifndef KERNEL_LANES
/// Copies the red, green and blue bytes of `width` RGBA pixels to `rgb` (3 bytes a pixel), or of
/// BGRA pixels when `bgra` (blue and red trade places); returns 1 when every alpha is 255 (the row
/// is opaque), else 0.
static int KERNEL(pack_rgb)(const uint8_t *restrict rgba, uint8_t *restrict rgb, size_t width, int bgra) {
    uint8_t alpha = 255;
    size_t red = bgra ? 2 : 0, blue = bgra ? 0 : 2;
    for (size_t x = 0; x < width; x++) {
        rgb[3 * x] = rgba[4 * x + red];
        rgb[3 * x + 1] = rgba[4 * x + 1];
        rgb[3 * x + 2] = rgba[4 * x + blue];
        alpha &= rgba[4 * x + 3];
    }
    return alpha == 255;
}
#endif
