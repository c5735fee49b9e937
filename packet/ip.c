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
 *
 * Packets longer than their 16-bit length field
 * ---------------------------------------------
 * A sending host captures TSO and BIG TCP super-packets before the NIC or
 * GSO cuts them, and some of them say nothing of their length:
 *   - IPv4 total length 0.  Linux BIG TCP (6.3+) writes 0 when skb->len
 *     does not fit 16 bits, and captures taken before a NIC fills the
 *     field in show 0 at any size.  The packet then ends where its
 *     container does (the frame, or the tunnel payload that holds it), as
 *     tshark takes it (ip.tso_support, on by default) and tcpdump
 *     ("presumed TSO").  Only 0 means that: any other length that does not
 *     fit is a lie as before.  The IPv4 layer's reason says where the
 *     length came from ("length from frame").
 *   - IPv6 payload length 0 with a Jumbo Payload option (RFC 2675) in the
 *     hop-by-hop header, as Linux BIG TCP (5.19+) writes it: the option's
 *     32-bit length counts every byte after the IPv6 header.  It is taken
 *     under the rules of RFC 2675 section 3 and Linux's ipv6_hop_jumbo():
 *     option data length 4, alignment 4n+2, a jumbo length above 65535
 *     and within the packet, a payload length of 0, and no fragment
 *     header.  A packet that breaks one of them is a jumbogram nobody
 *     would accept: its upper layer is UNVERIFIED ("jumbogram", or
 *     "length" for a jumbo length past the packet), and the rule it broke
 *     is the note when no layer shows it (inetcsum_pkt_report_lie()).
 *   - IPv6 payload length 0 without a hop-by-hop header, on a packet
 *     whose payload is longer than 65535 bytes: BIG TCP since Linux drops
 *     the jumbo header (tcpdump reads it so, and so does offload.c).
 *     Shorter, a payload length 0 still means an empty payload.
 * The upper layer then uses the 32-bit length in its pseudo-header (RFC
 * 2675 section 4; pseudo_sum() in packet_internal.h for IPv4), so a TCP or UDP field that holds the
 * pseudo-header sum is PARTIAL, as for any offloaded packet.
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
#define IPV6_MAXPLEN	0xffffu	/* the largest 16-bit payload length */
#define SHIM6_P		0x80	/* byte 2: a payload extension header */
#define SHIM6_CSUM_OFF	4

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
			/*
			 * A pointer below the route data, a live one with no
			 * whole address under it, or a second source route
			 * (RFC 791: "at most once") is an error that Linux
			 * drops the packet for (ip_options_compile(),
			 * ip_options_rcv_srr()).
			 */
			if (ptr < SRR_PTR_MIN || seen_route ||
			    (ptr <= len && ptr + 3 > len))
				return "ip options";
			if (ptr <= len)
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
 * layers were parsed; 'reason' is the one a layer would carry.  The
 * link layer's lengths (802.3, ISL: link.c) are reported so too.
 */
void
inetcsum_pkt_report_lie(struct pctx *c, const char *reason, const char *lie,
			size_t n0, const char *note0)
{
	size_t i;

	if (lie == NULL || note0 != NULL)
		return;
	for (i = n0; i < c->out->nlayers; i++)
		if (c->out->layers[i].reason != NULL &&
		    strcmp(c->out->layers[i].reason, reason) == 0)
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
	if (l == NULL)
		return;
	/* An empty container first: "truncated" (the layer's default when
	 * nothing of it was captured) is for a snapshot cut, and a payload
	 * that ends where the frame does was not cut. */
	if (off >= end) {
		l->reason = c->quoted ? "quoted" : "length";
		return;
	}
	if (!have(c, off, 1))
		return;
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
		 * may be the other zero: verdict.c computes 'expected').
		 * Fill and fix get the cover with the header length read
		 * here: read again later, from a buffer another thread may
		 * write, it could be anything. */
		if (c->cov != NULL) {
			struct cover w;

			memset(&w, 0, sizeof(w));
			w.start = off;
			w.len = hlen;
			w.field = off + IPV4_CSUM_OFF;
			inetcsum_pkt_cover_set(c, l, &w);
		}
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
	ip.dst_unknown = 0;
	ip.tso = 0;
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
	} else if (tot == 0) {
		/* TSO or BIG TCP (see the top of this file): the packet is
		 * the rest of its container. */
		ip.end = end;
		ip.tso = 1;
		l->reason = "length from frame";
	} else if (tot < hlen) {
		ip.reason = "length";
		lie = "IPv4 total length below its header length";
	} else if (tot > end - off) {
		ip.reason = "length";
		lie = "IPv4 total length past its packet";
	} else {
		ip.end = off + tot;
	}
	/*
	 * The options before the fragment test: malformed options make any
	 * fragment malformed too (Linux's ip_options_compile() drops the
	 * packet before reassembly), and a non-first fragment has no upper
	 * layer to show it, so the lie becomes the note.
	 */
	if (hlen > IPV4_MIN_HLEN) {
		const char *r = inetcsum_pkt_ipv4_options(h, hlen, &ip.dst);

		if (r != NULL && ip.reason == NULL) {
			ip.reason = r;
			lie = "IPv4 options malformed";
		}
	}
	n0 = c->out->nlayers;
	note0 = c->out->note;
	if (frag & IPV4_OFFSET) {
		/* No upper-layer header here (RFC 791). */
		set_note(c, "non-first IPv4 fragment");
		inetcsum_pkt_report_lie(c, ip.reason, lie, n0, note0);
		return;
	}
	if ((frag & IPV4_MF) && ip.reason == NULL)
		ip.reason = "fragment";
	inetcsum_pkt_upper(c, &ip, h[9], off + hlen);
	inetcsum_pkt_report_lie(c, ip.reason, lie, n0, note0);
}

/*
 * Destination options (RFC 8200 section 4.6): find a Home Address option
 * (RFC 6275 section 6.3), whose address replaces the source in the
 * pseudo-header of the upper layer.  '*src' is still 'own', the IPv6
 * header's source, unless an earlier header had one: a second Home Address
 * option in the packet is malformed, as Linux's ipv6_dest_hao() drops it
 * ("hao duplicated"), and so is one whose data is not an address.
 */
static const char *
ipv6_dstopts(const u8 *p, size_t hl, const u8 **src, const u8 *own)
{
	size_t i, at;

	for (i = 2; (at = inetcsum_pkt_ipv6_opt(p, hl, &i)) < hl;) {
		if (i > hl)
			return "ip options";
		if (p[at] == IP6OPT_HOME) {
			if (p[at + 1] != IPV6_ADDR || *src != own)
				return "ip options";
			*src = p + at + 2;
		}
	}
	return NULL;
}

/*
 * Routing header (RFC 8200 section 4.4).  With segments left, the header's
 * destination is an intermediate hop and the pseudo-header uses the final
 * one (RFC 8200 section 8.1): for type 0 (RFC 2460, deprecated by RFC 5095
 * but still seen in captures) and type 2 (RFC 6275 section 6.4) the last
 * address of the header, for the segment routing header (type 4, RFC 8754
 * section 2) Segment List[0], which is stored first.  More segments left
 * than the header has addresses (RFC 2460 section 4.4, RFC 6275 section
 * 6.4: exactly 1 for type 2, RFC 8754 section 4.3.1.1: at most Last Entry
 * + 1) is an error a node drops the packet for: its final destination is
 * unknown.  Shared with offload.c (packet_internal.h).
 */
const char *
inetcsum_pkt_ipv6_routing(const u8 *p, size_t hl, const u8 **dst)
{
	unsigned type = p[2], left = p[3];
	size_t n = (hl - 8) / IPV6_ADDR;

	if (left == 0)
		return NULL;
	switch (type) {
	case 0:
	case 2:
		/* Hdr Ext Len is twice the number of addresses. */
		if (n == 0 || (p[1] & 1) || left > n ||
		    (type == 2 && n != 1))
			return "routing header";
		*dst = p + 8 + (n - 1) * IPV6_ADDR;
		return NULL;
	case 4:
		/* Last Entry (byte 4) indexes the list from 0. */
		if (n == 0 || (size_t)p[4] + 1 > n || left > (size_t)p[4] + 1)
			return "routing header";
		*dst = p + 8;
		return NULL;
	}
	return "routing header";
}

/*
 * What the hop-by-hop header says of a jumbogram (RFC 2675 section 2).
 * JUMBO_UNSEEN: the header is not all captured or runs past 'end', so
 * nothing is known (the walk in inetcsum_pkt_ipv6() says which).
 */
enum jumbo { JUMBO_NONE, JUMBO_OK, JUMBO_BAD, JUMBO_UNSEEN };

/*
 * Look for a Jumbo Payload option in the hop-by-hop header at 'p' (up to
 * 'end'), the one header that may carry it (RFC 2675 section 2).  An
 * option of data length 4 at an offset of 4n+2 from the IPv6 header (the
 * header is 40 bytes, so the same from the hop-by-hop header) is JUMBO_OK
 * with '*jlen' set; any other length or place is JUMBO_BAD, as Linux's
 * ipv6_hop_jumbo() drops it.  Two of them are JUMBO_BAD too: Linux would
 * check each, but their lengths could disagree, and RFC 2675 has one
 * length per packet.  Options whose lengths overrun the header end the walk: the
 * walk of the packet's other headers does not judge hop-by-hop options
 * either, so a jumbo option is only seen where it is well formed.
 */
static enum jumbo
ipv6_jumbo(const struct pctx *c, size_t p, size_t end, u32 *jlen)
{
	enum jumbo r = JUMBO_NONE;
	const u8 *o;
	size_t i, at, hl;

	if (p > end || end - p < 2 || !have(c, p, 2))
		return JUMBO_UNSEEN;
	hl = ((size_t)c->f[p + 1] + 1) * 8;
	if (hl > end - p || !have(c, p, hl))
		return JUMBO_UNSEEN;
	o = c->f + p;
	for (i = 2; (at = inetcsum_pkt_ipv6_opt(o, hl, &i)) < hl;) {
		if (i > hl)
			break;
		if (o[at] == IP6OPT_JUMBO) {
			if (r != JUMBO_NONE || o[at + 1] != 4 || at % 4 != 2)
				return JUMBO_BAD;
			*jlen = be32(o + at + 2);
			r = JUMBO_OK;
		}
	}
	return r;
}

/*
 * Shim6 (RFC 5533 section 5), the extension header of next header 140,
 * 'hl' bytes at 'p', all captured and within the packet.  A control
 * message (P bit clear) carries a checksum over the header alone, with
 * no pseudo-header, so that locators may change under it (section 5.3);
 * a payload extension header (P set) has none.  Both are stepped over to
 * the next header, as Wireshark's packet-shim6.c does.
 */
static void
shim6(struct pctx *c, const struct ipinfo *ip, size_t p, size_t hl)
{
	struct inetcsum_layer *l;

	if (c->f[p + 2] & SHIM6_P)
		return;
	l = inetcsum_pkt_layer(c, INETCSUM_PROTO_SHIM6, p + SHIM6_CSUM_OFF);
	if (l == NULL)
		return;
	l->reason = ip_reason_beyond_pseudo(ip);
	if (l->reason == NULL)
		inetcsum_pkt_verify(c, l, p, hl, 0, 0, 0);
}

void
inetcsum_pkt_ipv6(struct pctx *c, size_t off, size_t end)
{
	struct ipinfo ip;
	const char *lie = NULL, *note0;
	const u8 *h;
	size_t p, plen, n0, room;
	unsigned nh;
	enum jumbo jumbo = JUMBO_NONE;
	u32 jlen = 0;

	/* As for IPv4, only the packet's own bytes decide (not what follows
	 * 'end'), and a header longer than its packet is that, not a cut. */
	if (have(c, off, 1) && off < end && c->f[off] >> 4 != 6) {
		set_note(c, "not an IPv6 header (version)");
		return;
	}
	if (off > end || end - off < IPV6_HLEN) {
		/* In a quote, a cut, not a lie (as for IPv4: "quoted"). */
		set_note(c, c->quoted ? "quote ends in the IPv6 header" :
			 "IPv6 header longer than its packet");
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
	ip.dst_unknown = 0;
	ip.tso = 0;
	ip.end = end;
	room = end - off - IPV6_HLEN;	/* what the container holds */
	if (!c->quoted && nh == IP6_HOPOPTS)
		jumbo = ipv6_jumbo(c, off + IPV6_HLEN, end, &jlen);
	if (c->quoted && (plen == 0 || plen > room)) {
		ip.reason = "quoted";	/* cut (or a jumbogram): see IPv4 */
	} else if (c->quoted) {
		ip.end = off + IPV6_HLEN + plen;
	} else if (plen > room) {
		ip.reason = "length";
		lie = "IPv6 payload length past its packet";
	} else if (plen != 0) {
		ip.end = off + IPV6_HLEN + plen;
		/* RFC 2675 section 3: a jumbo option beside a payload length
		 * is an error (ICMP Parameter Problem), whatever it says. */
		if (jumbo == JUMBO_OK || jumbo == JUMBO_BAD) {
			ip.reason = "jumbogram";
			lie = "IPv6 jumbo payload option beside a payload "
			      "length";
		}
	} else if (nh != IP6_HOPOPTS) {
		/* BIG TCP without the jumbo header; else an empty payload. */
		if (room <= IPV6_MAXPLEN)
			ip.end = off + IPV6_HLEN;
	} else if (jumbo == JUMBO_OK) {
		/* The walk below is bounded by the container until the jumbo
		 * length is known to fit it. */
		if (jlen > room) {
			ip.reason = "length";
			lie = "IPv6 jumbo payload length past its packet";
		} else {
			ip.end = off + IPV6_HLEN + jlen;
			if (jlen <= IPV6_MAXPLEN) {
				ip.reason = "jumbogram";
				lie = "IPv6 jumbo payload length below 65536";
			}
		}
	} else if (jumbo == JUMBO_BAD) {
		ip.reason = "jumbogram";
		lie = "IPv6 jumbo payload option malformed";
	} else if (jumbo == JUMBO_NONE) {
		ip.reason = "jumbogram";
		lie = "IPv6 payload length 0 without a jumbo payload option";
	}
	/* JUMBO_UNSEEN: the walk notes the cut or overlong header. */
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
		case IP6_SHIM6:
			break;
		case IP6_ESP:
			set_note(c, "not parsable (encrypted): ESP");
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
		if (nh == IP6_SHIM6)
			shim6(c, &ip, p, hl);
		if (nh == IP6_HOPOPTS && p != off + IPV6_HLEN) {
			/* RFC 8200 section 4.1: only right after the IPv6
			 * header.  Linux parses it there alone; anywhere else
			 * it is an unknown next header (ICMPv6 Parameter
			 * Problem, the packet dropped), and offload.c's
			 * callers refuse it too (EPROTO). */
			r = "ip options";
		} else if (nh == IP6_DSTOPTS) {
			r = ipv6_dstopts(c->f + p, hl, &ip.src, h + 8);
		} else if (nh == IP6_ROUTING) {
			r = inetcsum_pkt_ipv6_routing(c->f + p, hl, &ip.dst);
		} else if (nh == IP6_FRAGMENT) {
			unsigned fo = be16(c->f + p + 2);

			/* RFC 2675 section 3: a jumbogram is not fragmented. */
			if (plen == 0 && jumbo == JUMBO_OK && !c->quoted &&
			    (ip.reason == NULL || ip.dst_unknown)) {
				ip.reason = "jumbogram";
				ip.dst_unknown = 0;
				lie = "IPv6 jumbogram with a fragment header";
			}
			if (fo >> 3) {
				set_note(c, "non-first IPv6 fragment");
				goto done;
			}
			/* Offset 0 without M: an atomic fragment (RFC 6946). */
			if (fo & 1)
				r = "fragment";
		}
		/*
		 * The first reason stands, except that an unknown final
		 * destination gives way to any later one: it alone spares
		 * the layers without a pseudo-header (struct ipinfo).
		 */
		if (r != NULL && (ip.reason == NULL || ip.dst_unknown)) {
			ip.reason = r;
			ip.dst_unknown = nh == IP6_ROUTING;
			if (nh == IP6_DSTOPTS)
				lie = "IPv6 destination options malformed";
			else if (nh == IP6_HOPOPTS)
				lie = "IPv6 hop-by-hop header not first";
		}
		nh = c->f[p];
		p += hl;
	}
done:
	inetcsum_pkt_report_lie(c, ip.reason, lie, n0, note0);
}
