/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/bench_run.h - the configuration that cmd_bench.c parses
 * and bench_run.c measures.
 */
#ifndef INETCSUM_BENCH_RUN_H
#define INETCSUM_BENCH_RUN_H

#include "bench_common.h"
#include "bench_peers.h"

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
 * minutes on a busy one, the budget of "make bench".  --quick keeps every
 * cell but samples 3 times for 100 us: a few seconds.
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
	const char *ab;		/* "A,B" or NULL */
	const char *json, *csv, *plot;
};

/* Runs what 'cfg' asks for; returns the exit status (bench_driver.c). */
int inetcsum_bench_run(const struct bench_config *cfg);

/* ---- bench_run.c: candidates and cells ----------------------------------- */

enum kind {
	K_KERNEL,	/* registry kernel through the public API */
	K_PREFETCH,	/* a kernel's partial_prefetch at a distance */
	K_PEER,
	K_READ,		/* streaming read of the bytes, no checksum */
	K_MEMCPY,
	K_COPYLOOP,	/* the bench's own vector copy loop */
	K_MEMCPY_SUM,	/* memcpy, then inetcsum_partial() of the source */
	K_IPV4,		/* inetcsum_ipv4_header() */
};

struct cand {
	char name[48];
	enum kind kind;
	const struct inetcsum_kernel *k;
	const struct inetcsum_bench_peer *peer;
	size_t prefetch;
	/* Per cell: */
	size_t n;		/* calls per sample */
	int correct;
	int skip;
	double *samples;	/* ns per call, one per round */
};

/*
 * Buffers of one run, and the rotating pool for COLD_POOL.  'ones' has the
 * layout of 'src' filled with 0xff (the correctness check's second input).
 * 'dst' sits one page into 'dst_base', whose pages before and after it let
 * the check see a copy that writes outside its destination.
 */
struct bench_bufs {
	unsigned char *src, *dst, *ones, *dst_base;
	unsigned char *pool;
	size_t pool_bytes, stride, nslots, next;
};

struct run {
	const struct bench_config *cfg;
	struct bench_bufs b;
	struct bench_result *res;
	size_t nres, cap;
	size_t cell, ncells;
	int tty;
};

/* Sets up the timing code: tick rate, timer cost, baseline variants. */
void inetcsum_bench_timing_init(double hz, double overhead_ticks);

/*
 * The peers built in, and which of them this CPU can run (a peer built
 * with -march=native may need instructions it lacks: bench_isa.h).  Fills
 * at most 'max' entries; the others are left out of every op.
 */
size_t inetcsum_bench_peers(struct bench_peer_info *v, size_t max);

/*
 * The candidates of 'op', in table order: kernels best first (registry
 * order, read at run time so new kernels appear by themselves), the
 * library's IPv4 function, peers, baselines.  'v' has room for
 * inetcsum_bench_max_candidates(cfg).
 */
size_t inetcsum_bench_max_candidates(const struct bench_config *cfg);
size_t inetcsum_bench_candidates(const struct bench_config *cfg,
				 enum bench_op op, struct cand *v);

/* Check, calibrate and time every candidate of one cell, interleaved. */
int inetcsum_bench_cell(struct run *r, struct cand *v, size_t nc,
			enum bench_op op, size_t size, size_t off, int cold);

/* Time 'a' against 'b' in alternation and print one line of ratios. */
int inetcsum_bench_ab_cell(struct run *r, struct cand *a, struct cand *b,
			   enum bench_op op, size_t size, size_t off,
			   int cold);

/* Append one result. */
int inetcsum_bench_push(struct run *r, const struct bench_result *x);

#endif /* INETCSUM_BENCH_RUN_H */
