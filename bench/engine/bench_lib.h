/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_lib.h - other builds of libinetcsum, loaded side by
 * side into the benchmark for the prefetch sweep (bench_lib.c).
 *
 * The library's kernels prefetch at one distance fixed when it is built
 * (INETCSUM_PREFETCH_DISTANCE and the per-kernel options, docs/bench.md),
 * so a sweep compares builds: bench/prefetch_sweep.sh makes one build per
 * distance, DIR/<distance>/libinetcsum.so, and "inetcsum bench --prefetch
 * LIST --prefetch-builds DIR" loads them all with dlopen() and times their
 * kernels through each build's own public functions, interleaved in one
 * process, as it times everything else.
 */
#ifndef INETCSUM_BENCH_LIB_H
#define INETCSUM_BENCH_LIB_H

#include <stddef.h>
#include <stdint.h>

/* One loaded build: its public functions, found with dlsym(). */
struct bench_lib {
	long prefetch;		/* the distance it was built with, bytes */
	char path[512];
	void *handle;
	uint32_t (*partial)(const void *data, size_t len, uint32_t sum);
	int (*impl_select)(const char *name);
	const char *(*impl_get)(size_t index, int *supported);
	const char *(*impl_name)(void);
	const char *(*version)(void);
};

/*
 * Load DIR/<dist[i]>/libinetcsum.so for each of the 'n' distances (at most
 * BENCH_MAX_LIBS).  Returns 0, or -1 after printing which build is missing
 * or unusable and how to make it.
 */
#define BENCH_MAX_LIBS 64
int inetcsum_bench_libs_open(const char *dir, const long *dist, size_t n);

/* The build loaded for the i-th distance, or NULL. */
const struct bench_lib *inetcsum_bench_lib(size_t i);

/* How many builds are loaded. */
size_t inetcsum_bench_libs_count(void);

#endif /* INETCSUM_BENCH_LIB_H */
