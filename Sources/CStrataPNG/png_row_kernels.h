// The row kernels of the fast PNG encoder, written once and compiled for each dispatch path:
// strata_fast_png.c includes this file with KERNEL(name) defined to a path-specific name, inside
// a `#pragma clang attribute` that sets the target (portable, SSE4.1, AVX2). The loops are plain
// integer C written to vectorise; every path computes the same integers, so the bytes are equal.
//
// Not a public header: it has no include guard on purpose.

/// 255 when every pixel of the row is opaque.
static uint8_t KERNEL(row_alpha_and)(const uint8_t *restrict row, uint32_t width) {
    uint8_t all = 255;
    for (uint32_t x = 0; x < width; x++) all &= row[4 * (size_t)x + 3];
    return all;
}

/// |residual| as a signed byte, the cost estimate of one filtered byte (0 costs nothing).
#define STRATA_COST(v) ((uint32_t)((int8_t)(v) < 0 ? (uint8_t)(-(int8_t)(v)) : (uint8_t)(v)))

/// The Paeth predictor of a, b, c (left, above, above-left), branch-free.
#define STRATA_PAETH(a, b, c, out)                                                  \
    do {                                                                            \
        int16_t pa_ = (int16_t)((int16_t)(b) - (int16_t)(c));                       \
        int16_t pb_ = (int16_t)((int16_t)(a) - (int16_t)(c));                       \
        int16_t pc_ = (int16_t)(pa_ + pb_);                                         \
        pa_ = pa_ < 0 ? (int16_t)-pa_ : pa_;                                        \
        pb_ = pb_ < 0 ? (int16_t)-pb_ : pb_;                                        \
        pc_ = pc_ < 0 ? (int16_t)-pc_ : pc_;                                        \
        (out) = (pa_ <= pb_ && pa_ <= pc_) ? (uint8_t)(a) : (pb_ <= pc_ ? (uint8_t)(b) : (uint8_t)(c)); \
    } while (0)

/// The cost of each of the five PNG filters on one row (sum of |signed residual|).
static void KERNEL(row_costs)(const uint8_t *restrict row, const uint8_t *restrict above, size_t bytes,
                              uint32_t cost[5]) {
    uint32_t none = 0, sub = 0, up = 0, average = 0, paeth = 0;
    size_t head = bytes < 4 ? bytes : 4;
    for (size_t i = 0; i < head; i++) {
        uint8_t x = row[i], b = above[i];
        none += STRATA_COST(x);
        sub += STRATA_COST(x);
        up += STRATA_COST((uint8_t)(x - b));
        average += STRATA_COST((uint8_t)(x - (b >> 1)));
        paeth += STRATA_COST((uint8_t)(x - b));
    }
    for (size_t i = 4; i < bytes; i++) {
        uint8_t x = row[i], a = row[i - 4], b = above[i], c = above[i - 4], p;
        STRATA_PAETH(a, b, c, p);
        none += STRATA_COST(x);
        sub += STRATA_COST((uint8_t)(x - a));
        up += STRATA_COST((uint8_t)(x - b));
        average += STRATA_COST((uint8_t)(x - (uint8_t)(((unsigned)a + b) >> 1)));
        paeth += STRATA_COST((uint8_t)(x - p));
    }
    cost[0] = none; cost[1] = sub; cost[2] = up; cost[3] = average; cost[4] = paeth;
}

/// Writes the row filtered with `type` into `out` (`bytes` bytes, no filter-type byte).
static void KERNEL(filter_row)(int type, const uint8_t *restrict row, const uint8_t *restrict above,
                               uint8_t *restrict out, size_t bytes) {
    size_t head = bytes < 4 ? bytes : 4;
    switch (type) {
    case 0:
        memcpy(out, row, bytes);
        return;
    case 1:
        for (size_t i = 0; i < head; i++) out[i] = row[i];
        for (size_t i = 4; i < bytes; i++) out[i] = (uint8_t)(row[i] - row[i - 4]);
        return;
    case 2:
        for (size_t i = 0; i < bytes; i++) out[i] = (uint8_t)(row[i] - above[i]);
        return;
    case 3:
        for (size_t i = 0; i < head; i++) out[i] = (uint8_t)(row[i] - (above[i] >> 1));
        for (size_t i = 4; i < bytes; i++) out[i] = (uint8_t)(row[i] - (uint8_t)(((unsigned)row[i - 4] + above[i]) >> 1));
        return;
    default:
        for (size_t i = 0; i < head; i++) out[i] = (uint8_t)(row[i] - above[i]);
        for (size_t i = 4; i < bytes; i++) {
            uint8_t p;
            STRATA_PAETH(row[i - 4], above[i], above[i - 4], p);
            out[i] = (uint8_t)(row[i] - p);
        }
        return;
    }
}

/// Adler-32 of `data` continued from `adler`, 16 lanes at a time: per lane the byte sum S and the
/// running sum P of earlier S, from which the block's s2 term is 16·ΣP + Σ(16 − l)·S_l.
static uint32_t KERNEL(adler32)(uint32_t adler, const uint8_t *restrict data, size_t length) {
    const uint32_t mod = 65521;
    uint32_t s1 = adler & 0xffff, s2 = adler >> 16;
    while (length >= 16) {
        // 5552 bytes keep every sum below 2^32 (zlib's NMAX); a multiple of 16.
        size_t block = length < 5552 ? (length & ~(size_t)15) : 5552;
        uint32_t s[16] = {0}, p[16] = {0};
        for (size_t j = 0; j < block; j += 16) {
            for (int l = 0; l < 16; l++) {
                p[l] += s[l];
                s[l] += data[j + (size_t)l];
            }
        }
        uint64_t sum = 0, weighted = 0, prefix = 0;
        for (int l = 0; l < 16; l++) {
            sum += s[l];
            weighted += (uint64_t)(16 - l) * s[l];
            prefix += p[l];
        }
        s2 = (uint32_t)((s2 + (uint64_t)block * s1 + 16 * prefix + weighted) % mod);
        s1 = (uint32_t)((s1 + sum) % mod);
        data += block;
        length -= block;
    }
    for (size_t i = 0; i < length; i++) {
        s1 += data[i];
        s2 += s1;
    }
    return ((s2 % mod) << 16) | (s1 % mod);
}
