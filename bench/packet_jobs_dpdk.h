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
 * Whether packet j (j >= 1) of 'len' bytes is far from packet j - 1 as
 * packet/gro.c's seg_far() judges: it starts before that one's end or
 * PJ_NEAR_GAP bytes or more past it (packet_jobs_bench.c checks that this
 * is GRO_NEAR_GAP; this header stays free of the library's headers for
 * the file compiled with DPDK's).
 */
#define PJ_NEAR_GAP 4096
static inline int
pj_far(uint8_t *const *pkts, size_t j, size_t len)
{
	return (uintptr_t)pkts[j] - ((uintptr_t)pkts[j - 1] + len) >=
	       PJ_NEAR_GAP;
}

/*
 * A walk's prefetch, as packet/gro.c's inetcsum_pkt_gro_verify() takes
 * it: packet i + 'ahead' (0: none) while packet i is read, the first line
 * of packet i + 'far' if that one is far ('far' not above 'ahead': none
 * apart), and, with 'near' (not 0 nor 'ahead'), the near packets 'near'
 * ahead instead of 'ahead'.
 */
struct pj_walk {
	size_t ahead, far, near;
};

/* Whether the near packets have a distance of their own. */
static inline int
pj_near_apart(const struct pj_walk *w)
{
	return w->near != 0 && w->near != w->ahead;
}

/*
 * Packet j (j >= 1) prefetched 'ahead' of its turn: whole, but from its
 * second line if it is far and its first line came 'far' ahead; a near
 * one not here where 'near' is apart (gro.c's prefetch_ahead()).
 */
static inline __attribute__((always_inline)) void
pj_prefetch_ahead(uint8_t *const *pkts, size_t j, size_t len,
		  const struct pj_walk *w)
{
	int far = pj_far(pkts, j, len);
	size_t from = w->far > w->ahead && len > 64 && far ? 64 : 0;

	if (!far && pj_near_apart(w))
		return;
	pj_prefetch(pkts[j] + from, len - from);
}

/* Packet j (j >= 1), 'near' ahead of its turn, whole if it is near and
 * 'near' is apart (gro.c's prefetch_near()). */
static inline __attribute__((always_inline)) void
pj_prefetch_near(uint8_t *const *pkts, size_t j, size_t len,
		 const struct pj_walk *w)
{
	if (pj_near_apart(w) && !pj_far(pkts, j, len))
		pj_prefetch(pkts[j], len);
}

/*
 * The prefetches of gro.c's walk, for a burst of 'n' packets of 'len'
 * bytes: pj_prefetch_start() before the first packet (packet 0 whole,
 * then the first lines of the far ones among 1 .. far - 1, then the rest
 * of packets 1 .. ahead - 1 and the near ones among 1 .. near - 1),
 * pj_prefetch_step() before packet i (the first line of packet i + 'far'
 * if that one is far, packet i + 'ahead', packet i + 'near').  Forced
 * inline, as pj_prefetch().
 */
static inline __attribute__((always_inline)) void
pj_prefetch_start(uint8_t *const *pkts, size_t n, size_t len,
		  const struct pj_walk *w)
{
	size_t i;

	if (n != 0 && (w->ahead != 0 || w->near != 0))
		pj_prefetch(pkts[0], len);
	for (i = 1; w->far > w->ahead && i < n && i < w->far; i++)
		if (pj_far(pkts, i, len))
			pj_prefetch(pkts[i], 64);
	for (i = 1; i < n && i < w->ahead; i++)
		pj_prefetch_ahead(pkts, i, len, w);
	for (i = 1; i < n && i < w->near; i++)
		pj_prefetch_near(pkts, i, len, w);
}

static inline __attribute__((always_inline)) void
pj_prefetch_step(uint8_t *const *pkts, size_t n, size_t i, size_t len,
		 const struct pj_walk *w)
{
	size_t j;

	if (w->far > w->ahead && (j = i + w->far) < n && pj_far(pkts, j, len))
		pj_prefetch(pkts[j], 64);
	if (w->ahead != 0 && (j = i + w->ahead) < n)
		pj_prefetch_ahead(pkts, j, len, w);
	if (w->near != 0 && (j = i + w->near) < n)
		pj_prefetch_near(pkts, j, len, w);
}

/*
 * Every byte of the 'n' packets of 'len' bytes at 'pkts' read, with the
 * prefetches of pj_prefetch_start() and pj_prefetch_step() for walk 'w'.
 */
uint64_t pj_stream_read(uint8_t *const *pkts, size_t n, size_t len,
			const struct pj_walk *w);

/* 1 when built with DPDK; without it the functions below do nothing. */
int pj_have_dpdk(void);

/* How many of the 'n' TCP/IPv4 packets pass rte_ipv4_udptcp_cksum_verify(). */
size_t pj_dpdk_verify(uint8_t *const *pkts, size_t n);

/* How many of the 'n' TCP/IPv6 packets (no extension headers) pass
 * rte_ipv6_udptcp_cksum_verify(). */
size_t pj_dpdk_verify6(uint8_t *const *pkts, size_t n);

/* The 'n' IPv4 headers verified and TTL-decremented; how many passed. */
size_t pj_dpdk_forward(uint8_t *const *hdrs, size_t n);

/* The 'n' TCP/IPv4 packets' destination set to 'addr', both sums redone. */
void pj_dpdk_nat(uint8_t *const *pkts, size_t n, uint32_t addr);

#endif /* PACKET_JOBS_DPDK_H */
