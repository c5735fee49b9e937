/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_stats.h - the order statistics every benchmark here
 * reports (bench_stats.c): sorting samples, percentiles and the median.
 * Part of the bench support library (bench/CMakeLists.txt).
 *
 * Two medians are in use, and each program keeps the one its published
 * figures were taken with: the nearest-rank one, inetcsum_bench_pct(v, n,
 * 0.5), which is v[n / 2] of the sorted samples ("inetcsum bench", gso_bench,
 * bench/batch_bench.c), and inetcsum_bench_median(), which averages the
 * two middle samples of an even count (the tuning questions,
 * packet_jobs_bench).  For an odd count, every default, they agree.
 */
#ifndef INETCSUM_BENCH_STATS_H
#define INETCSUM_BENCH_STATS_H

#include <stddef.h>

/* Sort 'n' samples ascending. */
void inetcsum_bench_sort(double *v, size_t n);

/* Nearest-rank percentile 'p' (0..1) of the 'n' > 0 sorted samples 'v'. */
double inetcsum_bench_pct(const double *v, size_t n, double p);

/*
 * The median of the 'n' > 0 samples at 'v', sorting them in place: the
 * middle one, or the mean of the two middle ones when 'n' is even.
 */
double inetcsum_bench_median(double *v, size_t n);

#endif /* INETCSUM_BENCH_STATS_H */
