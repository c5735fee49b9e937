/* SPDX-License-Identifier: MIT */
/*
 * packet/forward.c - what a router and a NAT do to a packet's checksums
 * without summing it again: the IPv4 TTL decrement, address and port
 * rewrites, and the eBPF-style primitives (bpf_l3_csum_replace,
 * bpf_l4_csum_replace, bpf_csum_diff) they are built from.
 *
 * Incremental update
 * ------------------
 * RFC 1624 equation 3: when a 16-bit word m of the covered data becomes
 * m', the field HC becomes HC' = ~(~HC + ~m + m') in ones' complement
 * arithmetic (RFC 1141's HC + m - m' gets the sign of zero wrong).  The
 * sum inside is folded with end-around carries; it is zero only when every
 * term is, so HC' can be 0xffff where a recomputation, which complements a
 * nonzero sum, gives 0x0000: for the IPv4 header (whose sum is never zero:
 * its version nibble is 4) and for TCP (the pseudo-header's protocol is
 * nonzero) a result of 0xffff is therefore stored as 0x0000.  UDP stores a
 * computed 0 as 0xffff (RFC 768), so there a 0x0000 becomes 0xffff.  With
 * that, the update equals a full recomputation bit for bit whenever the
 * field was right before; a wrong field stays wrong by the same amount.
 *
 * All values are taken and stored in memory order (inetcsum.h): two or
 * four bytes as they sit in the packet, loaded with memcpy; the
 * arithmetic of ones' complement sums is the same in either byte order
 * (RFC 1071 section 2(B)).
 */
#include "pkt_fast.h"

#define IPV4_MIN_HLEN	20
#define IPV4_TTL_OFF	8
#define IPV4_CSUM_OFF	10
#define IPV4_SRC_OFF	12
#define IPV6_SRC_OFF	8
static inline u16
fold16(u32 s)
{
	s = (s & 0xffff) + (s >> 16);
	s = (s & 0xffff) + (s >> 16);
	return (u16)s;
}

/* RFC 1624 eqn. 3 with the 16-bit difference 'd' (~m + m', folded). */
static inline u16
eqn3(u16 check, u32 d)
{
	return (u16)~fold16((u32)(u16)~check + d);
}

/* The folded difference ~old + new of 'n' bytes (n even). */
static u32
diff_bytes(const u8 *old, const u8 *new_, size_t n)
{
	u32 s = 0;
	size_t i;
	u16 a, b;

	for (i = 0; i < n; i += 2) {
		memcpy(&a, old + i, 2);
		memcpy(&b, new_ + i, 2);
		s += (u16)~a;
		s += b;
	}
	return fold16(s);
}

INETCSUM_API int
inetcsum_ipv4_ttl_dec(void *hdr, size_t len, unsigned flags)
{
	u8 *h = hdr, b[2];
	size_t hlen;
	unsigned ttl;
	u16 c, m, m2;

	if (h == NULL || (flags & ~(unsigned)INETCSUM_TTL_VERIFY))
		return INETCSUM_EINVAL;
	if (len < IPV4_MIN_HLEN)
		return INETCSUM_EBADLEN;
	if (h[0] >> 4 != 4)
		return INETCSUM_EPROTO;
	hlen = (size_t)(h[0] & 15) * 4;
	if (hlen < IPV4_MIN_HLEN || hlen > len)
		return INETCSUM_EBADLEN;
	/* The header sum in registers (pkt_fast.h): 0xffff when valid. */
	if ((flags & INETCSUM_TTL_VERIFY) &&
	    fast_fold64(hlen == IPV4_MIN_HLEN ? fast_words20(h) :
			fast_words(h, hlen)) != 0xffff)
		return INETCSUM_EBADSUM;
	ttl = h[IPV4_TTL_OFF];
	if (ttl == 0)
		return INETCSUM_EINVAL;
	/*
	 * The old and new TTL/protocol words are built in registers: loading
	 * the word back after storing the TTL byte would wait for the store
	 * (a 2-byte load over a 1-byte store is not forwarded).
	 */
	b[0] = (u8)ttl;
	b[1] = h[IPV4_TTL_OFF + 1];
	memcpy(&m, b, 2);
	b[0] = (u8)(ttl - 1);
	memcpy(&m2, b, 2);
	memcpy(&c, h + IPV4_CSUM_OFF, 2);
	c = eqn3(c, fold16((u32)(u16)~m + m2));
	if (c == 0xffff)
		c = 0;		/* an IPv4 header never sums to zero */
	h[IPV4_TTL_OFF] = (u8)(ttl - 1);
	memcpy(h + IPV4_CSUM_OFF, &c, 2);
	return (int)ttl - 1;
}

/*
 * Apply the difference 'd' to the L4 field of 'loc': TCP maps 0xffff to
 * 0x0000, UDP 0x0000 to 0xffff; a zero UDP field ("no checksum" over
 * IPv4, illegal over IPv6) is left alone.
 */
static void
l4_apply(u8 *p, const struct inetcsum_l4loc *loc, u32 d)
{
	u8 *f = p + loc->l4 + loc->csum_offset;
	u16 c;

	memcpy(&c, f, 2);
	if (loc->proto == IPPROTO_UDP) {
		if (c == 0)
			return;
		c = eqn3(c, d);
		if (c == 0)
			c = 0xffff;
	} else {
		c = eqn3(c, d);
		if (c == 0xffff)
			c = 0;
	}
	memcpy(f, &c, 2);
}

INETCSUM_API int
inetcsum_nat_addr(void *pkt, size_t len, unsigned which, const void *addr)
{
	struct inetcsum_l4loc loc;
	u8 *p = pkt, *a;
	size_t alen;
	int r;
	u32 d;

	if (p == NULL || addr == NULL || which > INETCSUM_NAT_DST)
		return INETCSUM_EINVAL;
	r = fast_find_l4_any(p, len, &loc);
	if (r < 0)
		return r;
	if (loc.v6) {
		alen = 16;
		a = p + IPV6_SRC_OFF + which * 16;
	} else {
		alen = 4;
		a = p + IPV4_SRC_OFF + which * 4;
	}
	d = diff_bytes(a, addr, alen);
	/*
	 * The address is in the pseudo-header unless a source route, a
	 * routing header (final destination) or a home address option puts
	 * another one there.
	 */
	if ((which == INETCSUM_NAT_SRC ? loc.src : loc.dst) == a)
		l4_apply(p, &loc, d);
	if (!loc.v6) {
		u16 c;

		memcpy(&c, p + IPV4_CSUM_OFF, 2);
		c = eqn3(c, d);
		if (c == 0xffff)
			c = 0;
		memcpy(p + IPV4_CSUM_OFF, &c, 2);
	}
	memcpy(a, addr, alen);
	return 0;
}

INETCSUM_API int
inetcsum_nat_port(void *pkt, size_t len, unsigned which, uint16_t port)
{
	struct inetcsum_l4loc loc;
	u8 *p = pkt, *f, b[2];
	int r;

	if (p == NULL || which > INETCSUM_NAT_DST)
		return INETCSUM_EINVAL;
	r = fast_find_l4_any(p, len, &loc);
	if (r < 0)
		return r;
	f = p + loc.l4 + which * 2;
	b[0] = (u8)(port >> 8);
	b[1] = (u8)port;
	l4_apply(p, &loc, diff_bytes(f, b, 2));
	memcpy(f, b, 2);
	return 0;
}

/*
 * The eBPF primitives
 * -------------------
 * bpf_l3_csum_replace() and bpf_l4_csum_replace() do not use equation 3
 * in 16 bits: they widen the field to a 32-bit partial sum and add in 32
 * bits (Linux csum_replace4(), csum_replace_by_diff(), include/net/
 * checksum.h; inet_proto_csum_replace2/4/by_diff(), net/core/utils.c).
 * Which of the two zeros comes out is decided by that width, so the
 * helpers below model the kernel's arithmetic step by step:
 *
 *   add32()    a 32-bit add with the end-around carry (csum_add());
 *              subtracting is adding the 32-bit complement (csum_sub())
 *   notfold()  fold 32 bits to 16 twice and complement (csum_fold())
 *   add16()    a 16-bit add with the end-around carry (csum16_add())
 *
 * The field 'c' enters as the 32-bit complement of its zero-extended
 * value, ~(u32)c, whose upper half is all ones.  A 32-bit end-around sum
 * with a nonzero term is never zero, its two folds are then in
 * 1..0xffff, and the complement is in 0..0xfffe: the 32-bit forms never
 * store 0xffff, so a field 0xffff whose change sums to zero becomes
 * 0x0000.  bpf_l3_csum_replace() of a 16-bit value alone uses 16-bit
 * arithmetic (csum_replace2(): ~(~c + ~from + to) with 16-bit carries),
 * which gives 0xffff exactly when the field and 'from' are 0xffff and
 * 'to' is 0; INETCSUM_REPLACE_L3 selects it.
 */
static inline u32
add32(u32 a, u32 b)
{
	u32 r = a + b;

	return r + (r < b);
}

static inline u16
notfold(u32 s)
{
	s = (s & 0xffff) + (s >> 16);
	s = (s & 0xffff) + (s >> 16);
	return (u16)~s;
}

static inline u16
add16(u16 a, u16 b)
{
	u16 r = (u16)(a + b);

	return (u16)(r + (r < b));
}

INETCSUM_API int
inetcsum_csum_replace(void *pkt, size_t len, size_t field_off, uint32_t from,
		      uint32_t to, unsigned flags)
{
	unsigned size = flags & INETCSUM_REPLACE_SIZE_MASK;
	int mangled = (flags & INETCSUM_REPLACE_MANGLED_0) != 0;
	int l3 = (flags & INETCSUM_REPLACE_L3) != 0;
	u8 *f;
	u16 c;

	if (pkt == NULL || (flags & ~(unsigned)(INETCSUM_REPLACE_SIZE_MASK |
					       INETCSUM_REPLACE_MANGLED_0 |
					       INETCSUM_REPLACE_L3)) ||
	    (size != 0 && size != 2 && size != 4) ||
	    (size == 2 && (from > 0xffff || to > 0xffff)) ||
	    (l3 && mangled))	/* bpf_l3_csum_replace() has no MANGLED_0 */
		return INETCSUM_EINVAL;
	if (len < 2 || field_off > len - 2)
		return INETCSUM_EBADLEN;
	f = (u8 *)pkt + field_off;
	memcpy(&c, f, 2);
	if (mangled && c == 0)
		return 0;	/* UDP without a checksum keeps none */
	if (size == 0)
		c = notfold(add32(to, ~(u32)c));
	else if (size == 2 && l3)
		c = (u16)~add16(add16((u16)~c, (u16)~from), (u16)to);
	else
		c = notfold(add32(add32(~(u32)c, ~from), to));
	if (mangled && c == 0)
		c = 0xffff;	/* CSUM_MANGLED_0: a UDP zero is sent as ones */
	memcpy(f, &c, 2);
	return 0;
}

INETCSUM_API uint32_t
inetcsum_diff(const void *from, size_t from_len, const void *to,
	      size_t to_len, uint32_t seed)
{
	u32 s = fold16((seed & 0xffff) + (seed >> 16));
	u32 rf = 0, rt = 0;

	if (from_len != 0)
		rf = inetcsum_partial(from, from_len, 0);
	if (to_len != 0)
		rt = inetcsum_partial(to, to_len, 0);
	s = fold16(s + (u16)~fold16(rf) + fold16(rt));
	if (s != 0 && s != 0xffff)
		return s;
	/*
	 * A sum of zero.  Linux's bpf_csum_diff() (since 6.12; net/core/
	 * filter.c) folds its 32-bit result without a complement, so it
	 * gives 0 where nothing nonzero was added: a zero seed with no data,
	 * only zero bytes pushed (csum_partial() of them from 0 is 0) or
	 * only zero bytes pulled (~csum_partial(zeros, ~0) is 0).  Anything
	 * else that sums to zero is 0xffff, as a ones' complement adder
	 * gives it (a diff of two ranges: csum_sub() adds a complement);
	 * where Linux's own answer then depends on how the architecture's
	 * csum_partial() represents a zero sum, this keeps 0xffff.
	 * inetcsum_partial() returns 0 exactly when its data are all zero.
	 */
	if (seed == 0 && (from_len == 0 || to_len == 0) && rf == 0 &&
	    rt == 0)
		return 0;
	return 0xffff;
}
