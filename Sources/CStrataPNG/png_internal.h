// Shared by the fast and the compact PNG encoders (not a public header).
#ifndef STRATA_PNG_INTERNAL_H
#define STRATA_PNG_INTERNAL_H
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "strata_png.h"

#include "png_deflate.h"

/// The working memory of the encoders, kept from one image to the next (a frame sequence
/// encodes thousands of images of one size: allocating 8 MB for each costs more in page faults
/// than the encoding). Grown as needed, released by strata_png_encoder_free.
struct strata_png_encoder {
    uint8_t *filtered;          // filtered rows: the whole image (compact), a band and its history (fast)
    size_t filtered_capacity;
    uint8_t *rows;              // three rows: two un-premultiplied, one of zeros
    size_t rows_capacity;
    parse *parsed;              // statistics and tokens (the token list keeps its capacity)
    uint32_t *table;            // the hash table of the fast encoder's parse
};

/// Every row of premultiplied RGBA `pixels`, un-premultiplied and filtered with the PNG filter
/// whose residuals cost least, as a PNG's uncompressed IDAT data: height × (1 + channels·width)
/// bytes in `encoder`'s memory (valid until its next use), or NULL when memory runs out or `path`
/// is not available. `channels` receives 3 when every pixel is opaque and `flags` lacks
/// STRATA_PNG_KEEP_ALPHA (the rows are then RGB), else 4 (RGBA). With `adler` non-NULL it also
/// receives the Adler-32 of that data, computed row by row while each row is in cache.
uint8_t *strata_png_filter_image(strata_png_encoder *encoder, const uint8_t *pixels, uint32_t width, uint32_t height,
                                 size_t row_bytes, int path, int flags, int *channels, uint32_t *adler);

/// Un-premultiplies a row of `width` premultiplied RGBA pixels into `d` (which may be `s`) and returns it (alpha 0
/// gives transparent black; premultiplying again gives back the input); returns `s` itself when
/// the row is opaque. `reciprocal[a]` is 255·65536/a rounded, 0 for a = 0.
const uint8_t *strata_png_unpremultiply_row(const uint8_t *s, uint8_t *d, uint32_t width, const uint32_t *reciprocal);

/// Filters one row (4 bytes per pixel) with PNG filter `type` (0 none … 4 Paeth) on the best path
/// of this machine; `above` is the unfiltered row above (zeros for the first).
void strata_png_filter_row(int type, const uint8_t *row, const uint8_t *above, uint8_t *out, size_t bytes);

static inline int ensure_capacity(strata_png_buffer *out, size_t total) {
    if (total <= out->capacity) return 1;
    if (total < out->capacity + out->capacity / 2) total = out->capacity + out->capacity / 2;
    uint8_t *grown = (uint8_t *)realloc(out->data, total);
    if (!grown) return 0;
    out->data = grown;
    out->capacity = total;
    return 1;
}

static inline void store32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

static inline void write_chunk(uint8_t *p, const char *type, const uint8_t *data, uint32_t length) {
    store32(p, length);
    memcpy(p + 4, type, 4);
    if (length) memcpy(p + 8, data, length);
    store32(p + 8 + length, (uint32_t)crc32(0L, p + 4, 4 + length));
}

/// Writes the PNG signature and the IHDR of an 8-bit RGB (`channels` 3) or RGBA (4) image at `p`
/// (33 bytes).
static inline void write_png_head(uint8_t *p, uint32_t width, uint32_t height, int channels) {
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    memcpy(p, signature, 8);
    uint8_t ihdr[13];
    store32(ihdr, width); store32(ihdr + 4, height);
    ihdr[8] = 8; ihdr[9] = channels == 3 ? 2 : 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
    write_chunk(p + 8, "IHDR", ihdr, 13);
}

#endif
