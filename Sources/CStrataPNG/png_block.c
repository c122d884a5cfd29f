// One deflate block of the fast PNG encoder: Huffman tables from the block's own statistics, the
// block header, then the tokens (RFC 1951 § 3.2.7, "compressed with dynamic Huffman codes").
#include "png_deflate.h"
#include "png_internal.h"

/// The order in which the code-length code's lengths are sent (RFC 1951 § 3.2.7).
static const uint8_t code_length_order[CODELEN_SYMBOLS] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

int strata_png_write_block(parse *p, const uint8_t *data, int final, strata_png_buffer *out, bit_writer *w,
                           uint64_t *bits_written) {
    uint64_t *freq = p->freq, *dfreq = p->dfreq;
    freq[END_OF_BLOCK] = 1;
    uint8_t lengths[LITLEN_SYMBOLS];
    strata_png_huffman_lengths(freq, LITLEN_SYMBOLS, 15, lengths);
    uint16_t codes[LITLEN_SYMBOLS];
    strata_png_canonical_codes(lengths, LITLEN_SYMBOLS, codes);
    // Distance codes: a Huffman code when two or more are used; one alone (or none) gets one bit
    // (an incomplete code, which deflate allows for a single distance code).
    uint8_t dlengths[DISTANCE_CODES] = {0};
    int used_distances = 0, only = 0;
    for (int d = 0; d < DISTANCE_CODES; d++) if (dfreq[d]) { used_distances++; only = d; }
    if (used_distances >= 2) strata_png_huffman_lengths(dfreq, DISTANCE_CODES, 15, dlengths);
    else dlengths[only] = 1;
    uint16_t dcodes[DISTANCE_CODES];
    strata_png_canonical_codes(dlengths, DISTANCE_CODES, dcodes);
    int distance_count = DISTANCE_CODES;
    while (distance_count > 1 && dlengths[distance_count - 1] == 0) distance_count--;
    int literal_count = LITLEN_SYMBOLS;
    while (literal_count > 257 && lengths[literal_count - 1] == 0) literal_count--;

    // The code-length code for the literal/length and distance lengths (sent without run codes).
    uint8_t all_lengths[LITLEN_SYMBOLS + DISTANCE_CODES];
    int all_count = literal_count + distance_count;
    memcpy(all_lengths, lengths, (size_t)literal_count);
    memcpy(all_lengths + literal_count, dlengths, (size_t)distance_count);
    uint64_t length_freq[CODELEN_SYMBOLS] = {0};
    for (int s = 0; s < all_count; s++) length_freq[all_lengths[s]]++;
    int used = 0;
    for (int s = 0; s < CODELEN_SYMBOLS; s++) used += length_freq[s] != 0;
    if (used < 2) length_freq[length_freq[0] ? 1 : 0]++;  // a code needs two symbols
    uint8_t length_lengths[CODELEN_SYMBOLS];
    strata_png_huffman_lengths(length_freq, CODELEN_SYMBOLS, 7, length_lengths);
    uint16_t length_codes_[CODELEN_SYMBOLS];
    strata_png_canonical_codes(length_lengths, CODELEN_SYMBOLS, length_codes_);
    int order_count = CODELEN_SYMBOLS;
    while (order_count > 4 && length_lengths[code_length_order[order_count - 1]] == 0) order_count--;

    // The block's exact size in bits, so that the output has room before a bit is written.
    uint64_t bits = 3 + 5 + 5 + 4 + 3 * (uint64_t)order_count + p->extra_bits;
    for (int s = 0; s < all_count; s++) bits += length_lengths[all_lengths[s]];
    for (int s = 0; s < LITLEN_SYMBOLS; s++) bits += freq[s] * lengths[s];
    for (int s = 0; s < DISTANCE_CODES; s++) bits += dfreq[s] * dlengths[s];
    size_t offset = (size_t)(w->out - out->data);
    // + 8 for the unwritten bits in the writer, + 8 for emit's whole-word stores, + 16 for the
    // Adler-32, the IDAT CRC and the IEND chunk the caller appends.
    if (!ensure_capacity(out, offset + (size_t)(bits / 8) + 32 + 12)) return 0;
    w->out = out->data + offset;

    put_bits(w, (uint64_t)(final ? 1 : 0), 1);
    put_bits(w, 2, 2);  // dynamic Huffman codes
    put_bits(w, (uint64_t)(literal_count - 257), 5);
    put_bits(w, (uint64_t)(distance_count - 1), 5);
    put_bits(w, (uint64_t)(order_count - 4), 4);
    for (int i = 0; i < order_count; i++) put_bits(w, length_lengths[code_length_order[i]], 3);
    for (int s = 0; s < all_count; s++) put_bits(w, length_codes_[all_lengths[s]], length_lengths[all_lengths[s]]);
    strata_png_emit(p, data, w, codes, lengths, dcodes, dlengths);
    put_bits(w, codes[END_OF_BLOCK], lengths[END_OF_BLOCK]);
    *bits_written += bits;
    return 1;
}
