/* SPDX-License-Identifier: MIT */
/*
 * bench/peers/peer_dpdk.c - DPDK's checksum (rte_ip.h, libdpdk-dev) as a peer.
 *
 * rte_raw_cksum() and rte_ipv4_cksum() are inline functions in a header,
 * so this file is the whole peer, and the code that runs is whatever the
 * compiler makes of DPDK's loop under the application's flags.  It is
 * therefore compiled as DPDK applications are: -O3 -march=native (a DPDK
 * built from source defaults to a release build for the native CPU, and
 * its libdpdk.pc hands that -march to every application), with the rest
 * of DPDK's pkg-config flags; Debian's pkg-config file says
 * -march=corei7, which would hide what this CPU can do (on Zen 5, side by
 * side, gcc's code for the loop ran 35 GB/s at 256 bytes with it and 71
 * with -march=native; docs/bench.md).  bench/CMakeLists.txt sets the
 * flags and records them in INETCSUM_PEER_FLAGS; INETCSUM_BENCH_ISA
 * records what -march=native allowed, so that the tool does not call this
 * code on a CPU that lacks it.  The 32-bit accumulator wraps on long
 * inputs, which the benchmark detects and reports.  The per-packet loops
 * of the batch op are here too, so that the inline functions are inlined
 * into them, as in a DPDK application's burst loop.
 */
#include <rte_ip.h>

#include "inetcsum.h"	/* struct inetcsum_iovec only */

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

static void
dpdk_ipv4_loop(const void *const hdrs[], size_t n, uint16_t out[])
{
	size_t i;

	for (i = 0; i < n; i++)
		out[i] = rte_ipv4_cksum((const struct rte_ipv4_hdr *)hdrs[i]);
}

static void
dpdk_csum_loop(const struct inetcsum_iovec bufs[], size_t n, uint32_t sums[])
{
	size_t i;

	for (i = 0; i < n; i++)
		sums[i] += rte_raw_cksum(bufs[i].base, bufs[i].len);
}

const struct inetcsum_bench_peer inetcsum_peer_dpdk = {
	.name = "dpdk",
	.what = "DPDK rte_raw_cksum, rte_ipv4_cksum (inline, rte_ip.h; "
		"per-packet loops of both for batch)",
	.csum = dpdk_csum,
	.copy = NULL,
	.ipv4 = dpdk_ipv4,
	.ipv4_loop = dpdk_ipv4_loop,
	.csum_loop = dpdk_csum_loop,
	.max_len = SIZE_MAX,
	.flags = INETCSUM_PEER_FLAGS,
	.isa = INETCSUM_BENCH_ISA,
};
