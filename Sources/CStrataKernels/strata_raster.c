// The coverage rasteriser (strata_raster.h): each edge, clipped to the box, is walked pixel row by
// pixel row and, within a row, pixel by pixel in 1/256-pixel fixed point; every pixel it crosses
// gets a cell holding the signed height it crossed (cover) and that height times the sum of its
// entry and exit offsets within the pixel (area). Per row, cells are sorted by x and swept left to
// right: a pixel holding cells is covered by (cover of everything left of it, its own included)
// less its own area; a pixel between cells by the cover left of it. Edges are taken top to bottom
// with a sign, so an edge drawn both ways cancels exactly.
#include "strata_raster.h"
#include "strata_raster_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int32_t x, y, cover, area;
} raster_cell;

struct strata_raster {
    int x0, y0, x1, y1;
    size_t max_cells;
    int failed;
    raster_cell *cells, *sorted;
    size_t count, capacity, sorted_capacity;
    size_t *row_start;
    size_t rows_capacity;
    double *points;  // the stroker's current subpath, user units (x, y pairs)
    size_t point_count, point_capacity;
};

strata_raster *strata_raster_create(void) { return calloc(1, sizeof(strata_raster)); }

void strata_raster_destroy(strata_raster *r) {
    if (!r) return;
    free(r->cells);
    free(r->sorted);
    free(r->row_start);
    free(r->points);
    free(r);
}

void strata_raster_begin(strata_raster *r, int x0, int y0, int x1, int y1, size_t max_cells) {
    r->x0 = x0;
    r->y0 = y0;
    r->x1 = x1 > x0 ? x1 : x0;
    r->y1 = y1 > y0 ? y1 : y0;
    r->max_cells = max_cells;
    r->failed = 0;
    r->count = 0;
}

void strata_raster_point_buffer(strata_raster *r, double ***points, size_t **count, size_t **capacity) {
    *points = &r->points;
    *count = &r->point_count;
    *capacity = &r->point_capacity;
}

void strata_raster_fail(strata_raster *r) { r->failed = 1; }

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

/// The part of an edge within one pixel row: from (xa, ya) to (xb, yb), ya < yb, y within the row
/// (0…256), x in 1/256 pixels; `dir` +1 downwards, −1 upwards. Where the edge crosses a pixel's
/// side, y is that of the whole edge there, rounded to the nearest 1/256 (`slope` is the row
/// part's dy/dx, computed the same way whatever the box): so a pixel's value does not depend on
/// the box it is drawn in. Left of the box the edge only adds its cover (to the box's first
/// pixel); right of it, nothing.
static inline void row_segment(strata_raster *r, int row, int64_t xa, int ya, int64_t xb, int yb, int dir) {
    int64_t left = (int64_t)r->x0 << 8, right = (int64_t)r->x1 << 8;
    if (xa >= right && xb >= right) return;
    if (xa <= left && xb <= left) {
        add_cell(r, r->x0, row, dir * (yb - ya), 0);
        return;
    }
    int64_t ca = xa >> 8, cb = xb >> 8;
    int height = yb - ya;
    if (ca == cb) {
        add_cell(r, ca, row, dir * height, dir * height * (int)((xa - (ca << 8)) + (xb - (cb << 8))));
        return;
    }
    int64_t dx = xb - xa, cx = ca, x = xa;
    double slope = (double)height / (double)dx;
    int y = ya, step = dx > 0 ? 1 : -1;
#define Y_AT(boundary) ya + (int)floor((double)((boundary) - xa) * slope + 0.5)
    if (dx > 0 && ca < r->x0) {
        int next = Y_AT(left);
        if (next > yb) next = yb;
        add_cell(r, r->x0, row, dir * (next - y), 0);
        x = left;
        y = next;
        cx = r->x0;
    } else if (dx < 0 && ca >= r->x1) {
        int next = Y_AT(right);
        if (next > yb) next = yb;
        x = right;
        y = next;
        cx = r->x1 - 1;
    }
    while (cx != cb) {
        if (cx >= r->x1) return;
        if (cx < r->x0) {
            add_cell(r, r->x0, row, dir * (yb - y), 0);
            return;
        }
        int64_t boundary = dx > 0 ? (cx + 1) << 8 : cx << 8;
        int next = Y_AT(boundary);
        if (next > yb) next = yb;
        int d = next - y;
        add_cell(r, cx, row, dir * d, dir * d * (int)((x - (cx << 8)) + (boundary - (cx << 8))));
        x = boundary;
        y = next;
        cx += step;
    }
#undef Y_AT
    if (cb >= r->x1) return;
    int d = yb - y;
    if (cb < r->x0) {
        add_cell(r, r->x0, row, dir * d, 0);
        return;
    }
    add_cell(r, cb, row, dir * d, dir * d * (int)((x - (cb << 8)) + (xb - (cb << 8))));
}

void strata_raster_line(strata_raster *r, double ax, double ay, double bx, double by) {
    if (r->failed) return;
    // Beyond ±2^31 pixels (or not a number) the fixed point below cannot hold it: Cairo draws it.
    if (!(fabs(ax) < 2147483648.0 && fabs(ay) < 2147483648.0 && fabs(bx) < 2147483648.0 && fabs(by) < 2147483648.0)) {
        r->failed = 1;
        return;
    }
    int64_t x0 = (int64_t)floor(ax * 256 + 0.5), y0 = (int64_t)floor(ay * 256 + 0.5);
    int64_t x1 = (int64_t)floor(bx * 256 + 0.5), y1 = (int64_t)floor(by * 256 + 0.5);
    if (y0 == y1) return;
    int dir = 1;
    if (y0 > y1) {
        int64_t t = x0; x0 = x1; x1 = t;
        t = y0; y0 = y1; y1 = t;
        dir = -1;
    }
    int64_t top = (int64_t)r->y0 << 8, bottom = (int64_t)r->y1 << 8, right = (int64_t)r->x1 << 8;
    if (y1 <= top || y0 >= bottom || (x0 >= right && x1 >= right)) return;
    // x where the edge crosses a row boundary, from the edge's own ends whatever the box.
    double slope = (double)(x1 - x0) / (double)(y1 - y0);
    int64_t y = y0 > top ? y0 : top, end = y1 < bottom ? y1 : bottom;
    int64_t x = y == y0 ? x0 : x0 + (int64_t)floor((double)(y - y0) * slope + 0.5);
    while (y < end) {
        int64_t row = y >> 8;
        int64_t ny = (row + 1) << 8;
        if (ny > y1) ny = y1;
        int64_t nx = ny == y1 ? x1 : x0 + (int64_t)floor((double)(ny - y0) * slope + 0.5);
        row_segment(r, (int)row, x, (int)(y - (row << 8)), nx, (int)(ny - (row << 8)), dir);
        x = nx;
        y = ny;
    }
}

static uint32_t coverage(int64_t a, int even_odd) {
    if (a < 0) a = -a;
    if (even_odd) {
        a &= (int64_t)(2 * 131072 - 1);
        if (a > 131072) a = 2 * 131072 - a;
    }
    if (a >= 131072) return 255;
    return (uint32_t)((a * 255 + 65536) >> 17);
}

static inline uint32_t scale_word(uint32_t w, uint32_t c) {
    uint32_t rb = (w & 0xff00ff) * c + 0x800080;
    rb = ((rb + ((rb >> 8) & 0xff00ff)) >> 8) & 0xff00ff;
    uint32_t ag = ((w >> 8) & 0xff00ff) * c + 0x800080;
    ag = (ag + ((ag >> 8) & 0xff00ff)) & 0xff00ff00;
    return rb | ag;
}

static inline void span(uint32_t *row, int x0, int x1, uint32_t cov, uint32_t color) {
    if (cov == 0 || x0 >= x1) return;
    uint32_t s = cov == 255 ? color : scale_word(color, cov);
    uint32_t alpha = s >> 24;
    if (alpha == 255) {
        for (int x = x0; x < x1; x++) row[x] = s;
        return;
    }
    if (s == 0) return;
    uint32_t inverse = 255 - alpha;
    for (int x = x0; x < x1; x++) row[x] = s + scale_word(row[x], inverse);
}

static int by_x(const void *a, const void *b) {
    int32_t x = ((const raster_cell *)a)->x, y = ((const raster_cell *)b)->x;
    return (x > y) - (x < y);
}

int strata_raster_fill(strata_raster *r, uint8_t *data, size_t stride, int even_odd, uint32_t color) {
    if (r->failed) return 0;
    size_t rows = (size_t)(r->y1 - r->y0);
    if (rows == 0 || r->count == 0 || color == 0) return 1;
    if (r->rows_capacity < rows + 1) {
        size_t *starts = realloc(r->row_start, (rows + 1) * sizeof(size_t));
        if (!starts) return 0;
        r->row_start = starts;
        r->rows_capacity = rows + 1;
    }
    if (r->sorted_capacity < r->count) {
        raster_cell *sorted = realloc(r->sorted, r->count * sizeof(raster_cell));
        if (!sorted) return 0;
        r->sorted = sorted;
        r->sorted_capacity = r->count;
    }
    // Cells by row (counting sort), then by x within each row.
    memset(r->row_start, 0, (rows + 1) * sizeof(size_t));
    for (size_t i = 0; i < r->count; i++) {
        if (r->cells[i].y < r->y0 || r->cells[i].y >= r->y1) return 0;  // never: edges are clipped to the rows
        r->row_start[r->cells[i].y - r->y0 + 1]++;
    }
    for (size_t i = 0; i < rows; i++) r->row_start[i + 1] += r->row_start[i];
    for (size_t i = 0; i < r->count; i++) {
        size_t slot = r->row_start[r->cells[i].y - r->y0]++;
        r->sorted[slot] = r->cells[i];
    }
    size_t start = 0;
    for (size_t i = 0; i < rows; i++) {
        size_t end = r->row_start[i];
        raster_cell *cells = r->sorted + start;
        size_t n = end - start;
        start = end;
        if (n == 0) continue;
        if (n <= 64) {
            for (size_t j = 1; j < n; j++) {
                raster_cell c = cells[j];
                size_t k = j;
                while (k > 0 && cells[k - 1].x > c.x) {
                    cells[k] = cells[k - 1];
                    k--;
                }
                cells[k] = c;
            }
        } else {
            qsort(cells, n, sizeof(raster_cell), by_x);
        }
        uint32_t *row = (uint32_t *)(data + (size_t)(r->y0 + (int)i) * stride);
        int64_t cover = 0;
        int x = r->x0;
        for (size_t j = 0; j < n;) {
            int cx = cells[j].x;
            int64_t c = 0, a = 0;
            while (j < n && cells[j].x == cx) {
                c += cells[j].cover;
                a += cells[j].area;
                j++;
            }
            if (cx >= r->x1) break;
            if (cover != 0 && cx > x) span(row, x, cx, coverage(cover * 512, even_odd), color);
            cover += c;
            if (cx >= r->x0) span(row, cx, cx + 1, coverage(cover * 512 - a, even_odd), color);
            x = cx + 1;
        }
        if (cover != 0 && x < r->x1) span(row, x, r->x1, coverage(cover * 512, even_odd), color);
    }
    return 1;
}
