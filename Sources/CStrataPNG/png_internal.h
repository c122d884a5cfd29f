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
    // The fast encoder's last image, for strata_png_encoder_fast_update: its deflate stream and
    // where each band's block lies in it. Valid only while `remembered` is set.
    int remembered;
    const uint8_t *last_pixels; // the image's address, size, layout and kernels
    uint32_t last_width, last_height;
    size_t last_row_bytes;
    int last_flags;             // the caller's flags
    int last_channels;          // 3 (RGB) or 4 (RGBA), as written
    uint32_t last_clear_row;    // a row with a pixel that is not opaque (UINT32_MAX: none known)
    const void *last_kernels;
    struct band_record *bands;  // one per band of the last image
    struct band_record *next_bands;  // those of the image being encoded (they trade places at the end)
    size_t band_count, bands_capacity, last_band_bytes;
    size_t band_bytes;          // filtered bytes per band of the fast encoder (0: 512 KiB)
    uint64_t reused_bands;      // bands whose block came from the last image, so far
    uint8_t *deflated;          // the last image's deflate stream (8 bytes to spare past its end)
    size_t deflated_size, deflated_capacity;
    // The kept rows of an update (png_kept_rows.c): every filtered row of the last image and each
    // row's filter costs by stretches of pixels, where known (`stretch_known[y]`).
    int last_kept;              // the last image's rows are kept
    size_t kept_limit;          // the most filtered bytes kept (0: STRATA_PNG_KEPT_LIMIT)
    uint8_t *kept_rows;         // height × (1 + line) bytes, as the IDAT data holds them
    size_t kept_rows_capacity;
    uint8_t *stretch_costs;     // height × stretches × 5 uint32_t
    size_t stretch_costs_capacity;
    uint8_t *stretch_known;     // height flags
    size_t stretch_known_capacity;
};

/// A band of the fast encoder's last image: its deflate block and its filtered bytes' checksum.
struct band_record {
    uint64_t start_bit, bits;   // where the block starts in the deflate stream, and its size
    uint32_t adler;             // the Adler-32 of the band's filtered bytes alone
    size_t size;                // the band's filtered bytes
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

// MARK: - Rows (png_rows.c)

/// The row kernels of one code path (portable, SSE4.1, AVX2): residual costs, filtering, packing.
typedef struct kernels {
    /// The cost of each PNG filter on a row of `bytes` (sum of |signed residual|; the first pixel's
    /// left neighbour is zero).
    void (*row_costs)(const uint8_t *, const uint8_t *, size_t, size_t, uint32_t[5]);
    /// A row of `bytes` filtered with a type (0…4), into `out`.
    void (*filter_row)(int, const uint8_t *, const uint8_t *, uint8_t *, size_t, size_t);
    /// Pixels packed to RGB (from BGRA when the last argument is set); 0 when one is not opaque.
    int (*pack_rgb)(const uint8_t *, uint8_t *, size_t, int);
} kernels;

/// The kernels of `path` (a strata_png_path), or NULL when this machine lacks it. AUTO picks the best one.
const kernels *strata_png_kernels_for(int path);

/// Makes room for `size` bytes in `*buffer` (growing `*capacity`, not keeping the contents);
/// 0 when memory runs out.
int strata_png_reserve(uint8_t **buffer, size_t *capacity, size_t size);

/// What filtering a run of rows needs to know: the kernels, the pixel layout, the row above.
typedef struct {
    const kernels *k;
    const uint8_t *pixels;
    uint32_t width;
    size_t row_bytes, bpp, line;
    int rgb, bgra;          // RGB output; BGRA input (blue first, as Cairo's ARGB32 in memory)
    uint8_t *rows;          // two rows of `line` bytes for packed or un-premultiplied rows
    const uint8_t *above;   // the unfiltered row above the next (zeros before the first)
    uint32_t clear_row;     // writing RGB: the row found not opaque
    uint32_t reciprocal[256];
} row_filter;

/// Starts filtering an image: RGB unless `flags` has STRATA_PNG_KEEP_ALPHA (see
/// strata_png_filter_rows), the row above the first all zeros. 0 when memory runs out.
int strata_png_row_filter_init(row_filter *f, strata_png_encoder *encoder, const kernels *k, const uint8_t *pixels,
                               uint32_t width, uint32_t height, size_t row_bytes, int flags);

/// Filters rows y0..<y1 into `dst` (1 + line bytes each: the filter type, then the residuals),
/// each with the filter whose residuals cost least, continuing the Adler-32 in `adler` if given.
/// Returns 0 when, writing RGB, it meets a row that is not opaque (its index goes to
/// `f->clear_row`): the image must be RGBA.
int strata_png_filter_rows(row_filter *f, uint32_t y0, uint32_t y1, uint8_t *dst, uint32_t *adler);

/// Pixels p0..<p1 of row y prepared as the PNG rows hold them before filtering (as the rows
/// strata_png_filter_rows prepares), at their place in the scratch row of y's parity, which is
/// returned; NULL when, writing RGB, one of them is not opaque.
const uint8_t *strata_png_prepare_span(row_filter *f, uint32_t y, uint32_t p0, uint32_t p1);

/// Makes `f` continue at row y as if rows 0..<y had been filtered: the row above is row y − 1
/// prepared (zeros for the first row; `f->above` is NULL when, writing RGB, it is not opaque).
void strata_png_restart_rows_at(row_filter *f, uint32_t y);

// MARK: - Kept rows (png_kept_rows.c)

/// The most filtered bytes an update keeps (64 MiB: a 4K RGBA frame is 33 MB); a larger image's
/// update filters the bands it cannot reuse in full, as a plain encode does.
#define STRATA_PNG_KEPT_LIMIT ((size_t)64 << 20)

/// Makes room for an image's kept rows and costs (contents kept when the size is the same as the
/// last); 0 when memory runs out.
int strata_png_keep_rows(strata_png_encoder *encoder, size_t stride, uint32_t width, uint32_t height);

/// Rows y0..<y1 of the kept rows filtered again where the image can differ from the last one:
/// rows top…bottom (the changed rows and the one below), columns left..<right of them and the one
/// after. The other bytes are the last image's. 0 when, writing RGB, a row is not opaque (its
/// index in `f->clear_row`).
int strata_png_refilter_kept_rows(row_filter *f, strata_png_encoder *encoder, uint32_t y0, uint32_t y1, uint32_t top,
                                  uint32_t bottom, uint32_t left, uint32_t right);

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
