/* SPDX-License-Identifier: MIT */
/*
 * bench/peers/peer_libnet.c - libnet's checksum (libnet1-dev) as a peer:
 * libnet_in_cksum() adds the 16-bit words into an int, and
 * LIBNET_CKSUM_CARRY folds and complements the result, which is how libnet
 * itself computes header checksums.  The loop runs in libnet.so as Debian
 * built it; this glue is compiled as a Debian package using libnet would
 * be: -O2 and what libnet-config prints (recorded in INETCSUM_PEER_FLAGS).
 * The int accumulator overflows on long inputs (the benchmark detects and
 * reports it).
 */
#include <libnet.h>

#define INETCSUM_HAVE_PEER_LIBNET 1
#include "bench_peers.h"

static uint16_t
libnet_csum(const void *data, size_t len)
{
	int sum = libnet_in_cksum((uint16_t *)(uintptr_t)data, (int)len);

	return (uint16_t)LIBNET_CKSUM_CARRY(sum);
}

/* IHL, the low nibble of the first byte, counts 32-bit words (RFC 791). */
static uint16_t
libnet_ipv4(const void *hdr)
{
	return libnet_csum(hdr, (size_t)(*(const uint8_t *)hdr & 0xf) * 4);
}

const struct inetcsum_bench_peer inetcsum_peer_libnet = {
	.name = "libnet",
	.what = "libnet libnet_in_cksum + LIBNET_CKSUM_CARRY (libnet.so)",
	.csum = libnet_csum,
	.copy = NULL,
	.ipv4 = libnet_ipv4,
	.max_len = 0x7fffffff,	/* its length is an int */
	.flags = INETCSUM_PEER_FLAGS,
	.isa = INETCSUM_BENCH_ISA,
};
