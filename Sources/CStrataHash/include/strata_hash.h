#ifndef STRATA_HASH_H
#define STRATA_HASH_H

#include <stddef.h>
#include <stdint.h>

/// SHA-256 (FIPS 180-4) of `count` bytes into `digest` (32 bytes).
/// Uses the x86 SHA extensions when the processor has them, portable C otherwise.
void strata_sha256(const uint8_t *bytes, size_t count, uint8_t digest[32]);

/// strata_sha256 on one code path: 0 portable, 1 x86 SHA extensions (portable when missing).
/// Every path gives the same digest; the choice is for tests and benchmarks.
void strata_sha256_with_path(const uint8_t *bytes, size_t count, uint8_t digest[32], int path);

/// Whether this machine has code path `path` of strata_sha256_with_path.
int strata_sha256_path_available(int path);

#endif
