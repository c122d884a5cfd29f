// JPEG decoding through libjpeg-turbo's libjpeg API. libjpeg reports fatal errors by calling an
// error handler that must not return: it jumps back here (setjmp/longjmp), which Swift cannot do,
// hence this file. Messages are kept, never printed.
#include "strata_jpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    int ended_early;
    strata_jpeg_info *info;
} strata_error;

static void strata_error_exit(j_common_ptr cinfo) {
    strata_error *error = (strata_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, error->info->message);
    longjmp(error->jump, 1);
}

static void strata_emit_message(j_common_ptr cinfo, int level) {
    strata_error *error = (strata_error *)cinfo->err;
    if (level < 0 && cinfo->err->msg_code == JWRN_JPEG_EOF) error->ended_early = 1;
}

static void strata_output_message(j_common_ptr cinfo) { (void)cinfo; }

/// Messages kept in `info`, never printed; fatal errors jump back to the caller's setjmp.
static void strata_error_init(strata_error *error, strata_jpeg_info *info, struct jpeg_decompress_struct *cinfo) {
    memset(error, 0, sizeof *error);
    error->info = info;
    cinfo->err = jpeg_std_error(&error->manager);
    error->manager.error_exit = strata_error_exit;
    error->manager.emit_message = strata_emit_message;
    error->manager.output_message = strata_output_message;
}

/// The frame header's precision, walking the markers up to the first SOFn; 0 when none is found.
static int strata_frame_precision(const unsigned char *data, size_t size) {
    size_t at = 2;
    while (at + 4 <= size) {
        if (data[at] != 0xFF) return 0;
        unsigned char marker = data[at + 1];
        if (marker == 0xFF) { at += 1; continue; }
        if (marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) { at += 2; continue; }
        size_t length = ((size_t)data[at + 2] << 8) | data[at + 3];
        if (length < 2) return 0;
        int frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
        if (frame) return at + 4 < size ? data[at + 4] : 0;
        if (marker == 0xDA) return 0;
        at += 2 + length;
    }
    return 0;
}

/// The EXIF orientation in an APP1 `Exif\0\0` segment (TIFF, either byte order), 1 if none.
static int strata_exif_orientation(const unsigned char *exif, size_t size) {
    if (size < 14 || memcmp(exif, "Exif\0\0", 6) != 0) return 1;
    const unsigned char *tiff = exif + 6;
    size_t length = size - 6;
    int little = tiff[0] == 'I' && tiff[1] == 'I';
    if (!little && !(tiff[0] == 'M' && tiff[1] == 'M')) return 1;
#define U16(p) (little ? (unsigned)((p)[0] | ((p)[1] << 8)) : (unsigned)(((p)[0] << 8) | (p)[1]))
#define U32(p) (little ? ((unsigned long)(p)[0] | ((unsigned long)(p)[1] << 8) | ((unsigned long)(p)[2] << 16) | ((unsigned long)(p)[3] << 24)) \
                       : (((unsigned long)(p)[0] << 24) | ((unsigned long)(p)[1] << 16) | ((unsigned long)(p)[2] << 8) | (unsigned long)(p)[3]))
    unsigned long ifd = U32(tiff + 4);
    if (ifd + 2 > length) return 1;
    unsigned count = U16(tiff + ifd);
    for (unsigned i = 0; i < count; i++) {
        size_t entry = ifd + 2 + (size_t)i * 12;
        if (entry + 12 > length) return 1;
        if (U16(tiff + entry) == 0x0112) {
            unsigned value = U16(tiff + entry + 8);
            return value >= 1 && value <= 8 ? (int)value : 1;
        }
    }
    return 1;
#undef U16
#undef U32
}

static void strata_fill_info(struct jpeg_decompress_struct *cinfo, strata_jpeg_info *info) {
    info->width = (int)cinfo->image_width;
    info->height = (int)cinfo->image_height;
    info->components = cinfo->num_components;
    info->progressive = cinfo->progressive_mode ? 1 : 0;
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE: info->color_space = 1; break;
    case JCS_RGB: info->color_space = 2; break;
    case JCS_YCbCr: info->color_space = 3; break;
    case JCS_CMYK: info->color_space = 4; break;
    case JCS_YCCK: info->color_space = 5; break;
    default: info->color_space = 0; break;
    }
    info->orientation = 1;
    for (jpeg_saved_marker_ptr marker = cinfo->marker_list; marker; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 1) {
            info->orientation = strata_exif_orientation(marker->data, marker->data_length);
            break;
        }
    }
}

int strata_jpeg_read_header(const unsigned char *data, size_t size, strata_jpeg_info *info) {
    memset(info, 0, sizeof *info);
    if (size < 4 || data[0] != 0xFF || data[1] != 0xD8) {
        snprintf(info->message, sizeof info->message, "not a JPEG image (no FF D8 start marker)");
        return 1;
    }
    info->precision = strata_frame_precision(data, size);
    if (info->precision != 0 && info->precision != 8) {
        snprintf(info->message, sizeof info->message, "a %d-bit JPEG (only 8-bit JPEG is drawn)", info->precision);
        return 2;
    }
    struct jpeg_decompress_struct cinfo;
    strata_error error;
    strata_error_init(&error, info, &cinfo);
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return 3;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);
    strata_fill_info(&cinfo, info);
    info->precision = cinfo.data_precision;
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

int strata_jpeg_decode_rgba(const unsigned char *data, size_t size, unsigned char *rgba, size_t capacity, strata_jpeg_info *info) {
    int status = strata_jpeg_read_header(data, size, info);
    if (status != 0) return status;
    if (info->color_space != 1 && info->color_space != 2 && info->color_space != 3) {
        snprintf(info->message, sizeof info->message, "a %s JPEG (only grey, RGB and YCbCr JPEG are drawn)",
                 info->color_space == 4 ? "CMYK" : info->color_space == 5 ? "YCCK (CMYK)" : "JPEG of an unknown colour space in a");
        return 4;
    }
    if ((size_t)info->width * (size_t)info->height * 4 > capacity) {
        snprintf(info->message, sizeof info->message, "the output buffer is too small");
        return 5;
    }
    struct jpeg_decompress_struct cinfo;
    strata_error error;
    strata_error_init(&error, info, &cinfo);
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return 3;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = JCS_EXT_RGBA;
    cinfo.dct_method = JDCT_ISLOW;   // the accurate integer IDCT: the same bytes on every CPU
    cinfo.do_fancy_upsampling = TRUE;
    jpeg_start_decompress(&cinfo);
    if ((int)cinfo.output_width != info->width || (int)cinfo.output_height != info->height || cinfo.output_components != 4) {
        snprintf(info->message, sizeof info->message, "libjpeg decodes to %u×%u×%d, not %d×%d RGBA",
                 cinfo.output_width, cinfo.output_height, cinfo.output_components, info->width, info->height);
        jpeg_destroy_decompress(&cinfo);
        return 6;
    }
    size_t stride = (size_t)info->width * 4;
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = rgba + (size_t)cinfo.output_scanline * stride;
        if (jpeg_read_scanlines(&cinfo, &row, 1) != 1) break;
    }
    if (!error.ended_early) jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    if (error.ended_early) {
        snprintf(info->message, sizeof info->message, "the JPEG data ends early (truncated)");
        return 7;
    }
    return 0;
}
