#ifndef STRATA_CWEBP_SHIM_H
#define STRATA_CWEBP_SHIM_H
#include <webp/decode.h>
#endif
