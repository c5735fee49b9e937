/* SPDX-License-Identifier: MIT */
/*
 * packet/offload.c - checksum offload the way Linux (CHECKSUM_PARTIAL) and
 * virtio-net (VIRTIO_NET_HDR_F_NEEDS_CSUM) define it, from both sides:
 * complete a checksum that a sender left to the device, and prepare a
 * packet for a device that will complete it.  Also the TCP/UDP locator
 * that software GSO (gso.c) shares.
 *
 * The contract
 * ------------
 * The sender stores in the TCP or UDP checksum field the folded sum of the
 * pseudo-header alone, *not* complemented (Linux: ~csum_tcpudp_magic(...,
 * 0), tcp_v4_send_check(), udp6_set_csum()), and hands the device two
 * numbers: csum_start, where the checksummed bytes begin (the L4 header),
 * and csum_offset, where the field lies from there (16 for TCP, 6 for UDP).
 * The device sums every byte from csum_start to the end of the packet,
 * that field included, folds, complements and stores the result in the
 * field (Linux skb_checksum_help(), virtio 1.2 section 5.1.6.2).  Because
 * the field already holds the pseudo-header sum, this equals the
 * checksum over pseudo-header, header (with the field zero) and payload.
 * A computed 0 is stored as 0xffff (Linux: "csum_fold(csum) ?:
 * CSUM_MANGLED_0"): UDP requires it (RFC 768) and TCP accepts both zeros
 * (RFC 1624 section 3), so the device need not know the protocol.
 */
#include "packet_internal.h"

#define IPV4_MIN_HLEN	20
#define IPV4_MF		0x2000
#define IPV4_OFFSET	0x1fff

#define IPV6_HLEN	40
#define IPV6_ADDR	16

#define TCP_MIN_HLEN	20
#define TCP_CSUM_OFF	16
#define UDP_HLEN	8
#define UDP_CSUM_OFF	6

/* The largest value a 16-bit IP length field can hold. */
#define IP_MAXLEN16	0xffffu

static u32
get32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

static int
find_v4(const u8 *p, size_t len, size_t l3, struct inetcsum_l4loc *loc)
{
	const u8 *h = p + l3;
	size_t hlen, tot;

	if (len - l3 < IPV4_MIN_HLEN)
		return INETCSUM_EBADLEN;
	hlen = (size_t)(h[0] & 15) * 4;
	if (hlen < IPV4_MIN_HLEN || hlen > len - l3)
		return INETCSUM_EBADLEN;
	tot = be16(h + 2);
	if (tot == 0 && len - l3 > IP_MAXLEN16) {
		/* Linux BIG TCP over IPv4: the length is the buffer's. */
		loc->big = 1;
		tot = len - l3;
	} else if (tot < hlen || tot > len - l3) {
		return INETCSUM_EBADLEN;
	}
	if (be16(h + 6) & (IPV4_MF | IPV4_OFFSET))
		return INETCSUM_EUNSUPP;	/* a fragment */
	loc->src = h + 12;
	loc->dst = h + 16;
	/* Malformed options leave the pseudo-header unknown. */
	if (inetcsum_pkt_ipv4_options(h, hlen, &loc->dst) != NULL)
		return INETCSUM_EUNSUPP;
	loc->ip_hlen = hlen;
	loc->l4 = l3 + hlen;
	loc->end = l3 + tot;
	loc->proto = h[9];
	loc->proto_field = l3 + 9;
	return 0;
}

/*
 * The options of a destination options header ('src' not NULL: a Home
 * Address option replaces the source, which is still 'own', the IPv6
 * header's, unless an earlier header had one) or of a hop-by-hop header
 * ('src' NULL).  Returns INETCSUM_EUNSUPP for options that overrun their
 * header, a Home Address option that holds no address or is the packet's
 * second (ip.c's ipv6_dstopts() says why), 1 if a Jumbo Payload option
 * (RFC 2675) is among them, else 0.
 */
static int
v6_options(const u8 *o, size_t hl, const u8 **src, const u8 *own)
{
	size_t i, at;
	int jumbo = 0;

	for (i = 2; (at = inetcsum_pkt_ipv6_opt(o, hl, &i)) < hl;) {
		if (i > hl)
			return INETCSUM_EUNSUPP;
		if (o[at] == IP6OPT_HOME && src != NULL) {
			if (o[at + 1] != IPV6_ADDR || *src != own)
				return INETCSUM_EUNSUPP;
			*src = o + at + 2;
		}
		if (o[at] == IP6OPT_JUMBO)
			jumbo = 1;
	}
	return jumbo;
}

/*
 * A hop-by-hop header that holds nothing but a Jumbo Payload option (RFC
 * 2675), as Linux BIG TCP writes it: next header, length 0, then c2 04 and
 * the 32-bit length.  Returns that length, or 0 for any other header.
 */
static u32
v6_jumbo(const u8 *o)
{
	if (o[1] != 0 || o[2] != IP6OPT_JUMBO || o[3] != 4)
		return 0;
	return get32(o + 4);
}

static int
find_v6(const u8 *p, size_t len, size_t l3, struct inetcsum_l4loc *loc)
{
	const u8 *h = p + l3;
	size_t plen, off, end;
	unsigned nh;
	int first = 1;

	if (len - l3 < IPV6_HLEN)
		return INETCSUM_EBADLEN;
	plen = be16(h + 4);
	nh = h[6];
	loc->v6 = 1;
	loc->src = h + 8;
	loc->dst = h + 24;
	loc->ip_hlen = IPV6_HLEN;
	loc->proto_field = l3 + 6;
	if (plen == 0 && nh == IP6_HOPOPTS && len - l3 >= IPV6_HLEN + 8 &&
	    v6_jumbo(h + IPV6_HLEN) != 0) {
		/* RFC 2675: the length counts the hop-by-hop header too. */
		u32 j = v6_jumbo(h + IPV6_HLEN);

		if (j <= IP_MAXLEN16 || j > len - l3 - IPV6_HLEN)
			return INETCSUM_EBADLEN;
		loc->jumbo = l3 + IPV6_HLEN;
		loc->big = 1;
		end = l3 + IPV6_HLEN + j;
	} else if (plen == 0 && len - l3 - IPV6_HLEN > IP_MAXLEN16) {
		/* Linux BIG TCP without the hop-by-hop header (6.x). */
		loc->big = 1;
		end = len;
	} else if (plen == 0 && nh == IP6_HOPOPTS) {
		/*
		 * A jumbo option in another form than BIG TCP's header
		 * (inetcsum_gso_plan() tells which), or none at all: then
		 * the payload is empty and its hop-by-hop header lies past
		 * it, a length that lies.
		 */
		size_t room = len - l3 - IPV6_HLEN, hl;

		if (room < 8)
			return INETCSUM_EBADLEN;
		hl = ((size_t)h[IPV6_HLEN + 1] + 1) * 8;
		if (hl > room || v6_options(h + IPV6_HLEN, hl, NULL, NULL) != 1)
			return INETCSUM_EBADLEN;
		return INETCSUM_EUNSUPP;
	} else if (plen > len - l3 - IPV6_HLEN) {
		return INETCSUM_EBADLEN;
	} else {
		end = l3 + IPV6_HLEN + plen;
	}
	/* Each extension header is at least 8 bytes: the walk ends. */
	for (off = l3 + IPV6_HLEN;; first = 0) {
		size_t hl;
		int r = 0;

		switch (nh) {
		case IP6_HOPOPTS:
			if (!first)
				return INETCSUM_EPROTO;	/* RFC 8200 4.3 */
			/* fall through */
		case IP6_DSTOPTS:
		case IP6_ROUTING:
			break;
		case IP6_FRAGMENT:
		case IP6_AH:
			/* A fragment's checksum covers the whole datagram;
			 * AH's ICV covers the payload. */
			return INETCSUM_EUNSUPP;
		case IP6_ESP:
		case IP6_NONE:
			return INETCSUM_EPROTO;
		default:
			loc->l4 = off;
			loc->end = end;
			loc->proto = nh;
			return 0;
		}
		if (end - off < 2)
			return INETCSUM_EBADLEN;
		hl = ((size_t)p[off + 1] + 1) * 8;
		if (hl > end - off)
			return INETCSUM_EBADLEN;
		if (nh == IP6_DSTOPTS)
			r = v6_options(p + off, hl, &loc->src, h + 8);
		else if (nh == IP6_ROUTING &&
			 inetcsum_pkt_ipv6_routing(p + off, hl,
						   &loc->dst) != NULL)
			r = INETCSUM_EUNSUPP;	/* final destination unknown */
		/*
		 * RFC 2675 section 3: a Jumbo Payload option beside a
		 * payload length is an error (Linux's ipv6_hop_jumbo() drops
		 * the packet).  Beside a payload length 0 it is a jumbogram,
		 * taken above or left to inetcsum_gso_plan() to refuse.
		 */
		else if (nh == IP6_HOPOPTS && plen != 0 &&
			 v6_options(p + off, hl, NULL, NULL) == 1)
			return INETCSUM_EBADLEN;
		if (r < 0)
			return r;
		loc->proto_field = off;
		nh = p[off];
		off += hl;
	}
}

int
inetcsum_pkt_find_l4(const u8 *p, size_t len, size_t l3,
		     struct inetcsum_l4loc *loc)
{
	size_t l4len;
	int r;

	memset(loc, 0, sizeof(*loc));
	loc->l3 = l3;
	if (p == NULL || l3 >= len)
		return p == NULL ? INETCSUM_EINVAL : INETCSUM_EBADLEN;
	switch (p[l3] >> 4) {
	case 4:
		r = find_v4(p, len, l3, loc);
		break;
	case 6:
		r = find_v6(p, len, l3, loc);
		break;
	default:
		return INETCSUM_EPROTO;
	}
	if (r < 0)
		return r;
	l4len = loc->end - loc->l4;
	if (loc->proto == IPPROTO_TCP) {
		if (l4len < TCP_MIN_HLEN)
			return INETCSUM_EBADLEN;
		loc->l4_hlen = (size_t)(p[loc->l4 + 12] >> 4) * 4;
		if (loc->l4_hlen < TCP_MIN_HLEN || loc->l4_hlen > l4len)
			return INETCSUM_EBADLEN;
		loc->csum_offset = TCP_CSUM_OFF;
	} else if (loc->proto == IPPROTO_UDP) {
		size_t ulen;

		if (l4len < UDP_HLEN)
			return INETCSUM_EBADLEN;
		/* The UDP length must be the datagram's: 0 only for one
		 * longer than 16 bits can say (RFC 2675 section 4). */
		ulen = be16(p + loc->l4 + 4);
		if (ulen != l4len && !(ulen == 0 && l4len > IP_MAXLEN16))
			return INETCSUM_EBADLEN;
		loc->l4_hlen = UDP_HLEN;
		loc->csum_offset = UDP_CSUM_OFF;
	} else {
		return INETCSUM_EPROTO;
	}
	return 0;
}

u32
inetcsum_pkt_l4_pseudo(const struct inetcsum_l4loc *loc, size_t l4len)
{
	/* Past 16 bits over IPv4 (BIG TCP), as the frame check sums it. */
	return pseudo_sum(loc->src, loc->dst, loc->v6, loc->proto, l4len);
}

INETCSUM_API int
inetcsum_offload_complete(void *pkt, size_t len, size_t csum_start,
			  size_t csum_offset)
{
	u8 *p = pkt;
	u16 c;

	/*
	 * Linux skb_checksum_help() asks for csum_start inside the packet and
	 * room for the 2-byte field at csum_start + csum_offset, nothing
	 * more: an odd csum_offset is written too.  Such a field is summed
	 * in place with its bytes in the other halves of two 16-bit words,
	 * so the result does not verify; the device does it all the same,
	 * and so do we, to give the bytes a device gives.
	 */
	if (p == NULL || csum_start > len || csum_offset > len - csum_start ||
	    len - csum_start - csum_offset < 2)
		return INETCSUM_EINVAL;
	c = inetcsum_fold(inetcsum_partial(p + csum_start, len - csum_start,
					   0));
	if (c == 0)
		c = 0xffff;
	memcpy(p + csum_start + csum_offset, &c, 2);
	return 0;
}

INETCSUM_API int
inetcsum_offload_prepare(void *pkt, size_t len, size_t l3_offset,
			 struct inetcsum_offload *out)
{
	struct inetcsum_l4loc loc;
	u8 *p = pkt;
	size_t l4len;
	u16 v;
	int r;

	if (out == NULL)
		return INETCSUM_EINVAL;
	r = inetcsum_pkt_find_l4(p, len, l3_offset, &loc);
	if (r < 0)
		return r;
	l4len = loc.end - loc.l4;
	/* An IPv4 pseudo-header cannot say a length past 16 bits. */
	if (!loc.v6 && l4len > IP_MAXLEN16)
		return INETCSUM_EUNSUPP;
	/* The folded pseudo-header sum, uncomplemented (memory order). */
	v = (u16)~inetcsum_fold(inetcsum_pkt_l4_pseudo(&loc, l4len));
	memcpy(p + loc.l4 + loc.csum_offset, &v, 2);
	out->csum_start = loc.l4;
	out->csum_offset = loc.csum_offset;
	out->end = loc.end;
	out->proto = (uint8_t)loc.proto;
	out->ipv6 = (uint8_t)loc.v6;
	return 0;
}
