// Strata's fast PNG encoder ("fast" mode), written for Strata from the ideas behind fpnge and
// image-png's fdeflate mode (no code taken from either):
// - each row gets the PNG filter whose residuals cost least (sum of |signed residual|); an image
//   whose every pixel is opaque is written as RGB (png_rows.c);
// - the image goes in bands of about 512 KB of filtered rows, each parsed on its own and written
//   as one deflate block with Huffman tables from its own statistics while it is in cache
//   (png_block.c); so a band's block depends on its rows and the two above alone, and a frame
//   drawn over the one before reuses the blocks of bands it did not change
//   (strata_png_encoder_fast_update), the Adler-32s joined with zlib's adler32_combine, and keeps
//   every filtered row so that the next update filters again only where the frame changed;
// - the parse (png_parse.c) codes zero runs as matches at distance 1, runs repeating the pixel
//   before at distance 3 or 4, and, in rows where long matches pay, repeats found by a hash probe;
// - the row kernels are compiled for a portable, an SSE4.1 and an AVX2 path, chosen at run time;
//   all integer, so every path writes the same bytes. Adler-32 and CRC-32 are libdeflate's.
// Output: signature, IHDR, one IDAT, IEND (no time, text or version chunk).
#include "png_deflate.h"
#include "png_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libdeflate.h>
#include <zlib.h>

static int fail(char *error, size_t error_size, int status, const char *message) {
    if (error && error_size > 0) snprintf(error, error_size, "%s", message);
    return status;
}

strata_png_encoder *strata_png_encoder_create(void) {
    return (strata_png_encoder *)calloc(1, sizeof(strata_png_encoder));
}

void strata_png_encoder_free(strata_png_encoder *encoder) {
    if (!encoder) return;
    free(encoder->filtered);
    free(encoder->rows);
    if (encoder->parsed) free(encoder->parsed->tokens);
    free(encoder->parsed);
    free(encoder->table);
    free(encoder->bands);
    free(encoder->next_bands);
    free(encoder->deflated);
    free(encoder->kept_rows);
    free(encoder->stretch_costs);
    free(encoder->stretch_known);
    free(encoder);
}

/// Appends `count` bits of `src`, starting at bit `start` (LSB first, as deflate), to `w`.
/// `src` has 8 readable bytes past the last bit, and `w` room for 8 bytes past the last it writes.
static void append_bits(bit_writer *w, const uint8_t *src, uint64_t start, uint64_t count) {
    // Whole bytes of the writer out first, then 56 bits a step: fewer than 8 pending bits and 56
    // more fit a 64-bit word, which is stored whole (its last byte is written again next step).
    while (w->count >= 8) {
        *w->out++ = (uint8_t)w->bits;
        w->bits >>= 8;
        w->count -= 8;
    }
    while (count >= 56) {
        w->bits |= ((load64le(src + (start >> 3)) >> (start & 7)) & ((1ull << 56) - 1)) << w->count;
        store64le(w->out, w->bits);
        w->out += 7;
        w->bits >>= 56;
        start += 56;
        count -= 56;
    }
    while (count >= 32) {
        put_bits(w, (load64le(src + (start >> 3)) >> (start & 7)) & 0xFFFFFFFFu, 32);
        start += 32;
        count -= 32;
    }
    if (count) put_bits(w, (load64le(src + (start >> 3)) >> (start & 7)) & ((1ull << count) - 1), (int)count);
}

/// The fast encoder. With `changed` set (an update) it remembers the image for the next update, and
/// rows outside changed_top..<changed_bottom, and columns outside changed_left..<changed_right of
/// those, are those of the image this encoder encoded last (the caller's promise): a band whose
/// rows and the two rows above it are all outside reuses that image's deflate block instead of
/// being filtered, parsed and coded again, and the other bands take the kept filtered rows of that
/// image where the change does not reach (png_kept_rows.c). Each band's block depends only on
/// those rows (see the parse), and each row's filter on the row and the one above, so the bytes are
/// the same either way.
static int encode_fast(strata_png_encoder *encoder, const uint8_t *pixels, uint32_t width, uint32_t height,
                       size_t row_bytes, int path, int flags, int changed, uint32_t changed_top,
                       uint32_t changed_bottom, uint32_t changed_left, uint32_t changed_right, strata_png_buffer *out,
                       char *error, size_t error_size) {
    if (error && error_size > 0) error[0] = '\0';
    if (!encoder || !pixels || !out || width == 0 || height == 0 || row_bytes < 4 * (size_t)width || width > (1u << 30) / 4)
        return fail(error, error_size, -1, "invalid arguments to the PNG encoder");
    const kernels *k = strata_png_kernels_for(path);
    if (!k) return fail(error, error_size, -2, "this machine has no such encoder path");
    const int caller_flags = flags;
    // The last image is usable when it had this address, size, layout, flags and kernels; rows
    // outside the change are then the same.
    int same_image = changed && encoder->remembered && encoder->last_pixels == pixels && encoder->last_width == width &&
                     encoder->last_height == height && encoder->last_row_bytes == row_bytes &&
                     encoder->last_flags == caller_flags && encoder->last_kernels == (const void *)k;
    if (changed_top > changed_bottom || changed_bottom > height) same_image = 0;
    if (changed_left > changed_right || changed_right > width) {  // the columns unknown: all of them
        changed_left = 0;
        changed_right = width;
    }
    uint32_t clear_row = UINT32_MAX;  // a row known not opaque in this image
    // A row not opaque in the last image and unchanged is so in this one: the image is RGBA.
    if (same_image && !(flags & STRATA_PNG_KEEP_ALPHA) && encoder->last_channels == 4 &&
        encoder->last_clear_row < height && (encoder->last_clear_row < changed_top || encoder->last_clear_row >= changed_bottom)) {
        clear_row = encoder->last_clear_row;
        flags |= STRATA_PNG_KEEP_ALPHA;
    }
    encoder->remembered = 0;
    row_filter f;
restart:
    if (!strata_png_row_filter_init(&f, encoder, k, pixels, width, height, row_bytes, flags))
        return fail(error, error_size, -3, "out of memory while encoding a PNG");
    size_t stride = f.line + 1;
    // Reuse needs the last image written with as many channels (and so with the same bands).
    int reuse = same_image && encoder->last_channels == (int)f.bpp && encoder->last_band_bytes == encoder->band_bytes;

    // The image goes in bands of rows of about `band_bytes`, each filtered, parsed and written as
    // one deflate block with Huffman tables from its own statistics while it is in cache. A band
    // is parsed on its own (behind one filtered row of the band before, which runs of the pixel
    // before may reach into), so that its block depends on its rows and the two above alone.
    size_t band_bytes = encoder->band_bytes ? encoder->band_bytes : 512 * 1024;
    uint32_t rows_per_band = (uint32_t)(band_bytes / stride > 0 ? band_bytes / stride : 1);
    if (rows_per_band > height) rows_per_band = height;
    size_t band_count = (height + rows_per_band - 1) / rows_per_band;
    if (!strata_png_reserve(&encoder->filtered, &encoder->filtered_capacity, stride * (rows_per_band + 1)) ||
        (!encoder->parsed && !(encoder->parsed = (parse *)calloc(1, sizeof(parse)))) ||
        (!encoder->table && !(encoder->table = (uint32_t *)malloc(((size_t)1 << HASH_BITS) * sizeof(uint32_t)))))
        return fail(error, error_size, -3, "out of memory while encoding a PNG");
    if (reuse && encoder->band_count != band_count) reuse = 0;
    // An update keeps every filtered row (up to STRATA_PNG_KEPT_LIMIT), so that the next one
    // filters again only the columns a change reaches (png_kept_rows.c).
    int kept = changed && stride * (size_t)height <= (encoder->kept_limit ? encoder->kept_limit : STRATA_PNG_KEPT_LIMIT);
    if (kept && !strata_png_keep_rows(encoder, stride, width, height))
        return fail(error, error_size, -3, "out of memory while encoding a PNG");
    if (kept && !encoder->last_kept) reuse = 0;
    if (kept && !reuse) memset(encoder->stretch_known, 0, height);
    encoder->last_kept = 0;
    if (band_count > encoder->bands_capacity) {
        // Both lists grow (the last image's records are kept: they are only read when it had as
        // many bands, so within the old capacity).
        struct band_record *grown = (struct band_record *)realloc(encoder->bands, band_count * sizeof(struct band_record));
        if (grown) encoder->bands = grown;
        struct band_record *next = grown ? (struct band_record *)realloc(encoder->next_bands, band_count * sizeof(struct band_record)) : NULL;
        if (next) encoder->next_bands = next;
        if (!grown || !next) return fail(error, error_size, -3, "out of memory while encoding a PNG");
        encoder->bands_capacity = band_count;
    }
    uint8_t *band = encoder->filtered;
    uint32_t *table = encoder->table;
    parse *parsed = encoder->parsed;
    memset(table, 0, ((size_t)1 << HASH_BITS) * sizeof(uint32_t));

    if (!ensure_capacity(out, 8 + 25 + 8 + 2 + 64)) return fail(error, error_size, -3, "out of memory while encoding a PNG");
    write_png_head(out->data, width, height, (int)f.bpp);
    size_t chunk = 8 + 25;  // the IDAT chunk: length and type are written at the end
    out->data[chunk + 8] = 0x78;
    out->data[chunk + 9] = 0x01;  // deflate, 32 KiB window, fastest-level flag; 0x7801 % 31 == 0
    bit_writer w = {0, 0, out->data + chunk + 10};
    uint64_t bits = 0;
    uint32_t adler = 1;
    size_t history = 0;   // bytes of the band before (its last filtered row) at the front of `band`
    size_t position = 0;  // the position in the whole filtered stream of the band's first byte
    for (size_t b = 0; b < band_count; b++) {
        uint32_t y0 = (uint32_t)(b * rows_per_band);
        uint32_t y1 = y0 + rows_per_band < height ? y0 + rows_per_band : height;
        size_t size = stride * (y1 - y0);
        const struct band_record *last = &encoder->bands[b];
        struct band_record *record = &encoder->next_bands[b];
        uint32_t needed_top = y0 >= 2 ? y0 - 2 : 0;  // the rows the band's block depends on: needed_top..<y1
        if (reuse && (changed_top >= changed_bottom || changed_bottom <= needed_top || changed_top >= y1)) {
            size_t offset = (size_t)(w.out - out->data);
            if (!ensure_capacity(out, offset + (size_t)(last->bits / 8) + 32 + 12))
                return fail(error, error_size, -3, "out of memory while encoding a PNG");
            w.out = out->data + offset;
            append_bits(&w, encoder->deflated, last->start_bit, last->bits);
            adler = (uint32_t)adler32_combine(adler, last->adler, (z_off_t)last->size);
            *record = (struct band_record){bits, last->bits, last->adler, last->size};
            encoder->reused_bands++;
            bits += last->bits;
            position += size;
            history = 0;  // the next band, if drawn, filters its row above again
            continue;
        }
        uint32_t band_adler = 1;
        if (kept) {
            // The band's rows in the kept rows, behind the row before it (filtered already, or
            // kept from the last image with the band before).
            uint8_t *rows = encoder->kept_rows + (size_t)y0 * stride;
            int filtered = reuse ? strata_png_refilter_kept_rows(&f, encoder, y0, y1, changed_top, changed_bottom, changed_left,
                                                                 changed_right)
                                 : strata_png_filter_rows(&f, y0, y1, rows, &band_adler);
            if (!filtered) {
                clear_row = f.clear_row;
                reuse = 0;  // a pixel is not opaque: everything afresh, as RGBA
                same_image = 0;
                flags |= STRATA_PNG_KEEP_ALPHA;
                goto restart;
            }
            history = y0 > 0 ? stride : 0;
            band = rows - history;
        } else if (b > 0 && history == 0) {
            // The band before was reused: its last filtered row, again, as this band's history.
            strata_png_restart_rows_at(&f, y0 - 1);
            if (!f.above || !strata_png_filter_rows(&f, y0 - 1, y0, band, NULL)) {
                reuse = 0;  // not as promised (a row not opaque): everything afresh, as RGBA
                same_image = 0;
                flags |= STRATA_PNG_KEEP_ALPHA;
                goto restart;
            }
            history = stride;
        }
        if (kept) {
            if (reuse) band_adler = libdeflate_adler32(1, band + history, size);
        } else if (!strata_png_filter_rows(&f, y0, y1, band + history, &band_adler)) {
            clear_row = f.clear_row;
            flags |= STRATA_PNG_KEEP_ALPHA;  // a pixel is not opaque: the image is RGBA, from the start
            goto restart;
        }
        // Statistics start afresh for each block, and so does the parse's mode: the first row
        // tries LZ. The token list keeps its memory.
        uint32_t *tokens = parsed->tokens;
        size_t capacity = parsed->capacity;
        memset(parsed, 0, sizeof *parsed);
        parsed->tokens = tokens;
        parsed->capacity = capacity;
        parsed->first_row = y0;
        parsed->origin = position - history;
        parsed->row = (size_t)-1;
        parsed->next_try = y0;
        parsed->wait = 8;
        strata_png_parse(band, history, history + size, stride, f.bpp, parsed, table);
        uint64_t start = bits;
        if (parsed->failed || !strata_png_write_block(parsed, band + history, y1 == height, out, &w, &bits))
            return fail(error, error_size, -3, "out of memory while encoding a PNG");
        *record = (struct band_record){start, bits - start, band_adler, size};
        adler = (uint32_t)adler32_combine(adler, band_adler, (z_off_t)size);
        // The band's last filtered row is the next band's history.
        if (!kept && y1 < height) memmove(band, band + history + size - stride, stride);
        band = encoder->filtered;
        history = stride;
        position += size;
    }
    flush_bits(&w);
    size_t deflated = (size_t)((bits + 7) / 8);
    if ((size_t)(w.out - (out->data + chunk + 10)) != deflated)
        return fail(error, error_size, -7, "internal error: the deflate stream has not the size computed for it");
    size_t idat = 2 + deflated + 4;
    if (idat > 0x7fffffffu) return fail(error, error_size, -4, "the image is too large for one PNG chunk");
    uint8_t *p = out->data + chunk;
    store32(p, (uint32_t)idat);
    memcpy(p + 4, "IDAT", 4);
    store32(p + 8 + 2 + deflated, adler);
    store32(p + 8 + idat, strata_png_crc32(0, p + 4, 4 + idat));
    write_chunk(p + 8 + idat + 4, "IEND", NULL, 0);
    out->size = chunk + 8 + idat + 4 + 12;
    // An update remembers the image for the next: its deflate stream and bands (a plain encode
    // does not pay for the copy).
    if (changed && strata_png_reserve(&encoder->deflated, &encoder->deflated_capacity, deflated + 8)) {
        memcpy(encoder->deflated, p + 10, deflated);
        memset(encoder->deflated + deflated, 0, 8);
        encoder->deflated_size = deflated;
        struct band_record *swap = encoder->bands;
        encoder->bands = encoder->next_bands;
        encoder->next_bands = swap;
        encoder->band_count = band_count;
        encoder->last_band_bytes = encoder->band_bytes;
        encoder->last_pixels = pixels;
        encoder->last_width = width;
        encoder->last_height = height;
        encoder->last_row_bytes = row_bytes;
        encoder->last_flags = caller_flags;
        encoder->last_channels = (int)f.bpp;
        encoder->last_clear_row = clear_row;
        encoder->last_kernels = (const void *)k;
        encoder->last_kept = kept;
        encoder->remembered = 1;
    }
    return 0;
}

int strata_png_encoder_fast(strata_png_encoder *encoder, const uint8_t *pixels, uint32_t width, uint32_t height,
                            size_t row_bytes, int path, int flags, strata_png_buffer *out, char *error,
                            size_t error_size) {
    return encode_fast(encoder, pixels, width, height, row_bytes, path, flags, 0, 0, 0, 0, 0, out, error, error_size);
}

int strata_png_encoder_fast_update(strata_png_encoder *encoder, const uint8_t *pixels, uint32_t width, uint32_t height,
                                   size_t row_bytes, int path, int flags, uint32_t changed_top, uint32_t changed_bottom,
                                   uint32_t changed_left, uint32_t changed_right, strata_png_buffer *out, char *error,
                                   size_t error_size) {
    return encode_fast(encoder, pixels, width, height, row_bytes, path, flags, 1, changed_top, changed_bottom, changed_left,
                       changed_right, out, error, error_size);
}

uint64_t strata_png_encoder_reused_bands(const strata_png_encoder *encoder) {
    return encoder ? encoder->reused_bands : 0;
}

void strata_png_encoder_set_band_bytes(strata_png_encoder *encoder, size_t bytes) {
    if (encoder) encoder->band_bytes = bytes;
}

void strata_png_encoder_set_kept_limit(strata_png_encoder *encoder, size_t bytes) {
    if (encoder) encoder->kept_limit = bytes;
}
