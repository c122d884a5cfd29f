// The kept rows of the fast encoder's update: every filtered row of the last image, and each
// row's filter costs by stretches of STRETCH pixels. A frame drawn over the one before changes a
// rectangle: a row it crosses is costed again only in the stretches it reaches (the others are
// the last image's), and when the cheapest filter is the row's last one, filtered again only in
// the columns it reaches. Costs are integer sums, so the stretches add up to the whole row's
// costs exactly: the filter chosen, and every byte, are those of a plain encode.
#include "png_internal.h"

enum { STRETCH = 64 };  // pixels per stretch of a row's costs

/// |residual| as a signed byte (the kernels' cost of one filtered byte).
static inline uint32_t cost_of(uint8_t v) { return (int8_t)v < 0 ? (uint8_t)(-(int8_t)v) : v; }

static size_t stretches(uint32_t width) { return ((size_t)width + STRETCH - 1) / STRETCH; }

int strata_png_keep_rows(strata_png_encoder *encoder, size_t stride, uint32_t width, uint32_t height) {
    return strata_png_reserve(&encoder->kept_rows, &encoder->kept_rows_capacity, stride * height) &&
           strata_png_reserve(&encoder->stretch_costs, &encoder->stretch_costs_capacity,
                              (size_t)height * stretches(width) * 5 * sizeof(uint32_t)) &&
           strata_png_reserve(&encoder->stretch_known, &encoder->stretch_known_capacity, height);
}

/// The costs of pixels a..<b of a row. The kernels cost a row from its first pixel, whose left
/// neighbours are zero; a stretch further on is costed from the pixel before it, and that pixel's
/// costs under the first-pixel rule are taken off again.
static void stretch_costs(const row_filter *f, const uint8_t *row, const uint8_t *above, size_t a, size_t b,
                          uint32_t cost[5]) {
    size_t bpp = f->bpp;
    if (a == 0) {
        f->k->row_costs(row, above, b * bpp, bpp, cost);
        return;
    }
    const uint8_t *r = row + (a - 1) * bpp, *u = above + (a - 1) * bpp;
    f->k->row_costs(r, u, (b - a + 1) * bpp, bpp, cost);
    for (size_t i = 0; i < bpp; i++) {
        uint8_t x = r[i], up = u[i];
        cost[0] -= cost_of(x);                             // none
        cost[1] -= cost_of(x);                             // sub: nothing on the left
        cost[2] -= cost_of((uint8_t)(x - up));             // up
        cost[3] -= cost_of((uint8_t)(x - (up >> 1)));      // average of nothing and above
        cost[4] -= cost_of((uint8_t)(x - up));             // Paeth of (0, above, 0) is above
    }
}

/// Pixels a..<b of a row filtered with `type` into the residuals `out` (the row's, from its first
/// byte), from the pixel before them as stretch_costs does (whose residuals are put back).
static void filter_stretch(const row_filter *f, int type, const uint8_t *row, const uint8_t *above, size_t a, size_t b,
                           uint8_t *out) {
    size_t bpp = f->bpp;
    if (a == 0) {
        f->k->filter_row(type, row, above, out, b * bpp, bpp);
        return;
    }
    uint8_t saved[4];
    uint8_t *at = out + (a - 1) * bpp;
    memcpy(saved, at, bpp);
    f->k->filter_row(type, row + (a - 1) * bpp, above + (a - 1) * bpp, at, (b - a + 1) * bpp, bpp);
    memcpy(at, saved, bpp);
}

/// The spans of rows prepared in the two scratch rows (by parity), so that a row prepared as the
/// row is not prepared again as the row above.
typedef struct {
    uint32_t y[2], from[2], to[2];
    int valid[2];
} prepared_spans;

/// Pixels from..<to of row y prepared (see strata_png_prepare_span), unless they are already.
static const uint8_t *prepare(row_filter *f, prepared_spans *spans, uint32_t y, uint32_t from, uint32_t to) {
    int parity = (int)(y & 1);
    if (spans->valid[parity] && spans->y[parity] == y && spans->from[parity] <= from && spans->to[parity] >= to)
        return f->rows + (size_t)parity * f->line;
    const uint8_t *row = strata_png_prepare_span(f, y, from, to);
    spans->valid[parity] = row != NULL;
    spans->y[parity] = y;
    spans->from[parity] = from;
    spans->to[parity] = to;
    return row;
}

/// Rows y − 1 and y prepared over pixels from..<to into `above` and `row` (zeros above the first
/// row); 0 when one is not opaque, writing RGB (its index in `f->clear_row`).
static int prepare_pair(row_filter *f, prepared_spans *spans, uint32_t y, uint32_t from, uint32_t to,
                        const uint8_t **above, const uint8_t **row) {
    *above = y > 0 ? prepare(f, spans, y - 1, from, to) : f->rows + 2 * f->line;
    *row = *above ? prepare(f, spans, y, from, to) : NULL;
    if (*row) return 1;
    f->clear_row = *above ? y : y - 1;
    return 0;
}

/// Row y filtered again into its kept row `dst` (type byte, residuals), the image differing from
/// the last in columns left..<right of rows y − 1 and y at most. A change across half the row or
/// more filters the whole row the plain way (its stretch costs are then unknown); a narrower one
/// costs again the stretches it reaches, and filters again only its columns when the cheapest
/// filter is the row's last one.
static int refilter_row(row_filter *f, strata_png_encoder *encoder, prepared_spans *spans, uint32_t y, uint32_t left,
                        uint32_t right, uint8_t *dst) {
    uint32_t width = f->width;
    // A residual depends on its pixel and the one on its left: the change reaches one pixel more.
    uint32_t reach = right < width ? right + 1 : width;
    const uint8_t *above, *row;
    if ((size_t)(reach - left) * 2 > width) {
        encoder->stretch_known[y] = 0;
        if (!prepare_pair(f, spans, y, 0, width, &above, &row)) return 0;
        uint32_t cost[5];
        f->k->row_costs(row, above, f->line, f->bpp, cost);
        int best = 0;
        for (int t = 1; t < 5; t++) if (cost[t] < cost[best]) best = t;
        dst[0] = (uint8_t)best;
        f->k->filter_row(best, row, above, dst + 1, f->line, f->bpp);
        return 1;
    }
    size_t count = stretches(width);
    uint32_t *costs = (uint32_t *)(void *)encoder->stretch_costs + (size_t)y * count * 5;
    int known = encoder->stretch_known[y];
    size_t s0 = known ? left / STRETCH : 0, s1 = known ? (reach + STRETCH - 1) / STRETCH : count;
    uint32_t p0 = (uint32_t)(s0 * STRETCH), p1 = s1 * STRETCH < width ? (uint32_t)(s1 * STRETCH) : width;
    if (!prepare_pair(f, spans, y, p0 > 0 ? p0 - 1 : 0, p1, &above, &row)) return 0;
    for (size_t s = s0; s < s1; s++) {
        size_t a = s * STRETCH, b = a + STRETCH < width ? a + STRETCH : width;
        stretch_costs(f, row, above, a, b, costs + 5 * s);
    }
    encoder->stretch_known[y] = 1;
    uint32_t total[5] = {0, 0, 0, 0, 0};
    for (size_t s = 0; s < count; s++) {
        for (int t = 0; t < 5; t++) total[t] += costs[5 * s + t];
    }
    int best = 0;
    for (int t = 1; t < 5; t++) if (total[t] < total[best]) best = t;
    if (known && best == dst[0]) {
        if (left < reach) filter_stretch(f, best, row, above, left, reach, dst + 1);
        return 1;
    }
    // Another filter, or a row costed afresh: the whole row.
    if (!prepare_pair(f, spans, y, 0, width, &above, &row)) return 0;
    dst[0] = (uint8_t)best;
    f->k->filter_row(best, row, above, dst + 1, f->line, f->bpp);
    return 1;
}

int strata_png_refilter_kept_rows(row_filter *f, strata_png_encoder *encoder, uint32_t y0, uint32_t y1, uint32_t top,
                                  uint32_t bottom, uint32_t left, uint32_t right) {
    size_t stride = f->line + 1;
    if (left >= right) return 1;
    prepared_spans spans = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};
    size_t first = top > y0 ? top : y0, last = (size_t)bottom + 1 < y1 ? (size_t)bottom + 1 : y1;  // rows first..<last
    for (uint32_t y = (uint32_t)first; y < last; y++) {
        if (!refilter_row(f, encoder, &spans, y, left, right, encoder->kept_rows + (size_t)y * stride)) return 0;
    }
    return 1;
}

int strata_png_stretches_agree(const uint8_t *row, const uint8_t *above, uint32_t width, int bpp, int path) {
    const kernels *k = strata_png_kernels_for(path);
    if (!k || width == 0 || (bpp != 3 && bpp != 4)) return -1;
    row_filter f;
    memset(&f, 0, sizeof f);
    f.k = k;
    f.bpp = (size_t)bpp;
    f.width = width;
    f.line = (size_t)bpp * width;
    uint32_t whole[5], sum[5] = {0, 0, 0, 0, 0};
    k->row_costs(row, above, f.line, f.bpp, whole);
    for (size_t a = 0; a < width; a += STRETCH) {
        uint32_t part[5];
        stretch_costs(&f, row, above, a, a + STRETCH < width ? a + STRETCH : width, part);
        for (int t = 0; t < 5; t++) sum[t] += part[t];
    }
    if (memcmp(whole, sum, sizeof whole) != 0) return 0;
    // Each filter over a stretch from every pixel to a few further on, against the whole row's.
    uint8_t *full = (uint8_t *)malloc(f.line), *part = (uint8_t *)malloc(f.line);
    if (!full || !part) {
        free(full);
        free(part);
        return -1;
    }
    int agree = 1;
    for (int type = 0; type < 5 && agree; type++) {
        k->filter_row(type, row, above, full, f.line, f.bpp);
        for (uint32_t a = 0; a < width && agree; a++) {
            uint32_t b = a + 1 + a % 7 < width ? a + 1 + a % 7 : width;
            memset(part, 0xA5, f.line);
            filter_stretch(&f, type, row, above, a, b, part);
            agree = memcmp(part + (size_t)a * f.bpp, full + (size_t)a * f.bpp, (size_t)(b - a) * f.bpp) == 0 &&
                    (a == 0 || part[(size_t)a * f.bpp - 1] == 0xA5);
        }
    }
    free(full);
    free(part);
    return agree;
}
