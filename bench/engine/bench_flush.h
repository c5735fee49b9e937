/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_flush.h - how a benchmark makes its buffers cold
 * (bench_flush.c): evicting their lines from every cache level, or a
 * rotating pool larger than the caches.  Part of the bench support
 * library (bench/CMakeLists.txt).
 */
#ifndef INETCSUM_BENCH_FLUSH_H
#define INETCSUM_BENCH_FLUSH_H

#include <stddef.h>

enum bench_cold_method {
	COLD_FLUSH,	/* flush each line of the buffer before each call */
	COLD_POOL,	/* rotate through buffers larger than the caches */
};

/*
 * The method "inetcsum bench" uses by default, and the only one it
 * accepts besides COLD_POOL: COLD_FLUSH on x86-64 and arm64, COLD_POOL
 * elsewhere.
 */
enum bench_cold_method inetcsum_bench_cold_default(void);

/* The method's description for the report's header. */
const char *inetcsum_bench_cold_describe(enum bench_cold_method m);

/*
 * Write back and evict every cache line that [p, p + len) touches from
 * all levels, and wait until that is done.  Where the CPU has no
 * instruction for it, this does nothing: see inetcsum_bench_flush_works().
 */
void inetcsum_bench_flush(const void *p, size_t len);

/*
 * Whether inetcsum_bench_flush() really evicts here: x86-64, arm64, and
 * 32-bit x86 where CPUID announces clflush and SSE2 (for mfence).  A
 * standalone benchmark runs its cold rows only where it does.
 */
int inetcsum_bench_flush_works(void);

/* Bytes in the rotating pool of COLD_POOL (several times any LLC). */
size_t inetcsum_bench_pool_bytes(void);

#endif /* INETCSUM_BENCH_FLUSH_H */
