/* SPDX-License-Identifier: MIT */
/*
 * bench/batch_bench.c - the batch functions against a loop of the
 * per-call functions, side by side in one process: IPv4 headers (20 bytes,
 * and IHL 5..15 mixed) and short buffers (40 B, 64 B, 40..64 B mixed,
 * 0..1500 B mixed), batches of 1, 8, 32 and 256, hot (the same packets
 * again and again) and cold (every line of every header or buffer flushed
 * with inetcsum_bench_flush() before each call: one DRAM miss per entry;
 * only where that flush evicts).  Not run by
 * CTest; docs/batch.md has the results and the command.  "inetcsum bench
 * --op batch" (bench/engine/bench_batch.c, docs/bench.md) is the
 * maintained comparison: the same idea with every result checked against
 * the bench's reference sum, a DPDK per-packet loop, the interleaved
 * rounds of the other ops and JSON/CSV output; this program stays for the
 * numbers of docs/batch.md and its 0..1500-byte mix.
 *
 *   bench_batch [--rounds N] [--kernel NAME]
 *
 * Each packet sits 14 bytes into a 2 KiB buffer of its own (an IPv4
 * header behind an Ethernet header, as a NIC's DMA puts it), so headers
 * start 2 bytes past a 4-byte boundary.  Times are medians over rounds
 * that alternate the two variants; the ratio is the median of the
 * per-round ratios, which the host's slow phases move least.  The clock,
 * the flush and the median are the bench engine's (bench/engine/
 * bench_timer.h, bench_flush.h, bench_stats.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inetcsum.h"
#include "bench_flush.h"
#include "bench_stats.h"
#include "bench_timer.h"

#define NPKT 256
#define PKT_SIZE 2048
#ifndef PKT_OFF
#  define PKT_OFF 14
#endif

static unsigned char *pool;
static const void *hdrs[NPKT];
static struct inetcsum_iovec iov[NPKT];
static uint16_t out[NPKT];
static uint32_t sums[NPKT];
static volatile uint32_t sink;

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static unsigned
rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

enum what { HDR20, HDRMIX, B40, B64, BMIX64, BMIX1500, NWHAT };
static const char *const what_name[NWHAT] = {
	"ipv4 20 B", "ipv4 IHL 5-15", "partial 40 B", "partial 64 B",
	"partial 40-64 B", "partial 0-1500 B",
};

static void
setup(enum what w)
{
	size_t i;

	for (i = 0; i < NPKT; i++) {
		unsigned char *p = pool + i * PKT_SIZE + PKT_OFF;
		size_t len;

		for (len = 0; len < 1500; len++)
			p[len] = (unsigned char)rnd(256);
		p[0] = (unsigned char)(0x40 | (w == HDRMIX ? 5 + rnd(11) : 5));
		hdrs[i] = p;
		switch (w) {
		case B40: len = 40; break;
		case B64: len = 64; break;
		case BMIX64: len = 40 + rnd(25); break;
		case BMIX1500: len = rnd(1501); break;
		default: len = 0; break;
		}
		iov[i].base = p;
		iov[i].len = len;
		sums[i] = 0;
	}
}

/*
 * Every line an entry may be read from: a header's 60 bytes at most
 * (IHL 15), or a buffer's length and one byte more, and 64 bytes beyond,
 * as this program has always flushed them.
 */
static void
flush_entries(enum what w, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		inetcsum_bench_flush(hdrs[i], (w <= HDRMIX ? 60 :
						 iov[i].len + 1) + 64);
}

/* One call of the batch (variant 1) or of the loop (variant 0). */
static void
run(enum what w, size_t n, int batch)
{
	size_t i;

	if (w <= HDRMIX) {
		if (batch) {
			inetcsum_ipv4_header_batch(hdrs, n, out);
		} else {
			for (i = 0; i < n; i++) {
				const unsigned char *h = hdrs[i];

				out[i] = inetcsum_ipv4_header(h, h[0] & 15u);
			}
		}
	} else {
		if (batch) {
			inetcsum_partial_batch(iov, n, sums);
		} else {
			for (i = 0; i < n; i++)
				sums[i] = inetcsum_partial(iov[i].base,
							   iov[i].len, sums[i]);
		}
	}
}

/* The nearest-rank median, v[n / 2] of the sorted 'v' (bench_stats.h). */
static double
median(double *v, size_t n)
{
	inetcsum_bench_sort(v, n);
	return inetcsum_bench_pct(v, n, 0.5);
}

/*
 * ns per entry of the loop and of the batch, and the median ratio
 * loop / batch.  Hot: each sample repeats the call until about 2 us have
 * passed; cold: each sample is one call after a flush.
 */
static void
measure(enum what w, size_t n, int cold, int rounds)
{
	double *t[2], *ratio;
	int r, v;
	size_t reps = 1;

	t[0] = malloc(rounds * sizeof(double));
	t[1] = malloc(rounds * sizeof(double));
	ratio = malloc(rounds * sizeof(double));
	if (!cold) {
		/* Calibrate: repetitions for about 2 us of the loop. */
		double t0, t1;

		do {
			size_t k;

			reps *= 2;
			t0 = inetcsum_bench_now_ns();
			for (k = 0; k < reps; k++)
				run(w, n, 0);
			t1 = inetcsum_bench_now_ns();
		} while (t1 - t0 < 2000);
	}
	for (r = 0; r < rounds; r++) {
		for (v = 0; v < 2; v++) {
			int batch = (r & 1) ? v : !v;
			double t0, t1;
			size_t k;

			if (cold)
				flush_entries(w, n);
			t0 = inetcsum_bench_now_ns();
			for (k = 0; k < reps; k++)
				run(w, n, batch);
			t1 = inetcsum_bench_now_ns();
			t[batch][r] = (t1 - t0) / (double)(reps * n);
		}
		ratio[r] = t[0][r] / t[1][r];
	}
	sink += out[0] + sums[0];
	printf("%-18s %-4s %4zu %9.2f %9.2f %7.2fx\n", what_name[w],
	       cold ? "cold" : "hot", n, median(t[0], rounds),
	       median(t[1], rounds), median(ratio, rounds));
	fflush(stdout);
	free(t[0]);
	free(t[1]);
	free(ratio);
}

int
main(int argc, char **argv)
{
	static const size_t batch_sizes[] = { 1, 8, 32, 256 };
	int rounds = 301, i, cold;
	size_t b;
	enum what w;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) {
			rounds = atoi(argv[++i]);
		} else if (strcmp(argv[i], "--kernel") == 0 && i + 1 < argc) {
			if (inetcsum_impl_select(argv[++i]) != 0) {
				fprintf(stderr, "no kernel %s here\n", argv[i]);
				return 1;
			}
		} else {
			fprintf(stderr,
				"usage: %s [--rounds N] [--kernel NAME]\n",
				argv[0]);
			return 2;
		}
	}
	pool = aligned_alloc(4096, (size_t)NPKT * PKT_SIZE);
	if (pool == NULL)
		return 1;
	memset(pool, 0, (size_t)NPKT * PKT_SIZE);
	printf("kernel %s, %d rounds; ns per entry (median), ratio = loop / batch\n",
	       inetcsum_impl_name(), rounds);
	printf("%-18s %-4s %4s %9s %9s %8s\n", "what", "", "n", "loop",
	       "batch", "ratio");
	for (cold = 0; cold < 2; cold++) {
		if (cold && !inetcsum_bench_flush_works())
			break;
		for (w = 0; w < NWHAT; w++) {
			setup(w);
			for (b = 0; b < sizeof(batch_sizes) /
					sizeof(batch_sizes[0]); b++)
				measure(w, batch_sizes[b], cold, rounds);
		}
	}
	free(pool);
	return 0;
}
