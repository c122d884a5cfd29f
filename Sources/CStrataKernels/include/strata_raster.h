#ifndef STRATA_RASTER_H
#define STRATA_RASTER_H
#include <stddef.h>
#include <stdint.h>

/// A coverage rasteriser for one path at a time: the exact area of each pixel the path covers
/// (nonzero or even-odd), from cells along its edges (each pixel an edge crosses keeps the
/// signed height and area the edge passes through it; the pixels between take the winding the
/// cells to their left leave), composited with one premultiplied colour. Edges are in surface
/// pixels (y down), kept to the clip box given to `strata_raster_begin`.
typedef struct strata_raster strata_raster;

/// A new rasteriser (its buffers are kept from path to path); NULL when memory is short.
strata_raster *strata_raster_create(void);
void strata_raster_destroy(strata_raster *raster);

/// Starts a path drawn within pixels x0..<x1, y0..<y1 (the clip box, within the surface), with at
/// most `max_cells` cells (more: `strata_raster_fill` returns 0 and draws nothing).
void strata_raster_begin(strata_raster *raster, int x0, int y0, int x1, int y1, size_t max_cells);

/// Narrows the clip to the rectangle left…right, top…bottom (pixels, fractional), within the box
/// given to `strata_raster_begin`: the pixels it cuts get the area of the path within it. Call it
/// before adding edges.
void strata_raster_clip(strata_raster *raster, double left, double top, double right, double bottom);

/// Adds the edge (x0, y0) → (x1, y1), in pixels. A coordinate that is not a number or lies beyond
/// ±2^31 makes the path undrawable (`strata_raster_fill` returns 0).
void strata_raster_line(strata_raster *raster, double x0, double y0, double x1, double y1);

/// Composites the path's coverage times the premultiplied colour (Cairo's ARGB32 word) over the
/// pixels `data` (rows `stride` bytes apart; the clip box's pixels must lie in it). Returns 1, or
/// 0 when the path had more cells than allowed or memory ran short (nothing is drawn then).
/// `vector` is the widest loop to take — 0 plain C, 1 SSE2, 2 AVX2 where the processor has it —
/// all of which give the same bytes.
int strata_raster_fill(strata_raster *raster, uint8_t *data, size_t stride, int even_odd, uint32_t color, int vector);

/// As `strata_raster_fill`, with an image for the colour: each pixel of `pixels` (premultiplied
/// ARGB32, rows `image_stride` bytes apart, `width × height`, its (0, 0) on pixel (x, y)) times the
/// coverage times `opacity` (0…255), OVER the pixels; nothing where the image is not.
int strata_raster_fill_image(strata_raster *raster, uint8_t *data, size_t stride, int even_odd, const uint8_t *pixels,
                             size_t image_stride, int x, int y, int width, int height, uint8_t opacity, int vector);

/// How a stroke is drawn: half its width (user units), its join (0 miter, 1 round, 2 bevel), its
/// cap (0 butt, 1 round, 2 square) and miter limit, the user → surface matrix (xx, yx, xy, yy,
/// x0, y0, as Cairo's) and the tolerance in pixels to which curves and arcs are flattened.
typedef struct {
    double half_width;
    int join;
    int cap;
    double miter_limit;
    double matrix[6];
    double tolerance;
} strata_stroke_style;

/// Path verbs: 0 move to (one point), 1 line to (one point), 2 curve to (three points: both
/// controls and the end), 3 close.
enum { STRATA_MOVE = 0, STRATA_LINE = 1, STRATA_CURVE = 2, STRATA_CLOSE = 3 };

/// Adds the path (user units, transformed by `matrix`) as edges: curves flattened within
/// `tolerance` pixels.
void strata_raster_path(strata_raster *raster, const uint8_t *verbs, size_t verb_count,
                        const double *points, const double matrix[6], double tolerance);

/// Adds the outline of the path's stroke as edges, filled with the nonzero rule: an open subpath
/// one outline (its left side, the end cap, its right side back, the start cap), a closed one its
/// two sides as loops turned opposite ways; each side joined on the outside of a turn as the join
/// asks, its inner sides met where they cross. Returns 0 (and the path is not drawable) when a
/// subpath is too long to flatten.
int strata_raster_stroke(strata_raster *raster, const uint8_t *verbs, size_t verb_count,
                         const double *points, const strata_stroke_style *style);

#endif
