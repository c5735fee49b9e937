/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_platform.h - the machine-dependent parts of "inetcsum
 * bench" (bench_platform.c): the timer, the machine's description, the
 * cold-cache methods, the streaming-read and copy baselines, and the check
 * of the instruction sets a peer was built for.
 */
#ifndef INETCSUM_BENCH_PLATFORM_H
#define INETCSUM_BENCH_PLATFORM_H

#include <stddef.h>
#include <stdint.h>

/* ---- timer --------------------------------------------------------------- */

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

/* Nanoseconds from CLOCK_MONOTONIC_RAW (for progress and budgets). */
double inetcsum_bench_now_ns(void);

/* Sort 'n' samples ascending (the medians and percentiles of every op). */
void inetcsum_bench_sort(double *v, size_t n);

/* ---- machine ------------------------------------------------------------- */

/* The CPU model name (e.g. from /proc/cpuinfo) into 'buf'. */
void inetcsum_bench_cpu_model(char *buf, size_t size);

/* Pin the process to CPU 'cpu'; 0 on success, -1 with errno otherwise. */
int inetcsum_bench_pin(int cpu);

/* ---- cold cache ---------------------------------------------------------- */

enum bench_cold_method {
	COLD_FLUSH,	/* flush each line of the buffer before each call */
	COLD_POOL,	/* rotate through buffers larger than the caches */
};

/* The best method this CPU offers, and its description for the header. */
enum bench_cold_method inetcsum_bench_cold_default(void);
const char *inetcsum_bench_cold_describe(enum bench_cold_method m);

/*
 * Write back and evict every cache line of [p, p + len) from all levels,
 * and wait until that is done (COLD_FLUSH only).
 */
void inetcsum_bench_flush(const void *p, size_t len);

/* Bytes in the rotating pool of COLD_POOL (several times any LLC). */
size_t inetcsum_bench_pool_bytes(void);

/* ---- the streaming-read and copy baselines -------------------------------- */

/*
 * Read every byte of [p, p + len) with the widest vector loads this CPU
 * has and fold them by XOR into a value the compiler must produce: the
 * fastest loop we could write to consume the same bytes, so the limit of
 * any checksum.  'name' says which variant runs ("read-avx512", ...).
 */
typedef uint64_t (*bench_read_fn)(const void *p, size_t len);
bench_read_fn inetcsum_bench_read_fn(const char **name);

/*
 * A plain copy loop with the widest vector loads and stores this CPU has,
 * beside the C library's memcpy (which on some CPUs is slower from L1 and
 * faster beyond it): the copy limit is the faster of the two.  NULL where
 * there is none (then only memcpy is shown).
 */
typedef void *(*bench_copy_fn)(void *dst, const void *src, size_t len);
bench_copy_fn inetcsum_bench_copy_fn(const char **name);

/* The C library and its version, for the memcpy baseline ("glibc 2.36"). */
const char *inetcsum_bench_libc(void);

/* ---- instruction sets ---------------------------------------------------- */

/*
 * The names in the space-separated 'isa' (bench_isa.h) that this CPU (and
 * its OS, for the AVX and AVX-512 register state) does not support,
 * written to 'buf' space-separated; a name the table does not know counts
 * as missing.  Returns how many there are: 0 means the peer may run.
 */
size_t inetcsum_bench_isa_missing(const char *isa, char *buf, size_t size);

/*
 * The names of the table that this CPU and OS support, space-separated,
 * into 'buf' (the header's and JSON's "features"; empty where the table
 * has no entries, i.e. outside x86-64).
 */
void inetcsum_bench_isa_present(char *buf, size_t size);

#endif /* INETCSUM_BENCH_PLATFORM_H */
