// The parse of the fast PNG encoder: filtered bytes into literals and matches (zero runs at
// distance 1, repeated pixels at distance 4, one hash probe elsewhere), and their emission.
#include <pthread.h>

#include "png_deflate.h"

/// Deflate's length symbol (257…285), extra bits and extra value for a match length 3…258.
typedef struct { uint16_t symbol; uint8_t extra_bits; uint16_t extra; } length_code;
static length_code length_codes[259];
static pthread_once_t length_codes_once = PTHREAD_ONCE_INIT;

static void init_length_codes(void) {
    static const uint16_t base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99,
                                      115, 131, 163, 195, 227, 258};
    static const uint8_t extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
    for (int length = 3; length <= 258; length++) {
        int k = 28;
        while (base[k] > length) k--;
        length_codes[length] = (length_code){(uint16_t)(257 + k), extra[k], (uint16_t)(length - base[k])};
    }
}

/// The length of the run of zero bytes at data[i…] (up to `end`).
static inline size_t zero_run(const uint8_t *data, size_t i, size_t end) {
    size_t j = i;
    while (j + 32 <= end) {  // 32 bytes a step: flat areas are most of a UI frame
        uint64_t w[4];
        memcpy(w, data + j, 32);
        if (w[0] | w[1] | w[2] | w[3]) break;
        j += 32;
    }
    while (j + 8 <= end) {
        uint64_t word;
        memcpy(&word, data + j, 8);
        if (word) break;
        j += 8;
    }
    while (j < end && data[j] == 0) j++;
    return j - i;
}

/// The length of the run at data[i…] that repeats the pixel before it (data[j] == data[j − bpp]);
/// i ≥ bpp.
static inline size_t pixel_run(const uint8_t *data, size_t i, size_t end, size_t bpp) {
    size_t j = i;
    while (j + 32 <= end) {
        uint64_t now[4], before[4];
        memcpy(now, data + j, 32);
        memcpy(before, data + j - bpp, 32);
        if ((now[0] ^ before[0]) | (now[1] ^ before[1]) | (now[2] ^ before[2]) | (now[3] ^ before[3])) break;
        j += 32;
    }
    while (j + 8 <= end) {
        uint64_t now, before;
        memcpy(&now, data + j, 8);
        memcpy(&before, data + j - bpp, 8);
        if (now != before) break;
        j += 8;
    }
    while (j < end && data[j] == data[j - bpp]) j++;
    return j - i;
}

enum { SHORTEST_PIXEL_RUN = 6, SHORTEST_MATCH = 6, WINDOW = 32768 };

/// Deflate's distance code (0…29), extra bits and extra value for a distance 1…32768.
static inline void distance_code(uint32_t distance, int *code, int *extra_bits, uint32_t *extra) {
    if (distance <= 4) { *code = (int)distance - 1; *extra_bits = 0; *extra = 0; return; }
    uint32_t d = distance - 1;
    int top = 31 - __builtin_clz(d);
    *code = 2 * top + (int)((d >> (top - 1)) & 1);
    *extra_bits = top - 1;
    *extra = d & ((1u << (top - 1)) - 1);
}

static inline void push(parse *p, uint32_t token) {
    if (p->count == p->capacity) {
        size_t capacity = p->capacity ? 2 * p->capacity : 4096;
        uint32_t *grown = (uint32_t *)realloc(p->tokens, capacity * sizeof(uint32_t));
        if (!grown) { p->failed = 1; return; }
        p->tokens = grown;
        p->capacity = capacity;
    }
    p->tokens[p->count++] = token;
}


/// Matches covering `left` bytes at `distance` (each 3…258 bytes); returns the remainder (under
/// 3) for the caller to code as literals.
static inline size_t matches(parse *p, size_t left, uint32_t distance) {
    int dcode, dextra_bits;
    uint32_t dextra;
    distance_code(distance, &dcode, &dextra_bits, &dextra);
    while (left >= 3) {
        size_t length = left < 258 ? left : 258;
        if (left - length > 0 && left - length < 3) length = left - 3;
        length_code l = length_codes[length];
        p->freq[l.symbol]++;
        p->dfreq[dcode]++;
        p->extra_bits += (uint64_t)l.extra_bits + (uint64_t)dextra_bits;
        push(p, MATCH | (distance - 1) << 9 | (uint32_t)length);
        left -= length;
    }
    return left;
}

/// Writes the tokens of `p` over `data` with the codes given: three literals (at most 45 bits)
/// or one match (at most 48 bits) between flushes of the 64-bit bit buffer.
void strata_png_emit(const parse *p, const uint8_t *data, bit_writer *w, const uint16_t *codes, const uint8_t *lengths,
                     const uint16_t *dcodes, const uint8_t *dlengths) {
    // The code of each length 3…258 with its extra bits appended, and its size in bits.
    uint32_t length_code_bits[259];
    uint8_t length_code_size[259];
    for (int length = 3; length <= 258; length++) {
        length_code l = length_codes[length];
        length_code_bits[length] = codes[l.symbol] | (uint32_t)l.extra << lengths[l.symbol];
        length_code_size[length] = (uint8_t)(lengths[l.symbol] + l.extra_bits);
    }
    uint64_t bits = w->bits;
    int count = w->count;
    uint8_t *out = w->out;
#define EMIT(value, size) (bits |= (uint64_t)(value) << count, count += (size))
#define FLUSH() (store64le(out, bits), out += count >> 3, bits = (count >> 3) ? bits >> ((count >> 3) << 3) : bits, count &= 7)
    FLUSH();
    for (size_t t = 0; t < p->count; t++) {
        uint32_t token = p->tokens[t];
        if (!(token & MATCH)) {
            uint32_t k = 0;
            for (; k + 3 <= token; k += 3) {
                uint8_t x = data[k], y = data[k + 1], z = data[k + 2];
                EMIT(codes[x], lengths[x]);
                EMIT(codes[y], lengths[y]);
                EMIT(codes[z], lengths[z]);
                FLUSH();
            }
            for (; k < token; k++) EMIT(codes[data[k]], lengths[data[k]]);
            FLUSH();
            data += token;
            continue;
        }
        uint32_t length = token & 511, distance = ((token & ~MATCH) >> 9) + 1;
        int dcode, dextra_bits;
        uint32_t dextra;
        distance_code(distance, &dcode, &dextra_bits, &dextra);
        EMIT(length_code_bits[length], length_code_size[length]);
        EMIT(dcodes[dcode] | (uint64_t)dextra << dlengths[dcode], dlengths[dcode] + dextra_bits);
        FLUSH();
        data += length;
    }
#undef EMIT
#undef FLUSH
    w->bits = bits;
    w->count = count;
    w->out = out;
}

static inline uint32_t load32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static inline uint64_t load64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }

/// How many bytes at `a` equal those at `b` (a > b), at most `limit`.
static inline size_t common_length(const uint8_t *a, const uint8_t *b, size_t limit) {
    size_t n = 0;
    while (n + 8 <= limit) {
        uint64_t x, y;
        memcpy(&x, a + n, 8);
        memcpy(&y, b + n, 8);
        if (x != y) return n + (size_t)(__builtin_ctzll(x ^ y) >> 3);
        n += 8;
    }
    while (n < limit && a[n] == b[n]) n++;
    return n;
}

/// Counts the literals data[from..<to] and appends them as one literal stretch. The counts go to
/// four tables by position, so that a run of equal bytes does not wait on one counter.
static inline void literals(parse *p, const uint8_t *data, size_t from, size_t to) {
    if (to <= from) return;
    size_t k = from;
    for (; k + 4 <= to; k += 4) {
        p->literal_counts[0][data[k]]++;
        p->literal_counts[1][data[k + 1]]++;
        p->literal_counts[2][data[k + 2]]++;
        p->literal_counts[3][data[k + 3]]++;
    }
    for (; k < to; k++) p->literal_counts[0][data[k]]++;
    size_t count = to - from;
    if (p->count && !(p->tokens[p->count - 1] & MATCH) && p->tokens[p->count - 1] + count < MATCH) {
        p->tokens[p->count - 1] += (uint32_t)count;
    } else {
        push(p, (uint32_t)count);
    }
}

/// The hash probe at position i (a pixel's first byte): an earlier occurrence of the next 4 bytes
/// in data[begin..<i] within the window, extended forwards and backwards over the pending
/// literals (not before `begin`); taken when 6 or more bytes match. Returns the length of the
/// match taken (it starts at i − back, with `back` set), or 0. Positions are entered in `table`
/// (2^HASH_BITS entries, position + 1) as they are probed; entries before data[begin] (an earlier
/// band's) are not used, so a band's parse does not depend on the bands before it.
static inline __attribute__((always_inline)) size_t probe(parse *c, const uint8_t *data, size_t n, uint32_t *table,
                                                          size_t origin, size_t begin, size_t i, size_t pending,
                                                          size_t *back_out) {
    uint32_t hash = (load32(data + i) * 2654435761u) >> (32 - HASH_BITS);
    uint32_t candidate = table[hash];
    table[hash] = (uint32_t)(origin + i) + 1;
    if (candidate <= origin + begin || origin + i - (candidate - 1) > WINDOW) return 0;
    size_t from = candidate - 1 - origin, limit = n - i < 258 ? n - i : 258;
    size_t length = common_length(data + i, data + from, limit);
    if (length < 4) return 0;
    size_t back = 0;
    while (back < i - pending && back < from - begin && length + back < 258 && data[i - back - 1] == data[from - back - 1]) back++;
    if (length + back < SHORTEST_MATCH) return 0;
    literals(c, data, pending, i - back);
    matches(c, length + back, (uint32_t)(i - from));
    *back_out = back;
    return length + back;
}

/// A zero run of 4 or more at i: a literal 0, then matches at distance 1 (a remainder under 3
/// stays literal). Returns the new position and sets `pending`, or returns i when there is none.
static inline __attribute__((always_inline)) size_t take_zero_run(parse *c, const uint8_t *data, size_t n, size_t i,
                                                                  size_t *pending) {
    size_t run = zero_run(data, i, n);
    if (run < 4) return i;
    literals(c, data, *pending, i + 1);
    size_t left = matches(c, run - 1, 1);
    *pending = i + run - left;
    return i + run;
}

/// Parses `data` (filtered rows of `stride` bytes each) into `c`. Each row is parsed in one of
/// two modes, chosen from the data before it (so the parse is a function of the data alone):
/// - LZ: zero runs of 4 or more (matches at distance 1), runs of 6 or more bytes repeating the
///   pixel before (distance `bpp`, the bytes per pixel), and at each pixel's first byte one hash
///   probe for an earlier occurrence within 32 KiB, extended backwards, taken at 6 or more bytes;
/// - RLE: zero runs only, found 8 bytes at a time.
/// Long matches pay (UI frames: repeated edges and bars), short ones do not (blurred and
/// photo-like rows, where a 6–16 byte match costs about what its literals cost, and searching
/// for it costs more): a row stays LZ while matches of 32 bytes or more cover a tenth of the
/// row before it. After RLE rows, one row tries LZ again: 8 rows after LZ stopped paying, then
/// after twice as long each time a try does not pay (up to 64 rows), so that photo-like and
/// blurred stretches are not searched every 8 rows (the composite frame: 128 LZ rows of 1,080
/// instead of 290, 0.2 % larger).
void strata_png_parse(const uint8_t *data, size_t begin, size_t n, size_t stride, size_t bpp, parse *c,
                      uint32_t *table) {
    pthread_once(&length_codes_once, init_length_codes);
    size_t i = begin, pending = begin;  // data[pending..<i] are literals not yet counted
    // The mode state in locals while parsing (c's fields alias the counts the loop writes).
    int lz = c->lz, trying = c->trying;
    size_t row = c->row, long_matched = c->long_matched, origin = c->origin, next_try = c->next_try, wait = c->wait;
    while (i < n) {
        size_t local = (i - begin) / stride, y = c->first_row + local;
        size_t end = begin + (local + 1) * stride < n ? begin + (local + 1) * stride : n;
        if (y != row) {
            if (lz) {
                int paid = long_matched * 10 >= stride;
                if (!paid) {
                    wait = trying ? (wait < 64 ? 2 * wait : 64) : 8;
                    next_try = y + wait;
                } else {
                    wait = 8;
                }
                lz = paid;
                trying = 0;
            } else if (y >= next_try) {
                lz = 1;
                trying = 1;
            }
            row = y;
            long_matched = 0;
        }
        if (!lz) {
            while (i < end) {
                if (i + 8 <= end && load64(data + i) != 0) { i += 8; continue; }
                size_t next = data[i] == 0 ? take_zero_run(c, data, n, i, &pending) : i;
                i = next == i ? i + 1 : next;
            }
            continue;
        }
        // The hash probes are at the first byte of each pixel (row start + 1 + k·bpp), so that a
        // pattern of whole pixels repeated anywhere, in this row or another, is found.
        size_t start = begin + local * stride + 1;
        // phase = (i − start) mod bpp, kept by hand (a division per step costs more than the
        // step); the filter byte before `start` counts as the last byte of a pixel.
#define PHASE(i) ((i) >= start ? ((i) - start) % bpp : bpp - 1)
        size_t phase = PHASE(i);
        while (i < end) {
            // At a pixel's first byte, one test clears the pixel's bpp positions at once: a zero
            // run of 4 or more starting in them covers the last one, q = i + bpp − 1 (so data[q]
            // is 0), and so does a pixel run of 6 or more (so data[q] == data[q − bpp]).
            // Otherwise only the hash probe is left.
            int aligned = phase == 0 && i + 8 <= n;
            size_t q = i + bpp - 1;
            if (!aligned || data[q] == 0 || (q >= bpp && data[q] == data[q - bpp])) {
                if (data[i] == 0) {
                    size_t next = take_zero_run(c, data, n, i, &pending);
                    if (next != i) { i = next; phase = PHASE(i); continue; }
                }
                if (i >= bpp && data[i] == data[i - bpp]) {
                    size_t run = pixel_run(data, i, n, bpp);
                    if (run >= SHORTEST_PIXEL_RUN) {
                        literals(c, data, pending, i);
                        size_t left = matches(c, run, (uint32_t)bpp);
                        i += run;
                        pending = i - left;
                        phase = PHASE(i);
                        continue;
                    }
                }
                if (!aligned) {
                    i++;
                    phase = phase + 1 == bpp ? 0 : phase + 1;
                    continue;
                }
            }
            size_t back = 0, length = probe(c, data, n, table, origin, begin, i, pending, &back);
            if (length) {
                if (length >= 32) long_matched += length;
                i += length - back;
                pending = i;
                phase = PHASE(i);
                continue;
            }
            i += bpp;
        }
#undef PHASE
    }
    literals(c, data, pending, n);
    c->lz = lz;
    c->trying = trying;
    c->row = row;
    c->long_matched = long_matched;
    c->next_try = next_try;
    c->wait = wait;
    for (int b = 0; b < 256; b++)
        c->freq[b] += (uint64_t)c->literal_counts[0][b] + c->literal_counts[1][b] + c->literal_counts[2][b] +
                      c->literal_counts[3][b];
}
