/* SPDX-License-Identifier: MIT */
/*
 * bench/packet_jobs_bench.c - the packet jobs of issue 11 side by side in
 * one process (docs/packet.md, "Speed of the packet jobs"):
 *   gro      inetcsum_gro_verify() of bursts of 32 TCP/IPv4 segments of
 *            1448 payload bytes (1500-byte packets), cold: the bursts
 *            cycle through 'pool' MiB (default 256, past the L3 cache),
 *            against DPDK's rte_ipv4_udptcp_cksum_verify() per packet and
 *            a streaming read of the same bytes;
 *   forward  32 IPv4 headers verified and TTL-decremented,
 *            inetcsum_ipv4_ttl_dec(VERIFY) against rte_ipv4_cksum();
 *   nat      the destination address of 32 1500-byte TCP packets
 *            rewritten, inetcsum_nat_addr() against DPDK's recomputation
 *            of both checksums.
 * Each figure is the best of several rounds in ns per burst.
 * Usage: packet_jobs_bench [-q] [pool MiB]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "inetcsum.h"
#include "inetcsum_packet.h"

uint64_t pj_stream_read(uint8_t *const *pkts, size_t n, size_t len);
int pj_have_dpdk(void);
size_t pj_dpdk_verify(uint8_t *const *pkts, size_t n);
size_t pj_dpdk_forward(uint8_t *const *hdrs, size_t n);
void pj_dpdk_nat(uint8_t *const *pkts, size_t n, uint32_t addr);

#define BURST	32
#define PKTLEN	1500
#define SLOT	1536	/* packets 64-byte aligned, 36 bytes apart */

static volatile uint64_t sink;

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static void
put16(uint8_t *p, unsigned v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

/* A TCP/IPv4 packet with timestamps (32-byte TCP header), valid sums. */
static void
make_pkt(uint8_t *p, unsigned seed)
{
	size_t i;

	memset(p, 0, PKTLEN);
	p[0] = 0x45;
	put16(p + 2, PKTLEN);
	p[8] = 64;
	p[9] = 6;
	memcpy(p + 12, "\xc0\x00\x02\x01\xc6\x33\x64\x02", 8);
	p[32] = 0x80;		/* data offset 8 */
	p[33] = 0x10;
	for (i = 40; i < PKTLEN; i++)
		p[i] = (uint8_t)(i * 31 + seed);
	if (inetcsum_ip_fill(p, PKTLEN, 0, NULL) != 2)
		abort();
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

int
main(int argc, char **argv)
{
	size_t pool = 256, nb, b, i, r, rounds;
	uint8_t *mem, **ptr;
	struct inetcsum_gro_seg segs[BURST];
	double t, best[3] = { 1e30, 1e30, 1e30 }, fbest[2] = { 1e30, 1e30 };
	double nbest[2] = { 1e30, 1e30 };
	int quick = 0, a = 1;

	if (a < argc && strcmp(argv[a], "-q") == 0) {
		quick = 1;
		a++;
	}
	if (a < argc)
		pool = (size_t)atol(argv[a]);
	if (quick && pool > 8)
		pool = 8;
	nb = pool * 1024 * 1024 / (BURST * SLOT);
	if (nb < 2)
		nb = 2;
	rounds = quick ? 2 : 7;
	mem = aligned_alloc(64, nb * BURST * SLOT);
	ptr = malloc(nb * BURST * sizeof(*ptr));
	if (mem == NULL || ptr == NULL)
		return 1;
	for (i = 0; i < nb * BURST; i++) {
		ptr[i] = mem + i * SLOT;
		make_pkt(ptr[i], (unsigned)i);
	}
	printf("packet_jobs_bench: kernel %s, DPDK %s, %zu bursts of %d x %d "
	       "bytes (%zu MiB)\n", inetcsum_impl_name(),
	       pj_have_dpdk() ? "yes" : "no", nb, BURST, PKTLEN, pool);

	/* 1. GRO-side verification, cold: every burst once per round. */
	for (r = 0; r < rounds; r++) {
		size_t good = 0;

		t = now();
		for (b = 0; b < nb; b++) {
			for (i = 0; i < BURST; i++) {
				segs[i].pkt = ptr[b * BURST + i];
				segs[i].len = PKTLEN;
			}
			good += inetcsum_gro_verify(segs, BURST);
		}
		t = (now() - t) / (double)nb;
		if (good != nb * BURST)
			return fprintf(stderr, "gro verify failed\n"), 1;
		if (t < best[0])
			best[0] = t;
		t = now();
		for (b = 0; b < nb; b++)
			sink += pj_stream_read(ptr + b * BURST, BURST, PKTLEN);
		t = (now() - t) / (double)nb;
		if (t < best[1])
			best[1] = t;
		if (pj_have_dpdk()) {
			good = 0;
			t = now();
			for (b = 0; b < nb; b++)
				good += pj_dpdk_verify(ptr + b * BURST, BURST);
			t = (now() - t) / (double)nb;
			if (good != nb * BURST)
				return fprintf(stderr, "dpdk verify\n"), 1;
			if (t < best[2])
				best[2] = t;
		}
	}
	printf("gro verify (cold)  inetcsum %8.0f ns/burst  stream read %8.0f"
	       "  dpdk %8.0f   ratio vs read %.2fx, vs dpdk %.2fx\n",
	       best[0], best[1], pj_have_dpdk() ? best[2] : 0.0,
	       best[1] / best[0], pj_have_dpdk() ? best[2] / best[0] : 0.0);

	/* 2. Forwarding of 32 headers, hot; the TTL wraps back to 255. */
	{
		size_t it = quick ? 2000 : 200000, k;

		for (r = 0; r < rounds; r++) {
			t = now();
			for (k = 0; k < it; k++)
				for (i = 0; i < BURST; i++) {
					if (inetcsum_ipv4_ttl_dec(ptr[i], 20,
						INETCSUM_TTL_VERIFY) == 0) {
						rearm(ptr[i]);
					}
				}
			t = (now() - t) / (double)it;
			if (t < fbest[0])
				fbest[0] = t;
			if (pj_have_dpdk()) {
				t = now();
				for (k = 0; k < it; k++)
					if (pj_dpdk_forward(ptr + BURST, BURST)
					    != BURST) {
						for (i = 0; i < BURST; i++) {
							rearm(ptr[BURST + i]);
						}
					}
				t = (now() - t) / (double)it;
				if (t < fbest[1])
					fbest[1] = t;
			}
		}
		printf("forward 32 hdrs    inetcsum %8.1f ns/burst  dpdk %8.1f"
		       "   ratio %.2fx\n", fbest[0], fbest[1],
		       fbest[1] / fbest[0]);
	}

	/* 3. NAT of 32 1500-byte packets, hot. */
	{
		size_t it = quick ? 200 : 20000, k;
		uint32_t addr[2];

		memcpy(&addr[0], "\x0a\x00\x00\x01", 4);
		memcpy(&addr[1], "\x0a\x00\x00\x02", 4);
		for (r = 0; r < rounds; r++) {
			t = now();
			for (k = 0; k < it; k++)
				for (i = 0; i < BURST; i++)
					inetcsum_nat_addr(ptr[i], PKTLEN,
						INETCSUM_NAT_DST, &addr[k & 1]);
			t = (now() - t) / (double)it;
			if (t < nbest[0])
				nbest[0] = t;
			if (pj_have_dpdk()) {
				t = now();
				for (k = 0; k < it; k++)
					pj_dpdk_nat(ptr + BURST, BURST,
						    addr[k & 1]);
				t = (now() - t) / (double)it;
				if (t < nbest[1])
					nbest[1] = t;
			}
		}
		for (i = 0; i < 2 * BURST; i++) {
			struct inetcsum_frame_result res;

			if (inetcsum_ip_check(ptr[i], PKTLEN, &res) != 0)
				return fprintf(stderr, "nat broke %zu\n", i), 1;
		}
		printf("nat 32 x 1500      inetcsum %8.1f ns/burst  dpdk %8.1f"
		       "   ratio %.2fx\n", nbest[0], nbest[1],
		       nbest[1] / nbest[0]);
	}
	free(ptr);
	free(mem);
	return 0;
}
