#ifndef STRATA_CPANGO_SHIM_H
#define STRATA_CPANGO_SHIM_H
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>

// PANGO_SCALE is a macro Swift cannot import as a number.
static const int strata_pango_scale = PANGO_SCALE;
#endif
