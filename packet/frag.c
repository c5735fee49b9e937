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
 *   - data goes in multiples of 8 bytes, the fragment offset counts 8-byte
 *     units from the input's own offset (a fragment may be cut again),
 *     MF is set on all but the last, which keeps the input's MF;
 *   - total length and header checksum are each fragment's own, the
 *     identification is the input's; DF forbids all of it.
 * IPv6 (RFC 8200 section 4.5):
 *   - the per-fragment part (the IPv6 header, a hop-by-hop header, a
 *     routing header and the destination options before one) is copied
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
	size_t chunk;		/* data bytes per fragment but the last */
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
	lo->chunk = mtu > hl ? (mtu - hl) / 8 * 8 : 0;
	lo->off0 = (size_t)(be16(h + 6) & IP_OFFMASK) * 8;
	lo->mf = be16(h + 6) & IP_MF;
	return 0;
}

/* Whether a routing header follows in the chain from 'nh' at 'off'. */
static int
routing_follows(const u8 *p, size_t end, unsigned nh, size_t off)
{
	while ((nh == 0 || nh == 60) && end - off >= 8) {
		size_t hl = ((size_t)p[off + 1] + 1) * 8;

		if (hl > end - off)
			return 0;
		nh = p[off];
		off += hl;
	}
	return nh == 43;
}

static int
layout_v6(const u8 *p, size_t len, size_t mtu, struct layout *lo)
{
	size_t pl, u;
	unsigned nh;

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
	/* The per-fragment headers: hop-by-hop, routing, and destination
	 * options that a routing header follows.  A header that runs past
	 * the packet ends the walk: the rest is data. */
	while (nh == 0 || nh == 43 ||
	       (nh == 60 && routing_follows(p, lo->end, nh, u))) {
		size_t hl;

		if (lo->end - u < 8)
			break;
		hl = ((size_t)p[u + 1] + 1) * 8;
		if (hl > lo->end - u)
			break;
		lo->nhf = u;
		nh = p[u];
		u += hl;
	}
	if (nh == 44)
		return INETCSUM_ENOFRAG;
	lo->nh = nh;
	lo->unfrag = u - lo->l3;
	lo->data = lo->end - u;
	lo->chunk = mtu > lo->unfrag + FRAG_HLEN ?
		    (mtu - lo->unfrag - FRAG_HLEN) / 8 * 8 : 0;
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
	if (lo->chunk == 0 || lo->data == 0)
		return INETCSUM_EINVAL;
	lo->n = (lo->data + lo->chunk - 1) / lo->chunk;
	if (!lo->v6 && lo->off0 + (lo->n - 1) * lo->chunk > MAX_FRAG_OFF)
		return INETCSUM_EBADLEN;
	/* The largest fragment, so that the total below cannot wrap
	 * (n is at most 8192: 64 KiB of data in 8-byte units). */
	per = l3 + lo->unfrag + (lo->v6 ? FRAG_HLEN : 0) + lo->chunk;
	if (per < l3 || per > SIZE_MAX / lo->n)
		return INETCSUM_EINVAL;
	return 0;
}

/* The length of fragment 'k' (its link layer included). */
static size_t
frag_len(const struct layout *lo, size_t k)
{
	size_t nb = lo->data - k * lo->chunk;

	if (nb > lo->chunk)
		nb = lo->chunk;
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
