#ifndef STRATA_RASTER_INTERNAL_H
#define STRATA_RASTER_INTERNAL_H
#include "strata_raster.h"

/// The stroker's buffer for one subpath's points (x, y pairs), kept by the rasteriser.
void strata_raster_point_buffer(strata_raster *raster, double ***points, size_t **count, size_t **capacity);

/// Marks the path as not drawable: `strata_raster_fill` then draws nothing and returns 0.
void strata_raster_fail(strata_raster *raster);

#endif
