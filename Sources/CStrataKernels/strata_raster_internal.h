#ifndef STRATA_RASTER_INTERNAL_H
#define STRATA_RASTER_INTERNAL_H
#include "strata_raster.h"

#include <stddef.h>
#include <stdint.h>

/// One pixel an edge crosses: the height it crosses (1/256 px, signed by its direction) and that
/// height times the sum of its entry and exit offsets in the pixel.
typedef struct {
    int32_t x, y, cover, area;
} raster_cell;

/// The rasteriser: its box, clip, cells and buffers.
struct strata_raster {
    int x0, y0, x1, y1;          // the pixels swept
    int64_t left, top, right, bottom;  // the clip, 1/256 px, within them
    size_t max_cells;
    int failed;
    raster_cell *cells, *sorted;
    size_t count, capacity, sorted_capacity;
    size_t *row_start;
    size_t rows_capacity;
};

/// Marks the path as not drawable: `strata_raster_fill` then draws nothing and returns 0.
void strata_raster_fail(strata_raster *raster);

#endif
