/* SPDX-License-Identifier: MIT */
/*
 * packet/nhrp.c - the Next Hop Resolution Protocol (RFC 2332), the control
 * protocol of Cisco's DMVPN and of Linux's opennhrp.  It reaches here as
 * GRE protocol type 0x2001 (l4.c), as IP protocol 54 (l4_other.c) and
 * behind SNAP with IANA's OUI 00-00-5e and protocol id 0x0003 (wifi.c),
 * the three ways Wireshark's packet-nhrp.c registers it.
 *
 * The 20-byte fixed header (section 5.1):
 *
 *   0  address family (2)   2  protocol type (2)   4  protocol SNAP (5)
 *   9  hop count (1)       10  packet size (2)    12  checksum (2)
 *  14  extension offset (2) 16 version (1) 17 type (1) 18 shtl 19 sstl
 *
 * "The standard IP checksum over the entire NHRP packet starting at the
 * fixed header": the packet size's bytes, an odd last one padded with
 * zero (RFC 1071), no pseudo-header, and no "zero means none".  Bytes
 * after the packet size (padding to the carrier's end) are not summed.  A
 * size below the fixed header or past the carrier's end leaves the field
 * unverified ("length"), as tshark does not sum it either.  MARS (RFC
 * 2022) shares NHRP's SNAP id and checksum offset but has reserved bytes
 * where NHRP's size is: zero, so "length" too, as in tshark.
 *
 * Two operations carry another packet after their mandatory part's
 * addresses (section 5.2.7 and Cisco's redirect), both ending where the
 * extensions start (the extension offset, or the packet size when it is
 * 0):
 *   - an Error Indication (type 7) the NHRP packet in error, whose own
 *     checksum is verified the same way (tshark does too); that packet
 *     may be an Error Indication in turn, walked in a loop;
 *   - a Traffic Indication (type 8) the start of the data packet that
 *     caused it, an IPv4 or IPv6 packet by the protocol type, parsed as
 *     an ICMP error's quote is (l4.c): its checksums are verified when
 *     the quote holds them whole.
 */
#include "packet_internal.h"

#define NHRP_HLEN		20	/* RFC 2332 section 5.1 */
#define NHRP_PROTO_OFF		2
#define NHRP_PKTSZ_OFF		10
#define NHRP_CSUM_OFF		12
#define NHRP_EXTOFF_OFF		14
#define NHRP_TYPE_OFF		17
#define NHRP_SHTL_OFF		18	/* then sstl */
#define NHRP_ADDR_LEN(b)	((size_t)(b) & 0x3f)	/* type bit, length */
/* The mandatory part of both indications up to the source NBMA address:
 * the two protocol address lengths, 2 bytes unused (Error Indication:
 * error code, error offset; Traffic Indication: traffic code, unused). */
#define NHRP_IND_FIXED		8
#define NHRP_ERROR_INDICATION	7
#define NHRP_TRAFFIC_INDICATION	8

/*
 * The NHRP packet at 'off', at most 'end': its checksum layer, with
 * 'reason' (the carrier's, for IP protocol 54) if its extent cannot be
 * trusted.  Returns the offset of the packet its indication carries, 0
 * if none; then '*qend' is where that packet's room ends, '*type' the
 * operation and '*proto' the protocol type.
 */
static size_t
nhrp_one(struct pctx *c, size_t off, size_t end, const char *reason,
	 size_t *qend, unsigned *type, unsigned *proto)
{
	struct inetcsum_layer *l;
	const u8 *p;
	size_t size, ext, mand, q;

	l = inetcsum_pkt_layer(c, INETCSUM_PROTO_NHRP, off + NHRP_CSUM_OFF);
	if (l == NULL)
		return 0;
	if (reason != NULL) {
		l->reason = reason;
		return 0;
	}
	if (off > end || end - off < NHRP_HLEN) {
		l->reason = "length";
		return 0;
	}
	if (!have(c, off, NHRP_HLEN)) {
		l->reason = "truncated";
		return 0;
	}
	p = c->f + off;
	size = be16(p + NHRP_PKTSZ_OFF);
	if (size < NHRP_HLEN || size > end - off) {
		l->reason = "length";
		return 0;
	}
	inetcsum_pkt_verify(c, l, off, size, 0, 0, 0);	/* or 'truncated' */
	*type = p[NHRP_TYPE_OFF];
	*proto = be16(p + NHRP_PROTO_OFF);
	if (*type != NHRP_ERROR_INDICATION && *type != NHRP_TRAFFIC_INDICATION)
		return 0;
	ext = be16(p + NHRP_EXTOFF_OFF);
	mand = ext >= NHRP_HLEN && ext <= size ? ext : size;
	if (mand - NHRP_HLEN < NHRP_IND_FIXED) {
		set_note(c, "NHRP indication shorter than its header");
		return 0;
	}
	if (!have(c, off + NHRP_HLEN, 2)) {
		set_note(c, "truncated in the NHRP mandatory part");
		return 0;
	}
	q = NHRP_HLEN + NHRP_IND_FIXED + NHRP_ADDR_LEN(p[NHRP_SHTL_OFF]) +
	    NHRP_ADDR_LEN(p[NHRP_SHTL_OFF + 1]) + p[NHRP_HLEN] +
	    p[NHRP_HLEN + 1];
	if (q > mand) {
		set_note(c, "NHRP addresses past the mandatory part");
		return 0;
	}
	if (q == mand)
		return 0;	/* nothing carried */
	*qend = off + mand;
	return off + q;
}

void
inetcsum_pkt_nhrp(struct pctx *c, size_t off, size_t end, const char *reason)
{
	unsigned type = 0, proto = 0;
	size_t qend = end;

	/* Each carried packet starts 28 bytes further or more: this ends. */
	while ((off = nhrp_one(c, off, end, reason, &qend, &type,
			       &proto)) != 0) {
		end = qend;
		if (type == NHRP_ERROR_INDICATION)
			continue;
		/* A Traffic Indication: the data packet's start, a quote,
		 * not entered inside another quote (as tunnels are not). */
		if (c->quoted || (proto != 0x0800 && proto != 0x86dd)) {
			if (!c->quoted)
				set_note(c, "NHRP traffic indication's "
					 "packet not parsed");
			return;
		}
		if (!inetcsum_pkt_enter(c))
			return;
		c->quoted = 1;
		if (proto == 0x0800)
			inetcsum_pkt_ipv4(c, off, end);
		else
			inetcsum_pkt_ipv6(c, off, end);
		c->quoted = 0;
		c->depth--;
		return;
	}
}
