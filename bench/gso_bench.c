/* SPDX-License-Identifier: MIT */
/*
 * bench/gso_bench.c - software GSO of a 64 KiB TCP super-packet into
 * 1448-byte segments (45 segments of Ethernet + IP + TCP with timestamps),
 * IPv4 and IPv6, hot and cold, side by side in one process:
 *   ours          inetcsum_gso_segment() (fused copy + checksum)
 *   memcpy+csum   the same segments written with memcpy() and then summed
 *                 with inetcsum_partial() per segment
 *   dpdk          rte_gso_segment() (librte_gso: header mbufs plus indirect
 *                 mbufs that point into the input, no payload copy), then
 *                 rte_ipv4_cksum() and rte_ipv4_udptcp_cksum_mbuf() per
 *                 segment, and the segments freed
 *   memcpy segs   the same bytes memcpy()'d to the same places: each
 *                 segment's headers and payload, no checksum (the floor
 *                 of any GSO that writes these segments)
 *   memcpy        one plain memcpy() of the super-packet
 * Hot: the same input again and again; cold: every cache line of the input
 * flushed before each call (inetcsum_bench_flush(): clflushopt or clflush
 * + mfence on x86, dc civac + dsb on arm64; no cold rows where there is no
 * flush).  Median of the rounds, variants interleaved in each round; the
 * clock, the flush and the median are the bench engine's
 * (bench/engine/bench_timer.h, bench_flush.h, bench_stats.h).  DPDK's EAL
 * is started with --no-huge --no-pci; if it cannot start, that is printed
 * with the reason.
 *
 *   gso_bench [-r ROUNDS] [-p]
 * -p also times ours at 0, 1, 2 and 4 segments of payload prefetch
 * (inetcsum_pkt_gso_prefetch, the default 2), and at 2 into L1 and into
 * L2 (inetcsum_packet_tuning_set(); the default as the tuning record or
 * table says, L2 on Intel), interleaved with the rest.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inetcsum.h"
#include "inetcsum_packet.h"
#include "bench_flush.h"
#include "bench_stats.h"
#include "bench_timer.h"

#include "../packet/packet_hooks.h"	/* gso.c's prefetch distance */

#ifdef GSO_BENCH_DPDK
#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_ethdev.h>
#include <rte_version.h>
#include <rte_ether.h>
#include <rte_gso.h>
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_tcp.h>
#endif

#define MSS		1448
#define NSEG		45
#define PAYLOAD		(NSEG * MSS)	/* 65160: IPv4 total length fits */
#define L2		14
#define TCPH		32		/* with the timestamps option */
#define MAXHDR		(L2 + 40 + TCPH)
#define OUTCAP		(NSEG * MAXHDR + PAYLOAD + 64)

static uint8_t pkt[2][L2 + 40 + TCPH + PAYLOAD] __attribute__((aligned(64)));
static size_t pkt_len[2], hdr_len[2];
static uint8_t out[OUTCAP] __attribute__((aligned(64)));
static uint8_t ref[OUTCAP] __attribute__((aligned(64)));

static void
put16(uint8_t *p, unsigned v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void
build(int v6)
{
	uint8_t *p = pkt[v6], *ip = p + L2, *t;
	size_t iph = v6 ? 40 : 20, i;

	memset(p, 0, sizeof(pkt[0]));
	memset(p, 2, 12);
	put16(p + 12, v6 ? 0x86dd : 0x0800);
	if (v6) {
		ip[0] = 0x60;
		put16(ip + 4, TCPH + PAYLOAD);
		ip[6] = 6;
		ip[7] = 64;
		for (i = 8; i < 40; i++)
			ip[i] = (uint8_t)i;
	} else {
		ip[0] = 0x45;
		put16(ip + 2, 20 + TCPH + PAYLOAD);
		put16(ip + 4, 0x1234);
		put16(ip + 6, 0x4000);
		ip[8] = 64;
		ip[9] = 6;
		ip[12] = 10, ip[15] = 1, ip[16] = 10, ip[19] = 2;
	}
	t = ip + iph;
	put16(t, 40000);
	put16(t + 2, 80);
	t[7] = 1;
	t[12] = TCPH / 4 << 4;
	t[13] = 0x18;
	put16(t + 14, 1000);
	t[20] = 1, t[21] = 1, t[22] = 8, t[23] = 10;
	srand(1);
	for (i = 0; i < PAYLOAD; i++)
		t[TCPH + i] = (uint8_t)rand();
	hdr_len[v6] = L2 + iph + TCPH;
	pkt_len[v6] = hdr_len[v6] + PAYLOAD;
}

static size_t
run_ours(int v6)
{
	static struct inetcsum_gso_seg segs[NSEG];

	return (size_t)inetcsum_gso_segment(pkt[v6], pkt_len[v6], L2, MSS, 0,
					    out, OUTCAP, segs, NSEG);
}

/* memcpy the segments, then one inetcsum_partial() pass per segment. */
static size_t
run_memcpy_csum(int v6)
{
	const uint8_t *p = pkt[v6];
	size_t h = hdr_len[v6], i, l4 = L2 + (v6 ? 40 : 20);
	uint8_t *o = out;

	for (i = 0; i < NSEG; i++, o += h + MSS) {
		uint8_t *ip = o + L2, *t = o + l4;
		uint32_t seq, sum;
		uint16_t c;

		memcpy(o, p, h);
		memcpy(o + h, p + h + i * MSS, MSS);
		seq = (uint32_t)(t[4] << 24 | t[5] << 16 | t[6] << 8 | t[7]) +
		      (uint32_t)(i * MSS);
		t[4] = (uint8_t)(seq >> 24), t[5] = (uint8_t)(seq >> 16);
		t[6] = (uint8_t)(seq >> 8), t[7] = (uint8_t)seq;
		if (i + 1 < NSEG)
			t[13] &= (uint8_t)~0x09;
		if (i)
			t[13] &= (uint8_t)~0x80;
		t[16] = t[17] = 0;
		if (v6) {
			put16(ip + 4, TCPH + MSS);
			sum = inetcsum_pseudo_ipv6(ip + 8, ip + 24, 6,
						   TCPH + MSS);
		} else {
			put16(ip + 2, 20 + TCPH + MSS);
			put16(ip + 4, (0x1234 + (unsigned)i) & 0xffff);
			ip[10] = ip[11] = 0;
			c = inetcsum_ipv4_header(ip, 5);
			memcpy(ip + 10, &c, 2);
			sum = inetcsum_pseudo_ipv4(ip + 12, ip + 16, 6,
						   TCPH + MSS);
		}
		c = inetcsum_fold(inetcsum_partial(t, TCPH + MSS, sum));
		memcpy(t + 16, &c, 2);
	}
	return NSEG;
}

/* The segments' bytes, copied as ours writes them, without checksums. */
static size_t
run_memcpy_segs(int v6)
{
	const uint8_t *p = pkt[v6];
	size_t h = hdr_len[v6], i;
	uint8_t *o = out;

	for (i = 0; i < NSEG; i++, o += h + MSS) {
		memcpy(o, p, h);
		memcpy(o + h, p + h + i * MSS, MSS);
	}
	return NSEG;
}

static size_t
run_memcpy(int v6)
{
	memcpy(out, pkt[v6], pkt_len[v6]);
	return 1;
}

#ifdef GSO_BENCH_DPDK
static struct rte_mempool *in_pool, *dir_pool, *ind_pool;
static struct rte_mbuf *in_mbuf[2];
static struct rte_gso_ctx gctx;
static int dpdk_ok;
static char dpdk_why[256];

static void
dpdk_init(void)
{
	char *args[] = { "gso_bench", "--no-huge", "--no-pci", "-m", "256",
			 "--no-telemetry", "--log-level=lib.*:error",
			 "--file-prefix=gso_bench", NULL };
	int v6;

	if (rte_eal_init(8, args) < 0) {
		snprintf(dpdk_why, sizeof(dpdk_why), "rte_eal_init: %s",
			 rte_strerror(rte_errno));
		return;
	}
	in_pool = rte_pktmbuf_pool_create("in", 7, 0, 0, 65535, 0);
	dir_pool = rte_pktmbuf_pool_create("dir", 511, 0, 0,
					   RTE_PKTMBUF_HEADROOM + 256, 0);
	ind_pool = rte_pktmbuf_pool_create("ind", 511, 0, 0, 0, 0);
	if (!in_pool || !dir_pool || !ind_pool) {
		snprintf(dpdk_why, sizeof(dpdk_why), "mbuf pools: %s",
			 rte_strerror(rte_errno));
		return;
	}
	for (v6 = 0; v6 < 2; v6++) {
		struct rte_mbuf *m = rte_pktmbuf_alloc(in_pool);

		if (m == NULL || rte_pktmbuf_tailroom(m) < pkt_len[v6]) {
			snprintf(dpdk_why, sizeof(dpdk_why), "input mbuf");
			return;
		}
		memcpy(rte_pktmbuf_append(m, (uint16_t)pkt_len[v6]), pkt[v6],
		       pkt_len[v6]);
		m->l2_len = L2;
		m->l3_len = v6 ? 40 : 20;
		m->l4_len = TCPH;
		in_mbuf[v6] = m;
	}
	gctx.direct_pool = dir_pool;
	gctx.indirect_pool = ind_pool;
	gctx.gso_types = RTE_ETH_TX_OFFLOAD_TCP_TSO;
	gctx.gso_size = (uint16_t)(hdr_len[0] + MSS);
	gctx.flag = 0;
	dpdk_ok = 1;
}

/* rte_gso_segment(), then the checksums per segment; -1 if refused. */
static long
run_dpdk(int v6)
{
	struct rte_mbuf *segs[64], *m = in_mbuf[v6];
	int n, i;

	m->ol_flags = RTE_MBUF_F_TX_TCP_SEG | (v6 ? RTE_MBUF_F_TX_IPV6 :
			(RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM));
	gctx.gso_size = (uint16_t)(hdr_len[v6] + MSS);
	rte_mbuf_refcnt_update(m, 1);	/* the input is ours to keep */
	n = rte_gso_segment(m, &gctx, segs, 64);
	if (n <= 0)
		return n == 0 ? 0 : -1;
	for (i = 0; i < n; i++) {
		struct rte_mbuf *s = segs[i];
		uint8_t *ip = rte_pktmbuf_mtod_offset(s, uint8_t *, L2);
		struct rte_tcp_hdr *t;
		uint16_t c;

		if (v6) {
			t = (struct rte_tcp_hdr *)(ip + 40);
			t->cksum = 0;
			c = rte_ipv6_udptcp_cksum_mbuf(s,
				(const struct rte_ipv6_hdr *)ip, L2 + 40);
		} else {
			struct rte_ipv4_hdr *h = (struct rte_ipv4_hdr *)ip;

			h->hdr_checksum = 0;
			h->hdr_checksum = rte_ipv4_cksum(h);
			t = (struct rte_tcp_hdr *)(ip + 20);
			t->cksum = 0;
			c = rte_ipv4_udptcp_cksum_mbuf(s, h, L2 + 20);
		}
		t->cksum = c;
	}
	for (i = 0; i < n; i++)
		rte_pktmbuf_free(segs[i]);
	return n;
}
#endif

enum { V_OURS, V_MEMCSUM, V_DPDK, V_MEMSEG, V_MEMCPY, V_PF0, V_PF1, V_PF2,
       V_PF4, V_PF2_L1, V_PF2_L2, NV };
static const char *vname[NV] = { "ours (inetcsum_gso_segment)",
				 "memcpy + inetcsum_partial",
				 "dpdk rte_gso_segment + cksum",
				 "memcpy of the segments",
				 "memcpy of the super-packet",
				 "ours, prefetch 0 segments",
				 "ours, prefetch 1 segment",
				 "ours, prefetch 2 segments",
				 "ours, prefetch 4 segments",
				 "ours, prefetch 2 segments, L1",
				 "ours, prefetch 2 segments, L2" };
static const size_t pf_of[NV] = { [V_PF0] = 0, [V_PF1] = 1, [V_PF2] = 2,
				  [V_PF4] = 4, [V_PF2_L1] = 2, [V_PF2_L2] = 2 };
/* Where the variant prefetches: -1 where the tuning table says. */
static const int pf_l2_of[NV] = { [V_PF0] = -1, [V_PF1] = -1, [V_PF2] = -1,
				  [V_PF4] = -1, [V_PF2_L1] = 0,
				  [V_PF2_L2] = 1 };

static size_t pf_default;
static int pf_l2_default;	/* the level in use at the start */

static double
time_one(int v, int v6, int cold)
{
	double t0 = 0, t1;
	long r = 0;
	int k, reps = cold ? 1 : 8;

	if (cold)
		inetcsum_bench_flush(pkt[v6], pkt_len[v6]);
	/*
	 * Hot: one untimed run first, so that the timed ones find the data
	 * where the previous variant (another packet, another output) did
	 * not leave it; without it the first variant after a switch paid
	 * for the warm-up and read 1.05x slower than the same code later.
	 */
	for (k = cold ? 0 : -1; k < reps; k++) {
		if (k == 0)
			t0 = inetcsum_bench_now_ns();
		switch (v) {
		case V_OURS: r = (long)run_ours(v6); break;
		case V_MEMCSUM: r = (long)run_memcpy_csum(v6); break;
		case V_MEMSEG: r = (long)run_memcpy_segs(v6); break;
		case V_MEMCPY: r = (long)run_memcpy(v6); break;
		case V_PF0: case V_PF1: case V_PF2: case V_PF4:
		case V_PF2_L1: case V_PF2_L2:
			inetcsum_pkt_gso_prefetch = pf_of[v];
			inetcsum_packet_tuning_set(0, pf_l2_of[v] >= 0 ?
						   pf_l2_of[v] : pf_l2_default);
			r = (long)run_ours(v6);
			inetcsum_pkt_gso_prefetch = pf_default;
			inetcsum_packet_tuning_set(0, pf_l2_default);
			break;
#ifdef GSO_BENCH_DPDK
		case V_DPDK: r = run_dpdk(v6); break;
#endif
		}
	}
	t1 = inetcsum_bench_now_ns();
	if (r <= 0)
		return -1;
	return (t1 - t0) / reps;
}

int
main(int argc, char **argv)
{
	int rounds = 301, sweep = 0, a;
	static double t[NV][2][2][1024];
	int v, v6, cold, r, have[NV] = { 1, 1, 0, 1, 1 };
	int ncold = inetcsum_bench_flush_works() ? 2 : 1;
	char dpdk_v6_why[128] = "";

	for (a = 1; a < argc; a++) {
		if (strcmp(argv[a], "-r") == 0 && a + 1 < argc) {
			rounds = atoi(argv[++a]);
		} else if (strcmp(argv[a], "-p") == 0) {
			sweep = 1;
		} else {
			fprintf(stderr, "usage: gso_bench [-r ROUNDS] [-p]\n");
			return 2;
		}
	}
	if (rounds < 1 || rounds > 1024)
		rounds = 301;
	pf_default = inetcsum_pkt_gso_prefetch;
	pf_l2_default = inetcsum_pkt_gso_prefetch_l2_in_use();
	if (sweep)
		for (v = V_PF0; v < NV; v++)
			have[v] = 1;
	build(0);
	build(1);
	/* ours and memcpy+partial must write the same bytes. */
	for (v6 = 0; v6 < 2; v6++) {
		run_ours(v6);
		memcpy(ref, out, OUTCAP);
		run_memcpy_csum(v6);
		if (memcmp(ref, out, NSEG * (hdr_len[v6] + MSS)) != 0) {
			fprintf(stderr, "gso_bench: outputs differ (%s)\n",
				v6 ? "IPv6" : "IPv4");
			return 1;
		}
	}
#ifdef GSO_BENCH_DPDK
	dpdk_init();
	if (dpdk_ok) {
		have[V_DPDK] = 1;
		if (run_dpdk(0) != NSEG) {
			have[V_DPDK] = 0;
			snprintf(dpdk_why, sizeof(dpdk_why),
				 "rte_gso_segment gave no %d segments", NSEG);
		}
		if (run_dpdk(1) != NSEG)
			snprintf(dpdk_v6_why, sizeof(dpdk_v6_why), "%s "
				 "rte_gso_segment does not segment TCP/IPv6 "
				 "(returned %ld)", rte_version(), run_dpdk(1));
	}
	if (!have[V_DPDK])
		printf("dpdk: not run: %s\n", dpdk_why);
#else
	printf("dpdk: not run: built without libdpdk (pkg-config libdpdk)\n");
#endif
	printf("gso_bench: 64 KiB TCP super-packet (%d B payload) -> %d x %d B "
	       "segments; kernel %s; payload prefetched %zu segments ahead "
	       "into %s; %d rounds, median ns per super-packet\n",
	       PAYLOAD, NSEG, MSS, inetcsum_impl_name(), pf_default,
	       inetcsum_pkt_gso_prefetch_l2_in_use() ? "L2" : "L1", rounds);
	if (ncold < 2)
		printf("cold: not run: no cache flush on this CPU\n");
	for (r = 0; r < rounds; r++)
		for (cold = 0; cold < ncold; cold++)
			for (v6 = 0; v6 < 2; v6++)
				for (v = 0; v < NV; v++)
					t[v][v6][cold][r] = have[v] ?
						time_one(v, v6, cold) : -1;
	for (cold = 0; cold < ncold; cold++) {
		for (v6 = 0; v6 < 2; v6++) {
			double med[NV];

			printf("\n%s, %s:\n", v6 ? "IPv6" : "IPv4",
			       cold ? "cold" : "hot");
			for (v = 0; v < NV; v++) {
				inetcsum_bench_sort(t[v][v6][cold],
						    (size_t)rounds);
				med[v] = inetcsum_bench_pct(t[v][v6][cold],
							    (size_t)rounds,
							    0.5);
				if (med[v] <= 0 && v >= V_PF0)
					continue;	/* no sweep */
				if (med[v] <= 0) {
					printf("  %-30s not run%s%s\n",
					       vname[v], v == V_DPDK && v6 &&
					       dpdk_v6_why[0] ? ": " : "",
					       v == V_DPDK && v6 ?
					       dpdk_v6_why : "");
					continue;
				}
				printf("  %-30s %9.0f ns %6.1f GB/s", vname[v],
				       med[v], PAYLOAD / med[v]);
				if (v != V_OURS && med[V_OURS] > 0)
					printf("   ours is %.2fx", med[v] /
					       med[V_OURS]);
				putchar('\n');
			}
		}
	}
	return 0;
}
