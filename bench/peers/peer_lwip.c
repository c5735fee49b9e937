/* SPDX-License-Identifier: MIT */
/*
 * bench/peers/peer_lwip.c - lwIP's checksum (liblwip-dev) as a peer: the shared
 * library's inet_chksum() and lwip_chksum_copy(), as Debian built them
 * (the code that runs is in liblwip.so; this glue only calls it, and is
 * compiled as a Debian package using lwIP would be: -O2 and the flags of
 * pkg-config lwip, recorded in INETCSUM_PEER_FLAGS).  Both take a 16-bit
 * length (u16_t), so inputs above 65535 bytes cannot be given to them at
 * all.
 */
#include <lwip/inet_chksum.h>

#define INETCSUM_HAVE_PEER_LWIP 1
#include "bench_peers.h"

static uint16_t
lwip_csum(const void *data, size_t len)
{
	return inet_chksum(data, (u16_t)len);
}

/* lwip_chksum_copy() returns the sum, not yet complemented. */
static uint16_t
lwip_copy(void *dst, const void *src, size_t len)
{
	return (uint16_t)~lwip_chksum_copy(dst, src, (u16_t)len);
}

/* IHL, the low nibble of the first byte, counts 32-bit words (RFC 791). */
static uint16_t
lwip_ipv4(const void *hdr)
{
	return inet_chksum(hdr, (u16_t)((*(const uint8_t *)hdr & 0xf) * 4));
}

const struct inetcsum_bench_peer inetcsum_peer_lwip = {
	.name = "lwip",
	.what = "lwIP inet_chksum, lwip_chksum_copy (liblwip.so)",
	.csum = lwip_csum,
	.copy = lwip_copy,
	.ipv4 = lwip_ipv4,
	.max_len = 0xffff,
	.flags = INETCSUM_PEER_FLAGS,
	.isa = INETCSUM_BENCH_ISA,
};
