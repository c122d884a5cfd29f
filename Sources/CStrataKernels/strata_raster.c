// The coverage rasteriser's edges (strata_raster.h): each edge, clipped to the box, is walked pixel
// row by pixel row and, within a row, pixel by pixel in 1/256-pixel fixed point; every pixel it
// crosses gets a cell holding the signed height it crossed (cover) and that height times the sum
// of its entry and exit offsets within the pixel (area). Edges are taken top to bottom with a
// sign, so an edge drawn both ways cancels exactly. The sweep is strata_raster_fill.c.
#include "strata_raster.h"
#include "strata_raster_internal.h"

#include <math.h>
#include <stdlib.h>

strata_raster *strata_raster_create(void) { return calloc(1, sizeof(strata_raster)); }

void strata_raster_destroy(strata_raster *r) {
    if (!r) return;
    free(r->cells);
    free(r->sorted);
    free(r->row_start);
    free(r);
}

void strata_raster_begin(strata_raster *r, int x0, int y0, int x1, int y1, size_t max_cells) {
    r->x0 = x0;
    r->y0 = y0;
    r->x1 = x1 > x0 ? x1 : x0;
    r->y1 = y1 > y0 ? y1 : y0;
    r->left = (int64_t)r->x0 << 8;
    r->top = (int64_t)r->y0 << 8;
    r->right = (int64_t)r->x1 << 8;
    r->bottom = (int64_t)r->y1 << 8;
    r->max_cells = max_cells;
    r->failed = 0;
    r->count = 0;
}

void strata_raster_clip(strata_raster *r, double left, double top, double right, double bottom) {
    double box[4] = {left, top, right, bottom};
    int64_t fixed[4];
    for (int i = 0; i < 4; i++) {
        double v = box[i] * 256;
        fixed[i] = v != v ? 0 : v < -1e15 ? (int64_t)-1e15 : v > 1e15 ? (int64_t)1e15 : (int64_t)floor(v + 0.5);
    }
    if (fixed[0] > r->left) r->left = fixed[0];
    if (fixed[1] > r->top) r->top = fixed[1];
    if (fixed[2] < r->right) r->right = fixed[2];
    if (fixed[3] < r->bottom) r->bottom = fixed[3];
    if (r->right < r->left) r->right = r->left;
    if (r->bottom < r->top) r->bottom = r->top;
}

void strata_raster_fail(strata_raster *r) { r->failed = 1; }

/// floor(v) as an integer, for |v| < 2^62 (every caller's range, below): the truncation, less one
/// where that rounded a negative fraction up. The same value as floor(), without its call (the
/// baseline x86-64 target has no rounding instruction, so floor() is a call into libm).
static inline int64_t floor_int(double v) {
    int64_t i = (int64_t)v;
    return i - ((double)i > v);
}

static inline void add_cell(strata_raster *r, int64_t x, int row, int cover, int area) {
    if ((cover == 0 && area == 0) || r->failed) return;
    if (r->count > 0) {
        raster_cell *last = &r->cells[r->count - 1];
        if (last->x == x && last->y == row) {
            int64_t c = (int64_t)last->cover + cover, a = (int64_t)last->area + area;
            if (c > -(1 << 30) && c < (1 << 30) && a > -(1 << 30) && a < (1 << 30)) {
                last->cover = (int32_t)c;
                last->area = (int32_t)a;
                return;
            }
        }
    }
    if (r->count == r->capacity) {
        if (r->count >= r->max_cells) {
            r->failed = 1;
            return;
        }
        size_t grown = r->capacity ? r->capacity * 2 : 4096;
        if (grown > r->max_cells) grown = r->max_cells;
        raster_cell *cells = realloc(r->cells, grown * sizeof(raster_cell));
        if (!cells) {
            r->failed = 1;
            return;
        }
        r->cells = cells;
        r->capacity = grown;
    }
    r->cells[r->count++] = (raster_cell){(int32_t)x, row, cover, area};
}

/// An edge's part lying on the vertical line at x (1/256 px), from y0 to y1 within the row.
static inline void vertical(strata_raster *r, int row, int64_t x, int y0, int y1, int dir) {
    int d = y1 - y0;
    add_cell(r, x >> 8, row, dir * d, dir * d * 2 * (int)(x & 255));
}

/// The part of an edge within one pixel row: from (xa, ya) to (xb, yb), ya < yb, y within the row
/// (0…256), x in 1/256 pixels; `dir` +1 downwards, −1 upwards. Where the edge crosses a pixel's
/// side (or the clip's), y is that of the whole part there, rounded to the nearest 1/256, so a
/// pixel's value does not depend on the box it is drawn in. Beyond the clip's left or right side
/// the edge is drawn on that side: it adds its cover there, and the winding it leaves beyond the
/// right side is taken back, so the clipped pixels get the area within the clip.
static inline void row_segment(strata_raster *r, int row, int64_t xa, int ya, int64_t xb, int yb, int dir) {
    int64_t left = r->left, right = r->right;
    if (xa <= left && xb <= left) return vertical(r, row, left, ya, yb, dir);
    if (xa >= right && xb >= right) return vertical(r, row, right, ya, yb, dir);
    int64_t ca = xa >> 8, cb = xb >> 8;
    int height = yb - ya;
    if (ca == cb && xa >= left && xa <= right && xb >= left && xb <= right) {
        add_cell(r, ca, row, dir * height, dir * height * (int)((xa - (ca << 8)) + (xb - (cb << 8))));
        return;
    }
    int64_t dx = xb - xa;
    double slope = (double)height / (double)dx;
#define Y_AT(boundary) ya + (int)floor_int((double)((boundary) - xa) * slope + 0.5)  // |…| ≤ 257
    // The part within the clip: from (x, y) to (xe, ye).
    int64_t x = xa, xe = xb;
    int y = ya, ye = yb;
    if (dx > 0) {
        if (xa < left) {
            int at = Y_AT(left);
            vertical(r, row, left, ya, at, dir);
            x = left;
            y = at;
        }
        if (xb > right) {
            ye = Y_AT(right);
            vertical(r, row, right, ye, yb, dir);
            xe = right;
        }
    } else {
        if (xa > right) {
            int at = Y_AT(right);
            vertical(r, row, right, ya, at, dir);
            x = right;
            y = at;
        }
        if (xb < left) {
            ye = Y_AT(left);
            vertical(r, row, left, ye, yb, dir);
            xe = left;
        }
    }
    if (y > ye) y = ye;
    int64_t cx = x >> 8, ce = xe >> 8;
    // Leaving a cell through its right side at x = right lands in the next one: stay.
    if (dx > 0 && xe == (ce << 8) && ce > cx) ce--;
    if (dx < 0 && x == (cx << 8) && cx > ce) cx--;
    int step = dx > 0 ? 1 : -1;
    while (cx != ce) {
        int64_t boundary = dx > 0 ? (cx + 1) << 8 : cx << 8;
        int next = Y_AT(boundary);
        if (next > ye) next = ye;
        if (next < y) next = y;
        int d = next - y;
        add_cell(r, cx, row, dir * d, dir * d * (int)((x - (cx << 8)) + (boundary - (cx << 8))));
        x = boundary;
        y = next;
        cx += step;
    }
#undef Y_AT
    int d = ye - y;
    add_cell(r, ce, row, dir * d, dir * d * (int)((x - (ce << 8)) + (xe - (ce << 8))));
}

void strata_raster_line(strata_raster *r, double ax, double ay, double bx, double by) {
    if (r->failed) return;
    // Beyond ±2^31 pixels (or not a number) the fixed point below cannot hold it: Cairo draws it.
    if (!(fabs(ax) < 2147483648.0 && fabs(ay) < 2147483648.0 && fabs(bx) < 2147483648.0 && fabs(by) < 2147483648.0)) {
        r->failed = 1;
        return;
    }
    // |…| < 2^39 here; below, a product of (y − y0) / (y1 − y0) ≤ 1 and x1 − x0 is under 2^40.
    int64_t x0 = floor_int(ax * 256 + 0.5), y0 = floor_int(ay * 256 + 0.5);
    int64_t x1 = floor_int(bx * 256 + 0.5), y1 = floor_int(by * 256 + 0.5);
    if (y0 == y1) return;
    int dir = 1;
    if (y0 > y1) {
        int64_t t = x0; x0 = x1; x1 = t;
        t = y0; y0 = y1; y1 = t;
        dir = -1;
    }
    int64_t top = r->top, bottom = r->bottom;
    if (y1 <= top || y0 >= bottom) return;
    // x where the edge crosses a row boundary, from the edge's own ends whatever the box.
    double slope = (double)(x1 - x0) / (double)(y1 - y0);
    int64_t y = y0 > top ? y0 : top, end = y1 < bottom ? y1 : bottom;
    int64_t x = y == y0 ? x0 : x0 + floor_int((double)(y - y0) * slope + 0.5);
    while (y < end) {
        int64_t row = y >> 8;
        int64_t ny = (row + 1) << 8;
        if (ny > end) ny = end;
        int64_t nx = ny == y1 ? x1 : x0 + floor_int((double)(ny - y0) * slope + 0.5);
        row_segment(r, (int)row, x, (int)(y - (row << 8)), nx, (int)(ny - (row << 8)), dir);
        x = nx;
        y = ny;
    }
}
