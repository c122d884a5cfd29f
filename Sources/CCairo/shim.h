#ifndef STRATA_CCAIRO_SHIM_H
#define STRATA_CCAIRO_SHIM_H
#include <cairo.h>
#endif
