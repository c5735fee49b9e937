/* SPDX-License-Identifier: MIT */
/*
 * packet/frag.c - IP fragmentation in software: an IPv4 or IPv6 packet
 * longer than an MTU cut into fragments as a sending host or router cuts
 * it (inetcsum_frag_plan(), inetcsum_frag_packet(); inetcsum_packet.h),
 * for "inetcsum segment" and any program that writes packets for a link
 * with a smaller MTU.
 *
 * IPv4 (RFC 791 section 3.2, "Fragmentation"):
 *   - every fragment carries the header; options whose copy bit (0x80 of
 *     the type) is clear stay in the first only, and the header of the
 *     later ones is padded to 32 bits with End of Option List bytes;
 *   - data goes in multiples of 8 bytes but in the last fragment, which
 *     takes what is left once it fits (as Linux's ip_do_fragment() and
 *     ip6_fragment() cut: a packet that fits is one fragment, whatever
 *     its length); the fragment offset counts 8-byte units from the
 *     input's own offset (a fragment may be cut again), MF is set on all
 *     but the last, which keeps the input's MF;
 *   - total length and header checksum are each fragment's own, the
 *     identification is the input's; DF forbids all of it.
 * IPv6 (RFC 8200 section 4.5):
 *   - the per-fragment part (the IPv6 header, a hop-by-hop header, a
 *     routing header, the destination options before one and those
 *     that hold a Home Address option, RFC 6275 section 6.3) is copied
 *     into every fragment, its last next-header field set to 44, then a
 *     Fragment header with the caller's identification, offset in 8-byte
 *     units and M on all but the last;
 *   - the payload length is each fragment's own; a packet that is a
 *     fragment already is not cut again (only the source fragments in
 *     IPv6), nor is a jumbogram (RFC 2675 section 5: a jumbogram cannot
 *     be fragmented).
 * The bytes before the IP header (the link layer) are copied unchanged
 * into each fragment: they must hold no length of their own, as the link
 * layers of enum inetcsum_l3 hold none.
 *
 * Both calls lay the fragments out with one walk (layout()), so the plan
 * and the writer cannot disagree on sizes; every length is checked
 * against the buffer first, and nothing is read at or past 'len'.
 */
#include <stdint.h>

#include "packet_internal.h"

#define IPV4_HLEN	20
#define IPV6_HLEN	40
#define FRAG_HLEN	8	/* the IPv6 Fragment header */
#define IP_DF		0x4000u
#define IP_MF		0x2000u
#define IP_OFFMASK	0x1fffu
/* A fragment offset counts 8-byte units in 13 bits: the last fragment
 * starts at most this far into its datagram. */
#define MAX_FRAG_OFF	(IP_OFFMASK * 8u)
#define IPV4_MAX_HLEN	60
#define IPOPT_EOL	0
#define IPOPT_NOP	1
#define IPOPT_COPY	0x80u

/* How the fragments of one packet are cut (see layout()). */
struct layout {
	size_t l3;		/* offset of the IP header */
	size_t end;		/* where the IP packet ends (its length) */
	size_t unfrag;		/* IPv4: the header; IPv6: offset past the
				 * per-fragment headers */
	size_t room;		/* data bytes the MTU leaves a fragment */
	size_t chunk;		/* data bytes per fragment but the last */
	size_t last;		/* data bytes of the last fragment */
	size_t data;		/* data bytes to cut */
	size_t n;		/* fragments */
	int v6;
	/* IPv4: the first fragment's offset and MF, in bytes and as a bit,
	 * and the header of the later fragments (copied options only). */
	size_t off0;
	unsigned mf;
	u8 later[IPV4_MAX_HLEN];
	size_t later_hl;
	/* IPv6: the next-header field to set to 44, and its old value. */
	size_t nhf;
	unsigned nh;
};

static void
put16(u8 *p, size_t v)
{
	p[0] = (u8)(v >> 8);
	p[1] = (u8)v;
}

/*
 * The header of the later IPv4 fragments: the fixed header and only the
 * options with the copy bit.  Each option is a type byte, then (but for
 * End of Option List and No Operation) a length that covers type and
 * length; a length that does not fit the header is malformed.
 */
static int
later_header(const u8 *h, size_t hl, struct layout *lo)
{
	size_t i;

	memcpy(lo->later, h, IPV4_HLEN);
	lo->later_hl = IPV4_HLEN;
	for (i = IPV4_HLEN; i < hl;) {
		size_t ol = 1;

		if (h[i] == IPOPT_EOL)
			break;
		if (h[i] != IPOPT_NOP)
			ol = i + 1 < hl ? h[i + 1] : 0;
		if (ol < 2u - (h[i] == IPOPT_NOP) || ol > hl - i)
			return INETCSUM_EUNSUPP;
		if (h[i] & IPOPT_COPY) {
			memcpy(lo->later + lo->later_hl, h + i, ol);
			lo->later_hl += ol;
		}
		i += ol;
	}
	while (lo->later_hl % 4)
		lo->later[lo->later_hl++] = IPOPT_EOL;
	return 0;
}

static int
layout_v4(const u8 *p, size_t len, size_t mtu, struct layout *lo)
{
	const u8 *h = p + lo->l3;
	size_t hl, tot;
	int r;

	if (len - lo->l3 < IPV4_HLEN)
		return INETCSUM_EBADLEN;
	hl = (size_t)(h[0] & 15) * 4;
	tot = be16(h + 2);
	if (hl < IPV4_HLEN || tot < hl || tot > len - lo->l3)
		return INETCSUM_EBADLEN;
	if (be16(h + 6) & IP_DF)
		return INETCSUM_ENOFRAG;
	r = later_header(h, hl, lo);
	if (r != 0)
		return r;
	lo->end = lo->l3 + tot;
	lo->unfrag = hl;
	lo->data = tot - hl;
	lo->room = mtu > hl ? mtu - hl : 0;
	lo->off0 = (size_t)(be16(h + 6) & IP_OFFMASK) * 8;
	lo->mf = be16(h + 6) & IP_MF;
	return 0;
}

/*
 * The length of the extension header 'nh' at 'off' of the packet that
 * ends at 'end' (RFC 8200 sections 4.3-4.6: 8-byte units less the first;
 * AH, RFC 4302 section 2.2: 4-byte units less 2); 0 if 'nh' is not one
 * (the upper layer, ESP, no next header), SIZE_MAX if it is cut.
 */
static size_t
ext_len(const u8 *p, size_t end, unsigned nh, size_t off)
{
	size_t hl;

	switch (nh) {
	case IP6_HOPOPTS:
	case IP6_ROUTING:
	case IP6_DSTOPTS:
	case IP6_AH:
		if (end - off < 2)
			return SIZE_MAX;
		hl = nh == IP6_AH ? ((size_t)p[off + 1] + 2) * 4 :
				    ((size_t)p[off + 1] + 1) * 8;
		return hl > end - off ? SIZE_MAX : hl;
	}
	return 0;
}

/*
 * Whether the destination options at 'o' hold a Home Address option: its
 * type and length bytes are enough, whatever its length says, much as
 * Linux's ipv6_find_tlv() in ip6_find_1stfragopt() judges the type first.
 */
static int
home_address(const u8 *o, size_t hl)
{
	size_t i, at;

	for (i = 2; (at = inetcsum_pkt_ipv6_opt(o, hl, &i)) < hl;) {
		if (hl - at < 2)
			break;
		if (o[at] == IP6OPT_HOME)
			return 1;
		if (i > hl)
			break;
	}
	return 0;
}

/* Whether a routing header follows in the chain from 'nh' at 'off'. */
static int
routing_follows(const u8 *p, size_t end, unsigned nh, size_t off)
{
	while ((nh == IP6_HOPOPTS || nh == IP6_DSTOPTS) && end - off >= 8) {
		size_t hl = ((size_t)p[off + 1] + 1) * 8;

		if (hl > end - off)
			return 0;
		nh = p[off];
		off += hl;
	}
	return nh == IP6_ROUTING;
}

/*
 * Whether the extension header 'nh' at 'u' goes into every fragment: a
 * hop-by-hop or routing header, destination options that a routing header
 * follows, or that hold a Home Address option (RFC 6275 section 6.3: it
 * "MUST be placed ... before the Fragment Header"; Linux's
 * ip6_find_1stfragopt() keeps it there too).
 */
static int
per_fragment(const u8 *p, size_t end, unsigned nh, size_t u, size_t hl)
{
	if (nh == IP6_HOPOPTS || nh == IP6_ROUTING)
		return 1;
	return nh == IP6_DSTOPTS && (routing_follows(p, end, nh, u) ||
				     home_address(p + u, hl));
}

static int
layout_v6(const u8 *p, size_t len, size_t mtu, struct layout *lo)
{
	size_t pl, u;
	unsigned nh;
	int unfrag = 1;

	if (len - lo->l3 < IPV6_HLEN)
		return INETCSUM_EBADLEN;
	pl = be16(p + lo->l3 + 4);
	if (pl == 0)
		return INETCSUM_EUNSUPP;	/* a jumbogram, or BIG TCP */
	if (pl > len - lo->l3 - IPV6_HLEN)
		return INETCSUM_EBADLEN;
	lo->end = lo->l3 + IPV6_HLEN + pl;
	u = lo->l3 + IPV6_HLEN;
	lo->nhf = lo->l3 + 6;
	nh = p[lo->nhf];
	lo->unfrag = IPV6_HLEN;
	lo->nh = nh;
	/*
	 * The whole chain, to the upper layer: the per-fragment headers
	 * first, then the others, which are data.  A Fragment header
	 * anywhere makes the packet a fragment, which only its source cuts
	 * (RFC 8200 section 4.5), and a header that runs past the packet is
	 * a length that lies.
	 */
	for (;;) {
		size_t hl;

		if (nh == IP6_FRAGMENT)
			return INETCSUM_ENOFRAG;
		hl = ext_len(p, lo->end, nh, u);
		if (hl == 0)
			break;	/* the upper layer, ESP, no next header */
		if (hl == SIZE_MAX)
			return INETCSUM_EBADLEN;
		if (unfrag && per_fragment(p, lo->end, nh, u, hl)) {
			lo->nhf = u;
			lo->nh = p[u];
			lo->unfrag = u + hl - lo->l3;
		} else {
			unfrag = 0;
		}
		nh = p[u];
		u += hl;
	}
	lo->data = lo->end - lo->l3 - lo->unfrag;
	lo->room = mtu > lo->unfrag + FRAG_HLEN ?
		   mtu - lo->unfrag - FRAG_HLEN : 0;
	return 0;
}

/*
 * The cut of the packet at 'l3' in the 'len' bytes at 'p' for 'mtu':
 * 0, or the code inetcsum_frag_plan() returns.
 */
static int
layout(const u8 *p, size_t len, size_t l3, size_t mtu, struct layout *lo)
{
	size_t per;
	int r;

	if (p == NULL)
		return INETCSUM_EINVAL;
	if (l3 >= len)
		return INETCSUM_EBADLEN;
	lo->l3 = l3;
	lo->v6 = p[l3] >> 4 == 6;
	if (p[l3] >> 4 != 4 && !lo->v6)
		return INETCSUM_EPROTO;
	r = lo->v6 ? layout_v6(p, len, mtu, lo) : layout_v4(p, len, mtu, lo);
	if (r != 0)
		return r;
	/*
	 * Cut as Linux's ip_do_fragment() and ip6_fragment() cut: data that
	 * fits the room is one fragment, whatever its length (an 'mtu' as
	 * large as SIZE_MAX, "no limit", too); else every fragment but the
	 * last carries the 8-byte blocks that fit, and the last what is
	 * left, up to the room.
	 */
	if (lo->data == 0)
		return INETCSUM_EINVAL;
	if (lo->room >= lo->data) {
		lo->chunk = lo->data;
		lo->n = 1;
	} else {
		lo->chunk = lo->room / 8 * 8;
		if (lo->chunk == 0)
			return INETCSUM_EINVAL;
		lo->n = 1 + (lo->data - lo->room + lo->chunk - 1) / lo->chunk;
	}
	lo->last = lo->data - (lo->n - 1) * lo->chunk;
	if (!lo->v6 && lo->off0 + (lo->n - 1) * lo->chunk > MAX_FRAG_OFF)
		return INETCSUM_EBADLEN;
	/* The largest fragment, so that the total below cannot wrap
	 * (n is at most 8192: 64 KiB of data in 8-byte units). */
	per = l3 + lo->unfrag + (lo->v6 ? FRAG_HLEN : 0) +
	      (lo->last > lo->chunk ? lo->last : lo->chunk);
	if (per < l3 || per > SIZE_MAX / lo->n)
		return INETCSUM_EINVAL;
	return 0;
}

/* The length of fragment 'k' (its link layer included). */
static size_t
frag_len(const struct layout *lo, size_t k)
{
	size_t nb = k + 1 < lo->n ? lo->chunk : lo->last;

	if (lo->v6)
		return lo->l3 + lo->unfrag + FRAG_HLEN + nb;
	return lo->l3 + (k == 0 ? lo->unfrag : lo->later_hl) + nb;
}

/* The output bytes of all fragments. */
static size_t
out_len(const struct layout *lo)
{
	size_t k, total = 0;

	for (k = 0; k < lo->n; k++)
		total += frag_len(lo, k);
	return total;
}

INETCSUM_API int
inetcsum_frag_plan(const void *pkt, size_t len, size_t l3_offset,
		   size_t mtu, struct inetcsum_frag_plan *plan)
{
	struct layout lo;
	int r;

	if (plan == NULL)
		return INETCSUM_EINVAL;
	r = layout(pkt, len, l3_offset, mtu, &lo);
	if (r != 0)
		return r;
	plan->nfrags = lo.n;
	plan->out_len = out_len(&lo);
	plan->ipv6 = (uint8_t)lo.v6;
	return 0;
}

/* IPv4 fragment 'k' at 'o' (see the top of the file). */
static void
write_v4(const u8 *p, const struct layout *lo, size_t k, u8 *o)
{
	const u8 *h = p + lo->l3;
	size_t phl = k == 0 ? lo->unfrag : lo->later_hl;
	size_t nb = frag_len(lo, k) - lo->l3 - phl;
	u8 *ip = o + lo->l3;
	u16 c;

	memcpy(o, p, lo->l3);
	memcpy(ip, k == 0 ? h : lo->later, phl);
	ip[0] = (u8)(0x40 | phl / 4);
	memcpy(ip + phl, h + lo->unfrag + k * lo->chunk, nb);
	put16(ip + 2, phl + nb);
	put16(ip + 6, (k + 1 < lo->n ? IP_MF : lo->mf) |
		      ((lo->off0 + k * lo->chunk) / 8));
	ip[10] = ip[11] = 0;
	c = inetcsum_ipv4_header(ip, (unsigned)(phl / 4));
	memcpy(ip + 10, &c, 2);
}

/* IPv6 fragment 'k' at 'o', with identification 'id'. */
static void
write_v6(const u8 *p, const struct layout *lo, size_t k, uint32_t id,
	 u8 *o)
{
	size_t u = lo->l3 + lo->unfrag;
	size_t nb = frag_len(lo, k) - u - FRAG_HLEN;
	u8 *fh = o + u;

	memcpy(o, p, u);
	o[lo->nhf] = 44;
	fh[0] = (u8)lo->nh;
	fh[1] = 0;
	put16(fh + 2, (k * lo->chunk) | (k + 1 < lo->n ? 1 : 0));
	put16(fh + 4, id >> 16);
	put16(fh + 6, id & 0xffff);
	memcpy(fh + FRAG_HLEN, p + u + k * lo->chunk, nb);
	put16(o + lo->l3 + 4, lo->unfrag - IPV6_HLEN + FRAG_HLEN + nb);
}

INETCSUM_API int
inetcsum_frag_packet(const void *pkt, size_t len, size_t l3_offset,
		     size_t mtu, uint32_t id, void *out, size_t out_cap,
		     struct inetcsum_gso_seg *frags, size_t max_frags)
{
	struct layout lo;
	size_t k, pos = 0;
	u8 *o = out;
	int r;

	if (out == NULL || frags == NULL)
		return INETCSUM_EINVAL;
	r = layout(pkt, len, l3_offset, mtu, &lo);
	if (r != 0)
		return r;
	if (out_len(&lo) > out_cap || lo.n > max_frags)
		return INETCSUM_ENOSPC;
	for (k = 0; k < lo.n; k++) {
		if (lo.v6)
			write_v6(pkt, &lo, k, id, o + pos);
		else
			write_v4(pkt, &lo, k, o + pos);
		frags[k].offset = pos;
		frags[k].len = frag_len(&lo, k);
		pos += frags[k].len;
	}
	return (int)lo.n;
}
