#ifndef STRATA_CPANGO_SHIM_H
#define STRATA_CPANGO_SHIM_H
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>

// PANGO_SCALE is a macro Swift cannot import as a number.
static const int strata_pango_scale = PANGO_SCALE;

// The paragraph's base direction from its first strong character (UAX #9, P2–P3). Pango 1.44
// deprecated pango_find_base_dir in favour of letting the layout decide, but Strata aligns the
// layout by the direction it reads first; called here so that a user's build shows no warning.
static inline PangoDirection strata_find_base_dir(const char *text, int length) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    PangoDirection direction = pango_find_base_dir(text, length);
    G_GNUC_END_IGNORE_DEPRECATIONS
    return direction;
}
#endif
