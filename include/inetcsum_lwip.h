/* SPDX-License-Identifier: MIT */
/*
 * inetcsum_lwip.h - libinetcsum as the checksum of the lwIP TCP/IP stack:
 * the two hooks lwIP takes at build time, LWIP_CHKSUM and
 * LWIP_CHKSUM_COPY, defined to call inetcsum_partial() and
 * inetcsum_copy().  Installed beside inetcsum.h and found the same way
 * (pkg-config inetcsum), so a port picks it up with the library whose
 * functions it calls and cannot drift from it.
 *
 * Use: include it from the port's lwipopts.h (or arch/cc.h), which every
 * lwIP source includes before anything that looks at the hooks, and link
 * the stack with -linetcsum:
 *
 *     #include <inetcsum_lwip.h>
 *
 * lwIP then sums every buffer with the fastest kernel of the CPU, through
 * its own callers (inet_chksum(), inet_chksum_pbuf(), the pseudo-header
 * sums of TCP and UDP, and with LWIP_CHECKSUM_ON_COPY the copying paths of
 * tcp_write() and pbuf_fill_chksum()).  A port that defines either hook
 * itself keeps its own; define INETCSUM_LWIP_NO_HOOKS to get only the two
 * functions below.
 *
 * The contract, from lwIP's src/core/inet_chksum.c (all three of its
 * built-in algorithms return the same): LWIP_CHKSUM(dataptr, len) returns
 * the ones' complement sum of the 'len' bytes at 'dataptr' (any address,
 * odd ones included) as 16 bits in memory order ("network order" in lwIP's
 * comments: the value whose bytes sit in memory as the sum's bytes on the
 * wire), folded with end-around carries but NOT complemented; callers
 * complement it (inet_chksum()) or add it to other sums, byte-swapping
 * when a buffer of a pbuf chain has an odd length.  The sum is that of the
 * buffer as if it started at an even offset of the message, whatever the
 * parity of its address.  It is 0 only when every byte is zero, else in
 * 0x0001..0xffff.  LWIP_CHKSUM_COPY(dst, src, len) copies the bytes and
 * returns the same value for them.
 *
 * These functions return exactly that, bit for bit: inetcsum_fold()
 * complements, and maps a zero sum to 0xffff and every other sum into
 * 0x0000..0xfffe, so its complement is 0 for a zero sum and the end-around
 * fold in 0x0001..0xffff otherwise, which is the value lwIP's folds give.
 * tests/lwip/test_lwip_hook.c checks this against Debian's liblwip, its
 * own callers running with these hooks.
 */
#ifndef INETCSUM_LWIP_H
#define INETCSUM_LWIP_H

#include "inetcsum.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * inetcsum_lwip_chksum() is LWIP_CHKSUM: the folded, uncomplemented sum of
 * the 'len' bytes at 'dataptr', memory order.  'len' is an int as in
 * lwIP's lwip_standard_chksum(); 0 and negative lengths sum nothing (as
 * lwIP's loops do) and return 0.  Unlike lwIP's 32-bit accumulators, which
 * overflow past 128 KiB, any length is summed correctly.
 */
static inline uint16_t
inetcsum_lwip_chksum(const void *dataptr, int len)
{
	if (len <= 0)
		return 0;
	return (uint16_t)~inetcsum_fold(inetcsum_partial(dataptr,
							 (size_t)len, 0));
}

/*
 * inetcsum_lwip_chksum_copy() is LWIP_CHKSUM_COPY: it copies 'len' bytes
 * from 'src' to 'dst' (not overlapping) and returns
 * inetcsum_lwip_chksum() of them, reading the data once.  lwIP passes a
 * u16_t length.
 */
static inline uint16_t
inetcsum_lwip_chksum_copy(void *dst, const void *src, size_t len)
{
	return (uint16_t)~inetcsum_fold(inetcsum_copy(dst, src, len, 0));
}

#ifdef __cplusplus
}
#endif

/*
 * The hooks.  Defining LWIP_CHKSUM also stops lwIP from compiling its own
 * lwip_standard_chksum() (LWIP_CHKSUM_ALGORITHM becomes 0), and defining
 * LWIP_CHKSUM_COPY stops lwip_chksum_copy() (LWIP_CHKSUM_COPY_ALGORITHM
 * 0), so neither is left in the binary.
 */
#ifndef INETCSUM_LWIP_NO_HOOKS
#  ifndef LWIP_CHKSUM
#    define LWIP_CHKSUM(dataptr, len) inetcsum_lwip_chksum((dataptr), (len))
#  endif
#  ifndef LWIP_CHKSUM_COPY
#    define LWIP_CHKSUM_COPY(dst, src, len) \
	inetcsum_lwip_chksum_copy((dst), (src), (len))
#  endif
#endif

#endif /* INETCSUM_LWIP_H */
