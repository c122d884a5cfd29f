// The row kernels of the fast PNG encoder with SSE4.1 or AVX2 intrinsics: png_row_kernels.h
// includes this file when KERNEL_LANES is 16 (SSE4.1) or 32 (AVX2), inside the `#pragma clang
// attribute` that sets the target. They compute exactly the integers of the plain C kernels (the
// same sums of |signed residual|, the same residuals), so every path writes the same bytes:
// - a cost is a sum of |int8| per byte: PABSB, then PSADBW against zero (exact 64-bit sums);
// - Average is ⌊(a + b) / 2⌋: PAVGB rounds up, so subtract the low bit of a ^ b;
// - Paeth works in 8-bit lanes as STRATA_PAETH does (see png_row_kernels.h for why it is exact).
//
// Not a public header: it has no include guard on purpose.
#include <immintrin.h>

#if KERNEL_LANES == 32
#define V __m256i
#define V_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define V_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define V_ZERO() _mm256_setzero_si256()
#define V_SET1(x) _mm256_set1_epi8((char)(x))
#define V_SUB(a, b) _mm256_sub_epi8(a, b)
#define V_ABS(a) _mm256_abs_epi8(a)
#define V_SAD(a) _mm256_sad_epu8(a, _mm256_setzero_si256())
#define V_ADD64(a, b) _mm256_add_epi64(a, b)
#define V_AVG(a, b) _mm256_avg_epu8(a, b)
#define V_AND(a, b) _mm256_and_si256(a, b)
#define V_OR(a, b) _mm256_or_si256(a, b)
#define V_XOR(a, b) _mm256_xor_si256(a, b)
#define V_MIN(a, b) _mm256_min_epu8(a, b)
#define V_MAX(a, b) _mm256_max_epu8(a, b)
#define V_SUBS(a, b) _mm256_subs_epu8(a, b)
#define V_ADDS(a, b) _mm256_adds_epu8(a, b)
#define V_EQ(a, b) _mm256_cmpeq_epi8(a, b)
#define V_BLEND(a, b, mask) _mm256_blendv_epi8(a, b, mask)
static inline uint64_t KERNEL(sum64)(__m256i v) {
    __m128i s = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return (uint64_t)_mm_cvtsi128_si64(s) + (uint64_t)_mm_extract_epi64(s, 1);
}
#else
#define V __m128i
#define V_LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define V_STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
#define V_ZERO() _mm_setzero_si128()
#define V_SET1(x) _mm_set1_epi8((char)(x))
#define V_SUB(a, b) _mm_sub_epi8(a, b)
#define V_ABS(a) _mm_abs_epi8(a)
#define V_SAD(a) _mm_sad_epu8(a, _mm_setzero_si128())
#define V_ADD64(a, b) _mm_add_epi64(a, b)
#define V_AVG(a, b) _mm_avg_epu8(a, b)
#define V_AND(a, b) _mm_and_si128(a, b)
#define V_OR(a, b) _mm_or_si128(a, b)
#define V_XOR(a, b) _mm_xor_si128(a, b)
#define V_MIN(a, b) _mm_min_epu8(a, b)
#define V_MAX(a, b) _mm_max_epu8(a, b)
#define V_SUBS(a, b) _mm_subs_epu8(a, b)
#define V_ADDS(a, b) _mm_adds_epu8(a, b)
#define V_EQ(a, b) _mm_cmpeq_epi8(a, b)
#define V_BLEND(a, b, mask) _mm_blendv_epi8(a, b, mask)
static inline uint64_t KERNEL(sum64)(__m128i v) {
    return (uint64_t)_mm_cvtsi128_si64(v) + (uint64_t)_mm_extract_epi64(v, 1);
}
#endif

/// ⌊(a + b) / 2⌋ per byte.
static inline V KERNEL(v_average)(V a, V b) { return V_SUB(V_AVG(a, b), V_AND(V_XOR(a, b), V_SET1(1))); }

/// The Paeth predictor per byte, as STRATA_PAETH.
static inline V KERNEL(v_paeth)(V a, V b, V c) {
    V pa = V_OR(V_SUBS(b, c), V_SUBS(c, b));
    V pb = V_OR(V_SUBS(a, c), V_SUBS(c, a));
    V same = V_EQ(V_EQ(V_MAX(b, c), b), V_EQ(V_MAX(a, c), a));
    V pc = V_BLEND(V_OR(V_SUBS(pa, pb), V_SUBS(pb, pa)), V_ADDS(pa, pb), same);
    V pa_least = V_AND(V_EQ(V_MIN(pa, pb), pa), V_EQ(V_MIN(pa, pc), pa));
    V b_or_c = V_BLEND(c, b, V_EQ(V_MIN(pb, pc), pb));
    return V_BLEND(b_or_c, a, pa_least);
}

/// The cost of each of the five PNG filters on one row (sum of |signed residual|).
static void KERNEL(row_costs)(const uint8_t *restrict row, const uint8_t *restrict above, size_t bytes, size_t bpp,
                              uint32_t cost[5]) {
    uint64_t none = 0, sub = 0, up = 0, average = 0, paeth = 0;
    size_t head = bytes < bpp ? bytes : bpp;
    for (size_t i = 0; i < head; i++) {
        uint8_t x = row[i], b = above[i];
        none += STRATA_COST(x);
        sub += STRATA_COST(x);
        up += STRATA_COST((uint8_t)(x - b));
        average += STRATA_COST((uint8_t)(x - (b >> 1)));
        paeth += STRATA_COST((uint8_t)(x - b));
    }
    size_t i = head;
    if (bytes >= bpp + KERNEL_LANES) {
        V n = V_ZERO(), s = V_ZERO(), u = V_ZERO(), av = V_ZERO(), p = V_ZERO();
        for (; i + KERNEL_LANES <= bytes; i += KERNEL_LANES) {
            V x = V_LOAD(row + i), a = V_LOAD(row + i - bpp), b = V_LOAD(above + i), c = V_LOAD(above + i - bpp);
            n = V_ADD64(n, V_SAD(V_ABS(x)));
            s = V_ADD64(s, V_SAD(V_ABS(V_SUB(x, a))));
            u = V_ADD64(u, V_SAD(V_ABS(V_SUB(x, b))));
            av = V_ADD64(av, V_SAD(V_ABS(V_SUB(x, KERNEL(v_average)(a, b)))));
            p = V_ADD64(p, V_SAD(V_ABS(V_SUB(x, KERNEL(v_paeth)(a, b, c)))));
        }
        none += KERNEL(sum64)(n); sub += KERNEL(sum64)(s); up += KERNEL(sum64)(u);
        average += KERNEL(sum64)(av); paeth += KERNEL(sum64)(p);
    }
    for (; i < bytes; i++) {
        uint8_t x = row[i], a = row[i - bpp], b = above[i], pred;
        STRATA_PAETH(a, b, above[i - bpp], pred);
        none += STRATA_COST(x);
        sub += STRATA_COST((uint8_t)(x - a));
        up += STRATA_COST((uint8_t)(x - b));
        average += STRATA_COST((uint8_t)(x - STRATA_AVERAGE(a, b)));
        paeth += STRATA_COST((uint8_t)(x - pred));
    }
    cost[0] = (uint32_t)none; cost[1] = (uint32_t)sub; cost[2] = (uint32_t)up;
    cost[3] = (uint32_t)average; cost[4] = (uint32_t)paeth;
}

/// Writes the row filtered with `type` into `out` (`bytes` bytes, no filter-type byte).
static void KERNEL(filter_row)(int type, const uint8_t *restrict row, const uint8_t *restrict above,
                               uint8_t *restrict out, size_t bytes, size_t bpp) {
    size_t head = bytes < bpp ? bytes : bpp, i = head;
    if (type == 0) { memcpy(out, row, bytes); return; }
    for (size_t k = 0; k < head; k++) {
        uint8_t b = above[k];
        out[k] = (uint8_t)(row[k] - (type == 1 ? 0 : type == 3 ? (uint8_t)(b >> 1) : b));
    }
    for (; i + KERNEL_LANES <= bytes; i += KERNEL_LANES) {
        V x = V_LOAD(row + i), pred;
        switch (type) {
        case 1: pred = V_LOAD(row + i - bpp); break;
        case 2: pred = V_LOAD(above + i); break;
        case 3: pred = KERNEL(v_average)(V_LOAD(row + i - bpp), V_LOAD(above + i)); break;
        default: pred = KERNEL(v_paeth)(V_LOAD(row + i - bpp), V_LOAD(above + i), V_LOAD(above + i - bpp)); break;
        }
        V_STORE(out + i, V_SUB(x, pred));
    }
    for (; i < bytes; i++) {
        uint8_t a = row[i - bpp], b = above[i], pred;
        switch (type) {
        case 1: pred = a; break;
        case 2: pred = b; break;
        case 3: pred = STRATA_AVERAGE(a, b); break;
        default: STRATA_PAETH(a, b, above[i - bpp], pred); break;
        }
        out[i] = (uint8_t)(row[i] - pred);
    }
}

/// Copies the red, green and blue bytes of `width` RGBA pixels (BGRA when `bgra`) to `rgb` (3
/// bytes a pixel): four pixels a step with PSHUFB (16 bytes in, 12 out; the store writes 16, the
/// next step overwrites the 4 extra, and the last ones go to the plain loop). Returns 1 when every
/// alpha is 255 (the loads are ANDed together on the way), else 0.
static int KERNEL(pack_rgb)(const uint8_t *restrict rgba, uint8_t *restrict rgb, size_t width, int bgra) {
    const __m128i order = bgra ? _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1)
                               : _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    __m128i all = _mm_set1_epi8(-1);
    size_t x = 0, red = bgra ? 2 : 0, blue = bgra ? 0 : 2;
    for (; x + 6 <= width; x += 4) {
        __m128i pixels = _mm_loadu_si128((const __m128i *)(const void *)(rgba + 4 * x));
        all = _mm_and_si128(all, pixels);
        _mm_storeu_si128((__m128i *)(void *)(rgb + 3 * x), _mm_shuffle_epi8(pixels, order));
    }
    uint8_t alpha = (uint8_t)(_mm_extract_epi8(all, 3) & _mm_extract_epi8(all, 7) & _mm_extract_epi8(all, 11) &
                              _mm_extract_epi8(all, 15));
    for (; x < width; x++) {
        rgb[3 * x] = rgba[4 * x + red];
        rgb[3 * x + 1] = rgba[4 * x + 1];
        rgb[3 * x + 2] = rgba[4 * x + blue];
        alpha &= rgba[4 * x + 3];
    }
    return alpha == 255;
}

#undef V
#undef V_LOAD
#undef V_STORE
#undef V_ZERO
#undef V_SET1
#undef V_SUB
#undef V_ABS
#undef V_SAD
#undef V_ADD64
#undef V_AVG
#undef V_AND
#undef V_OR
#undef V_XOR
#undef V_MIN
#undef V_MAX
#undef V_SUBS
#undef V_ADDS
#undef V_EQ
#undef V_BLEND
