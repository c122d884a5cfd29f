#ifndef STRATA_CDEFLATE_SHIM_H
#define STRATA_CDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
