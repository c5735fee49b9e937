/* SPDX-License-Identifier: MIT */
/*
 * bench/packet_jobs_bench.c - the packet jobs of issue 11 side by side in
 * one process (docs/packet.md, "Speed of the packet jobs"):
 *   gro      inetcsum_gro_verify() of bursts of 32 TCP/IPv4 segments of
 *            1448 payload bytes (1500-byte packets; -6: IPv6), cold: the
 *            bursts cycle through 'pool' MiB (default 256, past the L3 cache),
 *            against DPDK's rte_ipv4_udptcp_cksum_verify() per packet and
 *            a streaming read of the same bytes;
 *   forward  32 IPv4 headers verified and TTL-decremented,
 *            inetcsum_ipv4_ttl_dec(VERIFY) against rte_ipv4_cksum();
 *   nat      the destination address of 32 1500-byte TCP packets
 *            rewritten, inetcsum_nat_addr() against DPDK's recomputation
 *            of both checksums.
 * Each round times every contender once, in an order that alternates
 * from round to round; the figures are the medians over the rounds in ns
 * per burst, and each ratio is the median of the per-round ratios, so a
 * burst of load from other jobs on the shared host moves a round's two
 * numbers together rather than one of them.
 * With -s, the GRO job alone: the ways gro.c can walk a cold burst
 * (per-segment loop or inetcsum_partial_batch() calls of 1 or 32
 * segments; prefetch of the segment 1, 2, 4 or 8 ahead, all its lines,
 * or 4 ahead, its first two; the first lines of the far segments 8, 16
 * or 32 ahead; the near segments 1 or 2 ahead; no prefetch) side by
 * side with the streaming read and the payload sums alone, in an order
 * rotated from round to round, each as a ratio to the read of its round
 * (the read's walk with the fastest median, time_read()).
 * With -x, the packets lie in the pool's slots in a random order, as the
 * buffers of a receive ring do once a mempool has recycled them, instead
 * of one after the other: the hardware prefetchers then cannot run from
 * one packet into the next, and a walk has only its own prefetch.
 * The pool asks for 2 MiB pages (madvise(MADV_HUGEPAGE); the header line
 * says how much of it got them), as a DPDK mempool lies in huge pages and
 * the kernel's packet buffers in its direct map: with 4 KiB pages, which
 * -4 keeps, every packet in a random slot costs a TLB miss that neither
 * of them pays (Intel family 6 model 167, 2026-12-07, one process each
 * way: on 2 MiB pages the read ran 1.09-1.10x and the GRO job 1.12-1.14x
 * faster, in order and in random slots, the ratio of the two within 2%).
 * With -6, the GRO job's segments are TCP/IPv6 (no extension headers,
 * the payload 1428 bytes) and DPDK's loop rte_ipv6_udptcp_cksum_verify();
 * forwarding and NAT stay IPv4, on packets of their own.
 * Usage: packet_jobs_bench [-q] [-s] [-x] [-4] [-6] [-r rounds] [pool MiB]
 *        (rounds: 15, -q 2)
 * The clock and the median are the bench engine's (bench/engine/
 * bench_timer.h, bench_stats.h); the limit stays its own read loop
 * (packet_jobs_dpdk.c), which prefetches as the GRO walks it bounds do.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "inetcsum.h"
#include "inetcsum_packet.h"
#include "bytes.h"	/* tests/lib/: put16 */
#include "bench_stats.h"	/* the bench engine's clock and median */
#include "bench_timer.h"
#include "packet_jobs_dpdk.h"

#include "../packet/packet_hooks.h"	/* gro.c's walks with their knobs */

#define BURST	32
#define PKTLEN	1500
#define SLOT	1536	/* packets 64-byte aligned, 36 bytes apart */

#define MAXROUNDS 1001

static volatile uint64_t sink;

/* Per-round times of one job: ours, up to two peers, and the ratios. */
struct job {
	double t[3][MAXROUNDS];
	double ratio[2][MAXROUNDS];
};

static struct job jobs[3];

/* Medians of job 'j' over 'n' rounds into m[0..2] and r[0..1]. */
static void
summarise(struct job *j, size_t n, double m[3], double r[2])
{
	size_t k;

	for (k = 0; k < 3; k++)
		m[k] = inetcsum_bench_median(j->t[k], n);
	for (k = 0; k < 2; k++)
		r[k] = inetcsum_bench_median(j->ratio[k], n);
}

/* With -6 the pool's packets are TCP/IPv6; where their payloads start. */
static int pool_v6;
static size_t payload_off = 52;	/* 72 with -6 */

/* A TCP packet with timestamps (32-byte TCP header), valid sums, over
 * IPv4 or, with 'v6', IPv6 (no extension headers). */
static void
make_pkt(uint8_t *p, unsigned seed, int v6)
{
	size_t i, l4 = v6 ? 40 : 20;

	memset(p, 0, PKTLEN);
	if (v6) {
		p[0] = 0x60;
		put16(p + 4, PKTLEN - 40);
		p[6] = 6;
		p[7] = 64;
		memcpy(p + 8, "\x20\x01\x0d\xb8\0\0\0\0\0\0\0\0\0\0\0\x01"
		       "\x20\x01\x0d\xb8\0\0\0\0\0\0\0\0\0\0\0\x02", 32);
	} else {
		p[0] = 0x45;
		put16(p + 2, PKTLEN);
		p[8] = 64;
		p[9] = 6;
		memcpy(p + 12, "\xc0\x00\x02\x01\xc6\x33\x64\x02", 8);
	}
	p[l4 + 12] = 0x80;	/* data offset 8 */
	p[l4 + 13] = 0x10;
	for (i = l4 + 20; i < PKTLEN; i++)
		p[i] = (uint8_t)(i * 31 + seed);
	if (inetcsum_ip_fill(p, PKTLEN, 0, NULL) != (v6 ? 1 : 2))
		abort();
}

/* The 'n' pointers of 'p' in a random order (Fisher-Yates, a fixed seed
 * so that runs compare). */
static void
shuffle(uint8_t **p, size_t n)
{
	uint64_t x = 0x9e3779b97f4a7c15u;
	size_t i, j;
	uint8_t *t;

	for (i = n; i > 1; i--) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		j = (size_t)(x % i);
		t = p[i - 1];
		p[i - 1] = p[j];
		p[j] = t;
	}
}

/* TTL back to 255 with a valid header checksum. */
static void
rearm(uint8_t *p)
{
	uint16_t c;

	p[8] = 255;
	p[10] = p[11] = 0;
	c = inetcsum_ipv4_header(p, 5);
	memcpy(p + 10, &c, 2);
}

/* GRO-side verification of every burst once, cold; ns per burst. */
static double
time_gro(uint8_t **ptr, size_t nb)
{
	struct inetcsum_gro_seg segs[BURST];
	size_t b, i, good = 0;
	double t = inetcsum_bench_now_ns();

	for (b = 0; b < nb; b++) {
		for (i = 0; i < BURST; i++) {
			segs[i].pkt = ptr[b * BURST + i];
			segs[i].len = PKTLEN;
		}
		good += inetcsum_gro_verify(segs, BURST);
	}
	t = (inetcsum_bench_now_ns() - t) / (double)nb;
	if (good != nb * BURST) {
		fprintf(stderr, "gro verify failed\n");
		exit(1);
	}
	return t;
}

/*
 * The limit: a streaming read of every burst, cold, ns per burst, with
 * each of the walks below, every round: no prefetch; the packet 1, 2, 4,
 * 8, 16 or 32 ahead prefetched whole; and the prefetches of the GRO walk
 * (the first lines of far packets 8, 16 or 32 ahead and as far as the
 * walk on this CPU, the rest GRO_AHEAD ahead, or twice that with 32; the
 * near ones GRO_NEAR_AHEAD or 1 ahead).  The hardware prefetchers alone
 * made the read the slower one in some runs (Zen 5), with the packets
 * in random slots the walk's far prefetch made it faster than a read 4
 * ahead (Zen 5 with the first lines 32 ahead, Intel with 8), and a
 * limit slower than the checksum it bounds is no limit.  The limit is the walk
 * with the fastest median over the rounds (read_limit()), timed in the
 * same rounds as the contenders, each timed once per round as it is.
 * The fastest walk of each round, the limit before 2026-12-07, was the
 * least of a dozen noisy samples; print_limit() shows both (0-1% apart
 * on Intel family 6 model 167, where one walk was the fastest in most
 * rounds).
 */
static struct pj_walk read_walks[] = {
	{ 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 }, { 4, 0, 0 }, { 8, 0, 0 },
	{ 16, 0, 0 }, { 32, 0, 0 }, { GRO_AHEAD, 8, 0 }, { GRO_AHEAD, 16, 0 },
	{ GRO_AHEAD, 32, 0 }, { 2 * GRO_AHEAD, 32, 0 },
	{ GRO_AHEAD, 32, GRO_NEAR_AHEAD }, { GRO_AHEAD, 8, 1 },
	{ GRO_AHEAD, 0, GRO_NEAR_AHEAD },	/* far: set in main() */
};
#define NREAD (sizeof(read_walks) / sizeof(read_walks[0]))
static double read_t[NREAD][MAXROUNDS];

/*
 * One untimed read of the pool, at the start of each round of the jobs:
 * the cold job timed first in a round then follows a pass over memory,
 * as the others do, not the hot forwarding and NAT jobs of the round
 * before.  Without it, on Intel family 6 model 167 (2026-12-07), the GRO
 * job ran 12-36% slower in the rounds that timed it first than in those
 * that timed it after the read and DPDK's loop (a dozen processes that
 * printed every round, 7-9 rounds each, 4 KiB pages), and the read,
 * whose best walk is timed among its last, never paid that; with it,
 * the rounds agreed (two processes).  Why is not measurable here (no
 * counters); a memory system that slows down while the core works from
 * its caches would do it.
 */
static void
warm_pass(uint8_t **ptr, size_t nb)
{
	const struct pj_walk none = { 0, 0, 0 };
	size_t b;

	for (b = 0; b < nb; b++)
		sink += pj_stream_read(ptr + b * BURST, BURST, PKTLEN, &none);
}

/* Round 'r' of every walk of the read into read_t. */
static void
time_read(uint8_t **ptr, size_t nb, size_t r)
{
	size_t k;

	for (k = 0; k < NREAD; k++) {
		size_t b;
		double t = inetcsum_bench_now_ns();

		for (b = 0; b < nb; b++)
			sink += pj_stream_read(ptr + b * BURST, BURST, PKTLEN,
					       &read_walks[k]);
		read_t[k][r] = (inetcsum_bench_now_ns() - t) / (double)nb;
	}
}

/* The walk of the read with the fastest median over 'rounds': its index,
 * and its time in each round into 't'. */
static size_t
read_limit(size_t rounds, double *t)
{
	double tmp[MAXROUNDS], m, best = 0;
	size_t k, pick = 0;

	for (k = 0; k < NREAD; k++) {
		memcpy(tmp, read_t[k], rounds * sizeof(*tmp));
		m = inetcsum_bench_median(tmp, rounds);
		if (k == 0 || m < best) {
			best = m;
			pick = k;
		}
	}
	memcpy(t, read_t[pick], rounds * sizeof(*t));
	return pick;
}

/* Which walk the limit is, and the median of each round's fastest walk
 * (the old limit) beside it. */
static void
print_limit(size_t pick, size_t rounds)
{
	const struct pj_walk *w = &read_walks[pick];
	double low[MAXROUNDS], best[MAXROUNDS];
	size_t r, k;

	for (r = 0; r < rounds; r++) {
		low[r] = read_t[0][r];
		for (k = 1; k < NREAD; k++)
			if (read_t[k][r] < low[r])
				low[r] = read_t[k][r];
		best[r] = read_t[pick][r];
	}
	printf("the read limit: the packet %zu ahead", w->ahead);
	if (w->far > w->ahead)
		printf(", far ones' first lines %zu ahead", w->far);
	if (w->near != 0 && w->near != w->ahead)
		printf(", near ones %zu ahead", w->near);
	printf(", the fastest median of %zu walks, %.0f ns/burst (the "
	       "fastest walk of each round: %.0f)\n", NREAD,
	       inetcsum_bench_median(best, rounds),
	       inetcsum_bench_median(low, rounds));
}

static double
time_dpdk_verify(uint8_t **ptr, size_t nb)
{
	size_t b, good = 0;
	double t = inetcsum_bench_now_ns();

	for (b = 0; b < nb; b++)
		good += pool_v6 ?
			pj_dpdk_verify6(ptr + b * BURST, BURST) :
			pj_dpdk_verify(ptr + b * BURST, BURST);
	t = (inetcsum_bench_now_ns() - t) / (double)nb;
	if (good != nb * BURST) {
		fprintf(stderr, "dpdk verify failed\n");
		exit(1);
	}
	return t;
}

/* Forwarding of the 32 headers at 'hdrs', 'it' times, hot; the TTL wraps
 * back to 255. */
static double
time_forward(uint8_t **hdrs, size_t it)
{
	size_t k, i;
	double t = inetcsum_bench_now_ns();

	for (k = 0; k < it; k++)
		for (i = 0; i < BURST; i++)
			if (inetcsum_ipv4_ttl_dec(hdrs[i], 20,
						  INETCSUM_TTL_VERIFY) == 0)
				rearm(hdrs[i]);
	return (inetcsum_bench_now_ns() - t) / (double)it;
}

static double
time_dpdk_forward(uint8_t **hdrs, size_t it)
{
	size_t k, i;
	double t = inetcsum_bench_now_ns();

	for (k = 0; k < it; k++)
		if (pj_dpdk_forward(hdrs, BURST) != BURST)
			for (i = 0; i < BURST; i++)
				rearm(hdrs[i]);
	return (inetcsum_bench_now_ns() - t) / (double)it;
}

static const uint8_t nat_addr[2][4] = { { 10, 0, 0, 1 }, { 10, 0, 0, 2 } };

static double
time_nat(uint8_t **pkts, size_t it)
{
	size_t k, i;
	double t = inetcsum_bench_now_ns();

	for (k = 0; k < it; k++)
		for (i = 0; i < BURST; i++)
			inetcsum_nat_addr(pkts[i], PKTLEN, INETCSUM_NAT_DST,
					  nat_addr[k & 1]);
	return (inetcsum_bench_now_ns() - t) / (double)it;
}

static double
time_dpdk_nat(uint8_t **pkts, size_t it)
{
	size_t k;
	uint32_t a[2];
	double t;

	memcpy(&a[0], nat_addr[0], 4);
	memcpy(&a[1], nat_addr[1], 4);
	t = inetcsum_bench_now_ns();
	for (k = 0; k < it; k++)
		pj_dpdk_nat(pkts, BURST, a[k & 1]);
	return (inetcsum_bench_now_ns() - t) / (double)it;
}

/* The variants of the sweep (-s): group (-1: loop), ahead, lines, far,
 * near (inetcsum_pkt_gro_verify()); group DEFAULT_WALK: the library's
 * own inetcsum_gro_verify(), the walk above with the CPU's values. */
#define DEFAULT_WALK	((size_t)-2)
static const struct variant {
	size_t group, ahead, lines, far, near;
	const char *name;
} variants[] = {
	{ (size_t)-1, 0, 0, 0, 0, "loop, no prefetch" },
	{ (size_t)-1, 1, 0, 0, 0, "loop, i+1 all lines" },
	{ (size_t)-1, 2, 0, 0, 0, "loop, i+2 all lines" },
	{ (size_t)-1, 4, 0, 0, 0, "loop, i+4 all lines" },
	{ (size_t)-1, 8, 0, 0, 0, "loop, i+8 all lines" },
	{ (size_t)-1, 4, 2, 0, 0, "loop, i+4 first 2 lines" },
	{ (size_t)-1, 1, 0, 8, 0, "loop, i+1, far i+8" },
	{ (size_t)-1, 4, 0, 8, 0, "loop, i+4, far i+8" },
	{ (size_t)-1, 4, 0, 16, 0, "loop, i+4, far i+16" },
	{ (size_t)-1, 4, 0, 32, 0, "loop, i+4, far i+32" },
	{ (size_t)-1, 8, 0, 32, 0, "loop, i+8, far i+32" },
	{ (size_t)-1, 4, 0, 8, 1, "loop, i+4, far i+8, near i+1" },
	{ (size_t)-1, 4, 0, 8, 2, "loop, i+4, far i+8, near i+2" },
	{ (size_t)-1, 4, 0, 32, 2, "loop, i+4, far i+32, near i+2" },
	{ 1, 2, 0, 0, 0, "batch/1, i+2 all lines" },
	{ 32, 0, 0, 0, 0, "batch/32, no prefetch" },
	{ DEFAULT_WALK, 0, 0, 0, 0, "inetcsum_gro_verify()" },
};
#define NVARIANTS (sizeof(variants) / sizeof(variants[0]))

static double
time_gro_variant(uint8_t **ptr, size_t nb, const struct variant *v)
{
	struct inetcsum_gro_seg segs[BURST];
	size_t b, i, good = 0;
	double t = inetcsum_bench_now_ns();

	for (b = 0; b < nb; b++) {
		for (i = 0; i < BURST; i++) {
			segs[i].pkt = ptr[b * BURST + i];
			segs[i].len = PKTLEN;
		}
		if (v->group == DEFAULT_WALK)
			good += inetcsum_gro_verify(segs, BURST);
		else
			good += inetcsum_pkt_gro_verify(segs, BURST, v->group,
							v->ahead, v->lines,
							v->far, v->near);
	}
	t = (inetcsum_bench_now_ns() - t) / (double)nb;
	if (good != nb * BURST) {
		fprintf(stderr, "gro verify (%s) failed\n", v->name);
		exit(1);
	}
	return t;
}

/*
 * The floor of the default walk: inetcsum_partial() over each payload
 * alone, its address known without the header, with the prefetches of
 * gro.c's default walk on this CPU (GRO_AHEAD, the far distance
 * inetcsum_pkt_gro_far_in_use() and GRO_NEAR_AHEAD; pj_prefetch_start(),
 * pj_prefetch_step()).
 */
_Static_assert(PJ_NEAR_GAP == GRO_NEAR_GAP,
	       "the bench judges far packets as gro.c does");

static double
time_payloads(uint8_t **ptr, size_t nb)
{
	size_t b, i;
	uint32_t s = 0;
	const struct pj_walk w = { GRO_AHEAD, inetcsum_pkt_gro_far_in_use(),
				   GRO_NEAR_AHEAD };
	const size_t off = payload_off;
	double t = inetcsum_bench_now_ns();

	for (b = 0; b < nb; b++) {
		uint8_t **q = ptr + b * BURST;

		pj_prefetch_start(q, BURST, PKTLEN, &w);
		for (i = 0; i < BURST; i++) {
			pj_prefetch_step(q, BURST, i, PKTLEN, &w);
			s += inetcsum_partial(q[i] + off, PKTLEN - off, 0);
		}
	}
	sink += s;
	return (inetcsum_bench_now_ns() - t) / (double)nb;
}

#define HUGE_PAGE	((size_t)2 << 20)

/* 'len' bytes for the pool, 2 MiB-aligned, asking for 2 MiB pages
 * unless 'small' (Linux; elsewhere the system's pages). */
static void *
pool_alloc(size_t len, int small)
{
	void *m = aligned_alloc(HUGE_PAGE, len);

#if defined(__linux__) && defined(MADV_HUGEPAGE)
	if (m != NULL && !small)
		(void)madvise(m, len, MADV_HUGEPAGE);
#else
	(void)small;
#endif
	return m;
}

/* KiB of this process's memory in transparent huge pages (Linux), or -1
 * where it cannot tell. */
static long
huge_kib(void)
{
	FILE *f = fopen("/proc/self/smaps_rollup", "r");
	char line[256];
	long kib = -1;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "AnonHugePages: %ld kB", &kib) == 1)
			break;
	fclose(f);
	return kib;
}

/* Contenders: the variants, the payload sums alone, the read (last). */
#define NCONT (NVARIANTS + 2)
static double sw_t[NCONT][MAXROUNDS];
static double sw_r[NCONT - 1][MAXROUNDS];

/* -s: every contender once per round, the order rotated. */
static void
sweep_gro(uint8_t **ptr, size_t nb, size_t rounds)
{
	size_t r, k, c;
	double m, q, lo, hi, tmp[MAXROUNDS];

	for (r = 0; r < rounds; r++) {
		for (c = 0; c < NCONT; c++) {
			k = (c + r) % NCONT;
			if (k == NCONT - 1)
				time_read(ptr, nb, r);
			else if (k == NVARIANTS)
				sw_t[k][r] = time_payloads(ptr, nb);
			else
				sw_t[k][r] = time_gro_variant(ptr, nb,
							      &variants[k]);
		}
	}
	print_limit(read_limit(rounds, sw_t[NCONT - 1]), rounds);
	for (r = 0; r < rounds; r++)
		for (k = 0; k < NCONT - 1; k++)
			sw_r[k][r] = sw_t[NCONT - 1][r] / sw_t[k][r];
	memcpy(tmp, sw_t[NCONT - 1], rounds * sizeof(*tmp));
	m = inetcsum_bench_median(tmp, rounds);
	printf("%-30s %8.0f ns/burst\n", "stream read", m);
	for (k = 0; k < NCONT - 1; k++) {
		memcpy(tmp, sw_r[k], rounds * sizeof(*tmp));
		q = inetcsum_bench_median(tmp, rounds);
		/* tmp is sorted: the quartiles of the per-round ratios. */
		lo = tmp[rounds / 4];
		hi = tmp[(3 * rounds) / 4 < rounds ? (3 * rounds) / 4 :
			 rounds - 1];
		m = inetcsum_bench_median(sw_t[k], rounds);
		printf("%-30s %8.0f ns/burst  vs read %.3fx (quartiles "
		       "%.3f-%.3f)\n", k == NVARIANTS ?
		       "payload sums alone (floor)" : variants[k].name, m, q,
		       lo, hi);
	}
}

int
main(int argc, char **argv)
{
	size_t pool = 256, nb, i, r, rounds = 15, fit, nit, pick, memlen;
	uint8_t *mem, **ptr, *hdrmem, *hdrs[2 * BURST];
	double m[3], q[2];
	int quick = 0, sweep = 0, scatter = 0, small = 0, a = 1;
	int dpdk = pj_have_dpdk();
	long huge;

	for (; a < argc && argv[a][0] == '-'; a++) {
		if (strcmp(argv[a], "-q") == 0) {
			quick = 1;
		} else if (strcmp(argv[a], "-s") == 0) {
			sweep = 1;
		} else if (strcmp(argv[a], "-x") == 0) {
			scatter = 1;
		} else if (strcmp(argv[a], "-4") == 0) {
			small = 1;
		} else if (strcmp(argv[a], "-6") == 0) {
			pool_v6 = 1;
		} else if (strcmp(argv[a], "-r") == 0 && a + 1 < argc) {
			rounds = (size_t)atol(argv[++a]);
		} else {
			fprintf(stderr, "usage: packet_jobs_bench [-q] [-s] "
				"[-x] [-4] [-6] [-r rounds] [pool MiB]\n");
			return 2;
		}
	}
	if (a < argc)
		pool = (size_t)atol(argv[a]);
	if (quick) {
		if (pool > 8)
			pool = 8;
		rounds = 2;
	}
	if (rounds < 1 || rounds > MAXROUNDS)
		rounds = rounds < 1 ? 1 : MAXROUNDS;
	nb = pool * 1024 * 1024 / (BURST * SLOT);
	if (nb < 2)
		nb = 2;
	fit = quick ? 2000 : 200000;
	nit = quick ? 200 : 20000;
	memlen = (nb * BURST * SLOT + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
	mem = pool_alloc(memlen, small);
	ptr = malloc(nb * BURST * sizeof(*ptr));
	hdrmem = malloc(2 * BURST * SLOT);
	if (mem == NULL || ptr == NULL || hdrmem == NULL)
		return 1;
	/* Forwarding and NAT work on packets of their own, always IPv4,
	 * hot: ours on the first 32, DPDK's on the next. */
	for (i = 0; i < 2 * BURST; i++) {
		hdrs[i] = hdrmem + i * SLOT;
		make_pkt(hdrs[i], (unsigned)i, 0);
	}
	payload_off = pool_v6 ? 72 : 52;
	for (i = 0; i < nb * BURST; i++)
		ptr[i] = mem + i * SLOT;
	if (scatter)
		shuffle(ptr, nb * BURST);
	for (i = 0; i < nb * BURST; i++)
		make_pkt(ptr[i], (unsigned)i, pool_v6);
	read_walks[NREAD - 1].far = inetcsum_pkt_gro_far_in_use();
	printf("packet_jobs_bench: kernel %s, DPDK %s, %zu bursts of %d x %d "
	       "bytes of TCP/%s (%zu MiB, %s), %zu rounds, medians; the GRO "
	       "walk prefetches %d ahead, far segments' first lines %zu ahead, "
	       "near segments %d ahead\n",
	       inetcsum_impl_name(), dpdk ? "yes" : "no", nb, BURST, PKTLEN,
	       pool_v6 ? "IPv6" : "IPv4", pool,
	       scatter ? "slots shuffled" : "slots in order", rounds,
	       GRO_AHEAD, inetcsum_pkt_gro_far_in_use(), GRO_NEAR_AHEAD);
	huge = huge_kib();
	if (small)
		printf("the pool: 4 KiB pages (-4)\n");
	else if (huge < 0)
		printf("the pool: 2 MiB pages asked for, how many it got is "
		       "not known here\n");
	else
		printf("the pool: %ld of its %zu MiB in 2 MiB pages\n",
		       huge / 1024, memlen >> 20);
	if (sweep) {
		sweep_gro(ptr, nb, rounds);
		free(ptr);
		free(hdrmem);
		free(mem);
		return 0;
	}

	/*
	 * Each round: the three contenders of the cold GRO job (each a full
	 * pass over the pool, so each starts cold), then forwarding (ours on
	 * the first burst's headers, DPDK on the second's) and NAT, ours
	 * first in even rounds and last in odd ones.
	 */
	for (r = 0; r < rounds; r++) {
		int odd = (int)(r & 1);

		warm_pass(ptr, nb);

		if (odd) {
			time_read(ptr, nb, r);
			jobs[0].t[2][r] = dpdk ? time_dpdk_verify(ptr, nb) : 0;
			jobs[0].t[0][r] = time_gro(ptr, nb);
			jobs[1].t[1][r] = dpdk ?
				time_dpdk_forward(hdrs + BURST, fit) : 0;
			jobs[1].t[0][r] = time_forward(hdrs, fit);
			jobs[2].t[1][r] = dpdk ?
				time_dpdk_nat(hdrs + BURST, nit) : 0;
			jobs[2].t[0][r] = time_nat(hdrs, nit);
		} else {
			jobs[0].t[0][r] = time_gro(ptr, nb);
			jobs[0].t[2][r] = dpdk ? time_dpdk_verify(ptr, nb) : 0;
			time_read(ptr, nb, r);
			jobs[1].t[0][r] = time_forward(hdrs, fit);
			jobs[1].t[1][r] = dpdk ?
				time_dpdk_forward(hdrs + BURST, fit) : 0;
			jobs[2].t[0][r] = time_nat(hdrs, nit);
			jobs[2].t[1][r] = dpdk ?
				time_dpdk_nat(hdrs + BURST, nit) : 0;
		}
	}
	pick = read_limit(rounds, jobs[0].t[1]);
	for (r = 0; r < rounds; r++)
		for (i = 0; i < 3; i++) {
			const double *g = jobs[i].t[0];

			jobs[i].ratio[0][r] = jobs[i].t[1][r] / g[r];
			jobs[i].ratio[1][r] = jobs[i].t[2][r] / g[r];
		}
	for (i = 0; i < 2 * BURST; i++) {
		struct inetcsum_frame_result res;

		if (inetcsum_ip_check(ptr[i], PKTLEN, &res) != 0)
			return fprintf(stderr, "packet %zu broken\n", i), 1;
	}
	summarise(&jobs[0], rounds, m, q);
	printf("gro verify (cold)  inetcsum %8.0f ns/burst  stream read %8.0f"
	       "  dpdk %8.0f   ratio vs read %.2fx, vs dpdk %.2fx\n",
	       m[0], m[1], m[2], q[0], q[1]);
	print_limit(pick, rounds);
	summarise(&jobs[1], rounds, m, q);
	printf("forward 32 hdrs    inetcsum %8.1f ns/burst  dpdk %8.1f"
	       "   ratio %.2fx\n", m[0], m[1], q[0]);
	summarise(&jobs[2], rounds, m, q);
	printf("nat 32 x 1500      inetcsum %8.1f ns/burst  dpdk %8.1f"
	       "   ratio %.2fx\n", m[0], m[1], q[0]);
	free(ptr);
	free(hdrmem);
	free(mem);
	return 0;
}
