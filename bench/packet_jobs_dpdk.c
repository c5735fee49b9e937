/* SPDX-License-Identifier: MIT */
/*
 * bench/packet_jobs_dpdk.c - the other side of packet_jobs_bench.c: DPDK's
 * per-packet recomputation (rte_ip.h inline functions) and a streaming
 * read of the same bytes, compiled as DPDK applications are (-O3
 * -march=native, bench/CMakeLists.txt).  Without DPDK only the read loop.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef PACKET_JOBS_DPDK
#include <rte_ip.h>
#endif

#include "packet_jobs_dpdk.h"

/*
 * The streaming read of a burst, no checksum semantics, just the bytes
 * pulled in: every 8-byte word of each packet added up (vectorised by
 * -march=native), with the prefetches of a GRO walk 'w'
 * (packet_jobs_dpdk.h).
 * Each packet's last line is requested before its first word is read, as
 * the library's long sum does (src/x86/csum_x86_template.h, sum_long_()):
 * with the packets in order that made this read 5-7% faster (Zen 5,
 * packet_jobs_bench -s), and a read that skipped it had been the slower
 * of the two in some runs.  packet_jobs_bench.c times several walks and
 * takes the one with the fastest median as the limit.
 */
uint64_t
pj_stream_read(uint8_t *const *pkts, size_t n, size_t len,
	       const struct pj_walk *w)
{
	uint64_t s = 0;
	size_t i, k;

	pj_prefetch_start(pkts, n, len, w);
	for (i = 0; i < n; i++) {
		const uint8_t *p = pkts[i];

		pj_prefetch_step(pkts, n, i, len, w);
		__builtin_prefetch(p + len - 1);
		for (k = 0; k + 8 <= len; k += 8) {
			uint64_t v;

			memcpy(&v, p + k, 8);
			s += v;
		}
	}
	return s;
}

#ifdef PACKET_JOBS_DPDK
int
pj_have_dpdk(void)
{
	return 1;
}

size_t
pj_dpdk_verify(uint8_t *const *pkts, size_t n)
{
	size_t i, good = 0;

	for (i = 0; i < n; i++) {
		const struct rte_ipv4_hdr *ip = (const void *)pkts[i];

		good += rte_ipv4_udptcp_cksum_verify(ip,
			pkts[i] + rte_ipv4_hdr_len(ip)) == 0;
	}
	return good;
}

size_t
pj_dpdk_verify6(uint8_t *const *pkts, size_t n)
{
	size_t i, good = 0;

	for (i = 0; i < n; i++)
		good += rte_ipv6_udptcp_cksum_verify((const void *)pkts[i],
						     pkts[i] + 40) == 0;
	return good;
}

size_t
pj_dpdk_forward(uint8_t *const *hdrs, size_t n)
{
	size_t i, good = 0;

	for (i = 0; i < n; i++) {
		struct rte_ipv4_hdr *ip = (void *)hdrs[i];

		/* Verify (the sum with the field in place is 0xffff). */
		if (rte_raw_cksum(ip, rte_ipv4_hdr_len(ip)) != 0xffff)
			continue;
		ip->time_to_live--;
		ip->hdr_checksum = 0;
		ip->hdr_checksum = rte_ipv4_cksum(ip);
		good++;
	}
	return good;
}

void
pj_dpdk_nat(uint8_t *const *pkts, size_t n, uint32_t addr)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct rte_ipv4_hdr *ip = (void *)pkts[i];
		uint8_t *l4 = pkts[i] + rte_ipv4_hdr_len(ip);
		uint16_t z = 0, c;

		ip->dst_addr = addr;
		ip->hdr_checksum = 0;
		ip->hdr_checksum = rte_ipv4_cksum(ip);
		memcpy(l4 + 16, &z, 2);
		c = rte_ipv4_udptcp_cksum(ip, l4);
		memcpy(l4 + 16, &c, 2);
	}
}
#else
int pj_have_dpdk(void) { return 0; }
size_t pj_dpdk_verify(uint8_t *const *p, size_t n) { (void)p; return n; }
size_t pj_dpdk_verify6(uint8_t *const *p, size_t n) { (void)p; return n; }
size_t pj_dpdk_forward(uint8_t *const *p, size_t n) { (void)p; return n; }
void pj_dpdk_nat(uint8_t *const *p, size_t n, uint32_t a) { (void)p; (void)n; (void)a; }
#endif
