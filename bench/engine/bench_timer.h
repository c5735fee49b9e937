/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_timer.h - the clocks of the benchmarks (bench_timer.c):
 * a tick counter for short intervals, its rate and cost, and nanoseconds
 * for everything else.  Part of the bench support library that the engine
 * and the standalone benchmarks share (bench/CMakeLists.txt).
 */
#ifndef INETCSUM_BENCH_TIMER_H
#define INETCSUM_BENCH_TIMER_H

#include <stdint.h>

/*
 * The tick source: "rdtsc" (x86-64 time-stamp counter), "cntvct_el0"
 * (arm64 virtual counter) or "clock_gettime" (nanoseconds).  The TSC runs
 * at a fixed rate unrelated to the core clock, so bytes per tick is a
 * repeatable unit, not bytes per core cycle.
 */
extern const char *const inetcsum_bench_timer_name;

/* Read the tick counter, ordered after earlier instructions. */
uint64_t inetcsum_bench_ticks_start(void);
/* Read it again, ordered after the timed code has finished. */
uint64_t inetcsum_bench_ticks_stop(void);

/* Ticks per second, measured against CLOCK_MONOTONIC_RAW for 'ms'. */
double inetcsum_bench_tick_hz(unsigned ms);

/* Median cost of an empty start/stop pair, in ticks. */
double inetcsum_bench_timer_overhead(void);

/*
 * Nanoseconds from CLOCK_MONOTONIC_RAW, which NTP does not slew: for
 * progress, budgets, and the standalone benchmarks' timed loops, which
 * each run for microseconds or more.
 */
double inetcsum_bench_now_ns(void);

#endif /* INETCSUM_BENCH_TIMER_H */
