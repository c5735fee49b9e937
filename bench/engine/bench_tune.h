/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_tune.h - `inetcsum bench --tune` (bench_tune.c).
 */
#ifndef INETCSUM_BENCH_TUNE_H
#define INETCSUM_BENCH_TUNE_H

#include <stddef.h>
#include <stdio.h>

/*
 * Measures this CPU's kernels per operation and the x86 vector kernels'
 * prefetch distances, side by side, 'rounds' samples per cell, prints the
 * tables and the tuning row it would want to 'out'.  Leaves the library
 * on "auto" but with the prefetch distance last measured set, and the
 * packet layer's prefetch as chosen.  Returns 0,
 * or 1 if out of memory.
 */
/*
 * What inetcsum_bench_tune() chose: static names, -1 for no distance; the
 * packet layer's prefetch (inetcsum_packet_tuning_set()).
 */
struct inetcsum_bench_tune_choice {
	const char *partial, *copy;
	long prefetch;
	size_t gro_far;
	int gso_l2;
};

int inetcsum_bench_tune(unsigned rounds, FILE *out,
			struct inetcsum_bench_tune_choice *choice);

/*
 * The packet layer's two questions (bench_tune_packet.c): the GRO walk's
 * distance for far segments' first lines and the level GSO prefetches its
 * payload into, measured as inetcsum_bench_tune() measures the kernels,
 * printed to 'out', chosen into 'choice->gro_far' and 'choice->gso_l2',
 * and left set (inetcsum_packet_tuning_set()) for the record.
 */
void inetcsum_bench_tune_packet(unsigned rounds, FILE *out,
				struct inetcsum_bench_tune_choice *choice);

/* x^(1/n) for x > 0, by bisection (the engine does not link libm): the
 * geometric mean of n speeds from their product. */
double inetcsum_bench_tune_root(double x, size_t n);

/*
 * The candidate that replaces the choice in use ('current', whose score is
 * 1): the best of those whose score (speed against it, > 1: faster) beats
 * the tuning margin, 3%; else 'current'.
 */
size_t inetcsum_bench_tune_winner(const double *score, size_t n,
				  size_t current);

#endif /* INETCSUM_BENCH_TUNE_H */
