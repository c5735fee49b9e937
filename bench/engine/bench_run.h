/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_run.h - the measurement (bench_run.c): candidates
 * (kernels, peers, baselines), cells, A/B pairs and the results they add.
 */
#ifndef INETCSUM_BENCH_RUN_H
#define INETCSUM_BENCH_RUN_H

#include "bench_driver.h"
#include "bench_lib.h"
#include "bench_peers.h"
#include "bench_report.h"

enum kind {
	K_KERNEL,	/* a kernel of the library, through the public API */
	K_PREFETCH,	/* a kernel of another build (bench_lib.h) */
	K_PEER,
	K_READ,		/* streaming read of the bytes, no checksum */
	K_MEMCPY,
	K_COPYLOOP,	/* the bench's own vector copy loop */
	K_MEMCPY_SUM,	/* memcpy, then inetcsum_partial() of the source */
	K_IPV4,		/* inetcsum_ipv4_header() */
	K_IPV4_INLINE,	/* inetcsum_ipv4_header_inline() */
	K_IPFAST,	/* the inline add-with-carry baseline (bench_ipfast.h) */
	K_CRC32C,	/* a CRC32c kernel, through inetcsum_crc32c() */
};

struct cand {
	char name[48];
	enum kind kind;
	const struct bench_lib *lib;	/* K_PREFETCH: the build */
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
