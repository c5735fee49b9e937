/* SPDX-License-Identifier: MIT */
/*
 * packet/ip.c - IPv4 and IPv6 layers: verify the IPv4 header checksum,
 * bound the packet by its own length field, and find what the upper layer
 * needs for its pseudo-header: the final destination, the home address,
 * the upper-layer length and protocol.
 *
 * The packet, not the frame, is checksummed: Ethernet pads short frames to
 * 60 bytes, and those pad bytes lie past the IP total length (or IPv6
 * payload length) and are never summed.  A length field that claims more
 * than its container holds makes the upper layer UNVERIFIED ("length"); a
 * claim that only the snapshot length cut short gives "truncated".
 */
#include "packet_internal.h"

#define IPV4_MIN_HLEN	20	/* RFC 791: IHL of 5 32-bit words */
#define IPV4_CSUM_OFF	10
#define IPV4_MF		0x2000	/* more-fragments flag in the flags word */
#define IPV4_OFFSET	0x1fff	/* fragment offset, 8-byte units */
#define IPOPT_EOL	0
#define IPOPT_NOP	1
#define IPOPT_LSRR	131	/* RFC 791 loose source and record route */
#define IPOPT_SSRR	137	/* RFC 791 strict source and record route */
/* Source route option: type, length, pointer, then 4-byte addresses. */
#define SRR_HDR		3
#define SRR_PTR_MIN	4

#define IPV6_HLEN	40	/* RFC 8200 section 3 */
#define IPV6_ADDR	16
#define IP6OPT_PAD1	0
#define IP6OPT_HOME	201	/* RFC 6275 section 6.3, 16-byte address */

/*
 * Walk the IPv4 options (RFC 791 section 3.1) for a source route.  While
 * the route is not used up (pointer <= length), the packet's destination is
 * the last address of the route data: that is the final destination that
 * the sender's pseudo-header used (RFC 1122; RFC 9293 section 3.1, the
 * pseudo-header's destination address).  Once it is used up, the header's
 * destination already is the final one.  Returns NULL, or a reason when
 * the options are malformed.  Shared with offload.c (packet_internal.h).
 */
const char *
inetcsum_pkt_ipv4_options(const u8 *h, size_t hlen, const u8 **dst)
{
	size_t i = IPV4_MIN_HLEN;
	int seen_route = 0;

	while (i < hlen) {
		unsigned type = h[i], len;

		if (type == IPOPT_EOL)
			break;
		if (type == IPOPT_NOP) {
			i++;
			continue;
		}
		if (hlen - i < 2)
			return "ip options";
		len = h[i + 1];
		if (len < 2 || len > hlen - i)
			return "ip options";
		if (type == IPOPT_LSRR || type == IPOPT_SSRR) {
			unsigned ptr;

			if (len < SRR_HDR || (len - SRR_HDR) % 4 != 0)
				return "ip options";
			ptr = h[i + 2];
			if (ptr < SRR_PTR_MIN)
				return "ip options";
			/* At most one source route is meaningful. */
			if (!seen_route && ptr <= len && len >= SRR_HDR + 4)
				*dst = h + i + len - 4;
			seen_route = 1;
		}
		i += len;
	}
	return NULL;
}

/*
 * A length field that lies, or options whose lengths do not fit their
 * header, make a packet malformed whatever it carries, and every entry
 * point must see it before it writes anything: inetcsum_ip_fill() refuses
 * the packet, and a checker must be able to tell.  The upper layer that
 * depends on it says so in its reason ("length", "ip options"); when no
 * layer does (a protocol without a checked checksum, a non-first
 * fragment, a tunnel that is not entered, GRE without a checksum, a UDP
 * field that is zero and so reported from the field alone, IPv6 with no
 * next header or ESP), 'lie' becomes the note, replacing any note the
 * packet's contents set: the lie was found first, at the IP header.
 * 'n0' and 'note0' are the layer count and the note before the upper
 * layers were parsed.
 */
static void
report_lie(struct pctx *c, const struct ipinfo *ip, const char *lie,
	   size_t n0, const char *note0)
{
	size_t i;

	if (lie == NULL || note0 != NULL)
		return;
	for (i = n0; i < c->out->nlayers; i++)
		if (c->out->layers[i].reason != NULL &&
		    strcmp(c->out->layers[i].reason, ip->reason) == 0)
			return;
	c->out->note = lie;
}

void
inetcsum_pkt_ipv4(struct pctx *c, size_t off, size_t end)
{
	struct inetcsum_layer *l;
	struct ipinfo ip;
	const char *lie = NULL, *note0;
	const u8 *h;
	size_t hlen, tot, n0;
	unsigned frag;

	/* Nothing past 'end' is looked at: those bytes are not the packet's
	 * (an empty tunnel payload holds no header, whatever follows it). */
	if (have(c, off, 1) && off < end && c->f[off] >> 4 != 4) {
		set_note(c, "not an IPv4 header (version)");
		return;
	}
	l = inetcsum_pkt_layer(c, INETCSUM_PROTO_IPV4, off + IPV4_CSUM_OFF);
	if (l == NULL || !have(c, off, 1))
		return;
	if (off >= end) {
		l->reason = c->quoted ? "quoted" : "length";
		return;
	}
	h = c->f + off;
	hlen = (size_t)(h[0] & 15) * 4;
	if (hlen < IPV4_MIN_HLEN) {
		l->reason = "header length";
		return;
	}
	if (off > end || hlen > end - off) {
		/* A quote may end inside the header it quotes. */
		l->reason = c->quoted ? "quoted" : "length";
		return;
	}
	if (!have(c, off, hlen))
		return;		/* "truncated" */
	if (l->stored != 0 && l->stored != 0xffff &&
	    inetcsum_ipv4_header(h, (unsigned)(hlen / 4)) == 0) {
		/* The fast path: valid as it stands, and not a zero (which
		 * may be the other zero: verdict.c computes 'expected'). */
		l->status = INETCSUM_GOOD;
		l->expected = l->stored;
		l->reason = NULL;
	} else {
		inetcsum_pkt_verify(c, l, off, hlen, 0, 0, 0);
	}

	ip.src = h + 12;
	ip.dst = h + 16;
	ip.v6 = 0;
	ip.reason = NULL;
	ip.end = end;
	tot = be16(h + 2);
	frag = be16(h + 6);
	if (c->quoted) {
		/*
		 * A quote holds the start of the packet (RFC 792); when the
		 * packet's own total length fits in it, it holds the whole
		 * packet and the upper layer can be verified (l4.c, icmp()).
		 * A total length that does not fit is a cut, not a lie.
		 */
		if (tot >= hlen && tot <= end - off)
			ip.end = off + tot;
		else
			ip.reason = "quoted";
	} else if (tot < hlen) {
		ip.reason = "length";
		lie = "IPv4 total length below its header length";
	} else if (tot > end - off) {
		ip.reason = "length";
		lie = "IPv4 total length past its packet";
	} else {
		ip.end = off + tot;
	}
	n0 = c->out->nlayers;
	note0 = c->out->note;
	if (frag & IPV4_OFFSET) {
		/* No upper-layer header here (RFC 791). */
		set_note(c, "non-first IPv4 fragment");
		report_lie(c, &ip, lie, n0, note0);
		return;
	}
	if ((frag & IPV4_MF) && ip.reason == NULL)
		ip.reason = "fragment";
	if (hlen > IPV4_MIN_HLEN) {
		const char *r = inetcsum_pkt_ipv4_options(h, hlen, &ip.dst);

		if (r != NULL && ip.reason == NULL) {
			ip.reason = r;
			lie = "IPv4 options malformed";
		}
	}
	inetcsum_pkt_upper(c, &ip, h[9], off + hlen);
	report_lie(c, &ip, lie, n0, note0);
}

/*
 * Destination options (RFC 8200 section 4.6): find a Home Address option
 * (RFC 6275 section 6.3), whose address replaces the source in the
 * pseudo-header of the upper layer (RFC 6275 section 6.3).
 */
static const char *
ipv6_dstopts(const u8 *p, size_t hl, const u8 **src)
{
	size_t i = 2;

	while (i < hl) {
		unsigned type = p[i], len;

		if (type == IP6OPT_PAD1) {
			i++;
			continue;
		}
		if (hl - i < 2)
			return "ip options";
		len = p[i + 1];
		if (len > hl - i - 2)
			return "ip options";
		if (type == IP6OPT_HOME) {
			if (len != IPV6_ADDR)
				return "ip options";
			*src = p + i + 2;
		}
		i += 2 + len;
	}
	return NULL;
}

/*
 * Routing header (RFC 8200 section 4.4).  With segments left, the header's
 * destination is an intermediate hop and the pseudo-header uses the final
 * one (RFC 8200 section 8.1): for type 0 (RFC 2460, deprecated by RFC 5095
 * but still seen in captures) and type 2 (RFC 6275 section 6.4) the last
 * address of the header, for the segment routing header (type 4, RFC 8754
 * section 2) Segment List[0], which is stored first.
 */
static const char *
ipv6_routing(const u8 *p, size_t hl, const u8 **dst)
{
	unsigned type = p[2], left = p[3];
	size_t n = (hl - 8) / IPV6_ADDR;

	if (left == 0)
		return NULL;
	switch (type) {
	case 0:
	case 2:
		/* Hdr Ext Len is twice the number of addresses. */
		if (n == 0 || (p[1] & 1) || (type == 2 && n != 1))
			return "routing header";
		*dst = p + 8 + (n - 1) * IPV6_ADDR;
		return NULL;
	case 4:
		if (n == 0)
			return "routing header";
		*dst = p + 8;
		return NULL;
	}
	return "routing header";
}

void
inetcsum_pkt_ipv6(struct pctx *c, size_t off, size_t end)
{
	struct ipinfo ip;
	const char *lie = NULL, *note0;
	const u8 *h;
	size_t p, plen, n0;
	unsigned nh;

	/* As for IPv4, only the packet's own bytes decide (not what follows
	 * 'end'), and a header longer than its packet is that, not a cut. */
	if (have(c, off, 1) && off < end && c->f[off] >> 4 != 6) {
		set_note(c, "not an IPv6 header (version)");
		return;
	}
	if (off > end || end - off < IPV6_HLEN) {
		set_note(c, "IPv6 header longer than its packet");
		return;
	}
	if (!have(c, off, IPV6_HLEN)) {
		set_note(c, "truncated in the IPv6 header");
		return;
	}
	h = c->f + off;
	plen = be16(h + 4);
	nh = h[6];
	ip.src = h + 8;
	ip.dst = h + 24;
	ip.v6 = 1;
	ip.reason = NULL;
	ip.end = end;
	if (c->quoted && (plen == 0 || plen > end - off - IPV6_HLEN))
		ip.reason = "quoted";	/* cut (or a jumbogram): see IPv4 */
	else if (c->quoted)
		ip.end = off + IPV6_HLEN + plen;
	else if (plen == 0 && nh == IP6_HOPOPTS)
		ip.reason = "jumbogram";	/* RFC 2675: length elsewhere */
	else if (plen > end - off - IPV6_HLEN) {
		ip.reason = "length";
		lie = "IPv6 payload length past its packet";
	} else {
		ip.end = off + IPV6_HLEN + plen;
	}
	n0 = c->out->nlayers;
	note0 = c->out->note;

	/* Each extension header is at least 8 bytes: the walk ends. */
	for (p = off + IPV6_HLEN;;) {
		const char *r = NULL;
		size_t hl;

		switch (nh) {
		case IP6_HOPOPTS:
		case IP6_DSTOPTS:
		case IP6_ROUTING:
		case IP6_FRAGMENT:
		case IP6_AH:
			break;
		case IP6_ESP:
			set_note(c, "ESP: payload encrypted");
			goto done;
		case IP6_NONE:
			goto done;
		default:
			inetcsum_pkt_upper(c, &ip, nh, p);
			goto done;
		}
		if (!have(c, p, 2)) {
			set_note(c, "truncated in an IPv6 extension header");
			goto done;
		}
		/* Lengths: RFC 8200 4.3-4.5 (8-byte units, less the first),
		 * RFC 4302 2.2 (AH: 4-byte units, less 2). */
		if (nh == IP6_FRAGMENT)
			hl = 8;
		else if (nh == IP6_AH)
			hl = ((size_t)c->f[p + 1] + 2) * 4;
		else
			hl = ((size_t)c->f[p + 1] + 1) * 8;
		if (p > ip.end || hl > ip.end - p) {
			set_note(c, c->quoted ? "quote ends in an IPv6 "
				 "extension header" : "IPv6 extension header "
				 "past its packet");
			goto done;
		}
		if (!have(c, p, hl)) {
			set_note(c, "truncated in an IPv6 extension header");
			goto done;
		}
		if (nh == IP6_DSTOPTS) {
			r = ipv6_dstopts(c->f + p, hl, &ip.src);
		} else if (nh == IP6_ROUTING) {
			r = ipv6_routing(c->f + p, hl, &ip.dst);
		} else if (nh == IP6_FRAGMENT) {
			unsigned fo = be16(c->f + p + 2);

			if (fo >> 3) {
				set_note(c, "non-first IPv6 fragment");
				goto done;
			}
			/* Offset 0 without M: an atomic fragment (RFC 6946). */
			if (fo & 1)
				r = "fragment";
		}
		if (r != NULL && ip.reason == NULL) {
			ip.reason = r;
			if (nh == IP6_DSTOPTS)
				lie = "IPv6 destination options malformed";
		}
		nh = c->f[p];
		p += hl;
	}
done:
	report_lie(c, &ip, lie, n0, note0);
}
