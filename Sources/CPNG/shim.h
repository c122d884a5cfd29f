#ifndef STRATA_CPNG_SHIM_H
#define STRATA_CPNG_SHIM_H
#include <png.h>

/// PNG_IMAGE_VERSION is a macro; Swift sees this function instead.
static inline png_uint_32 strata_png_image_version(void) { return PNG_IMAGE_VERSION; }
/// PNG_FORMAT_RGBA is a macro; Swift sees this function instead.
static inline png_uint_32 strata_png_format_rgba(void) { return PNG_FORMAT_RGBA; }
/// PNG_FORMAT_LINEAR_RGB_ALPHA (16-bit channels, premultiplied, no gamma conversion).
static inline png_uint_32 strata_png_format_linear_rgba(void) { return PNG_FORMAT_LINEAR_RGB_ALPHA; }
#endif
