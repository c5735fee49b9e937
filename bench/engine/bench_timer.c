/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_timer.c - the tick counter (rdtsc, cntvct_el0 or
 * clock_gettime), its rate against CLOCK_MONOTONIC_RAW, the cost of an
 * empty interval, and nanoseconds.
 *
 * Nothing about the counter is assumed that can be measured instead:
 * whether rdtscp exists is asked of CPUID, the rate is timed against the
 * kernel's clock, and so is the resolution, through the overhead of an
 * empty interval: back-to-back rdtsc reads need not differ by one tick
 * (26 ticks, 10 ns, on an AMD EPYC family 25 VM), and the overhead the
 * tool prints and subtracts from cold calls includes that step.
 */
#define _GNU_SOURCE
#include <time.h>

#include "bench_stats.h"
#include "bench_timer.h"

#if defined(__x86_64__)
#  include <cpuid.h>
#  include <immintrin.h>
#  include <x86intrin.h>
#endif

double
inetcsum_bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

#if defined(__x86_64__)
const char *const inetcsum_bench_timer_name = "rdtsc";

/*
 * lfence before rdtsc keeps earlier instructions (the previous call) out
 * of the interval; rdtscp waits for the timed code to finish and the
 * lfence after it keeps later instructions from starting early (Intel,
 * "How to Benchmark Code Execution Times on Intel IA-32 and IA-64", 2010).
 * rdtscp is used only where CPUID.80000001H:EDX[27] announces it: some
 * virtual machines hide it (this project's Zen 5 VM does) and some CPU
 * models lack it (QEMU's Nehalem, which then raises SIGILL); there an
 * lfence before rdtsc waits for the timed code instead.
 */
static int
have_rdtscp(void)
{
	static int have = -1;
	unsigned a, b, c, d;

	if (have < 0)
		have = __get_cpuid(0x80000001u, &a, &b, &c, &d) &&
		       ((d >> 27) & 1);
	return have;
}

uint64_t
inetcsum_bench_ticks_start(void)
{
	_mm_lfence();
	return __rdtsc();
}

uint64_t
inetcsum_bench_ticks_stop(void)
{
	unsigned aux;
	uint64_t t;

	if (have_rdtscp()) {
		t = __rdtscp(&aux);
	} else {
		_mm_lfence();
		t = __rdtsc();
	}
	_mm_lfence();
	return t;
}
#elif defined(__aarch64__)
const char *const inetcsum_bench_timer_name = "cntvct_el0";

/* isb keeps the counter read from being hoisted over earlier instructions. */
uint64_t
inetcsum_bench_ticks_start(void)
{
	uint64_t t;

	__asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(t) : : "memory");
	return t;
}

uint64_t
inetcsum_bench_ticks_stop(void)
{
	return inetcsum_bench_ticks_start();
}
#else
const char *const inetcsum_bench_timer_name = "clock_gettime";

uint64_t
inetcsum_bench_ticks_start(void)
{
	return (uint64_t)inetcsum_bench_now_ns();
}

uint64_t
inetcsum_bench_ticks_stop(void)
{
	return (uint64_t)inetcsum_bench_now_ns();
}
#endif

/*
 * Three intervals of 'ms' each, timed by both clocks; the median rate
 * discards one interval disturbed by preemption.
 */
double
inetcsum_bench_tick_hz(unsigned ms)
{
	double hz[3];
	int i;

	for (i = 0; i < 3; i++) {
		double n0 = inetcsum_bench_now_ns(), n1;
		uint64_t t0 = inetcsum_bench_ticks_start(), t1;

		do
			n1 = inetcsum_bench_now_ns();
		while (n1 - n0 < ms * 1e6);
		t1 = inetcsum_bench_ticks_stop();
		hz[i] = (double)(t1 - t0) * 1e9 / (n1 - n0);
	}
	inetcsum_bench_sort(hz, 3);
	return hz[1];
}

double
inetcsum_bench_timer_overhead(void)
{
	enum { N = 101 };
	double d[N];
	int i;

	for (i = 0; i < N; i++) {
		uint64_t t0 = inetcsum_bench_ticks_start();
		uint64_t t1 = inetcsum_bench_ticks_stop();

		d[i] = (double)(t1 - t0);
	}
	inetcsum_bench_sort(d, N);
	return d[N / 2];
}
