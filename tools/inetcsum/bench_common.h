/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/bench_common.h - what the pieces of "inetcsum bench" share:
 * the timer and cache-regime helpers (bench_platform.c), the result records
 * and the report writers (bench_report.c).
 */
#ifndef INETCSUM_BENCH_COMMON_H
#define INETCSUM_BENCH_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bench_peers.h"

/* ---- bench_platform.c: timer --------------------------------------------- */

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

/* ---- bench_platform.c: machine ------------------------------------------- */

/* The CPU model name (e.g. from /proc/cpuinfo) into 'buf'. */
void inetcsum_bench_cpu_model(char *buf, size_t size);

/* Pin the process to CPU 'cpu'; 0 on success, -1 with errno otherwise. */
int inetcsum_bench_pin(int cpu);

/* ---- bench_platform.c: cold cache ---------------------------------------- */

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

/* ---- bench_platform.c: the streaming-read and copy baselines ------------ */

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

/* ---- results ------------------------------------------------------------- */

enum bench_op { OP_PARTIAL, OP_COPY, OP_IPV4, OP_COUNT };

extern const char *const inetcsum_bench_op_names[OP_COUNT];

/* One measured cell: op x size x offset x regime x implementation. */
struct bench_result {
	enum bench_op op;
	const char *impl;	/* kernel, peer or baseline name */
	size_t size;
	size_t offset;
	int cold;		/* 0 hot, 1 cold */
	long prefetch;		/* -1: not a prefetch-sweep cell */
	double ns;		/* median ns per call */
	double ns_p10;		/* fast end: 10th percentile of ns */
	double spread;		/* (p90 - p10) / median, as a fraction */
	int correct;		/* 1 ok, 0 wrong result, -1 not checked */
	int is_kernel;		/* registry kernel (plotted) */
};

/* A peer built in, whether it runs here, and what it would need. */
struct bench_peer_info {
	const struct inetcsum_bench_peer *peer;
	int runs;
	char missing[256];	/* instruction sets this CPU lacks */
};

#define BENCH_MAX_PEERS 8

/* Everything the report writers need besides the results. */
struct bench_machine {
	char cpu[128];
	char features[256];	/* space-separated feature names */
	const char *impl;	/* inetcsum_impl_name() at start */
	const char *auto_impl;	/* the kernel "auto" selects */
	const char *version;
	double tick_hz;
	double timer_overhead;	/* ticks */
	const char *cold;	/* cold-cache method description */
	const char *read_name;	/* streaming-read variant */
	const char *copy_name;	/* copy-loop variant, or NULL */
	unsigned rounds;
	double target_us;
	struct bench_peer_info peers[BENCH_MAX_PEERS];
	size_t npeers;		/* built in (and asked for) */
};

/* ---- bench_report.c ------------------------------------------------------ */

double inetcsum_bench_gbps(const struct bench_result *r);
double inetcsum_bench_bytes_per_tick(const struct bench_result *r,
				     const struct bench_machine *m);

/* The readable table, grouped by op and regime, ratio against 'baseline'. */
void inetcsum_bench_print_table(FILE *f, const struct bench_result *res,
				size_t n, const char *baseline,
				const struct bench_machine *m);

/* GB/s per implementation (rows) and size (columns), per op and regime. */
void inetcsum_bench_print_summary(FILE *f, const struct bench_result *res,
				  size_t n);

/* The prefetch sweep: rows size x regime, columns distance. */
void inetcsum_bench_print_prefetch(FILE *f, const struct bench_result *res,
				   size_t n, const long *dist, size_t ndist);

int inetcsum_bench_write_json(const char *path, const struct bench_result *res,
			      size_t n, const struct bench_machine *m);
int inetcsum_bench_write_csv(const char *path, const struct bench_result *res,
			     size_t n, const struct bench_machine *m);
/* 0 on success, -1 on error, 1 when gnuplot is not installed. */
int inetcsum_bench_write_plot(const char *path,
			      const struct bench_result *res, size_t n);

#endif /* INETCSUM_BENCH_COMMON_H */
