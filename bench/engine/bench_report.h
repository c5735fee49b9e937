/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_report.h - the result records of "inetcsum bench" and
 * the writers of its outputs (bench_report.c): tables, JSON, CSV, plot.
 */
#ifndef INETCSUM_BENCH_REPORT_H
#define INETCSUM_BENCH_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bench_peers.h"

/* OP_CRC32C times the CRC32c kernels (inetcsum_crc32c()). */
enum bench_op { OP_PARTIAL, OP_COPY, OP_IPV4, OP_CRC32C, OP_BATCH, OP_COUNT };

extern const char *const inetcsum_bench_op_names[OP_COUNT];

/*
 * One measured cell: op x size x offset x regime x implementation.  For
 * OP_BATCH (bench_batch.c) a cell is workload x batch size x regime: 'ns'
 * is per packet, 'size' the mean bytes per packet of the batch, 'offset'
 * the packets' offset in their buffers.
 */
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
	int is_kernel;		/* the library's code: wrong means exit 1 */
	const char *workload;	/* OP_BATCH: the mix of lengths; else NULL */
	size_t batch;		/* OP_BATCH: packets per call; else 0 */
	double ratio;		/* OP_BATCH: median per-round time / the
				   batch function's time (above 1: the
				   batch is faster); else 0 */
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

double inetcsum_bench_gbps(const struct bench_result *r);
double inetcsum_bench_bytes_per_tick(const struct bench_result *r,
				     const struct bench_machine *m);

/* The readable table, grouped by op and regime, ratio against 'baseline'. */
void inetcsum_bench_print_table(FILE *f, const struct bench_result *res,
				size_t n, const char *baseline,
				const struct bench_machine *m);

/*
 * The batch op: every row per regime, then a summary with one row per
 * workload and batch size, ns per packet per implementation, and the
 * ratios to the batch function.
 */
void inetcsum_bench_print_batch(FILE *f, const struct bench_result *res,
				size_t n);

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

#endif /* INETCSUM_BENCH_REPORT_H */
