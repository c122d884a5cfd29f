#ifndef STRATA_CPANGO_SHIM_H
#define STRATA_CPANGO_SHIM_H
// The part of Pango's (and GObject's) C API that Strata's text engine calls, declared here with
// the types of Pango's stable 1.x ABI rather than through <pango/pangocairo.h>. Pango's headers
// need pkg-config's flags, and SwiftPM warns ("prohibited flag(s): -pthread") about the ones
// glib and HarfBuzz give, in the build of every package that depends on Strata. The libraries
// are linked by the module map; fontconfig's header needs no flags. Types are Pango's own
// (pango-types.h, pango-layout.h, pango-font.h, pango-direction.h); pointers to objects are
// opaque, and so import as OpaquePointer, like Cairo's.
#include <fontconfig/fontconfig.h>

typedef struct _PangoContext PangoContext;
typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoLayoutIter PangoLayoutIter;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoAttrList PangoAttrList;
typedef struct _PangoAttribute PangoAttribute;
struct _cairo;
struct _cairo_font_options;

/// A rectangle in Pango units (1/1024 point).
typedef struct {
    int x;
    int y;
    int width;
    int height;
} PangoRectangle;

/// A line of a layout: its fields up to `length` are what Strata reads (byte offset and length in
/// the text); the rest of Pango's struct follows them.
typedef struct _PangoLayoutLine {
    PangoLayout *layout;
    int start_index;
    int length;
    void *runs;
    unsigned int flags;
} PangoLayoutLine;

typedef enum { PANGO_STYLE_NORMAL, PANGO_STYLE_OBLIQUE, PANGO_STYLE_ITALIC } PangoStyle;
typedef enum {
    PANGO_WEIGHT_THIN = 100, PANGO_WEIGHT_ULTRALIGHT = 200, PANGO_WEIGHT_LIGHT = 300, PANGO_WEIGHT_NORMAL = 400,
    PANGO_WEIGHT_MEDIUM = 500, PANGO_WEIGHT_SEMIBOLD = 600, PANGO_WEIGHT_BOLD = 700, PANGO_WEIGHT_ULTRABOLD = 800,
    PANGO_WEIGHT_HEAVY = 900, PANGO_WEIGHT_ULTRAHEAVY = 1000
} PangoWeight;
typedef enum { PANGO_ALIGN_LEFT, PANGO_ALIGN_CENTER, PANGO_ALIGN_RIGHT } PangoAlignment;
typedef enum { PANGO_WRAP_WORD, PANGO_WRAP_CHAR, PANGO_WRAP_WORD_CHAR } PangoWrapMode;
typedef enum { PANGO_ELLIPSIZE_NONE, PANGO_ELLIPSIZE_START, PANGO_ELLIPSIZE_MIDDLE, PANGO_ELLIPSIZE_END } PangoEllipsizeMode;
typedef enum {
    PANGO_DIRECTION_LTR, PANGO_DIRECTION_RTL, PANGO_DIRECTION_TTB_LTR, PANGO_DIRECTION_TTB_RTL,
    PANGO_DIRECTION_WEAK_LTR, PANGO_DIRECTION_WEAK_RTL, PANGO_DIRECTION_NEUTRAL
} PangoDirection;

/// PANGO_SCALE: Pango units per point.
static const int strata_pango_scale = 1024;

void g_object_unref(void *object);

PangoFontMap *pango_cairo_font_map_new_for_font_type(int font_type);
void pango_cairo_font_map_set_resolution(PangoFontMap *font_map, double dpi);
void pango_fc_font_map_set_config(PangoFontMap *font_map, FcConfig *config);
PangoContext *pango_font_map_create_context(PangoFontMap *font_map);
void pango_cairo_context_set_font_options(PangoContext *context, const struct _cairo_font_options *options);
void pango_cairo_context_set_resolution(PangoContext *context, double dpi);
void pango_context_set_round_glyph_positions(PangoContext *context, int round_positions);

PangoFontDescription *pango_font_description_new(void);
void pango_font_description_set_family(PangoFontDescription *description, const char *family);
void pango_font_description_set_absolute_size(PangoFontDescription *description, double size);
void pango_font_description_set_weight(PangoFontDescription *description, PangoWeight weight);
void pango_font_description_set_style(PangoFontDescription *description, PangoStyle style);
void pango_font_description_free(PangoFontDescription *description);

PangoAttrList *pango_attr_list_new(void);
PangoAttribute *pango_attr_font_features_new(const char *features);
PangoAttribute *pango_attr_letter_spacing_new(int letter_spacing);
void pango_attr_list_insert(PangoAttrList *list, PangoAttribute *attribute);
void pango_attr_list_unref(PangoAttrList *list);

PangoLayout *pango_layout_new(PangoContext *context);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *description);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_set_attributes(PangoLayout *layout, PangoAttrList *attributes);
void pango_layout_set_width(PangoLayout *layout, int width);
int pango_layout_get_width(PangoLayout *layout);
void pango_layout_set_height(PangoLayout *layout, int height);
void pango_layout_set_wrap(PangoLayout *layout, PangoWrapMode wrap);
void pango_layout_set_ellipsize(PangoLayout *layout, PangoEllipsizeMode ellipsize);
void pango_layout_set_spacing(PangoLayout *layout, int spacing);
void pango_layout_set_alignment(PangoLayout *layout, PangoAlignment alignment);
void pango_layout_set_justify(PangoLayout *layout, int justify);
void pango_layout_get_extents(PangoLayout *layout, PangoRectangle *ink, PangoRectangle *logical);
int pango_layout_is_ellipsized(PangoLayout *layout);
PangoLayoutIter *pango_layout_get_iter(PangoLayout *layout);
void pango_layout_iter_free(PangoLayoutIter *iterator);
PangoLayoutLine *pango_layout_iter_get_line_readonly(PangoLayoutIter *iterator);
int pango_layout_iter_next_line(PangoLayoutIter *iterator);

void pango_cairo_show_layout(struct _cairo *cr, PangoLayout *layout);
void pango_cairo_layout_path(struct _cairo *cr, PangoLayout *layout);

/// The paragraph's base direction from its first strong character (UAX #9, P2–P3). Pango 1.44
/// deprecated it in favour of letting the layout decide, but Strata aligns the layout by the
/// direction it reads first.
PangoDirection pango_find_base_dir(const char *text, int length);
static inline PangoDirection strata_find_base_dir(const char *text, int length) { return pango_find_base_dir(text, length); }
#endif
