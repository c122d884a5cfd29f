// Huffman codes for the fast PNG encoder: length-limited code lengths from symbol frequencies,
// and canonical codes in deflate's bit order.
#include "png_deflate.h"

/// Sorts `n` keys (at most a few hundred) ascending: a Shell sort with Ciura's gaps, inline
/// comparisons instead of qsort's calls (every band of every frame builds two or three codes). The
/// keys are distinct, so any sort gives the same order.
static void sort_keys(uint64_t *keys, int n) {
    static const int gaps[] = {132, 57, 23, 10, 4, 1};
    for (int g = 0; g < 6; g++) {
        int gap = gaps[g];
        for (int i = gap; i < n; i++) {
            uint64_t value = keys[i];
            int j = i;
            while (j >= gap && keys[j - gap] > value) {
                keys[j] = keys[j - gap];
                j -= gap;
            }
            keys[j] = value;
        }
    }
}

/// Code lengths (≤ `limit` bits) for `count` symbols with frequencies `freq`: a Huffman tree by
/// the two-queue method; while it is too deep, frequencies are halved (keeping them non-zero)
/// and the tree is built again. Symbols of frequency 0 get length 0. At least two symbols must
/// have a non-zero frequency.
void strata_png_huffman_lengths(const uint64_t *freq, int count, int limit, uint8_t *lengths) {
    uint64_t weight[2 * LITLEN_SYMBOLS];
    int parent[2 * LITLEN_SYMBOLS], order[LITLEN_SYMBOLS];
    uint64_t scaled[LITLEN_SYMBOLS];
    for (int s = 0; s < count; s++) scaled[s] = freq[s];
    for (;;) {
        // Sorted by (weight, symbol), one 64-bit key each (weights stay below 2^54): a total
        // order, so the tree is the same on every machine.
        uint64_t keys[LITLEN_SYMBOLS];
        int leaves = 0;
        for (int s = 0; s < count; s++) if (scaled[s]) keys[leaves++] = scaled[s] << 9 | (uint64_t)s;
        sort_keys(keys, leaves);
        for (int i = 0; i < leaves; i++) order[i] = (int)(keys[i] & 511);
        for (int i = 0; i < leaves; i++) weight[i] = scaled[order[i]];
        // Two queues: leaves in order, internal nodes in order of creation (weights never decrease).
        int next_leaf = 0, next_node = leaves, nodes = leaves;
        for (int made = 0; made < leaves - 1; made++) {
            int pick[2];
            for (int k = 0; k < 2; k++) {
                if (next_leaf < leaves && (next_node >= nodes || weight[next_leaf] <= weight[next_node])) pick[k] = next_leaf++;
                else pick[k] = next_node++;
            }
            weight[nodes] = weight[pick[0]] + weight[pick[1]];
            parent[pick[0]] = parent[pick[1]] = nodes;
            nodes++;
        }
        // Depths from the root (the last node) down.
        int depth[2 * LITLEN_SYMBOLS];
        depth[nodes - 1] = 0;
        int deepest = 0;
        for (int n = nodes - 2; n >= 0; n--) {
            depth[n] = depth[parent[n]] + 1;
            if (n < leaves && depth[n] > deepest) deepest = depth[n];
        }
        if (deepest <= limit) {
            memset(lengths, 0, (size_t)count);
            for (int i = 0; i < leaves; i++) lengths[order[i]] = (uint8_t)depth[i];
            return;
        }
        for (int s = 0; s < count; s++) if (scaled[s]) scaled[s] = (scaled[s] >> 1) | 1;
    }
}

/// Canonical codes for `lengths`, bit-reversed for deflate's LSB-first bit order.
void strata_png_canonical_codes(const uint8_t *lengths, int count, uint16_t *codes) {
    uint16_t per_length[16] = {0}, next[16] = {0};
    for (int s = 0; s < count; s++) per_length[lengths[s]]++;
    per_length[0] = 0;
    uint16_t code = 0;
    for (int bits = 1; bits < 16; bits++) {
        code = (uint16_t)((code + per_length[bits - 1]) << 1);
        next[bits] = code;
    }
    for (int s = 0; s < count; s++) {
        int length = lengths[s];
        if (!length) { codes[s] = 0; continue; }
        uint16_t value = next[length]++, reversed = 0;
        for (int b = 0; b < length; b++) reversed |= (uint16_t)(((value >> b) & 1) << (length - 1 - b));
        codes[s] = reversed;
    }
}
