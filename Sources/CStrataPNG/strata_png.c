// The PNG encoder of Strata. libpng's classic write API is used (not the simplified one) because
// only it can choose zlib strategy and row filters, which decide encoding speed (DESIGN §7).
#include "strata_png.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct encode_context {
    strata_png_buffer *out;
    char *error;
    size_t error_size;
    int failed_allocation;
} encode_context;

static void on_error(png_structp png, png_const_charp message) {
    encode_context *context = (encode_context *)png_get_error_ptr(png);
    if (context && context->error && context->error_size > 0) {
        snprintf(context->error, context->error_size, "libpng: %s", message);
    }
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void on_write(png_structp png, png_bytep data, png_size_t length) {
    encode_context *context = (encode_context *)png_get_io_ptr(png);
    strata_png_buffer *out = context->out;
    if (out->size + length > out->capacity) {
        size_t capacity = out->capacity ? out->capacity : 65536;
        while (capacity < out->size + length) {
            capacity *= 2;
        }
        uint8_t *grown = (uint8_t *)realloc(out->data, capacity);
        if (!grown) {
            context->failed_allocation = 1;
            png_error(png, "out of memory while growing the output buffer");
        }
        out->data = grown;
        out->capacity = capacity;
    }
    memcpy(out->data + out->size, data, length);
    out->size += length;
}

static void on_flush(png_structp png) { (void)png; }

/// Fills `reciprocal[a]` = 65536 × 255 / a, rounded, for a = 1…255, so that x × 255 / a becomes a
/// multiply and a shift. Per call (255 divisions), so that concurrent encodes share no state.
static void prepare_reciprocals(uint32_t reciprocal[256]) {
    reciprocal[0] = 0;
    for (uint32_t a = 1; a < 256; a++) {
        reciprocal[a] = (255u * 65536u + a / 2) / a;
    }
}

/// Un-premultiplies one row; alpha 0 gives transparent black. Opaque pixels are copied.
/// Returns without per-pixel work when the whole row is opaque.
static const uint8_t *unpremultiply_row(const uint8_t *source, uint8_t *destination, uint32_t width,
                                       const uint32_t reciprocal[256]) {
    uint32_t x = 0;
    while (x < width && source[4 * (size_t)x + 3] == 255) x++;
    if (x == width) return source;  // opaque row: libpng reads the source directly
    memcpy(destination, source, 4 * (size_t)x);
    for (; x < width; x++) {
        const uint8_t *s = source + 4 * (size_t)x;
        uint8_t *d = destination + 4 * (size_t)x;
        uint32_t a = s[3];
        uint32_t r = reciprocal[a];
        uint32_t red = (s[0] * r + 32768u) >> 16;
        uint32_t green = (s[1] * r + 32768u) >> 16;
        uint32_t blue = (s[2] * r + 32768u) >> 16;
        d[0] = (uint8_t)(red > 255 ? 255 : red);
        d[1] = (uint8_t)(green > 255 ? 255 : green);
        d[2] = (uint8_t)(blue > 255 ? 255 : blue);
        d[3] = (uint8_t)a;
    }
    return destination;
}

int strata_png_encode_premultiplied_rgba(const uint8_t *pixels, uint32_t width, uint32_t height,
                                         size_t row_bytes, int compression_level, int strategy,
                                         int filters, strata_png_buffer *out,
                                         char *error, size_t error_size) {
    if (error && error_size > 0) error[0] = '\0';
    if (!pixels || !out || width == 0 || height == 0 || row_bytes < 4 * (size_t)width) {
        if (error && error_size > 0) snprintf(error, error_size, "invalid arguments to the PNG encoder");
        return -1;
    }
    encode_context context = {out, error, error_size, 0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, on_error, on_warning);
    if (!png) {
        if (error && error_size > 0) snprintf(error, error_size, "libpng: cannot create write struct");
        return -2;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        if (error && error_size > 0) snprintf(error, error_size, "libpng: cannot create info struct");
        return -2;
    }
    // Volatile: modified between setjmp and a possible longjmp.
    uint8_t *volatile row = NULL;
    uint32_t reciprocal[256];
    if (setjmp(png_jmpbuf(png))) {
        free(row);
        png_destroy_write_struct(&png, &info);
        return context.failed_allocation ? -3 : -4;
    }
    prepare_reciprocals(reciprocal);
    if (out->capacity == 0) {
        // Most frames compress to well under a quarter of their raw size: one allocation.
        size_t initial = (size_t)width * height + 4096;
        out->data = (uint8_t *)malloc(initial);
        if (out->data) out->capacity = initial;
    }
    row = (uint8_t *)malloc(4 * (size_t)width);
    if (!row) {
        png_error(png, "out of memory for a row");
    }
    png_set_write_fn(png, &context, on_write, on_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, compression_level);
    png_set_compression_strategy(png, strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, unpremultiply_row(pixels + (size_t)y * row_bytes, row, width, reciprocal));
    }
    png_write_end(png, info);
    free(row);
    row = NULL;
    png_destroy_write_struct(&png, &info);
    return 0;
}

void strata_png_buffer_free(strata_png_buffer *buffer) {
    if (!buffer) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = 0;
    buffer->capacity = 0;
}
