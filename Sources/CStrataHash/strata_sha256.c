// SHA-256 (FIPS 180-4), written for Strata's frame records and run fingerprints: the digest of a
// scene file, an asset or a frame's PNG bytes. Portable C, one block at a time.
#include "strata_hash.h"
#include <string.h>
#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

static const uint32_t round_constants[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
    0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
    0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
    0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u,
};

static inline uint32_t rotate_right(uint32_t value, unsigned bits) {
    return (value >> bits) | (value << (32 - bits));
}

static void compress_block(uint32_t state[8], const uint8_t block[64]) {
    uint32_t schedule[64];
    for (int i = 0; i < 16; i++) {
        schedule[i] = ((uint32_t)block[4 * i] << 24) | ((uint32_t)block[4 * i + 1] << 16) |
                      ((uint32_t)block[4 * i + 2] << 8) | (uint32_t)block[4 * i + 3];
    }
    for (int i = 16; i < 64; i++) {
        uint32_t w15 = schedule[i - 15], w2 = schedule[i - 2];
        uint32_t small0 = rotate_right(w15, 7) ^ rotate_right(w15, 18) ^ (w15 >> 3);
        uint32_t small1 = rotate_right(w2, 17) ^ rotate_right(w2, 19) ^ (w2 >> 10);
        schedule[i] = schedule[i - 16] + small0 + schedule[i - 7] + small1;
    }
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    for (int i = 0; i < 64; i++) {
        uint32_t big1 = rotate_right(e, 6) ^ rotate_right(e, 11) ^ rotate_right(e, 25);
        uint32_t choose = (e & f) ^ (~e & g);
        uint32_t first = h + big1 + choose + round_constants[i] + schedule[i];
        uint32_t big0 = rotate_right(a, 2) ^ rotate_right(a, 13) ^ rotate_right(a, 22);
        uint32_t majority = (a & b) ^ (a & c) ^ (b & c);
        uint32_t second = big0 + majority;
        h = g; g = f; f = e; e = d + first;
        d = c; c = b; b = a; a = first + second;
    }
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
}

static void compress_blocks_portable(uint32_t state[8], const uint8_t *blocks, size_t count) {
    for (size_t i = 0; i < count; i++) compress_block(state, blocks + 64 * i);
}

#if defined(__x86_64__)
// The x86 SHA extensions: two rounds per sha256rnds2, the message schedule by sha256msg1/2. The
// state is held as the lanes (A, B, E, F) and (C, D, G, H), the order those instructions use.
__attribute__((target("sha,sse4.1")))
static void compress_blocks_sha_ni(uint32_t state[8], const uint8_t *blocks, size_t count) {
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    __m128i low = _mm_loadu_si128((const __m128i *)&state[0]);   // A B C D
    __m128i high = _mm_loadu_si128((const __m128i *)&state[4]);  // E F G H
    low = _mm_shuffle_epi32(low, 0xB1);                          // B A D C
    high = _mm_shuffle_epi32(high, 0x1B);                        // H G F E
    __m128i abef = _mm_alignr_epi8(low, high, 8);
    __m128i cdgh = _mm_blend_epi16(high, low, 0xF0);
    for (size_t block = 0; block < count; block++) {
        const uint8_t *data = blocks + 64 * block;
        __m128i saved_abef = abef, saved_cdgh = cdgh;
        __m128i words[4];
        for (int group = 0; group < 16; group++) {
            int slot = group & 3;
            if (group < 4) {
                words[slot] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * group)), byte_swap);
            } else {
                // W[t..t+3] from the four groups before them.
                __m128i partial = _mm_sha256msg1_epu32(words[slot], words[(slot + 1) & 3]);
                partial = _mm_add_epi32(partial, _mm_alignr_epi8(words[(slot + 3) & 3], words[(slot + 2) & 3], 4));
                words[slot] = _mm_sha256msg2_epu32(partial, words[(slot + 3) & 3]);
            }
            __m128i scheduled = _mm_add_epi32(words[slot], _mm_loadu_si128((const __m128i *)&round_constants[4 * group]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, scheduled);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(scheduled, 0x0E));
        }
        abef = _mm_add_epi32(abef, saved_abef);
        cdgh = _mm_add_epi32(cdgh, saved_cdgh);
    }
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));  // A B C D
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));     // E F G H
}

static int has_sha_ni(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 19)) || !(c & (1u << 9))) return 0;  // SSE4.1, SSSE3
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b >> 29) & 1;
}
#endif

int strata_sha256_path_available(int path) {
    if (path == 0) return 1;
#if defined(__x86_64__)
    if (path == 1) return has_sha_ni();
#endif
    return 0;
}

void strata_sha256(const uint8_t *bytes, size_t count, uint8_t digest[32]) {
    strata_sha256_with_path(bytes, count, digest, 1);  // the SHA extensions when present
}

void strata_sha256_with_path(const uint8_t *bytes, size_t count, uint8_t digest[32], int path) {
    uint32_t state[8] = {0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
                         0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u};
    void (*compress_blocks)(uint32_t *, const uint8_t *, size_t) = compress_blocks_portable;
#if defined(__x86_64__)
    if (path == 1 && has_sha_ni()) compress_blocks = compress_blocks_sha_ni;
#endif
    size_t whole = count / 64;
    compress_blocks(state, bytes, whole);
    // The tail: the remaining bytes, 0x80, zeros, then the length in bits (big-endian, 64 bits).
    uint8_t tail[128] = {0};
    size_t rest = count - 64 * whole;
    if (rest > 0) memcpy(tail, bytes + 64 * whole, rest);
    tail[rest] = 0x80;
    size_t tail_length = rest + 1 + 8 <= 64 ? 64 : 128;
    uint64_t bits = (uint64_t)count * 8;
    for (int i = 0; i < 8; i++) tail[tail_length - 1 - i] = (uint8_t)(bits >> (8 * i));
    compress_blocks(state, tail, tail_length / 64);
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (uint8_t)(state[i] >> 24);
        digest[4 * i + 1] = (uint8_t)(state[i] >> 16);
        digest[4 * i + 2] = (uint8_t)(state[i] >> 8);
        digest[4 * i + 3] = (uint8_t)state[i];
    }
}
