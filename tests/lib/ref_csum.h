/* SPDX-License-Identifier: MIT */
/*
 * tests/lib/ref_csum.h - a deliberately naive reference Internet checksum, the
 * yardstick for every test of libinetcsum.  It shares no code with the
 * library and takes the slow, obvious route everywhere.
 *
 * Conventions: the reference reads 16-bit words in network order, byte
 * pair (b0, b1) -> (b0 << 8) | b1, exactly as RFC 1071 writes the sum on
 * paper, adds them one at a time into a 64-bit accumulator and folds with
 * end-around carries at the end.  Results meant for comparison with the
 * library are then converted to the library's "memory order" (the value a
 * native 16-bit load of those two bytes gives), so on a little-endian CPU
 * they are byte-swapped and on a big-endian one they are not.  The library
 * instead sums native words and never swaps (RFC 1071 section 2(B)), so the
 * two meet only if the library's claim is right.
 *
 * A "ones' complement sum" here is a 16-bit value that is 0 only for the
 * sum of nothing but zeros; any other multiple of 0xffff is 0xffff.  The
 * checksum field value is its complement.
 */
#ifndef INETCSUM_TESTS_REF_CSUM_H
#define INETCSUM_TESTS_REF_CSUM_H

#include <stddef.h>
#include <stdint.h>

/* 1 on a little-endian CPU, 0 on a big-endian one (probed at run time). */
int inetcsum_ref_little_endian(void);

/* Swap the two bytes of a 16-bit value. */
uint16_t inetcsum_ref_swap16(uint16_t v);

/* Network-order value <-> memory-order value of the same two bytes. */
uint16_t inetcsum_ref_to_mem(uint16_t net);
uint16_t inetcsum_ref_to_net(uint16_t mem);

/* Ones' complement sum of two 16-bit values (either byte order). */
uint16_t inetcsum_ref_add16(uint16_t a, uint16_t b);

/*
 * Fold the 32-bit partial sum 'sum' (any byte order) to a 16-bit ones'
 * complement sum, one end-around carry at a time.
 */
uint16_t inetcsum_ref_fold16(uint32_t sum);

/*
 * The network-order ones' complement sum of the 'len' bytes at 'data', as
 * if they started at an even offset; an odd last byte is padded with zero.
 */
uint16_t inetcsum_ref_sum_net(const void *data, size_t len);

/*
 * The memory-order ones' complement sum of the initial partial sum 'sum'
 * (memory order, as the library takes it) and the 'len' bytes at 'data'
 * starting at an even offset: what inetcsum_partial(data, len, sum) must
 * fold to (before the complement).
 */
uint16_t inetcsum_ref_sum(const void *data, size_t len, uint32_t sum);

/*
 * The memory-order ones' complement sum of 'len' bytes that sit 'offset'
 * bytes into a message (so with an odd 'offset' the first byte is the low
 * half of a word): what inetcsum_block_add() must produce for them.
 */
uint16_t inetcsum_ref_sum_at(const void *data, size_t len, size_t offset);

/* The checksum field value (memory order): ~inetcsum_ref_sum(...). */
uint16_t inetcsum_ref_csum(const void *data, size_t len, uint32_t sum);

/* References of the partial-sum operations, as memory-order 16-bit sums. */
uint16_t inetcsum_ref_fold(uint32_t sum);	/* == inetcsum_fold() */
uint16_t inetcsum_ref_add(uint32_t a, uint32_t b);
uint16_t inetcsum_ref_sub(uint32_t a, uint32_t b);
uint16_t inetcsum_ref_block_add(uint32_t sum, uint32_t part, size_t offset);

/* The checksum of the IPv4 header at 'hdr' of 4 * 'ihl' bytes. */
uint16_t inetcsum_ref_ipv4_header(const void *hdr, unsigned ihl);

/*
 * The memory-order ones' complement sums of the IPv4 and IPv6
 * pseudo-headers, computed by laying out the pseudo-header bytes exactly as
 * RFC 768/RFC 9293 section 3.1 (12 bytes) and RFC 8200 section 8.1 (40
 * bytes) draw them, and summing those bytes.
 */
uint16_t inetcsum_ref_pseudo_ipv4(const void *saddr, const void *daddr,
				  uint8_t proto, uint32_t len);
uint16_t inetcsum_ref_pseudo_ipv6(const void *saddr, const void *daddr,
				  uint8_t next_header, uint32_t len);

/*
 * RFC 1624 by full recomputation: 'pkt' (of 'len' bytes) holds the
 * checksummed data with its checksum field at 'check_off' (even), which is
 * valid before the change; the 'n' bytes at 'change_off' (even) are
 * replaced by 'new_bytes' in a copy and the field recomputed from scratch.
 * Returns the new field value (memory order).
 */
uint16_t inetcsum_ref_update(const void *pkt, size_t len, size_t check_off,
			     size_t change_off, const void *new_bytes,
			     size_t n);

#endif /* INETCSUM_TESTS_REF_CSUM_H */
