/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_tune_packet.c - the two questions `inetcsum tune`
 * asks about the packet layer's prefetch (inetcsum_packet_tuning_set(),
 * include/inetcsum_packet.h), after bench_tune.c's three about the
 * kernels:
 *
 *  4. How many segments ahead should inetcsum_gro_verify() prefetch the
 *     first line of a segment that lies far from the one before it?  8,
 *     16 and 32, on bursts of 32 TCP/IPv4 segments of 1448 payload bytes
 *     in random slots of a pool past the caches (256 MiB, in 2 MiB pages
 *     where the system gives them, as a DPDK mempool's), cold: the case
 *     the distance is for (bench/packet_jobs_bench.c -x measures it with
 *     more walks beside it; docs/packet.md, "Far segments on Intel").
 *  5. Should inetcsum_gso_segment() prefetch the payload into L2 or L1?
 *     A 64 KiB TCP/IPv4 super-packet into 45 segments of 1448 bytes, hot
 *     and cold (every line of it flushed before each call), as
 *     bench/gso_bench.c -p times it.
 *
 * As for the kernels, the candidates take turns within each round, each
 * round's times are taken as ratios to the choice in use, and a
 * challenger must be faster by the margin in the median of those ratios
 * (over both cells for GSO: their geometric mean) to replace it.  Only
 * the public API is used.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "inetcsum.h"
#include "inetcsum_packet.h"
#include "bench_flush.h"
#include "bench_stats.h"
#include "bench_timer.h"
#include "bench_tune.h"

#define BURST		32
#define PKTLEN		1500
#define SLOT		1536
#define HUGE_PAGE	((size_t)2 << 20)
#define MAX_ROUNDS	401	/* the GSO question's rounds at most */
#define MSS		1448
#define SUPER_PAYLOAD	(45 * MSS)
#define SUPER_LEN	(20 + 32 + SUPER_PAYLOAD)

/* The distances asked about, and the one in use if it is not among them. */
static const size_t far_asked[] = { 8, 16, 32 };
#define NFAR_MAX 4

static volatile size_t sink;

/* A TCP/IPv4 packet of 'len' bytes (a 32-byte TCP header), its sums
 * filled by the library; 0, or -1 if it refused. */
static int
make_tcp4(uint8_t *p, size_t len, unsigned seed)
{
	size_t i;

	memset(p, 0, 52);
	p[0] = 0x45;
	p[2] = (uint8_t)(len >> 8);
	p[3] = (uint8_t)len;
	p[4] = (uint8_t)(seed >> 8);
	p[5] = (uint8_t)seed;
	p[6] = 0x40;			/* DF */
	p[8] = 64;
	p[9] = 6;
	memcpy(p + 12, "\x0a\x00\x00\x01\x0a\x00\x00\x02", 8);
	p[20] = 0x30;			/* ports 12345 -> 80 */
	p[21] = 0x39;
	p[23] = 80;
	p[24] = (uint8_t)(seed >> 24);	/* sequence */
	p[25] = (uint8_t)(seed >> 16);
	p[32] = 0x80;			/* data offset 8: 32 bytes */
	p[33] = 0x10;			/* ACK */
	p[34] = 0xff;
	for (i = 52; i < len; i++)
		p[i] = (uint8_t)((i + seed) * 2654435761u >> 24);
	return inetcsum_ip_fill(p, len, 0, NULL) < 0 ? -1 : 0;
}

/* Median over 'n' rounds of t[cur][r] / t[cand][r]: 'cand''s speed
 * against 'cur' (> 1: faster). */
static double
speed(double (*t)[MAX_ROUNDS], size_t cand, size_t cur, size_t n)
{
	double r[MAX_ROUNDS];
	size_t k;

	for (k = 0; k < n; k++)
		r[k] = t[cur][k] / t[cand][k];
	return inetcsum_bench_median(r, n);
}

/* One cold pass of inetcsum_gro_verify() over the pool: ns per burst, or
 * a negative value if a segment failed. */
static double
gro_pass(uint8_t *const *ptr, size_t nb)
{
	struct inetcsum_gro_seg segs[BURST];
	size_t b, k, good = 0;
	double t0 = inetcsum_bench_now_ns(), t;

	for (b = 0; b < nb; b++) {
		for (k = 0; k < BURST; k++) {
			segs[k].pkt = ptr[b * BURST + k];
			segs[k].len = PKTLEN;
		}
		good += inetcsum_gro_verify(segs, BURST);
	}
	t = (inetcsum_bench_now_ns() - t0) / (double)nb;
	sink += good;
	return good == nb * BURST ? t : -1;
}

/* Question 4: the distance it chose, or 'cur_far' if it could not ask. */
static size_t
ask_gro_far(unsigned rounds, FILE *out, size_t cur_far)
{
	static double t[NFAR_MAX][MAX_ROUNDS];
	size_t pool = (size_t)256 << 20;
	size_t nb = pool / (BURST * SLOT), n = nb * BURST;
	size_t nr = rounds >= 101 ? 11 : 3, far[NFAR_MAX], nf = 0, cur = 0;
	size_t i, j, r, c;
	uint64_t x = 0x9e3779b97f4a7c15u;
	uint8_t *mem, **ptr;
	double score[NFAR_MAX], tmp[MAX_ROUNDS];

	for (c = 0; c < sizeof(far_asked) / sizeof(far_asked[0]); c++)
		far[nf++] = far_asked[c];
	for (c = 0; c < nf && far[c] != cur_far; c++)
		;
	if (c == nf)
		far[nf++] = cur_far;
	cur = c;
	mem = aligned_alloc(HUGE_PAGE, pool);
	ptr = malloc(n * sizeof(*ptr));
	if (mem == NULL || ptr == NULL)
		goto out_of_memory;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	(void)madvise(mem, pool, MADV_HUGEPAGE);
#endif
	for (i = 0; i < n; i++)
		ptr[i] = mem + i * SLOT;
	for (i = n - 1; i > 0; i--) {	/* random slots, a fixed seed */
		uint8_t *s;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		j = (size_t)(x % (i + 1));
		s = ptr[i];
		ptr[i] = ptr[j];
		ptr[j] = s;
	}
	for (i = 0; i < n; i++)
		if (make_tcp4(ptr[i], PKTLEN, (unsigned)i) != 0)
			goto refused;
	for (r = 0; r < nr; r++)
		for (i = 0; i < nf; i++) {
			c = (i + r) % nf;
			inetcsum_packet_tuning_set(far[c], -1);
			t[c][r] = gro_pass(ptr, nb);
			if (t[c][r] < 0)
				goto refused;
		}
	fprintf(out, "\nGRO, far segments' first lines: %zu bursts of %d x "
		"%d bytes in random slots of %zu MiB, cold, %zu rounds; "
		"median ns per burst, and speed against %zu ahead (in use)\n",
		nb, BURST, PKTLEN, pool >> 20, nr, cur_far);
	for (c = 0; c < nf; c++) {
		memcpy(tmp, t[c], nr * sizeof(*tmp));
		score[c] = speed(t, c, cur, nr);
		fprintf(out, "  %2zu ahead %8.0f ns  %.3fx\n", far[c],
			inetcsum_bench_median(tmp, nr), score[c]);
	}
	c = inetcsum_bench_tune_winner(score, nf, cur);
	free(mem);
	free(ptr);
	return far[c];
refused:
	fprintf(out, "\nGRO far distance: not measured (a test packet did "
		"not verify)\n");
	free(mem);
	free(ptr);
	return cur_far;
out_of_memory:
	fprintf(out, "\nGRO far distance: not measured (no %zu MiB for the "
		"pool)\n", pool >> 20);
	free(mem);
	free(ptr);
	return cur_far;
}

/* One inetcsum_gso_segment() of the super-packet, cold (flushed first)
 * or hot (after an untimed call): ns, or -1 if it was refused. */
static double
gso_once(const uint8_t *pkt, uint8_t *outb, size_t cap,
	 struct inetcsum_gso_seg *segs, int cold)
{
	double t0;
	int n;

	if (cold)
		inetcsum_bench_flush(pkt, SUPER_LEN);
	else
		sink += (size_t)inetcsum_gso_segment(pkt, SUPER_LEN, 0, MSS, 0,
						     outb, cap, segs, 64);
	t0 = inetcsum_bench_now_ns();
	n = inetcsum_gso_segment(pkt, SUPER_LEN, 0, MSS, 0, outb, cap, segs,
				 64);
	t0 = inetcsum_bench_now_ns() - t0;
	sink += (size_t)n;
	return n == 45 ? t0 : -1;
}

/* Question 5: 1 for L2, 0 for L1, or 'cur_l2' if it could not ask. */
static int
ask_gso_l2(unsigned rounds, FILE *out, int cur_l2)
{
	static double t[2][2][MAX_ROUNDS];	/* [cold][l2][round] */
	static struct inetcsum_gso_seg segs[64];
	size_t nr = rounds < MAX_ROUNDS ? rounds : MAX_ROUNDS, r, i;
	size_t cap = 45 * (52 + MSS) + 64;
	uint8_t *pkt = malloc(SUPER_LEN), *outb = malloc(cap);
	int cold, l2, ncold = inetcsum_bench_flush_works() ? 2 : 1;
	double score[2], tmp[MAX_ROUNDS], m[2][2];

	if (pkt == NULL || outb == NULL || make_tcp4(pkt, SUPER_LEN, 7) != 0) {
		fprintf(out, "\nGSO prefetch: not measured (no memory, or the "
			"test packet was refused)\n");
		free(pkt);
		free(outb);
		return cur_l2;
	}
	for (r = 0; r < nr; r++)
		for (i = 0; i < 4; i++) {
			cold = (int)((i + r) & 1);
			l2 = (int)(((i >> 1) + r) & 1);
			if (cold >= ncold)
				continue;
			inetcsum_packet_tuning_set(0, l2);
			t[cold][l2][r] = gso_once(pkt, outb, cap, segs, cold);
			if (t[cold][l2][r] < 0) {
				fprintf(out, "\nGSO prefetch: not measured "
					"(the super-packet was refused)\n");
				free(pkt);
				free(outb);
				return cur_l2;
			}
		}
	for (l2 = 0; l2 < 2; l2++) {
		double s = 1;

		for (cold = 0; cold < ncold; cold++) {
			memcpy(tmp, t[cold][l2], nr * sizeof(*tmp));
			m[cold][l2] = inetcsum_bench_median(tmp, nr);
			s *= speed(t[cold], (size_t)l2, (size_t)cur_l2, nr);
		}
		score[l2] = inetcsum_bench_tune_root(s, (size_t)ncold);
	}
	fprintf(out, "\nGSO payload prefetch: a 64 KiB TCP/IPv4 super-packet "
		"into 45 x %d bytes, %zu rounds; median ns hot / cold, and "
		"speed against %s (in use, the geometric mean of the cells)\n",
		MSS, nr, cur_l2 ? "L2" : "L1");
	for (l2 = 0; l2 < 2; l2++) {
		fprintf(out, "  into %s  %8.0f ns", l2 ? "L2" : "L1",
			m[0][l2]);
		if (ncold == 2)
			fprintf(out, " / %8.0f ns", m[1][l2]);
		fprintf(out, "  %.3fx\n", score[l2]);
	}
	if (ncold < 2)
		fprintf(out, "  (cold not run: no cache flush on this CPU)\n");
	free(pkt);
	free(outb);
	return (int)inetcsum_bench_tune_winner(score, 2, (size_t)cur_l2);
}

void
inetcsum_bench_tune_packet(unsigned rounds, FILE *out,
			   struct inetcsum_bench_tune_choice *choice)
{
	struct inetcsum_packet_tuning in_use;

	inetcsum_packet_tuning(&in_use);
	choice->gro_far = ask_gro_far(rounds, out, in_use.gro_far);
	choice->gso_l2 = ask_gso_l2(rounds, out, in_use.gso_l2);
	/* Left set, for inetcsum_tuning_export() (cmd_tune.c). */
	inetcsum_packet_tuning_set(choice->gro_far, choice->gso_l2);
}
