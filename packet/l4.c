/* SPDX-License-Identifier: MIT */
/*
 * packet/l4.c - the protocols above IP: TCP, UDP, UDP-Lite, ICMP, ICMPv6,
 * IGMP and GRE checksums, the tunnels (IP in IP, GRE, MPLS in IP, Ethernet
 * in IP) that lead to more layers, and the packets quoted inside ICMP
 * errors.
 *
 * Coverage and pseudo-headers:
 *   TCP       segment, pseudo-header with the IP payload length (RFC 9293
 *             section 3.1; RFC 8200 section 8.1 for IPv6)
 *   UDP       the UDP length field's bytes, pseudo-header with that length
 *             (RFC 768), or with a length 0 the whole IP payload when it
 *             is longer than 65535 bytes (RFC 2675 section 4); a zero
 *             checksum means "no checksum" over IPv4 and is illegal over
 *             IPv6 (RFC 8200 section 8.1)
 *   UDP-Lite  the first 'coverage' bytes (0: all), pseudo-header with the
 *             IP payload length; zero is always illegal (RFC 3828 3.1)
 *   ICMP      the message, no pseudo-header (RFC 792)
 *   ICMPv6    the message, pseudo-header (RFC 4443 section 2.3)
 *   IGMP      the message, no pseudo-header (RFC 2236 section 2.3,
 *             RFC 3376 section 4.1.2); PIMv1 (IGMP type 0x14) the same,
 *             reported as PIM
 *   GRE       header and payload, only when the C bit is set (RFC 2784
 *             section 2.5; key and sequence fields of RFC 2890)
 *
 * PIM, VRRP/CARP, OSPF, RSVP, EIGRP, DCCP and SCTP are in l4_other.c.
 */
#include "packet_internal.h"

#define TCP_MIN_HLEN	20	/* RFC 9293 section 3.1: data offset 5 */
#define TCP_CSUM_OFF	16
#define TCP_DOFF_OFF	12	/* data offset: the high nibble */
#define UDP_HLEN	8	/* RFC 768 */
#define UDP_LEN_OFF	4	/* length (UDP), checksum coverage (UDP-Lite) */
#define UDP_CSUM_OFF	6
#define ICMP_HLEN	8	/* type, code, checksum, 4 bytes of rest */
#define ICMP_CSUM_OFF	2
#define IGMP_MIN_LEN	8	/* RFC 2236: the IGMPv2 message */
#define IGMP_CSUM_OFF	2
#define IGMP_PIMV1	0x14	/* the IGMP type of PIM version 1 */

/* GRE flags word (RFC 2784 section 2; K and S from RFC 2890 section 2). */
#define GRE_C		0x8000	/* checksum and reserved1 present */
#define GRE_R		0x4000	/* RFC 1701 routing: offset field, SREs */
#define GRE_K		0x2000
#define GRE_S		0x1000
#define GRE_VERSION	0x0007	/* 0 here; 1 is PPTP's GRE (RFC 2637) */
#define GRE_A		0x0080	/* PPTP: acknowledgment number present */
#define GRE_PPP		0x880b	/* PPTP's payload type */
#define GRE_BASE_HLEN	4
#define GRE_OPT_LEN	4	/* each optional field group is 4 bytes */
#define GRE_CSUM_OFF	4
#define ETH_P_TEB	0x6558	/* transparent Ethernet bridging */
#define ETH_P_ERSPAN	0x88be	/* ERSPAN types I and II */
#define ETH_P_ERSPAN3	0x22eb	/* ERSPAN type III */
#define ETH_P_WCCP	0x883e	/* WCCP redirection (tunnel.c) */
#define ETH_P_CDP	0x2000	/* Cisco Discovery Protocol (wifi.c) */
#define GRE_P_OSI	0x00fe	/* OSI network layer (Cisco's CLNS/IS-IS) */
#define GRE_P_NHRP	0x2001	/* NHRP, Cisco's DMVPN (nhrp.c) */
#define ETHERIP_HLEN	2	/* version, reserved (RFC 3378 section 3) */

/* The pseudo-header sum for 'len' (packet_internal.h: 32-bit lengths). */
static u32
pseudo(const struct ipinfo *ip, unsigned proto, size_t len)
{
	return pseudo_sum(ip->src, ip->dst, ip->v6, proto, len);
}

/*
 * A layer covering the whole IP payload: TCP, ICMP, ICMPv6, IGMP.
 * 'min' is the smallest valid message; 'ph' asks for a pseudo-header.
 */
static struct inetcsum_layer *
whole(struct pctx *c, const struct ipinfo *ip, enum inetcsum_proto p,
      unsigned proto, size_t off, size_t field_off, size_t min, int ph)
{
	struct inetcsum_layer *l;
	size_t plen = ip->end - off;

	l = inetcsum_pkt_layer(c, p, off + field_off);
	if (l == NULL)
		return NULL;
	if (ip->reason != NULL)
		l->reason = ip->reason;
	else if (plen < min)
		l->reason = "length";
	else if (p == INETCSUM_PROTO_TCP && have(c, off + TCP_DOFF_OFF, 1) &&
		 (size_t)(c->f[off + TCP_DOFF_OFF] >> 4) * 4 < TCP_MIN_HLEN)
		l->reason = "header length";	/* data offset below 5 */
	else if (p == INETCSUM_PROTO_TCP && ip->tso)
		inetcsum_pkt_verify_tso(c, l, off, plen,
					pseudo(ip, proto, plen),
					pseudo(ip, proto, 0), 0);
	else
		inetcsum_pkt_verify(c, l, off, plen,
				    ph ? pseudo(ip, proto, plen) : 0, 0,
				    p == INETCSUM_PROTO_TCP);
	return l;
}

/* UDP (RFC 768) and UDP-Lite (RFC 3828). */
static void
udp(struct pctx *c, const struct ipinfo *ip, unsigned proto, size_t off)
{
	int lite = proto == IPPROTO_UDPLITE;
	size_t plen = ip->end - off;
	struct inetcsum_layer *l;
	size_t len = 0;
	int zero, tunnel = 0;

	l = inetcsum_pkt_layer(c, lite ? INETCSUM_PROTO_UDPLITE :
				   INETCSUM_PROTO_UDP, off + UDP_CSUM_OFF);
	if (l == NULL)
		return;
	/* A field past the IP payload is not the datagram's: "length". */
	zero = plen >= UDP_HLEN && have(c, off + UDP_CSUM_OFF, 2) &&
	       l->stored == 0;
	if (ip->reason != NULL) {
		/* Also a quote cut short ("quoted"): see the zero below. */
		l->reason = ip->reason;
	} else if (plen < UDP_HLEN) {
		l->reason = "length";
	} else if (!have(c, off + UDP_LEN_OFF, 2)) {
		l->reason = "truncated";
	} else {
		len = be16(c->f + off + UDP_LEN_OFF);
		if (lite && len == 0)
			len = plen;	/* coverage 0: the whole datagram */
		/* RFC 2675 section 4: a datagram longer than 16 bits says 0
		 * and is as long as its IP payload (a jumbogram, or IPv4 BIG
		 * TCP's total length 0, where tcpdump does the same). */
		if (!lite && len == 0 && plen > 0xffff)
			len = plen;
		if (len < UDP_HLEN || len > plen) {
			l->reason = lite ? "coverage" : "length";
			/*
			 * A zero field hides the reason below, and the
			 * length still lies: the note says so (fill refuses
			 * the packet, ip_packet.c).
			 */
			if (zero)
				set_note(c, lite ? "UDP-Lite coverage outside "
					 "its datagram" : "UDP length outside "
					 "its IP payload");
		} else {
			if (!lite && ip->tso)
				inetcsum_pkt_verify_tso(c, l, off, len,
						pseudo(ip, proto, len),
						pseudo(ip, proto, 0), 1);
			else
				inetcsum_pkt_verify(c, l, off, len,
						pseudo(ip, proto,
						lite ? plen : len), 1, !lite);
			/* A quoted datagram is reported, not entered. */
			tunnel = !lite && !c->quoted && have(c, off, 4);
		}
	}
	if (zero && (!(ip->v6 || lite) || !c->quoted || ip->reason == NULL)) {
		/*
		 * Known from the field alone, whatever else is wrong: zero is
		 * "no checksum" for UDP over IPv4 (also in a quote cut short,
		 * where tshark says "not present" too) and is never valid for
		 * UDP over IPv6 or for UDP-Lite.  A cut quote of those stays
		 * "quoted": the sender's packet is not this one to call
		 * illegal, and no fill can reach its field.
		 */
		inetcsum_pkt_zero_field(c, l, (ip->v6 || lite) ?
					INETCSUM_ILLEGAL : INETCSUM_NONE);
	}
	/* The layer is complete: a tunnel's layers follow it. */
	if (tunnel)
		(void)inetcsum_pkt_udp_tunnel(c, be16(c->f + off),
					      be16(c->f + off + 2),
					      off + UDP_HLEN, off + len);
}

/*
 * PPTP's enhanced GRE (RFC 2637 section 4.1): version 1, protocol 0x880b,
 * the key field always (payload length, call id), the sequence number
 * with S, the acknowledgment number with A; no checksum.  A packet that
 * only acknowledges carries nothing; otherwise a PPP frame follows, to
 * the end of the IP packet, as tshark decodes it (PPP compressed or
 * encrypted by MPPE is then noted as a PPP protocol not parsed).
 */
static void
pptp(struct pctx *c, const struct ipinfo *ip, size_t off, unsigned flags,
     unsigned type)
{
	size_t hlen = GRE_BASE_HLEN + GRE_OPT_LEN;

	if ((flags & GRE_VERSION) != 1 || type != GRE_PPP ||
	    (flags & (GRE_C | GRE_R | GRE_K)) != GRE_K) {
		set_note(c, "GRE version 1 other than PPTP's not parsed");
		return;
	}
	if (flags & GRE_S)
		hlen += GRE_OPT_LEN;
	if (flags & GRE_A)
		hlen += GRE_OPT_LEN;
	if (ip_reason_beyond_pseudo(ip) != NULL || c->quoted)
		return;		/* not entered: see icmp() */
	if (!need(c, off, hlen, ip->end, "GRE header longer than its packet",
		  "truncated in the GRE header"))
		return;
	if (off + hlen == ip->end || !inetcsum_pkt_enter(c))
		return;		/* an acknowledgment alone */
	inetcsum_pkt_ppp(c, off + hlen, ip->end);
	c->depth--;
}

void
inetcsum_pkt_gre(struct pctx *c, const struct ipinfo *ip, size_t off)
{
	size_t plen = ip->end - off;
	size_t hlen = GRE_BASE_HLEN;
	/* No pseudo-header (RFC 2784 section 2.5). */
	const char *reason = ip_reason_beyond_pseudo(ip);
	unsigned flags, type;

	if (!have(c, off, GRE_BASE_HLEN)) {
		set_note(c, "truncated in the GRE header");
		return;
	}
	flags = be16(c->f + off);
	type = be16(c->f + off + 2);
	if ((flags & GRE_VERSION) != 0) {
		pptp(c, ip, off, flags, type);
		return;
	}
	if (flags & (GRE_C | GRE_R))
		hlen += GRE_OPT_LEN;
	if (flags & GRE_K)
		hlen += GRE_OPT_LEN;
	if (flags & GRE_S)
		hlen += GRE_OPT_LEN;
	if (flags & GRE_C) {
		struct inetcsum_layer *l;

		l = inetcsum_pkt_layer(c, INETCSUM_PROTO_GRE,
				       off + GRE_CSUM_OFF);
		if (l == NULL)
			return;
		if (reason != NULL)
			l->reason = reason;
		else if (plen < hlen)
			l->reason = "length";
		else
			inetcsum_pkt_verify(c, l, off, plen, 0, 0, 0);
	}
	if (reason != NULL || c->quoted)
		return;		/* not entered: see icmp() */
	if (flags & GRE_R) {
		set_note(c, "GRE source routing (RFC 1701) not parsed");
		return;
	}
	if (plen < hlen) {
		set_note(c, "GRE header longer than its packet");
		return;
	}
	if (!inetcsum_pkt_enter(c))
		return;
	if (type == ETH_P_TEB)
		inetcsum_pkt_ether(c, off + hlen, ip->end);
	else if (type == ETH_P_ERSPAN || type == ETH_P_ERSPAN3)
		inetcsum_pkt_erspan(c, type, (flags & GRE_S) != 0, off + hlen,
				    ip->end);
	else if (type == ETH_P_WCCP)
		inetcsum_pkt_wccp(c, off + hlen, ip->end);
	else if (type == ETH_P_CDP)
		inetcsum_pkt_cdp(c, off + hlen, ip->end);
	else if (type == GRE_P_NHRP)
		inetcsum_pkt_nhrp(c, off + hlen, ip->end, NULL);
	else if (type != GRE_P_OSI)	/* IS-IS, CLNP: Fletcher sums */
		inetcsum_pkt_ethertype(c, type, off + hlen, ip->end);
	c->depth--;
}

/*
 * ICMP errors quote the IP header and at least 8 bytes of the packet that
 * caused them (RFC 792; RFC 1812 section 4.3.2.3 allows more; RFC 4443
 * section 2.4 for ICMPv6).  The quote is parsed like a packet of its own,
 * bounded by the ICMP message: the quoted IPv4 header checksum is verified
 * whenever the whole header is quoted (also when the outer IP header's
 * length is wrong: the quoted header is self-contained), and the quoted
 * upper layer is verified when the quote is complete, i.e. the quoted IP
 * header's own length (IPv4 total length, IPv6 payload length) fits in
 * it, as tshark and tcpdump do (ip.c decides).  A cut quote leaves the
 * upper layer UNVERIFIED ("quoted").  Tunnels inside a quote are not
 * entered.
 *
 * RFC 4884 extension structures: the "length" field of a destination
 * unreachable, time exceeded or parameter problem message (ICMPv4 types 3,
 * 11, 12: byte 5, in 32-bit words; ICMPv6 types 1 and 3: byte 4, in 64-bit
 * words) gives the size of the padded "original datagram" field, at least
 * 128 bytes (RFC 4884 sections 4.1, 4.5, 5.1).  An extension structure
 * follows it up to the end of the message: a 4-byte header (version 2,
 * reserved, checksum) and objects.  Its checksum covers the structure
 * alone; zero means "no checksum sent" (RFC 4884 section 7).  The outer
 * ICMP checksum covers it too, so the fixer, innermost first, repairs the
 * extension before the ICMP over it (frame.c).  A field that fills the
 * message has no extension after it; a length of zero, or under 128, is
 * read as the pre-RFC 4884 form: see icmp_ext_compat().
 */
#define ICMP_EXT_ORIG_MIN	128	/* RFC 4884 section 5.1 */
#define ICMP_EXT_HLEN		4
#define ICMP_EXT_VERSION	2

static int
icmp_is_error(unsigned type, int v6)
{
	if (v6)
		return type >= 1 && type <= 4;
	return type == 3 || type == 4 || type == 5 || type == 11 || type == 12;
}

/* The types with an RFC 4884 length field (sections 4.1 and 4.5). */
static int
icmp_has_length(unsigned type, int v6)
{
	if (v6)
		return type == 1 || type == 3;
	return type == 3 || type == 11 || type == 12;
}

/*
 * The extension structure from 'off' to 'end' (the end of the ICMP
 * message), and its checksum layer.  'reason' is the outer packet's, if
 * its length cannot be trusted.
 */
static void
icmp_ext(struct pctx *c, const struct ipinfo *ip, size_t off, size_t end)
{
	struct inetcsum_layer *l;

	if (end - off < ICMP_EXT_HLEN) {
		set_note(c, "ICMP extension (RFC 4884) shorter than its header");
		return;
	}
	if (!have(c, off, 1)) {
		set_note(c, "truncated in the ICMP extension header");
		return;
	}
	if (c->f[off] >> 4 != ICMP_EXT_VERSION) {
		set_note(c, "ICMP extension (RFC 4884) version not 2");
		return;
	}
	l = inetcsum_pkt_layer(c, INETCSUM_PROTO_ICMP_EXT, off + 2);
	if (l == NULL)
		return;
	if (ip->reason != NULL) {
		l->reason = ip->reason;
		return;
	}
	/* Zero means "none", so a computed 0 is sent as 0xffff, as in UDP
	 * (the 'udp' rule of inetcsum_pkt_verify()). */
	inetcsum_pkt_verify(c, l, off, end - off, 0, 1, 0);
	if (have(c, off + 2, 2) && l->stored == 0) {
		/* Known from the field: "no checksum transmitted" (RFC 4884
		 * section 7); 'expected' stays the computed value. */
		inetcsum_pkt_zero_field(c, l, INETCSUM_NONE);
	}
}

/*
 * The pre-RFC 4884 form, length 0 (or under 128), as MPLS routers sent it
 * after draft-ietf-mpls-icmp (RFC 4884 section 5.4 describes it): an extension
 * structure at the fixed offset 128 of the original datagram field.  tshark
 * decodes one there when the ICMPv4 message is longer than that and the quoted
 * IPv4 total length fits in the 128 bytes, so that the bytes after them cannot
 * be the datagram's (packet-icmp.c, favor_icmp_mpls off); tcpdump when its
 * checksum verifies.  Here tshark's rule, and the version nibble must be 2
 * (RFC 4884 section 7), where tshark verifies any version: other bytes are
 * more of the original datagram field, which RFC 1812 section 4.3.2.3 allows
 * to be long.  ICMPv4's types 3, 11 and 12 only: tshark also probes source
 * quench and redirect, which RFC 4884 gives no extension, and neither tool
 * probes ICMPv6.  Returns the structure's offset, or 0.
 */
static size_t
icmp_ext_compat(const struct pctx *c, const struct ipinfo *ip, size_t off)
{
	size_t q = off + ICMP_HLEN, x = q + ICMP_EXT_ORIG_MIN;

	if (ip->end - off <= ICMP_HLEN + ICMP_EXT_ORIG_MIN ||
	    !have(c, q, 4) || !have(c, x, 1))
		return 0;
	if (be16(c->f + q + 2) > ICMP_EXT_ORIG_MIN ||
	    c->f[x] >> 4 != ICMP_EXT_VERSION)
		return 0;
	return x;
}

static void
icmp(struct pctx *c, const struct ipinfo *ip, size_t off, int v6)
{
	struct inetcsum_layer *l;
	size_t qend = ip->end, xoff = 0;
	unsigned type;

	l = whole(c, ip, v6 ? INETCSUM_PROTO_ICMPV6 : INETCSUM_PROTO_ICMP,
		  v6 ? IPPROTO_ICMPV6 : IPPROTO_ICMP, off, ICMP_CSUM_OFF,
		  ICMP_HLEN, v6);
	/*
	 * The outer reason (a wrong length, malformed options) does not stop
	 * the quote: its bytes are there, and its checksums are its own.  A
	 * fragment does: the ICMP checksum covers the whole datagram, which
	 * the tool's reassembly judges and rewrites from the bytes as they
	 * were, so a quote repaired under it here would leave it wrong.
	 */
	if (l == NULL || off > ip->end || ip->end - off < ICMP_HLEN ||
	    !have(c, off, 1) ||
	    (ip->reason != NULL && strcmp(ip->reason, "fragment") == 0))
		return;
	type = c->f[off];
	if (!icmp_is_error(type, v6))
		return;
	if (ip->reason != NULL && c->cov != NULL &&
	    have(c, off + ICMP_CSUM_OFF, 2)) {
		/*
		 * The ICMP checksum cannot be verified (its extent is not
		 * known), but it covers the quote whatever that extent is:
		 * the fixer keeps it as it was when it repairs the quote.
		 */
		struct cover *cv = &c->cov[l - c->out->layers];
		size_t e = ip->end < c->caplen ? ip->end : c->caplen;

		cv->start = off;
		cv->len = e - off;
		cv->field = off + ICMP_CSUM_OFF;
		cv->incr = 1;
	}
	if (icmp_has_length(type, v6) && have(c, off + (v6 ? 4 : 5), 1)) {
		size_t olen = (size_t)c->f[off + (v6 ? 4 : 5)] * (v6 ? 8 : 4);

		if (olen > ip->end - off - ICMP_HLEN) {
			set_note(c, "ICMP length (RFC 4884) out of range: "
				 "extension not parsed");
		} else if (olen < ICMP_EXT_ORIG_MIN) {
			/*
			 * Zero, or a length no RFC 4884 extension can follow
			 * (section 5.1): routers that fill in the quote's
			 * own length, 28 bytes and the like, send no
			 * extension after it, and Linux ignores such a
			 * length (ip_icmp_error_rfc4884()).  Read as the
			 * pre-RFC 4884 form.
			 */
			xoff = v6 ? 0 : icmp_ext_compat(c, ip, off);
		} else if (olen < ip->end - off - ICMP_HLEN) {
			xoff = off + ICMP_HLEN + olen;
		}
		/* else the field fills the message: no extension. */
		if (xoff != 0)
			qend = xoff;
	}
	if (inetcsum_pkt_enter(c)) {
		int was = c->quoted;

		c->quoted = 1;
		if (v6)
			inetcsum_pkt_ipv6(c, off + ICMP_HLEN, qend);
		else
			inetcsum_pkt_ipv4(c, off + ICMP_HLEN, qend);
		c->quoted = was;
		c->depth--;
	}
	if (xoff != 0)
		icmp_ext(c, ip, xoff, ip->end);
}

/*
 * AH over IPv4 (RFC 4302 section 2.2: its length in 4-byte units less 2),
 * skipped to the protocol it protects, as the IPv6 walk skips it as an
 * extension header (ip.c) and tshark does both: its ICV covers the
 * packet, not the checksums inside.  A loop, not a recursion, over AH in
 * AH.  Returns the offset of the next protocol and sets '*proto', or 0
 * (with a note) when a header is cut or runs past the packet.
 */
static size_t
skip_ah(struct pctx *c, const struct ipinfo *ip, unsigned *proto, size_t off)
{
	/* In a quote the end is a cut, not a lie (as "quoted" says). */
	const char *past = c->quoted ? "quote ends in the AH header" :
			   "AH header past its packet";

	while (*proto == IPPROTO_AH) {
		size_t hl;

		if (off > ip->end || ip->end - off < 2) {
			set_note(c, past);
			return 0;
		}
		if (!have(c, off, 2)) {
			set_note(c, "truncated in the AH header");
			return 0;
		}
		hl = ((size_t)c->f[off + 1] + 2) * 4;
		if (hl > ip->end - off) {
			set_note(c, past);
			return 0;
		}
		*proto = c->f[off];
		off += hl;
	}
	return off;
}

void
inetcsum_pkt_upper(struct pctx *c, const struct ipinfo *ip, unsigned proto,
		   size_t off)
{
	/*
	 * A PIM Null-Register's dummy header (l4_other.c) has no payload:
	 * its protocol field names nothing that follows.
	 */
	if (c->dummy_header) {
		c->dummy_header = 0;
		if (off >= ip->end)
			return;
	}
	if (proto == IPPROTO_AH && !ip->v6) {
		off = skip_ah(c, ip, &proto, off);
		if (off == 0)
			return;
	}
	switch (proto) {
	case IPPROTO_TCP:
		whole(c, ip, INETCSUM_PROTO_TCP, proto, off, TCP_CSUM_OFF,
		      TCP_MIN_HLEN, 1);
		return;
	case IPPROTO_UDP:
	case IPPROTO_UDPLITE:
		udp(c, ip, proto, off);
		return;
	case IPPROTO_ICMP:
		icmp(c, ip, off, 0);
		return;
	case IPPROTO_ICMPV6:
		icmp(c, ip, off, 1);
		return;
	case IPPROTO_IGMP:
		/*
		 * PIMv1 travels as IGMP type 0x14 and sums the message as
		 * IGMP does; it is reported as PIM, as tshark files it.
		 */
		whole(c, ip, have(c, off, 1) && c->f[off] == IGMP_PIMV1 ?
		      INETCSUM_PROTO_PIM : INETCSUM_PROTO_IGMP, proto, off,
		      IGMP_CSUM_OFF, IGMP_MIN_LEN, 0);
		return;
	case IPPROTO_GRE:
		inetcsum_pkt_gre(c, ip, off);
		return;
	case IPPROTO_IPIP:
	case IPPROTO_IPV6:
	case IPPROTO_MPLS:
	case IPPROTO_ETHERNET:
	case IPPROTO_ETHERIP:
		if (c->quoted)
			return;		/* not entered: see icmp() */
		if (ip_reason_beyond_pseudo(ip) != NULL) {
			set_note(c, "tunnelled packet not parsed "
				 "(outer packet unverifiable)");
			return;
		}
		if (!inetcsum_pkt_enter(c))
			return;
		/* MPLS in IP (RFC 4023 section 3); an Ethernet frame without
		 * its FCS (RFC 8986 section 4.9, End.DX2's payload), as
		 * tshark files protocol 143 in IPv4 and IPv6 alike; EtherIP
		 * (RFC 3378): a 2-byte header, whatever its version says (as
		 * tshark), then the Ethernet frame. */
		if (proto == IPPROTO_IPIP)
			inetcsum_pkt_ipv4(c, off, ip->end);
		else if (proto == IPPROTO_IPV6)
			inetcsum_pkt_ipv6(c, off, ip->end);
		else if (proto == IPPROTO_MPLS)
			inetcsum_pkt_mpls(c, off, ip->end);
		else if (proto == IPPROTO_ETHERNET)
			inetcsum_pkt_ether(c, off, ip->end);
		else if (need(c, off, ETHERIP_HLEN, ip->end, "EtherIP header "
			      "past the end of its packet", "truncated in the "
			      "EtherIP header"))
			inetcsum_pkt_ether(c, off + ETHERIP_HLEN, ip->end);
		c->depth--;
		return;
	}
	if (inetcsum_pkt_upper_other(c, ip, proto, off))
		return;
	if (c->quoted)
		return;
	/*
	 * ESP (RFC 4303): what follows its SPI and sequence number is
	 * encrypted, so the checksums inside cannot be read: counted as
	 * such, as MACsec is (link.c).
	 */
	if (proto == IPPROTO_ESP)
		set_note(c, "not parsable (encrypted): ESP");
	else
		set_note(c, "IP protocol without a checked checksum");
}
