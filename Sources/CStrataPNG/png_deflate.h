// The deflate side of the fast PNG encoder, shared by its files (not a public header).
#ifndef STRATA_PNG_DEFLATE_H
#define STRATA_PNG_DEFLATE_H
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { LITLEN_SYMBOLS = 286, END_OF_BLOCK = 256, CODELEN_SYMBOLS = 19, DISTANCE_CODES = 30, HASH_BITS = 15 };

/// Stores `v` at `p` as 8 little-endian bytes.
static inline void store64le(uint8_t *p, uint64_t v) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    memcpy(p, &v, 8);
}

/// The 8 little-endian bytes at `p`.
static inline uint64_t load64le(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

/// A bit writer, least significant bit first, into memory sized beforehand (with 8 bytes to spare
/// past the end: strata_png_emit stores whole 64-bit words).
typedef struct { uint64_t bits; int count; uint8_t *out; } bit_writer;

static inline void put_bits(bit_writer *w, uint64_t value, int count) {
    w->bits |= value << w->count;
    w->count += count;
    if (w->count >= 32) {
        w->out[0] = (uint8_t)w->bits; w->out[1] = (uint8_t)(w->bits >> 8);
        w->out[2] = (uint8_t)(w->bits >> 16); w->out[3] = (uint8_t)(w->bits >> 24);
        w->out += 4;
        w->bits >>= 32;
        w->count -= 32;
    }
}

static inline void flush_bits(bit_writer *w) {
    while (w->count > 0) {
        *w->out++ = (uint8_t)w->bits;
        w->bits >>= 8;
        w->count -= 8;
    }
    w->count = 0;
}

/// The parse of the data: symbol statistics and the token list — a literal stretch is one entry
/// (its length), a match is MATCH | (distance − 1) << 9 | length.
typedef struct {
    uint64_t freq[LITLEN_SYMBOLS], dfreq[DISTANCE_CODES], extra_bits;
    uint32_t literal_counts[4][256];
    size_t first_row;             // the row the data parsed next begins with
    size_t origin;                // the position in the whole stream of the data's first byte
    int lz;                       // the current row's mode (see png_parse.c), kept across calls
    size_t row, long_matched;     // the current row, and the bytes of long matches found in it
    size_t next_try, wait;        // RLE rows: the row that tries LZ next, and the wait (rows) after it
    int trying;                   // the current LZ row is such a try
    uint32_t *tokens;
    size_t count, capacity;
    int failed;
} parse;

enum { MATCH = 1u << 31 };

/// Code lengths (at most `limit` bits) for `count` symbols of frequencies `freq` (see png_huffman.c).
void strata_png_huffman_lengths(const uint64_t *freq, int count, int limit, uint8_t *lengths);

/// Canonical codes for `lengths`, bit-reversed for deflate's LSB-first bit order.
void strata_png_canonical_codes(const uint8_t *lengths, int count, uint16_t *codes);

/// Parses data[begin..<n] (whole rows of `stride` bytes, the first of them row `c->first_row`;
/// pixels of `bpp` bytes) into `c` (statistics and tokens). Only runs repeating the pixel before
/// reach back before `begin` (to the `bpp` bytes there); other matches stay in data[begin..<n].
/// `table` holds positions + 1 (0: none) in the whole stream, where data[0] is at position
/// `c->origin`; entries before data[begin] are ignored. See png_parse.c.
void strata_png_parse(const uint8_t *data, size_t begin, size_t n, size_t stride, size_t bpp, parse *c,
                      uint32_t *table);

/// Writes one dynamic-Huffman deflate block of the tokens of `p` over `data` (the first byte
/// the tokens cover), the last block when `final`, growing `out` as needed (`w` writes into it).
/// Adds the block's size in bits to `bits_written`. Returns 0 when memory runs out.
struct strata_png_buffer;
int strata_png_write_block(parse *p, const uint8_t *data, int final, struct strata_png_buffer *out, bit_writer *w,
                           uint64_t *bits_written);

/// Writes the tokens of `p` over `data` with the codes given.
void strata_png_emit(const parse *p, const uint8_t *data, bit_writer *w, const uint16_t *codes, const uint8_t *lengths,
                     const uint16_t *dcodes, const uint8_t *dlengths);

#endif
