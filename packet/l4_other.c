/* SPDX-License-Identifier: MIT */
/*
 * packet/l4_other.c - the routing and control protocols above IP that
 * carry the Internet checksum, DCCP, and SCTP with its CRC32c: each
 * verified by its own RFC's rule (l4.c does TCP, UDP, ICMP, IGMP and GRE).
 *
 * Coverage and pseudo-headers:
 *   PIM    (103) version 2: the whole message, except Register (type 1),
 *          whose checksum covers only its 8-byte header (the PIM header
 *          and the register flags, RFC 7761 section 4.9.3); over IPv6 the
 *          pseudo-header too, with the covered length (RFC 7761 4.9)
 *   VRRP   (112) version 2 (RFC 3768 section 5.3.8) and CARP (OpenBSD,
 *          version 2, the same header and rule): the message, no
 *          pseudo-header; version 3 (RFC 5798 section 5.2.8): the
 *          message and the pseudo-header, over IPv4 and IPv6
 *   OSPF   (89) version 2 over IPv4: the packet (its length field), less
 *          the 64-bit authentication field (RFC 2328 appendix D.4); none
 *          with cryptographic authentication (AuType 2, appendix D.4.3);
 *          version 3 over IPv6: the packet and the pseudo-header (RFC
 *          5340 appendix A.3.1)
 *   RSVP   (46) the message (its length field), no pseudo-header; zero
 *          means "none transmitted" (RFC 2205 section 3.1.1)
 *   EIGRP  (88) the packet, no pseudo-header (RFC 7868 section 6.6)
 *   PGM    (113) the packet, no pseudo-header, a computed 0 sent as
 *          0xffff; zero means "none transmitted" (RFC 3208 section 8),
 *          except in ODATA and RDATA, which tshark always verifies
 *   HIP    (139) the packet and the pseudo-header, over IPv4 and IPv6
 *          (RFC 7401 section 5.1.1: "the same algorithm as ... TCP")
 *   MH     (135) over IPv6 only: the Mobility Header, (Header Len + 1) * 8
 *          bytes, and the pseudo-header with that length (RFC 6275
 *          section 6.1.1, as Linux's mip6_mh_filter() checks it); what
 *          follows it (Payload Proto, 59 by the RFC) is not summed
 *   NHRP   (54) its packet size's bytes, no pseudo-header: nhrp.c, which
 *          GRE and SNAP reach too
 *   DCCP   (33) the header and the first (CsCov - 1) * 4 bytes of data,
 *          or all of it for CsCov 0, and the pseudo-header with the whole
 *          packet's length (RFC 4340 section 9)
 *   SCTP   (132) a CRC32c, not the Internet checksum, over the common
 *          header and every chunk to the end of the IP payload, with the
 *          4-byte field as zeros, and no pseudo-header (RFC 9260 section
 *          6.8 and appendix A, which replaced the Adler-32 of RFC 2960
 *          by RFC 3309's CRC32c).  No PARTIAL form: a CRC has no partial
 *          sum for a NIC to finish (verdict.c)
 *
 * A length field (OSPF, RSVP) bounds the message: bytes after it (OSPF's
 * link-local signalling, RFC 5613, or an OSPFv3 authentication trailer,
 * RFC 7166) are not summed.  A field past the IP payload is a lie
 * ("length").  The pseudo-header forms (PIM over IPv6, VRRPv3, OSPFv3,
 * HIP, DCCP) also get the PARTIAL verdict, as TCP and UDP do: a field holding
 * the pseudo-header sum alone is what a stack leaves for a NIC to finish.
 */
#include "packet_internal.h"

#define PIM_HLEN		4	/* version/type, reserved, checksum */
#define PIM_CSUM_OFF		2
#define PIM_VERSION		2
#define PIM_REGISTER		1
#define PIM_REGISTER_HLEN	8	/* header and the 4 bytes of flags */
#define PIM_REGISTER_N		0x40	/* Null-Register, in the flags' byte 0 */
#define VRRP_HLEN		8	/* up to the checksum and its pad */
#define VRRP_CSUM_OFF		6
#define OSPF2_HLEN		24	/* RFC 2328 appendix A.3.1 */
#define OSPF3_HLEN		16	/* RFC 5340 appendix A.3.1 */
#define OSPF_LEN_OFF		2
#define OSPF_CSUM_OFF		12
#define OSPF_AUTYPE_OFF		14
#define OSPF_AUTH_OFF		16	/* the 64-bit authentication field */
#define OSPF_AUTH_LEN		8
#define OSPF_AUTYPE_CRYPTO	2
#define RSVP_HLEN		8	/* RFC 2205 section 3.1.1 */
#define RSVP_CSUM_OFF		2
#define RSVP_LEN_OFF		6
#define EIGRP_HLEN		20	/* RFC 7868 section 6.6 */
#define EIGRP_CSUM_OFF		2
#define PGM_HLEN		16	/* RFC 3208 section 8: ports to TSDU length */
#define PGM_TYPE_OFF		4
#define PGM_CSUM_OFF		6
#define HIP_HLEN		40	/* RFC 7401 5.1: the HITs included */
#define HIP_CSUM_OFF		4
#define MH_MIN_LEN		8	/* RFC 6275 6.1.1: units of 8 octets */
#define MH_HDRLEN_OFF		1
#define MH_CSUM_OFF		4
#define DCCP_MIN_HLEN		12	/* the generic header with X = 0 */
#define DCCP_XSEQ_HLEN		16	/* ... with X = 1: 48-bit sequence */
#define DCCP_TYPE_OFF		8	/* reserved, type, X (the low bit) */
#define DCCP_DOFF_OFF		4	/* data offset, in 32-bit words */
#define DCCP_CSCOV_OFF		5	/* CCVal (high nibble), CsCov (low) */
#define DCCP_CSUM_OFF		6
#define SCTP_HLEN		12	/* ports, verification tag, checksum */
#define SCTP_CSUM_OFF		8

/*
 * Appends the layer of the field at 'off' + 'field_off' and gives it the
 * reason that the IP layer or the payload's length, below 'min', leaves;
 * NULL if the result is full.  '*plen' is the IP payload's length.  'ph':
 * the checksum may use a pseudo-header (and so the final destination).
 */
static struct inetcsum_layer *
start(struct pctx *c, const struct ipinfo *ip, enum inetcsum_proto p,
      size_t off, size_t field_off, size_t min, int ph, size_t *plen)
{
	const char *reason = ph ? ip->reason : ip_reason_beyond_pseudo(ip);
	struct inetcsum_layer *l;

	*plen = ip->end - off;
	l = inetcsum_pkt_layer(c, p, off + field_off);
	if (l == NULL)
		return NULL;
	if (reason != NULL)
		l->reason = reason;
	else if (*plen < min)
		l->reason = "length";
	else
		l->reason = NULL;
	return l;
}

/* The pseudo-header sum for 'len', or 0 when 'ph' is 0. */
static u32
pseudo_if(const struct ipinfo *ip, int ph, unsigned proto, size_t len)
{
	return ph ? pseudo_sum(ip->src, ip->dst, ip->v6, proto, len) : 0;
}

/*
 * PIMv2.  A Register's checksum leaves out the encapsulated packet, which
 * is a multicast data packet the router did not build (RFC 7761 4.9.3).
 * Some implementations sum the whole Register anyway, and receivers accept
 * either form (Linux's ipmr.c tries the whole packet when the header's sum
 * fails; tcpdump too, tshark 4.0 not: docs/capture-tools.md), as done
 * here: the 8-byte form first, the whole message when that fails.
 */
static void
pim(struct pctx *c, const struct ipinfo *ip, size_t off)
{
	struct inetcsum_layer *l;
	size_t plen, len;
	unsigned vt;

	if (!have(c, off, 1)) {
		set_note(c, "truncated in the PIM header");
		return;
	}
	vt = c->f[off];
	if (vt >> 4 != PIM_VERSION) {
		/* PIMv1 travels inside IGMP (type 0x14), not here. */
		set_note(c, "PIM version not 2");
		return;
	}
	l = start(c, ip, INETCSUM_PROTO_PIM, off, PIM_CSUM_OFF,
		  (vt & 15) == PIM_REGISTER ? PIM_REGISTER_HLEN : PIM_HLEN, 1,
		  &plen);
	if (l == NULL || l->reason != NULL)
		return;
	len = (vt & 15) == PIM_REGISTER ? PIM_REGISTER_HLEN : plen;
	inetcsum_pkt_verify(c, l, off, len,
			    pseudo_if(ip, ip->v6, IPPROTO_PIM, len), 0,
			    ip->v6);
	if (l->status == INETCSUM_BAD && len != plen) {
		/*
		 * The whole-message form, right as it stands: judged (and
		 * covered, so that fill and the fixer keep it) as such.  A
		 * Register wrong both ways gets the RFC's form; one cut by
		 * the snapshot length might be right in the other form, and
		 * is not called BAD.
		 */
		if (!have(c, off, plen)) {
			l->status = INETCSUM_UNVERIFIED;
			l->reason = "truncated";
			if (c->cov != NULL)	/* nothing to rewrite */
				c->cov[l - c->out->layers].valid = 0;
		} else if (inetcsum_fold(inetcsum_partial(c->f + off, plen,
				pseudo_if(ip, ip->v6, IPPROTO_PIM,
					  plen))) == 0) {
			inetcsum_pkt_verify(c, l, off, plen,
					    pseudo_if(ip, ip->v6, IPPROTO_PIM,
						      plen), 0, ip->v6);
		}
	}
	/*
	 * A Register carries a multicast data packet to the rendezvous
	 * point, a tunnel (RFC 7761 4.4.1): its packet follows, verified as
	 * any other (tshark decodes it too).  A Null-Register (N bit) holds
	 * a dummy IP header alone, parsed the same way.
	 */
	if ((vt & 15) != PIM_REGISTER || c->quoted ||
	    plen == PIM_REGISTER_HLEN ||
	    !have(c, off + PIM_REGISTER_HLEN, 1))
		return;
	vt = c->f[off + PIM_REGISTER_HLEN] >> 4;
	if ((vt != 4 && vt != 6) || !inetcsum_pkt_enter(c))
		return;
	/* RFC 7761 4.9.3: a Null-Register (N bit) carries a dummy IP
	 * header alone; its protocol announces no payload. */
	c->dummy_header = (c->f[off + PIM_HLEN] & PIM_REGISTER_N) != 0;
	if (vt == 4)
		inetcsum_pkt_ipv4(c, off + PIM_REGISTER_HLEN, ip->end);
	else
		inetcsum_pkt_ipv6(c, off + PIM_REGISTER_HLEN, ip->end);
	c->dummy_header = 0;
	c->depth--;
}

/* VRRPv2, CARP and VRRPv3. */
static void
vrrp(struct pctx *c, const struct ipinfo *ip, size_t off)
{
	struct inetcsum_layer *l;
	size_t plen;
	unsigned v;
	int ph;

	if (!have(c, off, 1)) {
		set_note(c, "truncated in the VRRP header");
		return;
	}
	v = c->f[off] >> 4;
	if (v != 2 && v != 3) {
		set_note(c, "VRRP version not 2 or 3");
		return;
	}
	ph = v == 3;
	l = start(c, ip, INETCSUM_PROTO_VRRP, off, VRRP_CSUM_OFF, VRRP_HLEN, 1,
		  &plen);
	if (l == NULL || l->reason != NULL)
		return;
	inetcsum_pkt_verify(c, l, off, plen,
			    pseudo_if(ip, ph, IPPROTO_VRRP, plen), 0, ph);
}

/* OSPFv2 over IPv4, OSPFv3 over IPv6. */
static void
ospf(struct pctx *c, const struct ipinfo *ip, size_t off)
{
	struct inetcsum_layer *l;
	size_t plen, len, hlen;
	unsigned v;

	if (!have(c, off, 1)) {
		set_note(c, "truncated in the OSPF header");
		return;
	}
	v = c->f[off];
	if (v != 2 && v != 3) {
		set_note(c, "OSPF version not 2 or 3");
		return;
	}
	hlen = v == 2 ? OSPF2_HLEN : OSPF3_HLEN;
	l = start(c, ip, INETCSUM_PROTO_OSPF, off, OSPF_CSUM_OFF, hlen, 1,
		  &plen);
	if (l == NULL || l->reason != NULL)
		return;
	if ((v == 3) != (ip->v6 != 0)) {
		/* Each version's rule is defined over its own IP only. */
		l->reason = "version";
		return;
	}
	if (!have(c, off + OSPF_LEN_OFF, 2) ||
	    (v == 2 && !have(c, off + OSPF_AUTYPE_OFF, 2))) {
		l->reason = "truncated";
		return;
	}
	len = be16(c->f + off + OSPF_LEN_OFF);
	if (len < hlen || len > plen) {
		l->reason = "length";
		return;
	}
	if (v == 3) {
		inetcsum_pkt_verify(c, l, off, len,
				    pseudo_if(ip, 1, IPPROTO_OSPF, len), 0, 1);
		return;
	}
	if (be16(c->f + off + OSPF_AUTYPE_OFF) == OSPF_AUTYPE_CRYPTO) {
		/* The field is zero and a keyed digest follows the packet. */
		l->reason = "authentication";
		return;
	}
	inetcsum_pkt_verify_skip(c, l, off, len, off + OSPF_AUTH_OFF,
				 OSPF_AUTH_LEN);
}

/* RSVP: a zero field is "none transmitted", known from the field alone. */
static void
rsvp(struct pctx *c, const struct ipinfo *ip, size_t off)
{
	struct inetcsum_layer *l;
	size_t plen, len;

	l = start(c, ip, INETCSUM_PROTO_RSVP, off, RSVP_CSUM_OFF, RSVP_HLEN, 0,
		  &plen);
	if (l == NULL)
		return;
	if (l->reason == NULL) {
		if (!have(c, off + RSVP_LEN_OFF, 2)) {
			l->reason = "truncated";
		} else {
			len = be16(c->f + off + RSVP_LEN_OFF);
			if (len < RSVP_HLEN || len > plen)
				l->reason = "length";
			else	/* computed 0 sent as 0xffff, as for UDP */
				inetcsum_pkt_verify(c, l, off, len, 0, 1, 0);
		}
	}
	/* As for UDP (l4.c): a quote that cannot be verified says so. */
	if (have(c, off + RSVP_CSUM_OFF, 2) && l->stored == 0 &&
	    !(c->quoted && ip->reason != NULL))
		inetcsum_pkt_zero_field(c, l, INETCSUM_NONE);
}

/*
 * PGM (RFC 3208): the packet types of its section 8 and PGMCC's ACK
 * (0x0d, Rizzo's paper, which tshark decodes too); another type is not
 * known to be PGM.  Zero in the field is "no checksum" (section 8), but
 * for ODATA and RDATA tshark 4.0 verifies it anyway, and so does this: a
 * sender that leaves data unprotected is worth reporting.
 */
static void
pgm(struct pctx *c, const struct ipinfo *ip, size_t off)
{
	struct inetcsum_layer *l;
	size_t plen;
	unsigned type;
	int data;

	if (!have(c, off + PGM_TYPE_OFF, 1)) {
		set_note(c, "truncated in the PGM header");
		return;
	}
	type = c->f[off + PGM_TYPE_OFF];
	switch (type) {
	case 0x00: case 0x01: case 0x02:	/* SPM, POLL, POLR */
	case 0x08: case 0x09: case 0x0a:	/* NAK, NNAK, NCF */
	case 0x0c: case 0x0d:			/* SPMR, ACK */
		data = 0;
		break;
	case 0x04: case 0x05:			/* ODATA, RDATA */
		data = 1;
		break;
	default:
		set_note(c, "PGM type unknown");
		return;
	}
	l = start(c, ip, INETCSUM_PROTO_PGM, off, PGM_CSUM_OFF, PGM_HLEN, 0,
		  &plen);
	if (l == NULL)
		return;
	if (l->reason == NULL) {
		/* A computed 0 is sent as 0xffff, as for UDP; a data packet's
		 * 0x0000 then is "none" or that zero: either way not bad. */
		inetcsum_pkt_verify(c, l, off, plen, 0, 1, 0);
		if (l->status == INETCSUM_BAD && l->stored == 0 &&
		    l->expected == 0xffff)
			l->status = INETCSUM_GOOD;
	}
	if (!data && have(c, off + PGM_CSUM_OFF, 2) && l->stored == 0 &&
	    !(c->quoted && ip->reason != NULL))
		inetcsum_pkt_zero_field(c, l, INETCSUM_NONE);
}

/* DCCP: checksum coverage (RFC 4340 section 9.2). */
static void
dccp(struct pctx *c, const struct ipinfo *ip, size_t off)
{
	struct inetcsum_layer *l;
	size_t plen, hlen, len;
	unsigned cscov;

	l = start(c, ip, INETCSUM_PROTO_DCCP, off, DCCP_CSUM_OFF,
		  DCCP_MIN_HLEN, 1, &plen);
	if (l == NULL || l->reason != NULL)
		return;
	if (!have(c, off + DCCP_DOFF_OFF, DCCP_TYPE_OFF + 1 - DCCP_DOFF_OFF)) {
		l->reason = "truncated";
		return;
	}
	/*
	 * Section 5.1: a Data Offset too small for the generic header (16
	 * bytes with extended sequence numbers, X = 1, else 12) or past the
	 * packet: such a packet is dropped.
	 */
	hlen = (size_t)c->f[off + DCCP_DOFF_OFF] * 4;
	if (hlen < ((c->f[off + DCCP_TYPE_OFF] & 1) ? DCCP_XSEQ_HLEN :
		    DCCP_MIN_HLEN) || hlen > plen) {
		l->reason = "header length";
		return;
	}
	cscov = c->f[off + DCCP_CSCOV_OFF] & 15;
	len = cscov == 0 ? plen : hlen + (size_t)(cscov - 1) * 4;
	if (len > plen) {
		/* Section 9.2: "MUST ... drop" such a packet. */
		l->reason = "coverage";
		return;
	}
	inetcsum_pkt_verify(c, l, off, len,
			    pseudo_if(ip, 1, IPPROTO_DCCP, plen), 0, 1);
}

/*
 * The IPv6 Mobility Header: its own length, (Header Len + 1) * 8 bytes,
 * bounds what the checksum covers; a length past the IP payload is
 * "length", as Linux drops such a message.
 */
static void
mh(struct pctx *c, const struct ipinfo *ip, size_t off)
{
	struct inetcsum_layer *l;
	size_t plen, len;

	l = start(c, ip, INETCSUM_PROTO_MH, off, MH_CSUM_OFF, MH_MIN_LEN, 1,
		  &plen);
	if (l == NULL || l->reason != NULL)
		return;
	if (!have(c, off + MH_HDRLEN_OFF, 1)) {
		l->reason = "truncated";
		return;
	}
	len = ((size_t)c->f[off + MH_HDRLEN_OFF] + 1) * 8;
	if (len > plen)
		l->reason = "length";
	else
		inetcsum_pkt_verify(c, l, off, len,
				    pseudo_if(ip, 1, IPPROTO_MH, len), 0, 0);
}

int
inetcsum_pkt_upper_other(struct pctx *c, const struct ipinfo *ip,
			 unsigned proto, size_t off)
{
	struct inetcsum_layer *l;
	size_t plen;

	switch (proto) {
	case IPPROTO_PIM:
		pim(c, ip, off);
		return 1;
	case IPPROTO_VRRP:
		vrrp(c, ip, off);
		return 1;
	case IPPROTO_OSPF:
		ospf(c, ip, off);
		return 1;
	case IPPROTO_RSVP:
		rsvp(c, ip, off);
		return 1;
	case IPPROTO_EIGRP:
		l = start(c, ip, INETCSUM_PROTO_EIGRP, off, EIGRP_CSUM_OFF,
			  EIGRP_HLEN, 0, &plen);
		if (l != NULL && l->reason == NULL)
			inetcsum_pkt_verify(c, l, off, plen, 0, 0, 0);
		return 1;
	case IPPROTO_DCCP:
		dccp(c, ip, off);
		return 1;
	case IPPROTO_PGM:
		pgm(c, ip, off);
		return 1;
	case IPPROTO_MH:
		if (!ip->v6)
			return 0;	/* an IPv6 extension (RFC 6275) */
		mh(c, ip, off);
		return 1;
	case IPPROTO_HIP:
		l = start(c, ip, INETCSUM_PROTO_HIP, off, HIP_CSUM_OFF,
			  HIP_HLEN, 1, &plen);
		if (l != NULL && l->reason == NULL)
			inetcsum_pkt_verify(c, l, off, plen,
					    pseudo_if(ip, 1, IPPROTO_HIP, plen),
					    0, 1);
		return 1;
	case IPPROTO_NHRP:	/* no pseudo-header (nhrp.c) */
		inetcsum_pkt_nhrp(c, off, ip->end, ip_reason_beyond_pseudo(ip));
		return 1;
	case IPPROTO_SCTP:
		/*
		 * The chunks are padded to 4 bytes, but the IP payload's
		 * length, not a field of SCTP's, says where the packet ends:
		 * the CRC covers exactly that.
		 */
		l = start(c, ip, INETCSUM_PROTO_SCTP, off, SCTP_CSUM_OFF,
			  SCTP_HLEN, 0, &plen);
		if (l != NULL && l->reason == NULL)
			inetcsum_pkt_verify_crc32c(c, l, off, plen);
		return 1;
	}
	return 0;
}
