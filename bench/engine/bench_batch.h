/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_batch.h - the "batch" op of "inetcsum bench"
 * (bench_batch.c): inetcsum_ipv4_header_batch() and
 * inetcsum_partial_batch() against a loop of the per-call function and a
 * peer's per-packet loop, per workload (a mix of packet lengths) and batch
 * size, hot and cold.
 */
#ifndef INETCSUM_BENCH_BATCH_H
#define INETCSUM_BENCH_BATCH_H

#include <stdio.h>

#include "bench_driver.h"
#include "bench_run.h"

/* The default batch sizes (--batch): one packet, small and DPDK bursts. */
extern const size_t inetcsum_bench_batch_default[];
extern const size_t inetcsum_bench_batch_ndefault;
/* The largest batch --batch accepts. */
#define BENCH_BATCH_MAX 4096u

/* Cells of the op: workloads x batch sizes x regimes (for the progress). */
size_t inetcsum_bench_batch_ncells(const struct bench_config *cfg);

/* The candidates' names, as --list prints them ("batch: ..."). */
void inetcsum_bench_batch_list(FILE *f, const struct bench_config *cfg);

/* The header's lines about the op: what runs, with which kernel, where. */
void inetcsum_bench_batch_describe(FILE *f, const struct bench_config *cfg,
				   const char *kernel);

/*
 * Checks and times every cell of the op with the kernel m->impl in use
 * (made so with inetcsum_impl_select()), adding its results to 'r'; -1
 * when out of memory.
 */
int inetcsum_bench_batch_run(struct run *r, const struct bench_machine *m);

#endif /* INETCSUM_BENCH_BATCH_H */
