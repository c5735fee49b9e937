/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_driver.h - the entry of the benchmark engine
 * (bench_driver.c): the configuration that a front end (the inetcsum
 * tool's cmd_bench.c) parses, and the run it asks for.
 */
#ifndef INETCSUM_BENCH_DRIVER_H
#define INETCSUM_BENCH_DRIVER_H

#include <stddef.h>

#include "bench_flush.h"	/* enum bench_cold_method */
#include "bench_report.h"	/* enum bench_op */

/*
 * Defaults.  A full run has about 800 results (op x size x offset x regime
 * x implementation: 3 ops, 11 sizes, 2 offsets, 2 regimes, ~9 each), so its
 * time is about 800 x rounds x sample target, plus a quarter for
 * calibration and evictions (measured: 15 rounds of 2 ms took 30 s here).
 * Samples are short and many: a sample during which the scheduler ran
 * another task is an outlier, and with 0.5 ms samples against time slices
 * of several ms few samples contain one, so the median stays clean on a
 * shared machine (with 3 ms samples under a load of 7 on 2 CPUs, half of
 * some cells' samples were hit and their medians were 4x too slow).
 * 151 rounds of 0.5 ms make about 80-100 s on an idle machine and 2-4
 * minutes on a busy one, the budget of "make bench".  The batch op adds
 * 48 cells of 3 candidates (bench_batch.c): about 21 s.  --quick keeps
 * every cell but samples 3 times for 100 us: a few seconds.
 */
#define BENCH_ROUNDS 151u
#define BENCH_TARGET_US 500.0
#define BENCH_QUICK_ROUNDS 3u
#define BENCH_QUICK_TARGET_US 100.0

struct bench_config {
	int ops[OP_COUNT];
	const size_t *sizes;
	size_t nsizes;
	const size_t *offsets;
	size_t noffsets;
	const size_t *ipv4_sizes;	/* header lengths of the ipv4 op */
	size_t nipv4_sizes;
	const size_t *batches;		/* batch sizes of the batch op */
	size_t nbatches;
	int hot, cold;
	enum bench_cold_method cold_method;
	size_t pool_mib;	/* 0: inetcsum_bench_pool_bytes() */
	const char *only;	/* comma list, or NULL for all */
	const char *baseline;
	int peers;
	unsigned rounds;
	double target_us;
	int quick;
	int cpu;		/* -1: not pinned */
	int list;
	int prefetch_mode;
	const long *dist;
	size_t ndist;
	const char *prefetch_builds;	/* DIR of DIR/<dist>/libinetcsum.so */
	const char *ab;		/* "A,B" or NULL */
	const char *json, *csv, *plot;
};

/* Runs what 'cfg' asks for; returns the exit status. */
int inetcsum_bench_run(const struct bench_config *cfg);

#endif /* INETCSUM_BENCH_DRIVER_H */
