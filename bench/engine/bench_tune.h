/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_tune.h - `inetcsum bench --tune` (bench_tune.c).
 */
#ifndef INETCSUM_BENCH_TUNE_H
#define INETCSUM_BENCH_TUNE_H

#include <stdio.h>

/*
 * Measures this CPU's kernels per operation and the x86 vector kernels'
 * prefetch distances, side by side, 'rounds' samples per cell, prints the
 * tables and the tuning row it would want to 'out'.  Leaves the library
 * on "auto" but with the prefetch distance last measured set.  Returns 0,
 * or 1 if out of memory.
 */
/* What inetcsum_bench_tune() chose: static names, -1 for no distance. */
struct inetcsum_bench_tune_choice {
	const char *partial, *copy;
	long prefetch;
};

int inetcsum_bench_tune(unsigned rounds, FILE *out,
			struct inetcsum_bench_tune_choice *choice);

#endif /* INETCSUM_BENCH_TUNE_H */
