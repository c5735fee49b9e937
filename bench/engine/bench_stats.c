/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_stats.c - sorting samples, percentiles, the median.
 */
#include <stdlib.h>

#include "bench_stats.h"

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void
inetcsum_bench_sort(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
}

/* Rounded to the nearest rank: for p = 0.5 that is v[n / 2]. */
double
inetcsum_bench_pct(const double *v, size_t n, double p)
{
	return v[(size_t)(p * (double)(n - 1) + 0.5)];
}

double
inetcsum_bench_median(double *v, size_t n)
{
	inetcsum_bench_sort(v, n);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
