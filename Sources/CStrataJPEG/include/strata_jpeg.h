#ifndef STRATA_JPEG_H
#define STRATA_JPEG_H
#include <stddef.h>

/// What a JPEG's headers say, and why reading it failed.
typedef struct {
    int width;          ///< pixels, as stored (before the EXIF orientation)
    int height;
    int components;     ///< colour components in the file
    int precision;      ///< bits per sample of the frame header (8; 12 and 16 are refused)
    int color_space;    ///< 1 grey, 2 RGB, 3 YCbCr, 4 CMYK, 5 YCCK, 0 other
    int progressive;    ///< 1 for a progressive (SOF2) file
    int orientation;    ///< EXIF orientation 1…8; 1 when the file has none
    char message[200];  ///< libjpeg's message when a call returns non-zero
} strata_jpeg_info;

/// Reads the headers of `size` bytes of JPEG: 0 on success, else non-zero with `message` set.
int strata_jpeg_read_header(const unsigned char *data, size_t size, strata_jpeg_info *info);

/// Decodes 8-bit grey, RGB or YCbCr JPEG (baseline or progressive) to opaque RGBA rows of
/// `4 × width` bytes, as stored (the orientation is the caller's), into `rgba` of `capacity`
/// bytes: 0 on success, else non-zero with `message` set. A file that ends before its last scan is
/// an error.
int strata_jpeg_decode_rgba(const unsigned char *data, size_t size, unsigned char *rgba, size_t capacity, strata_jpeg_info *info);
#endif
