// Which vector paths the processor running the kernels has (private to CStrataKernels).
#ifndef STRATA_CPU_H
#define STRATA_CPU_H

#if defined(__x86_64__)
/// 1 when the processor has AVX2 (each kernel's wider path; the plain one otherwise).
static inline int strata_has_avx2(void) { return __builtin_cpu_supports("avx2"); }
#endif

#endif
