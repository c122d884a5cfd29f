// Strata's compact PNG encoder ("compact" mode, for archives and reference images): the same
// per-row filter choice as the fast encoder, compressed by libdeflate, which finds real LZ77
// matches (the fast encoder codes only zero runs) and so writes smaller files, more slowly.
#include <libdeflate.h>
#include <stdio.h>

#include "png_internal.h"

int strata_png_encoder_compact(strata_png_encoder *encoder, const uint8_t *pixels, uint32_t width, uint32_t height,
                               size_t row_bytes, int level, int flags, strata_png_buffer *out, char *error,
                               size_t error_size) {
    if (error && error_size > 0) error[0] = '\0';
    if (!encoder || !pixels || !out || width == 0 || height == 0 || row_bytes < 4 * (size_t)width || width > (1u << 30) / 4 ||
        level < 1 || level > 12) {
        if (error && error_size > 0) snprintf(error, error_size, "invalid arguments to the PNG encoder");
        return -1;
    }
    encoder->remembered = 0;  // the fast encoder's last image is no longer the last one
    int channels = 4;
    uint8_t *filtered = strata_png_filter_image(encoder, pixels, width, height, row_bytes, STRATA_PNG_PATH_AUTO, flags,
                                                &channels, NULL);
    size_t total = ((size_t)channels * width + 1) * height;
    struct libdeflate_compressor *compressor = filtered ? libdeflate_alloc_compressor(level) : NULL;
    if (!compressor) {
        if (error && error_size > 0) snprintf(error, error_size, "out of memory while encoding a PNG");
        return -3;
    }
    size_t bound = libdeflate_zlib_compress_bound(compressor, total);
    if (bound > 0x7fffffffu || !ensure_capacity(out, 8 + 25 + 12 + bound + 12)) {
        libdeflate_free_compressor(compressor);
        if (error && error_size > 0) snprintf(error, error_size, "out of memory while encoding a PNG");
        return -3;
    }
    uint8_t *p = out->data;
    write_png_head(p, width, height, channels);
    uint8_t *chunk = p + 8 + 25;
    size_t idat = libdeflate_zlib_compress(compressor, filtered, total, chunk + 8, bound);
    libdeflate_free_compressor(compressor);
    if (idat == 0) {
        if (error && error_size > 0) snprintf(error, error_size, "libdeflate could not compress the image");
        return -6;
    }
    store32(chunk, (uint32_t)idat);
    memcpy(chunk + 4, "IDAT", 4);
    store32(chunk + 8 + idat, (uint32_t)crc32(0L, chunk + 4, (uInt)(4 + idat)));
    write_chunk(chunk + 12 + idat, "IEND", NULL, 0);
    out->size = 8 + 25 + 12 + idat + 12;
    return 0;
}
