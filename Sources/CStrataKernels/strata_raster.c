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
#include <wchar.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

typedef struct {
    int32_t x, y, cover, area;
} raster_cell;

struct strata_raster {
    int x0, y0, x1, y1;          // the pixels swept
    int64_t left, top, right, bottom;  // the clip, 1/256 px, within them
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
#define Y_AT(boundary) ya + (int)floor((double)((boundary) - xa) * slope + 0.5)
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
    int64_t x0 = (int64_t)floor(ax * 256 + 0.5), y0 = (int64_t)floor(ay * 256 + 0.5);
    int64_t x1 = (int64_t)floor(bx * 256 + 0.5), y1 = (int64_t)floor(by * 256 + 0.5);
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
    int64_t x = y == y0 ? x0 : x0 + (int64_t)floor((double)(y - y0) * slope + 0.5);
    while (y < end) {
        int64_t row = y >> 8;
        int64_t ny = (row + 1) << 8;
        if (ny > end) ny = end;
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
        // wmemset stores 32-bit words with the widest stores the machine has (wchar_t is 32 bits).
        if (x1 - x0 >= 16) wmemset((wchar_t *)(row + x0), (wchar_t)s, (size_t)(x1 - x0));
        else for (int x = x0; x < x1; x++) row[x] = s;
        return;
    }
    if (s == 0) return;
    uint32_t inverse = 255 - alpha;
    int x = x0;
#if defined(__SSE2__)
    // Four pixels at a time, each channel d·(255 − α) rounded as scale_word rounds it (16-bit lanes
    // hold 255·255 + 128 + 255), then the colour added: the same bytes as the loop below.
    const __m128i zero = _mm_setzero_si128(), factor = _mm_set1_epi16((short)inverse), half = _mm_set1_epi16(0x80);
    const __m128i colour = _mm_set1_epi32((int)s);
    for (; x + 4 <= x1; x += 4) {
        __m128i d = _mm_loadu_si128((const __m128i *)(row + x));
        __m128i lo = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(d, zero), factor), half);
        __m128i hi = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(d, zero), factor), half);
        lo = _mm_srli_epi16(_mm_add_epi16(lo, _mm_srli_epi16(lo, 8)), 8);
        hi = _mm_srli_epi16(_mm_add_epi16(hi, _mm_srli_epi16(hi, 8)), 8);
        _mm_storeu_si128((__m128i *)(row + x), _mm_add_epi8(_mm_packus_epi16(lo, hi), colour));
    }
#endif
    for (; x < x1; x++) row[x] = s + scale_word(row[x], inverse);
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
