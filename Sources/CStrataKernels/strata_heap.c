#include "strata_kernels.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int strata_keep_large_buffers_in_heap(void) {
#if defined(__GLIBC__)
    /* 32 MiB is glibc's largest mmap threshold on 64-bit; setting it also stops the dynamic
       threshold from moving. */
    int mapped = mallopt(M_MMAP_THRESHOLD, 32 << 20);
    int trimmed = mallopt(M_TRIM_THRESHOLD, 512 << 20);
    return mapped == 1 && trimmed == 1;
#else
    return 0;
#endif
}
