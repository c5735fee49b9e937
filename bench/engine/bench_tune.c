/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_tune.c - `inetcsum bench --tune`: measure this CPU and
 * print the row of the tuning table (src/tuning.c) it would want.
 *
 * Three questions, each answered side by side in one process, the
 * candidates interleaved round by round so that a noisy neighbour slows
 * all of them alike, and each judged by the median of its samples:
 *
 *  1. Which kernel for inetcsum_partial()?  Every supported kernel, hot at
 *     256 B, 1500 B, 4 KiB and 64 KiB and cold at 64 KiB and 1 MiB.
 *  2. Which kernel for inetcsum_copy()?  The same cells.
 *  3. How far ahead should the x86 vector kernels prefetch?  The chosen
 *     partial kernel at 0, 256, 512, 1024, 2048, 4096 and 8192 bytes
 *     (inetcsum_prefetch_set()), hot and cold at 4 KiB, 16 KiB, 64 KiB,
 *     256 KiB and 1 MiB: those of the sizes at which the row in use
 *     prefetches at all (inetcsum_prefetch_min(); the Intel default from
 *     256 KiB), since below it no distance applies, and the threshold
 *     goes into the record with the distance.
 *  4, 5. The packet layer's prefetch: the GRO walk's distance for far
 *     segments and GSO's level (bench_tune_packet.c).
 *
 * A candidate's score is the geometric mean over the cells of its speed
 * relative to the choice in use (> 1: faster); the best score wins, but a
 * challenger must beat the choice in use by TUNE_MARGIN, or the row would
 * flip between runs on noise alone.  Sizes of 64 bytes and less are not
 * measured: every x86 kernel runs the same inline scalar path there.
 * Only the public API is used.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "inetcsum.h"
#include "inetcsum_packet.h"
#include "bench_cpu.h"
#include "bench_flush.h"
#include "bench_stats.h"
#include "bench_timer.h"
#include "bench_tune.h"

#define TUNE_MAX_KERNELS 16
#define TUNE_MAX_CELLS	 10
#define TUNE_BUF	 ((size_t)1 << 20)
#define TUNE_MARGIN	 1.03

struct cell {
	size_t size;
	int cold;
};

static const struct cell kernel_cells[] = {
	{ 256, 0 }, { 1500, 0 }, { 4096, 0 }, { 65536, 0 },
	{ 65536, 1 }, { TUNE_BUF, 1 },
};

static const struct cell prefetch_cells[] = {
	{ 4096, 0 }, { 16384, 0 }, { 65536, 0 }, { 262144, 0 }, { TUNE_BUF, 0 },
	{ 4096, 1 }, { 16384, 1 }, { 65536, 1 }, { 262144, 1 }, { TUNE_BUF, 1 },
};

static const size_t distances[] = { 0, 256, 512, 1024, 2048, 4096, 8192 };

#define NCELLS(a) (sizeof(a) / sizeof((a)[0]))

/*
 * The copy's destination is DST_SKEW bytes past a page: with source and
 * destination at the same offset in their pages, every load follows a
 * store to the same low 12 address bits (4K aliasing), which slowed the
 * kernels by different amounts and made --tune prefer x86_avx512's copy
 * on Intel model 167 (1.28x at 1500 B) where inetcsum bench, with its
 * buffers apart, measured the VNNI copy 1.15x faster.  Still 64-byte
 * aligned, as a packet buffer's payload often is.
 */
#define DST_SKEW 1088

struct tune_bufs {
	unsigned char *src, *dst, *dst_base;
	volatile uint32_t sink;
};

/* Ticks per call of one sample: one call cold, a batch of calls hot. */
static double
sample(struct tune_bufs *b, int copy, const struct cell *c)
{
	size_t reps = 1, i;
	uint64_t t0, t1;
	uint32_t s = 0;

	if (c->cold) {
		inetcsum_bench_flush(b->src, c->size);
		if (copy)
			inetcsum_bench_flush(b->dst, c->size);
	} else {
		/*
		 * About 4 MiB of data per sample (20-40 us), at least one
		 * call: with 256 KiB (2-3 us) a sample after another
		 * kernel's held the 512-bit units' wake-up, and on Intel
		 * model 167 ranked x86_avx512's copy 1.3x ahead of the VNNI
		 * one, which inetcsum bench's 500 us samples and --ab
		 * measure 1.13-1.19x the faster at 1500 B-4 KiB.
		 */
		reps = ((size_t)4 << 20) / c->size;
		if (reps == 0)
			reps = 1;
		/* Warm the buffers: the first call of a hot sample is not. */
		s = copy ? inetcsum_copy(b->dst, b->src, c->size, 0) :
			   inetcsum_partial(b->src, c->size, 0);
	}
	t0 = inetcsum_bench_ticks_start();
	for (i = 0; i < reps; i++) {
		/*
		 * Independent calls, as packets are and as inetcsum bench
		 * times them: with each sum the next call's seed, --tune
		 * timed the latency of a call and its reduction instead,
		 * and ranked the copies otherwise than the bench did (Intel
		 * model 167: x86_avx512 1.3-1.5x at 256 B-4 KiB chained,
		 * the VNNI kernel 1.15x faster independent).  The sums are
		 * kept, so no call can be dropped.
		 */
		s += copy ? inetcsum_copy(b->dst, b->src, c->size, 0) :
			    inetcsum_partial(b->src, c->size, 0);
	}
	t1 = inetcsum_bench_ticks_stop();
	b->sink = s;
	return (double)(t1 - t0) / (double)reps;
}

double
inetcsum_bench_tune_root(double x, size_t n)
{
	double lo = 0, hi = x > 1 ? x : 1;
	int it;

	for (it = 0; it < 100; it++) {
		double mid = (lo + hi) / 2, p = 1;
		size_t i;

		for (i = 0; i < n; i++)
			p *= mid;
		if (p < x)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

size_t
inetcsum_bench_tune_winner(const double *score, size_t n, size_t current)
{
	size_t i, best = current;

	for (i = 0; i < n; i++)
		if (i != current && score[i] > TUNE_MARGIN &&
		    score[i] > score[best])
			best = i;
	return best;
}

/*
 * Setting candidate 'i' in use: a kernel by name for questions 1 and 2, a
 * distance for question 3.
 */
struct question {
	const char *title;
	int copy;
	const struct cell *cells;
	size_t ncells;
	size_t ncand;
	const char *names[TUNE_MAX_KERNELS];	/* kernels, or NULL */
	size_t dist[TUNE_MAX_KERNELS];		/* distances */
	size_t current;		/* index of the choice in use */
	double med[TUNE_MAX_KERNELS][TUNE_MAX_CELLS];
};

static void
use(const struct question *q, size_t i)
{
	if (q->names[0] != NULL)
		inetcsum_impl_select(q->names[i]);
	else
		inetcsum_prefetch_set(q->dist[i]);
}

/* Measures every candidate on every cell; returns the winner's index. */
static size_t
ask(struct question *q, struct tune_bufs *b, unsigned rounds, FILE *out)
{
	double *s = malloc(sizeof(double) * rounds * q->ncand * q->ncells);
	double score[TUNE_MAX_KERNELS];
	size_t i, k;
	unsigned r;

	if (s == NULL)
		return q->current;
	for (r = 0; r < rounds; r++) {
		for (k = 0; k < q->ncells; k++) {
			for (i = 0; i < q->ncand; i++) {
				/* Rotate the order: no one always goes first. */
				size_t j = (i + r) % q->ncand;

				use(q, j);
				s[(j * q->ncells + k) * rounds + r] =
					sample(b, q->copy, &q->cells[k]);
			}
		}
	}
	for (i = 0; i < q->ncand; i++)
		for (k = 0; k < q->ncells; k++)
			q->med[i][k] = inetcsum_bench_median(
				&s[(i * q->ncells + k) * rounds], rounds);
	free(s);

	fprintf(out, "\n%s: speed relative to the choice in use (> 1: "
		"faster), median of %u rounds\n%-24s", q->title, rounds, "");
	for (k = 0; k < q->ncells; k++) {
		char sz[16];

		if (q->cells[k].size >= ((size_t)1 << 20))
			snprintf(sz, sizeof(sz), "%zuM", q->cells[k].size >> 20);
		else if (q->cells[k].size >= 4096)
			snprintf(sz, sizeof(sz), "%zuK", q->cells[k].size >> 10);
		else
			snprintf(sz, sizeof(sz), "%zu", q->cells[k].size);
		fprintf(out, " %5s %-4s", sz, q->cells[k].cold ? "cold" : "hot");
	}
	fprintf(out, "  geomean\n");
	for (i = 0; i < q->ncand; i++) {
		double prod = 1;
		char name[32];

		if (q->names[0] != NULL)
			snprintf(name, sizeof(name), "%s", q->names[i]);
		else
			snprintf(name, sizeof(name), "prefetch %zu", q->dist[i]);
		fprintf(out, "%-24s", name);
		for (k = 0; k < q->ncells; k++) {
			double ratio = q->med[q->current][k] / q->med[i][k];

			prod *= ratio;
			fprintf(out, " %10.3f", ratio);
		}
		score[i] = inetcsum_bench_tune_root(prod, q->ncells);
		fprintf(out, "  %7.3f%s\n", score[i],
			i == q->current ? "  (in use)" : "");
	}
	return inetcsum_bench_tune_winner(score, q->ncand, q->current);
}

int
inetcsum_bench_tune(unsigned rounds, FILE *out,
		    struct inetcsum_bench_tune_choice *choice)
{
	static struct question qk, qc, qp;
	static struct cell pcells[NCELLS(prefetch_cells)];
	struct inetcsum_bench_tune_choice pk;
	struct inetcsum_packet_tuning pt;
	struct inetcsum_tuning t;
	struct tune_bufs b;
	size_t i, n = 0, np = 0, kp, kc, kd, pmin;
	long dist;
	const char *name;
	char cpu[128], date[32];
	time_t now = time(NULL);
	int supported;

	b.src = aligned_alloc(4096, TUNE_BUF);
	b.dst_base = aligned_alloc(4096, TUNE_BUF + 4096);
	if (b.src == NULL || b.dst_base == NULL) {
		fprintf(stderr, "inetcsum bench --tune: out of memory\n");
		free(b.src);
		free(b.dst_base);
		return 1;
	}
	b.dst = b.dst_base + DST_SKEW;
	for (i = 0; i < TUNE_BUF; i++)
		b.src[i] = (unsigned char)(i * 2654435761u >> 24);
	memset(b.dst, 0, TUNE_BUF);
	strftime(date, sizeof(date), "%Y-%m-%d", gmtime(&now));
	inetcsum_bench_cpu_model(cpu, sizeof(cpu));
	inetcsum_impl_select("auto");
	inetcsum_tuning(&t);
	inetcsum_packet_tuning(&pt);
	pmin = inetcsum_prefetch_min();
	fprintf(out, "tune: %s (%s, family 0x%x, model 0x%x), %s\n", cpu,
		t.vendor, t.family, t.model, date);
	fprintf(out, "in use: row \"%s\": partial %s, copy %s, prefetch %zu "
		"from %zu bytes (%s); GRO far segments %zu ahead, GSO payload "
		"into %s\n", t.row, t.partial, t.copy, t.prefetch, pmin,
		t.evidence, pt.gro_far, pt.gso_l2 ? "L2" : "L1");

	qk.title = "inetcsum_partial() kernels";
	qc.title = "inetcsum_copy() kernels";
	qk.cells = qc.cells = kernel_cells;
	qk.ncells = qc.ncells = NCELLS(kernel_cells);
	qc.copy = 1;
	for (i = 0; (name = inetcsum_impl_get(i, &supported)) != NULL; i++) {
		if (!supported || n == TUNE_MAX_KERNELS)
			continue;
		if (strcmp(name, t.partial) == 0)
			qk.current = n;
		if (strcmp(name, t.copy) == 0)
			qc.current = n;
		qk.names[n] = qc.names[n] = name;
		n++;
	}
	qk.ncand = qc.ncand = n;
	kp = ask(&qk, &b, rounds, out);
	kc = ask(&qc, &b, rounds, out);

	kd = (size_t)-1;
	inetcsum_impl_select(qk.names[kp]);
	for (i = 0; i < NCELLS(prefetch_cells); i++)
		if (prefetch_cells[i].size >= pmin)
			pcells[np++] = prefetch_cells[i];
	if (np == 0) {
		fprintf(out, "\nprefetch distance: not measured (the row "
			"prefetches from %zu bytes, past every cell)\n", pmin);
	} else if (inetcsum_prefetch_set(t.prefetch) == 0) {
		qp.title = pmin != 0 ? "prefetch distance, in the buffers the "
				       "row prefetches in" : "prefetch distance";
		qp.cells = pcells;
		qp.ncells = np;
		qp.ncand = NCELLS(distances);
		qp.current = 0;
		for (i = 0; i < qp.ncand; i++) {
			qp.dist[i] = distances[i];
			if (distances[i] == t.prefetch)
				qp.current = i;
		}
		kd = ask(&qp, &b, rounds, out);
	} else {
		fprintf(out, "\nprefetch distance: not measured (no kernel of "
			"this build has a run-time distance)\n");
	}
	/* Not measured: the build's (-1), or the row's past every cell. */
	dist = kd != (size_t)-1 ? (long)qp.dist[kd] :
	       np == 0 ? (long)t.prefetch : -1L;
	inetcsum_bench_tune_packet(rounds, out, &pk);

	fprintf(out, "\nthe row this CPU would want (src/tuning.c):\n"
		"\t{\n\t\t.cpu = \"%s\",\n\t\t.vendor = INETCSUM_VENDOR_%s,\n"
		"\t\t.family = 0x%x, .model_lo = 0x%x, .model_hi = 0x%x,\n"
		"\t\t.partial = \"%s\", .copy = \"%s\",\n"
		"\t\t.prefetch = %ld, .prefetch_min = %zu,\n"
		"\t\t.gro_far = %zu, .gso_prefetch_l2 = %d,\n"
		"\t\t.evidence = \"inetcsum bench --tune, %s\",\n\t},\n",
		cpu,
		strcmp(t.vendor, "intel") == 0 ? "INTEL" :
		strcmp(t.vendor, "amd") == 0 ? "AMD" : "OTHER",
		t.family, t.model, t.model, qk.names[kp], qc.names[kc],
		dist, pmin, pk.gro_far, pk.gso_l2, date);
	fprintf(out, "%s\n", kp == qk.current && kc == qc.current &&
		(kd == (size_t)-1 || kd == qp.current) &&
		pk.gro_far == pt.gro_far && pk.gso_l2 == pt.gso_l2 ?
		"which is the row in use (within the 3% margin)." :
		"which differs from the row in use.");
	if (choice != NULL) {
		choice->partial = qk.names[kp];
		choice->copy = qc.names[kc];
		choice->prefetch = dist;
		choice->gro_far = pk.gro_far;
		choice->gso_l2 = pk.gso_l2;
	}
	inetcsum_impl_select("auto");
	free(b.src);
	free(b.dst_base);
	return 0;
}
