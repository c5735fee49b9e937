/* SPDX-License-Identifier: MIT */
/*
 * bench/peer_dpdk.c - DPDK's checksum (rte_ip.h, libdpdk-dev) as a peer.
 *
 * rte_raw_cksum() and rte_ipv4_cksum() are inline functions in a header,
 * so this file is the whole peer: it is compiled with DPDK's own pkg-config
 * flags (which raise -march to what DPDK requires) and at the build's
 * optimisation level, which matters: gcc vectorises DPDK's 16-bit loop at
 * -O3 but not at -O2 (/work/shared/PERFORMANCE-NOTES.md).  Its 32-bit
 * accumulator wraps on long inputs, which the benchmark detects and reports.
 */
#include <rte_ip.h>

#define INETCSUM_HAVE_PEER_DPDK 1
#include "bench_peers.h"

static uint16_t
dpdk_csum(const void *data, size_t len)
{
	return (uint16_t)~rte_raw_cksum(data, len);
}

static uint16_t
dpdk_ipv4(const void *hdr)
{
	return rte_ipv4_cksum((const struct rte_ipv4_hdr *)hdr);
}

const struct inetcsum_bench_peer inetcsum_peer_dpdk = {
	.name = "dpdk",
	.what = "DPDK rte_raw_cksum, rte_ipv4_cksum (inline, rte_ip.h)",
	.csum = dpdk_csum,
	.copy = NULL,
	.ipv4 = dpdk_ipv4,
	.max_len = SIZE_MAX,
};
