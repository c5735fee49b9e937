/* SPDX-License-Identifier: MIT */
/*
 * packet/pkt_fast.h - the inline fast path of the packet operations
 * (forward.c, gro.c): sums of IPv4 headers, pseudo-headers and TCP/UDP
 * headers in registers, and the common packet shapes, IPv4 without options
 * or IPv6 without extension headers carrying TCP or UDP, located without
 * the general walk of inetcsum_pkt_find_l4() (offload.c).  Not installed.
 *
 * Why: the forwarding, NAT and GRO jobs touch 20 to 60 header bytes per
 * packet, so an out-of-line call per header (the dispatched kernel, the
 * option and extension header walk) costs as much as the work itself
 * (docs/packet.md, "Speed of the packet jobs").  Every helper here gives
 * the values of the general code bit for bit; anything it does not handle
 * goes to that code.
 */
#ifndef INETCSUM_PKT_FAST_H
#define INETCSUM_PKT_FAST_H

#include "packet_internal.h"

typedef uint64_t u64;

/*
 * Fold a sum of 32-bit (or 16-bit) words in memory order to 16 bits with
 * end-around carries, not complemented.  Since 2^16 = 1 modulo 0xffff,
 * 32-bit words sum to the same 16-bit ones' complement value as their
 * halves (RFC 1071 section 2(A)).  Any nonzero sum gives 1..0xffff, so a
 * checksum area that verifies gives 0xffff.  's' must stay below 2^63
 * (2^31 words), which every caller is far from.
 */
static inline u16
fast_fold64(u64 s)
{
	s = (s & 0xffffffffu) + (s >> 32);
	s = (s & 0xffffffffu) + (s >> 32);
	s = (s & 0xffff) + (s >> 16);
	s = (s & 0xffff) + (s >> 16);
	return (u16)s;
}

/* One 32-bit word, any alignment: a plain load. */
static inline u64
fast_word(const u8 *p)
{
	u32 w;

	memcpy(&w, p, 4);
	return w;
}

/*
 * The five 32-bit words of a 20-byte header, straight-line (the way the
 * kernels' ip_fast_csum() and inetcsum_ipv4_header() do it), one load
 * each: a memcpy() of all 20 bytes into an array compiled (gcc 12, -O3)
 * to a 16-byte copy through the stack and four loads back from it, which
 * waited on store forwarding; TTL decrement with verification went from
 * 1.75x to 2.22-2.30x DPDK's (bench/packet_jobs_bench, Zen 4).
 */
static inline u64
fast_words20(const u8 *p)
{
	return fast_word(p) + fast_word(p + 4) + fast_word(p + 8) +
	       fast_word(p + 12) + fast_word(p + 16);
}

/*
 * The 32-bit words of 'n' bytes (n a multiple of 4, at least 8, at most
 * 60) summed: the first 20 (or 8) straight-line, options and TCP options
 * word by word.
 */
static inline u64
fast_words(const u8 *p, size_t n)
{
	u64 s;
	size_t i;

	if (n < 20)
		return fast_word(p) + fast_word(p + 4);	/* a UDP header */
	s = fast_words20(p);
	for (i = 20; i < n; i += 4)
		s += fast_word(p + i);
	return s;
}

/* The IPv4 pseudo-header (RFC 9293 section 3.1) of the header 'h' for an
 * L4 length 'l4len' below 2^16, unfolded, memory order. */
static inline u64
fast_pseudo4(const u8 *h, unsigned proto, size_t l4len)
{
	u8 tail[4];
	u32 a, b, t;

	tail[0] = 0;
	tail[1] = (u8)proto;
	tail[2] = (u8)(l4len >> 8);
	tail[3] = (u8)l4len;
	memcpy(&a, h + 12, 4);
	memcpy(&b, h + 16, 4);
	memcpy(&t, tail, 4);
	return (u64)a + b + t;
}

/*
 * The TCP or UDP header at 'l4' of an L4 length 'l4len', as the general
 * walk checks it: TCP's data offset within the segment, UDP's length
 * equal to the datagram's.  Its length (and 'loc->csum_offset'), or 0
 * for anything else.
 */
static inline size_t
fast_l4_hlen(const u8 *l4, size_t l4len, unsigned proto,
	     struct inetcsum_l4loc *loc)
{
	size_t hl;

	if (proto == 6) {
		if (l4len < 20)
			return 0;
		hl = (size_t)(l4[12] >> 4) * 4;	/* data offset */
		if (hl < 20 || hl > l4len)
			return 0;
		loc->csum_offset = 16;
		return hl;
	}
	if (proto == 17 && l4len >= 8 && be16(l4 + 4) == l4len) {
		loc->csum_offset = 6;
		return 8;
	}
	return 0;
}

/* The rest of 'loc' for an IPv4 header of 20 bytes or ('v6') an IPv6
 * header without extension headers at 'p', as the general walk fills it. */
static inline void
fast_loc(struct inetcsum_l4loc *loc, const u8 *p, int v6, size_t end,
	 size_t hl, unsigned proto)
{
	loc->l3 = 0;
	loc->l4 = v6 ? 40 : 20;
	loc->end = end;
	loc->ip_hlen = loc->l4;
	loc->l4_hlen = hl;
	loc->proto_field = v6 ? 6 : 9;
	loc->jumbo = 0;
	loc->src = p + (v6 ? 8 : 12);
	loc->dst = p + (v6 ? 24 : 16);
	loc->proto = proto;
	loc->v6 = v6;
	loc->big = 0;
}

/*
 * The common case of inetcsum_pkt_find_l4() at offset 0: an IPv4 header
 * of 20 bytes (no options, so no source route), not a fragment, its total
 * length within 'len', carrying TCP or UDP (fast_l4_hlen()).  Fills 'loc'
 * as the general walk does and returns 1; returns 0, 'loc' undefined, for
 * anything else, which the general walk then handles (or refuses with the
 * right code).
 */
static inline int
fast_find_l4(const u8 *p, size_t len, struct inetcsum_l4loc *loc)
{
	size_t tot, hl;
	unsigned proto;

	if (len < 28 || p[0] != 0x45)
		return 0;
	tot = be16(p + 2);
	proto = p[9];
	if (tot > len || tot < 28 || ((p[6] & 0x3f) | p[7]) != 0)
		return 0;	/* lengths that lie or BIG TCP; a fragment */
	hl = fast_l4_hlen(p + 20, tot - 20, proto, loc);
	if (hl == 0)
		return 0;
	fast_loc(loc, p, 0, tot, hl, proto);
	return 1;
}

/* The IPv6 pseudo-header (RFC 8200 section 8.1) of the header 'h' for an
 * L4 length 'l4len' below 2^16, unfolded, memory order: the addresses,
 * and the length and next header, whose 16-bit words sum as IPv4's. */
static inline u64
fast_pseudo6(const u8 *h, unsigned proto, size_t l4len)
{
	u8 tail[4];
	u32 t;
	u64 s = 0;
	size_t i;

	tail[0] = 0;
	tail[1] = (u8)proto;
	tail[2] = (u8)(l4len >> 8);
	tail[3] = (u8)l4len;
	memcpy(&t, tail, 4);
	for (i = 8; i < 40; i += 4)
		s += fast_word(h + i);
	return s + t;
}

/*
 * The IPv6 counterpart of fast_find_l4(): a 40-byte header whose next
 * header is TCP or UDP (no extension headers), a payload length that is
 * not 0 (0 is a jumbogram or BIG TCP) and within 'len', the same TCP and
 * UDP checks.  Fills 'loc' as the general walk does and returns 1;
 * returns 0, 'loc' undefined, for anything else.
 */
static inline int
fast_find_l4_6(const u8 *p, size_t len, struct inetcsum_l4loc *loc)
{
	size_t pl, hl;
	unsigned proto;

	if (len < 48 || p[0] >> 4 != 6)
		return 0;
	pl = be16(p + 4);
	proto = p[6];
	if (pl == 0 || pl > len - 40)
		return 0;
	hl = fast_l4_hlen(p + 40, pl, proto, loc);
	if (hl == 0)
		return 0;
	fast_loc(loc, p, 1, 40 + pl, hl, proto);
	return 1;
}

/*
 * Prefetch the 'len' bytes at 'p' for reading, into L1, or into L2 where
 * 'l2', one hint per 64-byte line, only addresses inside them (like the
 * kernels' prefetches: no memory the caller did not hand over is touched):
 * 'p' itself, then the start of each later line the bytes reach.  One
 * hint per line and no more: the loop before this one hinted at p, p + 64,
 * ... and then at the last byte, which for a buffer that starts on a line
 * (every packet of packet_jobs_bench's pool, and a far segment's body
 * from its second line) is a second hint for the line just hinted; the
 * GRO walk ran 0.7-1.1% slower for it with the packets in order (2-4% in
 * an earlier trial) and 0.3-1.8% slower in random slots (Intel family 6
 * model 167, side by side; docs/packet.md, "One prefetch per line").
 *
 * Forced inline, and so must be every function around it whose only work
 * is prefetching: gcc 12 takes a function made of __builtin_prefetch()
 * calls for one without side effects ("const") and deletes the calls to
 * it, so that gro.c's and gso.c's prefetches were not in the library at
 * all (objdump -d showed no prefetcht0 in gro.o or gso.o) until they were
 * inlined into their callers before that analysis runs.
 * tests/suites/25-packet.sh checks the built objects.
 */
static INETCSUM_FORCEINLINE void
fast_prefetch_to(const void *p, size_t len, int l2)
{
#ifdef __GNUC__
	const char *c = p;
	uintptr_t a, e;

	if (len == 0)
		return;
	e = (uintptr_t)c + len;
	/* __builtin_prefetch() takes its locality as a constant: 3 (L1), or
	 * 2 (L2, prefetcht1) where 'l2'. */
#define FAST_PREFETCH_LINES(loc)					\
	do {								\
		__builtin_prefetch(c, 0, (loc));			\
		for (a = ((uintptr_t)c | 63) + 1; a < e; a += 64)	\
			__builtin_prefetch(c + (a - (uintptr_t)c), 0,	\
					   (loc));			\
	} while (0)
	if (l2)
		FAST_PREFETCH_LINES(2);
	else
		FAST_PREFETCH_LINES(3);
#undef FAST_PREFETCH_LINES
#else
	(void)p;
	(void)len;
	(void)l2;
#endif
}

/* fast_prefetch_to() into L1, the packet layer's usual prefetch. */
static INETCSUM_FORCEINLINE void
fast_prefetch(const void *p, size_t len)
{
	fast_prefetch_to(p, len, 0);
}

/* inetcsum_pkt_find_l4() at offset 0, the common cases inline. */
static inline int
fast_find_l4_any(const u8 *p, size_t len, struct inetcsum_l4loc *loc)
{
	if (p != NULL &&
	    (fast_find_l4(p, len, loc) || fast_find_l4_6(p, len, loc)))
		return 0;
	return inetcsum_pkt_find_l4(p, len, 0, loc);
}

#endif /* INETCSUM_PKT_FAST_H */
