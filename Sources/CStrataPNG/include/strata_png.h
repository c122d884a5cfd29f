#ifndef STRATA_PNG_H
#define STRATA_PNG_H
#include <stddef.h>
#include <stdint.h>

/// PNG row filter types (one for every row of an image).
enum strata_png_filter {
    STRATA_PNG_FILTER_NONE = 0,
    STRATA_PNG_FILTER_SUB = 1,
    STRATA_PNG_FILTER_UP = 2,
    STRATA_PNG_FILTER_AVERAGE = 3,
    STRATA_PNG_FILTER_PAETH = 4
};

/// zlib strategies (the values of zlib's Z_* constants).
enum strata_png_strategy {
    STRATA_PNG_STRATEGY_DEFAULT = 0,
    STRATA_PNG_STRATEGY_FILTERED = 1,
    STRATA_PNG_STRATEGY_HUFFMAN_ONLY = 2,
    STRATA_PNG_STRATEGY_RLE = 3
};

/// A growable byte buffer owned by C; free with strata_png_buffer_free.
typedef struct strata_png_buffer {
    uint8_t *data;
    size_t size;
    size_t capacity;
} strata_png_buffer;

/// Encodes premultiplied RGBA8 pixels as an 8-bit RGBA PNG with straight alpha.
///
/// Rows are un-premultiplied and filtered with `filter` (a strata_png_filter) one at a time and fed
/// to zlib with `compression_level` (0…9) and `strategy`. Writes signature, IHDR, one IDAT and IEND:
/// no time, text or version chunks, so equal pixels give equal bytes.
///
/// Returns 0 on success, or a negative value on failure with a message in `error`
/// (at most `error_size` bytes, NUL-terminated). On success `out` holds the PNG file.
int strata_png_encode_premultiplied_rgba(const uint8_t *pixels, uint32_t width, uint32_t height,
                                         size_t row_bytes, int compression_level, int strategy,
                                         int filter, strata_png_buffer *out,
                                         char *error, size_t error_size);

/// The code paths of the fast encoder. Every path writes the same bytes.
enum strata_png_path {
    STRATA_PNG_PATH_AUTO = 0,      ///< the best path this machine has
    STRATA_PNG_PATH_PORTABLE = 1,  ///< plain C (any CPU)
    STRATA_PNG_PATH_SSE41 = 2,     ///< x86-64 with SSE4.1
    STRATA_PNG_PATH_AVX2 = 3       ///< x86-64 with AVX2
};

/// The paths this machine can run: bit (1 << path) is set for each.
int strata_png_fast_paths(void);

/// Copies a premultiplied 8-bit frame with alpha in byte 3 of each pixel (RGBA or BGRA: the
/// colour bytes are treated alike) to `dst` with straight alpha, exactly as the PNG encoders
/// un-premultiply (c * round(255 * 65536 / a) + 32768) >> 16, capped at 255; alpha 0 gives 0.
/// `dst` holds `height` rows of `4 * width` bytes. Opaque rows are copied as they are.
void strata_unpremultiply_frame(const uint8_t *src, size_t src_row_bytes, uint8_t *dst,
                                uint32_t width, uint32_t height);

/// The working memory of the fast and compact encoders, kept from one image to the next so that
/// a sequence of frames allocates once. Not thread-safe: one per thread.
typedef struct strata_png_encoder strata_png_encoder;

/// A new encoder (NULL when memory runs out); release it with strata_png_encoder_free.
strata_png_encoder *strata_png_encoder_create(void);

/// Releases an encoder and its memory (NULL is ignored).
void strata_png_encoder_free(strata_png_encoder *encoder);

/// Flags of strata_png_encoder_fast and strata_png_encoder_compact.
enum strata_png_flags {
    /// Write RGBA even when every pixel is opaque (by default such an image is written as 8-bit
    /// RGB, which decodes to the same pixels). For frames that must share one colour type, as
    /// the frames of an APNG do.
    STRATA_PNG_KEEP_ALPHA = 1,
    /// The pixels are premultiplied BGRA (blue first in memory, as Cairo's ARGB32 surfaces on a
    /// little-endian machine) instead of RGBA: the same PNG as for the RGBA pixels.
    STRATA_PNG_BGRA = 2
};

/// Encodes premultiplied RGBA8 pixels as an 8-bit RGBA PNG with straight alpha (8-bit RGB when
/// every pixel is opaque and `flags` lacks STRATA_PNG_KEEP_ALPHA: the same pixels decoded, a
/// quarter less data), fast: each row gets the PNG filter whose residuals cost least; bands of
/// about 512 KB are parsed (each on its own) into literals, runs and matches and written as
/// deflate blocks with Huffman tables from their own statistics (see strata_fast_png.c). `path` is a strata_png_path
/// (AUTO normally; the others for tests); every path writes the same bytes. `encoder` keeps its
/// memory for the next image.
///
/// Returns 0 on success, or a negative value with a message in `error` (-2: no such path here).
int strata_png_encoder_fast(strata_png_encoder *encoder, const uint8_t *pixels, uint32_t width, uint32_t height,
                            size_t row_bytes, int path, int flags, strata_png_buffer *out, char *error,
                            size_t error_size);

/// Encodes like strata_png_encoder_fast (the same bytes) an image that differs from the one this
/// encoder encoded last only in rows `changed_top`..<`changed_bottom` (an empty range: in none),
/// and in those only in columns `changed_left`..<`changed_right` (a range not in 0…width: all) —
/// a frame drawn over the frame before it. An update keeps every filtered row (for images of up to
/// 64 MiB of them), so that the next one filters the changed rows again only where the change
/// reaches. Each band of rows whose rows and the two rows above it
/// lie outside that range reuses the last image's deflate block and Adler-32 instead of being
/// filtered, parsed and coded again. The caller promises that the other rows are unchanged: the
/// encoder cannot see it without reading them (and then it would save nothing). It encodes in full
/// when there is no such last image (the last one was not encoded by this function: the plain
/// encoders do not keep what an update needs) or it had another address, size, row_bytes, flags or
/// path, when the range is not in 0…height (0…height itself: the first of a sequence), and for
/// RGBA images unless `flags` has STRATA_PNG_KEEP_ALPHA or the image is known to be RGBA from an
/// unchanged row. Every update keeps the image for the next. Returns as strata_png_encoder_fast.
int strata_png_encoder_fast_update(strata_png_encoder *encoder, const uint8_t *pixels, uint32_t width, uint32_t height,
                                   size_t row_bytes, int path, int flags, uint32_t changed_top, uint32_t changed_bottom,
                                   uint32_t changed_left, uint32_t changed_right, strata_png_buffer *out, char *error,
                                   size_t error_size);

/// Sets the filtered bytes per band (per deflate block) of the fast encoder: 0 (the default) is
/// 512 KiB; at least one row is a band. Smaller bands compress a little worse and let an update
/// reuse more; for tests, fuzzing and tuning.
void strata_png_encoder_set_band_bytes(strata_png_encoder *encoder, size_t bytes);

/// For tests: 1 when the filter costs of a row (`width` pixels of `bpp` = 3 or 4 bytes, `above` the
/// row above), summed over the stretches an update costs them in, are those of the whole row, and
/// each filter over stretches gives the whole row's bytes there (and nothing before); 0 when not,
/// -1 for bad arguments or a path this machine lacks.
int strata_png_stretches_agree(const uint8_t *row, const uint8_t *above, uint32_t width, int bpp, int path);

/// Sets the most filtered bytes an update keeps for the next one: 0 (the default) is 64 MiB; an
/// image with more has the bands it cannot reuse filtered in full. For tests.
void strata_png_encoder_set_kept_limit(strata_png_encoder *encoder, size_t bytes);

/// The bands strata_png_encoder_fast_update has reused so far (for tests and benchmarks).
uint64_t strata_png_encoder_reused_bands(const strata_png_encoder *encoder);

/// Filters like strata_png_encoder_fast, then compresses with libdeflate at `level` (1…12):
/// smaller files, slower — for archives and reference images. Returns as strata_png_encoder_fast.
int strata_png_encoder_compact(strata_png_encoder *encoder, const uint8_t *pixels, uint32_t width, uint32_t height,
                               size_t row_bytes, int level, int flags, strata_png_buffer *out, char *error,
                               size_t error_size);

/// The CRC-32 of PNG chunks (ISO 3309, as zlib computes it): continue `crc` (0 to start) over
/// `count` bytes. For chunks the project assembles itself (the APNG container).
uint32_t strata_png_crc32(uint32_t crc, const uint8_t *bytes, size_t count);

/// Releases the memory of a buffer filled by the encoder.
void strata_png_buffer_free(strata_png_buffer *buffer);

#endif
