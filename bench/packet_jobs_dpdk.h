/* SPDX-License-Identifier: MIT */
/*
 * bench/packet_jobs_dpdk.h - the side of packet_jobs_bench compiled as
 * DPDK applications are (packet_jobs_dpdk.c): DPDK's per-packet
 * recomputation and the streaming-read limit.  Plain C types only, so
 * that packet_jobs_bench.c needs neither DPDK's headers nor its flags.
 */
#ifndef PACKET_JOBS_DPDK_H
#define PACKET_JOBS_DPDK_H

#include <stddef.h>
#include <stdint.h>

/*
 * Prefetch the 'len' bytes at 'p', one hint per 64-byte line: the read
 * limit's and the payload-sum floor's prefetch (packet_jobs_bench.c).
 * Forced inline: gcc 12 deletes the calls to a function that only
 * prefetches (packet/pkt_fast.h, fast_prefetch()).
 */
static inline __attribute__((always_inline)) void
pj_prefetch(const uint8_t *p, size_t len)
{
	size_t k;

	for (k = 0; k < len; k += 64)
		__builtin_prefetch(p + k);
}

/*
 * Every byte of the 'n' packets of 'len' bytes at 'pkts' read, with
 * packet i + 'ahead' prefetched while packet i is read, and packets
 * 1 .. ahead - 1 before the first (0: none).
 */
uint64_t pj_stream_read(uint8_t *const *pkts, size_t n, size_t len,
			size_t ahead);

/* 1 when built with DPDK; without it the functions below do nothing. */
int pj_have_dpdk(void);

/* How many of the 'n' TCP/IPv4 packets pass rte_ipv4_udptcp_cksum_verify(). */
size_t pj_dpdk_verify(uint8_t *const *pkts, size_t n);

/* The 'n' IPv4 headers verified and TTL-decremented; how many passed. */
size_t pj_dpdk_forward(uint8_t *const *hdrs, size_t n);

/* The 'n' TCP/IPv4 packets' destination set to 'addr', both sums redone. */
void pj_dpdk_nat(uint8_t *const *pkts, size_t n, uint32_t addr);

#endif /* PACKET_JOBS_DPDK_H */
