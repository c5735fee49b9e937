/* SPDX-License-Identifier: MIT */
/*
 * src/protocol.c - protocol helpers: the IPv4 header fast path, the IPv4
 * and IPv6 pseudo-headers, and RFC 1624 incremental updates.  All are small
 * enough that portable C is as fast as anything (see bench/).
 */
#include "impl.h"

/* Fold a 64-bit word sum and complement it: the value of a checksum field. */
static INETCSUM_FORCEINLINE u16
finish(u64 s)
{
	return (u16)~fold32_to_16(fold64_to_32(s));
}

INETCSUM_API uint16_t
inetcsum_ipv4_header(const void *hdr, unsigned ihl)
{
	const u8 *p = hdr;
	u64 s;
	unsigned i;

	if (unlikely(ihl < 5 || ihl > 15))
		return 0xffff;	/* documented: no IPv4 header yields it */
	/*
	 * Straight-line code for the 20 fixed bytes: five independent 32-bit
	 * loads added in 64 bits (at most 5 * (2^32 - 1), no overflow), the
	 * way the Alpha and x86 kernels' ip_fast_csum() does it.
	 */
	s = (u64)load_u32(p) + load_u32(p + 4) + load_u32(p + 8) +
	    load_u32(p + 12) + load_u32(p + 16);
	/* Options: at most ten more words, still far from overflowing 64 bits. */
	for (i = 5; i < ihl; i++)
		s += load_u32(p + 4 * i);
	return finish(s);
}

INETCSUM_API uint32_t
inetcsum_pseudo_ipv4(const void *saddr, const void *daddr, uint8_t proto,
		     uint32_t len)
{
	/*
	 * The zero byte, the protocol and the 16-bit length, laid out as on
	 * the wire and loaded natively, so the words are in memory order on
	 * every CPU.
	 */
	const u8 tail[4] = { 0, proto, (u8)(len >> 8), (u8)len };
	u64 s = (u64)load_u32(saddr) + load_u32(daddr) + load_u32(tail);

	return fold64_to_32(s);
}

INETCSUM_API uint32_t
inetcsum_pseudo_ipv6(const void *saddr, const void *daddr,
		     uint8_t next_header, uint32_t len)
{
	const u8 *s8 = saddr, *d8 = daddr;
	/* 32-bit upper-layer length, three zero bytes, next header. */
	const u8 tail[8] = { (u8)(len >> 24), (u8)(len >> 16), (u8)(len >> 8),
			     (u8)len, 0, 0, 0, next_header };
	u64 s = 0;
	int i;

	/* Ten 32-bit words: at most 10 * (2^32 - 1), no overflow. */
	for (i = 0; i < 16; i += 4)
		s += (u64)load_u32(s8 + i) + load_u32(d8 + i);
	s += (u64)load_u32(tail) + load_u32(tail + 4);
	return fold64_to_32(s);
}

/*
 * RFC 1624 equation 3: HC' = ~(~HC + ~m + m').  The sum in parentheses
 * folds with end-around carries into 0x0001..0xffff whenever it is nonzero,
 * exactly as a full recomputation does, so the result is 0x0000 (never the
 * other zero, 0xffff, that RFC 1141's HC - m + m' can give: RFC 1624
 * section 4's example) and equals a recomputation bit for bit,
 * except when every covered byte is zero after the change: a recomputation
 * then gives 0xffff, equation 3 gives 0x0000 (RFC 1624 section 3;
 * impossible for an IPv4 header).
 */
INETCSUM_API uint16_t
inetcsum_update16(uint16_t check, uint16_t old_val, uint16_t new_val)
{
	u32 s = (u32)(u16)~check + (u16)~old_val + new_val;

	return (u16)~fold32_to_16(s);
}

INETCSUM_API uint16_t
inetcsum_update32(uint16_t check, uint32_t old_val, uint32_t new_val)
{
	u32 nold = ~old_val;
	u64 s = (u64)(u16)~check + (nold & 0xffff) + (nold >> 16) +
		(new_val & 0xffff) + (new_val >> 16);

	return finish(s);
}

/* Whether the 'len' bytes at 'p' all equal 'b' (none: yes). */
static int
all_bytes(const void *p, size_t len, u8 b)
{
	const u8 *q = p;
	size_t i;

	for (i = 0; i < len; i++)
		if (q[i] != b)
			return 0;
	return 1;
}

INETCSUM_API uint16_t
inetcsum_update(uint16_t check, const void *old_bytes, const void *new_bytes,
		size_t len)
{
	u32 diff;

	/*
	 * Equation 3 word by word, ~(~HC + ~m1 + m1' + ...), gives the
	 * other zero, 0xffff, in one case only: every term zero, that is
	 * HC 0xffff, every old word 0xffff and every new one 0x0000 (or no
	 * words).  The difference of two sums below loses that (it is
	 * 0xffff, a zero, and the result 0x0000), so it is taken here, and
	 * inetcsum_update16() and inetcsum_update32() agree with this for
	 * every input (an odd range's padded word is never 0xffff).
	 */
	if (check == 0xffff && len % 2 == 0 &&
	    all_bytes(old_bytes, len, 0xff) && all_bytes(new_bytes, len, 0))
		return 0xffff;
	diff = inetcsum_sub(inetcsum_partial(new_bytes, len, 0),
			    inetcsum_partial(old_bytes, len, 0));
	return (u16)~fold32_to_16(add32_eac((u16)~check, diff));
}
