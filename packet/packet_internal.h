/* SPDX-License-Identifier: MIT */
/*
 * packet/packet_internal.h - state shared by the layers of the frame parser
 * (link.c, link_pseudo.c, link_legacy.c, wifi.c, tunnel.c, nsh.c, ip.c,
 * l4.c, l4_other.c; the verdicts in verdict.c).  Not installed, not part
 * of the API.
 *
 * Every parser function gets the frame, its captured length and two
 * bounds: the byte offset where its data starts and 'end', the offset where
 * the enclosing layer says its data ends on the wire.  'end' may lie past
 * 'caplen' (a snapshot length cut the frame) but never past the enclosing
 * layer's end, so an inner length field can be checked against it; bytes
 * are only ever read below 'caplen'.
 */
#ifndef INETCSUM_PACKET_INTERNAL_H
#define INETCSUM_PACKET_INTERNAL_H

#include <string.h>

#include "inetcsum.h"
#include "inetcsum_packet.h"
#include "../src/shared.h"	/* the one internal header of src/ */
#include "ip_proto.h"

/*
 * Tunnels nest: IP in IP in GRE in ...  Each level consumes at least a
 * 20-byte header, so a 64 KiB frame could nest thousands deep; real traffic
 * nests two or three.  Eight levels keeps the recursion (and the stack)
 * small; deeper frames get a note.
 */
#define MAX_DEPTH 8

/*
 * What one checksum covers, kept beside each reported layer so that
 * inetcsum_frame_fix() can recompute it after inner fields change.  'start'
 * and 'len' are the covered bytes, 'field' the checksum field (always at an
 * even distance from 'start'), 'pseudo' the partial sum of the
 * pseudo-header (0 if none), 'udp' is set where a computed 0 is sent as
 * 0xffff.  'valid' is 0 when the layer could not be computed.  'incr' marks
 * a layer that could not be computed but whose field covers at least the
 * bytes from 'start' to 'start' + 'len' (an ICMP error under an IP header
 * whose length is wrong): the fixer does not recompute it, but updates it
 * incrementally (RFC 1624) for the inner fields it rewrites there, so that
 * it says what it said before.  'skip' and 'skiplen' are a run of bytes
 * inside the covered ones that the checksum leaves out (OSPFv2's
 * authentication field, RFC 2328 appendix D.4); 'skiplen' is 0 for every
 * other protocol.  'skip' lies after the field, at an even distance from
 * 'start', with an even 'skiplen'.  'crc32c' marks SCTP's checksum: a
 * 4-byte field holding the CRC32c of the covered bytes (the field taken as
 * zero), least significant byte first, with no pseudo-header; 'pseudo',
 * 'udp' and the skipped run are then unused.  'cdp' marks CDP's checksum,
 * whose odd last byte is summed as Cisco's code sums it (verdict.c).
 * 'hidden' is the reason a zero field hid (inetcsum_pkt_zero_field()): why
 * the layer could not have been verified had its field not been zero, NULL
 * if it could.
 */
struct cover {
	size_t start;
	size_t len;
	size_t field;
	size_t skip;
	size_t skiplen;
	const char *hidden;
	u32 pseudo;
	u8 udp;
	u8 valid;
	u8 incr;
	u8 crc32c;
	u8 cdp;		/* CDP's odd last byte (inetcsum_pkt_verify_cdp()) */
};

struct pctx {
	const u8 *f;		/* the frame */
	size_t caplen;		/* bytes captured; nothing at or past is read */
	struct inetcsum_frame_result *out;
	struct cover *cov;	/* parallel to out->layers, or NULL */
	unsigned depth;		/* tunnel nesting level */
	int quoted;		/* inside the quote of an ICMP error */
	/* The link layer is one whose network layer goes into out->l3
	 * (link.c), and it has not been reached yet. */
	int l3_open;
	/* The next IP header is a PIM Null-Register's dummy one, which has
	 * no payload (l4_other.c pim(), l4.c inetcsum_pkt_upper()). */
	int dummy_header;
	/* The 802.3 length in front of the next LLC header runs past the
	 * frame: CDP behind it, whose extent that length gives, cannot be
	 * verified (link.c ieee8023(); wifi.c inetcsum_pkt_llc() takes it). */
	int llc_len_past;
};

/*
 * Records for fill and fix (c->cov not NULL) that layer 'l' is summed over
 * what 'w' describes: they compute the value they write from it, with the
 * lengths read when the layer was judged, never from the buffer again.
 * Member by member: 'w' was just stored member by member, and a copy of
 * the whole struct loads 16 bytes at a time, which no store can forward
 * (a stall that cost fix 10-20% on correct frames, bench/micro/
 * ab_frames.c).
 */
static inline void
inetcsum_pkt_cover_set(struct pctx *c, const struct inetcsum_layer *l,
		       const struct cover *w)
{
	if (c->cov != NULL) {
		struct cover *cv = &c->cov[l - c->out->layers];

		cv->start = w->start;
		cv->len = w->len;
		cv->field = w->field;
		cv->skip = w->skip;
		cv->skiplen = w->skiplen;
		cv->pseudo = w->pseudo;
		cv->udp = w->udp;
		cv->crc32c = w->crc32c;
		cv->cdp = w->cdp;
		cv->valid = 1;
		cv->incr = 0;
	}
}

/*
 * A checksum field that is zero and whose verdict comes from that alone:
 * NONE (no checksum transmitted: UDP over IPv4, RSVP) or ILLEGAL (UDP over
 * IPv6, UDP-Lite).  The layer's reason goes, since the field says it all,
 * but fill must still refuse a packet whose lengths lie and leave a
 * fragment as it is, so for fill and fix the reason is kept in the cover
 * ('hidden').
 */
static inline void
inetcsum_pkt_zero_field(struct pctx *c, struct inetcsum_layer *l,
			enum inetcsum_status status)
{
	if (c->cov != NULL)
		c->cov[l - c->out->layers].hidden = l->reason;
	l->status = status;
	l->reason = NULL;
}

/*
 * What an IP layer passes to the layer above it: the pseudo-header
 * addresses (final destination, home address), the wire end of its payload
 * and, when the upper layer cannot be verified whatever it holds, the
 * reason ("fragment", "length", ...).
 */
struct ipinfo {
	const u8 *src;
	const u8 *dst;
	size_t end;
	const char *reason;
	int v6;
	/*
	 * 'reason' is only that the final destination is unknown (an IPv6
	 * routing header of an unknown type with segments left): a layer
	 * without a pseudo-header (GRE, RFC 2784) and a tunnel's payload do
	 * not depend on it (ip_reason_beyond_pseudo()).
	 */
	int dst_unknown;
	/* IPv4 total length 0: a TSO super-packet, whose TCP or UDP field
	 * may hold a pseudo-header sum of length 0 (verdict.c). */
	int tso;
};

/* The reason a layer that uses no pseudo-header cannot be verified. */
static inline const char *
ip_reason_beyond_pseudo(const struct ipinfo *ip)
{
	return ip->dst_unknown ? NULL : ip->reason;
}

/*
 * A parse of the 'caplen' bytes at 'f' into 'out' (and 'cov', which may be
 * NULL) starts here, outside any tunnel, with an empty result.
 */
static inline void
pctx_start(struct pctx *c, const u8 *f, size_t caplen,
	   struct inetcsum_frame_result *out, struct cover *cov)
{
	out->nlayers = 0;
	out->note = NULL;
	out->l3 = INETCSUM_L3_NONE;
	out->l3_offset = 0;
	c->f = f;
	c->caplen = caplen;
	c->out = out;
	c->cov = cov;
	c->depth = 0;
	c->quoted = 0;
	c->l3_open = 0;
	c->dummy_header = 0;
	c->llc_len_past = 0;
}

/* Big-endian (network order) 16-bit value at 'p'. */
static inline unsigned
be16(const u8 *p)
{
	return ((unsigned)p[0] << 8) | p[1];
}

/* Big-endian 32-bit value at 'p'. */
static inline u32
be32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

/* Little-endian 16 and 32-bit values at 'p' (radiotap, capture headers). */
static inline unsigned
le16(const u8 *p)
{
	return (unsigned)p[1] << 8 | p[0];
}

static inline u32
le32(const u8 *p)
{
	return (u32)p[3] << 24 | (u32)p[2] << 16 | (u32)p[1] << 8 | p[0];
}

/* Network-order value of a checksum in memory order (see inetcsum.h). */
static inline u16
mem_to_net(u16 m)
{
	u8 b[2];

	memcpy(b, &m, 2);
	return (u16)((b[0] << 8) | b[1]);
}

/*
 * The pseudo-header sum (memory order) for an upper-layer length 'len'.
 * IPv6 carries a 32-bit length (RFC 8200 section 8.1), enough for any
 * jumbogram (RFC 2675 section 4).  The IPv4 field is 16 bits, and a BIG
 * TCP packet (IPv4 total length 0, ip.c) is longer: Linux sums its 32-bit
 * length as two 16-bit words (csum_tcpudp_nofold() takes a u32, and
 * tcp_v4_send_check() passes skb->len), and so does tshark (its
 * pseudo-header word is (proto << 16) + length), so the high half is
 * added too, and the field a sending stack leaves is recognised.  Below
 * 65536 the high half is 0 and this is RFC 9293's pseudo-header.
 */
static inline u32
pseudo_sum(const u8 *src, const u8 *dst, int v6, unsigned proto, size_t len)
{
	u8 b[2];
	u16 hi;
	u32 s;

	if (v6)
		return inetcsum_pseudo_ipv6(src, dst, (u8)proto, (u32)len);
	s = inetcsum_pseudo_ipv4(src, dst, (u8)proto, (u32)len);
	/* The high half as a 16-bit word in memory order, like the sum. */
	b[0] = (u8)(len >> 24);
	b[1] = (u8)(len >> 16);
	memcpy(&hi, b, 2);
	s += hi;
	return s + (s < hi);	/* the end-around carry */
}

/* 'n' bytes at 'off' are captured; written to avoid overflow. */
static inline int
have(const struct pctx *c, size_t off, size_t n)
{
	return off <= c->caplen && n <= c->caplen - off;
}

static inline void
set_note(struct pctx *c, const char *note)
{
	if (c->out->note == NULL)
		c->out->note = note;
}

/* 'n' bytes at 'off' inside the packet that ends at 'end'. */
static inline int
within(size_t off, size_t n, size_t end)
{
	return off <= end && n <= end - off;
}

/*
 * The next 'n' header bytes at 'off': present in the packet ('past' names
 * the failure if not) and captured ('cut' if not).
 */
static inline int
need(struct pctx *c, size_t off, size_t n, size_t end, const char *past,
     const char *cut)
{
	if (!within(off, n, end)) {
		set_note(c, past);
		return 0;
	}
	if (!have(c, off, n)) {
		set_note(c, cut);
		return 0;
	}
	return 1;
}

/*
 * need() with one note for both failures: a link layer's header, which
 * is cut whether the record or the capture ends in it.
 */
static inline int
hdr_at(struct pctx *c, size_t off, size_t n, size_t end, const char *note)
{
	return need(c, off, n, end, note, note);
}

/* Go one tunnel level deeper (the caller steps back), unless too deep. */
static inline int
inetcsum_pkt_enter(struct pctx *c)
{
	if (c->depth >= MAX_DEPTH) {
		set_note(c, "tunnels nested too deep");
		return 0;
	}
	c->depth++;
	return 1;
}

/* The frame from its link-layer header on; -1 for an unknown link type. */
int inetcsum_pkt_link(struct pctx *c, int linktype, size_t end);
/* The same for the link types of link_pseudo.c and link_legacy.c; -1
 * for any other. */
int inetcsum_pkt_link_pseudo(struct pctx *c, int linktype, size_t end);
int inetcsum_pkt_link_legacy(struct pctx *c, int linktype, size_t end);
/*
 * A raw IP packet at 'off' (link.c): IPv4 or IPv6 by its version nibble;
 * 'want' 4 or 6 when the link layer says which (a nibble that disagrees
 * is noted, not parsed), 0 when it does not.
 */
void inetcsum_pkt_raw_ip(struct pctx *c, size_t off, size_t end, int want);
/* Frame Relay from its Q.922 address (link_legacy.c). */
void inetcsum_pkt_frelay(struct pctx *c, size_t off, size_t end);

/*
 * A length that lies, found before the layers from 'n0' on were parsed
 * (with the note 'note0', NULL if none, in place): 'lie' becomes the note
 * unless a note came first or one of those layers carries 'reason', which
 * shows it (ip.c).
 */
void inetcsum_pkt_report_lie(struct pctx *c, const char *reason,
			     const char *lie, size_t n0, const char *note0);

/* PPP framing, or Cisco HDLC where the first byte is 0x0f or 0x8f
 * (link.c): PPP link types and ERF's PoS records. */
void inetcsum_pkt_ppp_or_chdlc(struct pctx *c, size_t off, size_t end);

/* Link layer: ethertype dispatch with any stack of VLAN tags (link.c). */
void inetcsum_pkt_ethertype(struct pctx *c, unsigned type, size_t off,
			    size_t end);
void inetcsum_pkt_ether(struct pctx *c, size_t off, size_t end);

/* 802.11, radiotap and LLC/SNAP (wifi.c). */
void inetcsum_pkt_llc(struct pctx *c, size_t off, size_t end);
/* CDP at 'off' to 'end' (wifi.c): behind SNAP, Cisco HDLC, PPP or GRE. */
void inetcsum_pkt_cdp(struct pctx *c, size_t off, size_t end);
/* An 802.11 frame; 'swapped_fc': its frame control's bytes swapped. */
void inetcsum_pkt_wlan(struct pctx *c, size_t off, size_t end,
		       int swapped_fc);
void inetcsum_pkt_radiotap(struct pctx *c, size_t end);

/* Encapsulations and tunnels (tunnel.c). */
void inetcsum_pkt_mpls(struct pctx *c, size_t off, size_t end);
void inetcsum_pkt_ppp(struct pctx *c, size_t off, size_t end);
void inetcsum_pkt_chdlc(struct pctx *c, size_t off, size_t end);
void inetcsum_pkt_pppoe(struct pctx *c, size_t off, size_t end);
/* GRE 0x88be / 0x22eb; 'seq': the GRE header has a sequence number. */
void inetcsum_pkt_erspan(struct pctx *c, unsigned type, int seq, size_t off,
			 size_t end);
/* GRE 0x883e: WCCP's redirected packet, with or without WCCPv2's
 * redirect header. */
void inetcsum_pkt_wccp(struct pctx *c, size_t off, size_t end);
/* The Network Service Header (RFC 8300) and what follows it (nsh.c). */
void inetcsum_pkt_nsh(struct pctx *c, size_t off, size_t end);
/* NHRP (RFC 2332) at 'off', at most 'end' (nhrp.c): GRE 0x2001, IP
 * protocol 54, SNAP; 'reason' the carrier's when its length lies. */
void inetcsum_pkt_nhrp(struct pctx *c, size_t off, size_t end,
		       const char *reason);
/*
 * The payload ('off' to 'end') of a UDP datagram with these ports: 1 if a
 * tunnel decoder took it (well-known or declared port), 0 if not.
 */
int inetcsum_pkt_udp_tunnel(struct pctx *c, unsigned sport, unsigned dport,
			    size_t off, size_t end);

/* IP layers (ip.c). */
void inetcsum_pkt_ipv4(struct pctx *c, size_t off, size_t end);
/*
 * The IPv4 options of header 'h' ('hlen' bytes): '*dst' moves to the final
 * destination of an unfinished source route; NULL, or a reason when the
 * options are malformed (ip.c).
 */
const char *inetcsum_pkt_ipv4_options(const u8 *h, size_t hlen,
				      const u8 **dst);
/*
 * The IPv6 routing header at 'p' ('hl' bytes, at least 8): '*dst' moves to
 * the final destination while segments are left; NULL, or a reason when
 * that destination is unknown (ip.c).
 */
const char *inetcsum_pkt_ipv6_routing(const u8 *p, size_t hl,
				      const u8 **dst);
void inetcsum_pkt_ipv6(struct pctx *c, size_t off, size_t end);

/*
 * One step over the options of the IPv6 hop-by-hop or destination options
 * header 'o' of 'hl' bytes (RFC 8200 section 4.2: Pad1 is one byte, every
 * other option a type, a data length and that much data), from '*i' (2 to
 * start): returns the offset of the next option that is not Pad1 and moves
 * '*i' past it, or returns 'hl' at the header's end.  An option that runs
 * past the header leaves '*i' above 'hl' and is returned all the same, so
 * each caller decides what a malformed header means to it (ip.c reports
 * it, offload.c refuses it, frag.c still looks at its type, much as
 * Linux's ipv6_find_tlv() does); its length byte is read only when it is
 * there.
 * The walks of ip.c, offload.c, frag.c and gso.c are all this loop:
 *	for (i = 2; (at = inetcsum_pkt_ipv6_opt(o, hl, &i)) < hl;)
 */
static inline size_t
inetcsum_pkt_ipv6_opt(const u8 *o, size_t hl, size_t *i)
{
	size_t at = *i;

	while (at < hl && o[at] == IP6OPT_PAD1)
		at++;
	if (at >= hl) {
		*i = hl;
		return hl;
	}
	*i = hl - at < 2 ? hl + 1 : at + 2 + (size_t)o[at + 1];
	return at;
}

/* The protocol above IP, starting at 'off' (l4.c). */
void inetcsum_pkt_upper(struct pctx *c, const struct ipinfo *ip,
			unsigned proto, size_t off);
/* GRE (RFC 2784, 2890) at 'off', its packet ending at ip->end (l4.c); also
 * the payload of GRE-in-UDP (tunnel.c). */
void inetcsum_pkt_gre(struct pctx *c, const struct ipinfo *ip, size_t off);

/*
 * The routing and control protocols, DCCP and SCTP (l4_other.c): PIM,
 * VRRP and CARP, OSPF, RSVP, EIGRP, PGM, HIP, DCCP, SCTP.  Returns 1 if
 * 'proto' is one of them (its layer, if any, appended), 0 if not.
 */
int inetcsum_pkt_upper_other(struct pctx *c, const struct ipinfo *ip,
			     unsigned proto, size_t off);

/*
 * The verdicts (verdict.c).  inetcsum_pkt_layer() appends a layer for
 * the checksum field at 'field' and returns it with status UNVERIFIED
 * and the stored value filled in if the field was captured; NULL (with a
 * note) when the result is full.
 */
struct inetcsum_layer *inetcsum_pkt_layer(struct pctx *c,
					  enum inetcsum_proto proto,
					  size_t field);

/*
 * inetcsum_pkt_verify() gives layer 'l' its verdict: the checksum over
 * 'len' bytes at 'start' plus the partial pseudo-header sum 'pseudo';
 * 'udp' selects the UDP rule (computed 0 sent as 0xffff), 'partial_ok'
 * allows the PARTIAL verdict (TCP and UDP, which Linux offloads).
 */
void inetcsum_pkt_verify(struct pctx *c, struct inetcsum_layer *l,
			 size_t start, size_t len, u32 pseudo, int udp,
			 int partial_ok);

/*
 * inetcsum_pkt_verify_tso() is inetcsum_pkt_verify() with 'partial_ok' for
 * TCP or UDP in a TSO super-packet (struct ipinfo 'tso'): a field that
 * holds 'pseudo0', the pseudo-header sum with length 0, is PARTIAL too.
 */
void inetcsum_pkt_verify_tso(struct pctx *c, struct inetcsum_layer *l,
			     size_t start, size_t len, u32 pseudo, u32 pseudo0,
			     int udp);

/*
 * inetcsum_pkt_verify_skip() is inetcsum_pkt_verify() for a checksum that
 * leaves the 'skiplen' bytes at 'skip' out of the 'len' bytes it covers
 * (struct cover); no UDP rule, no PARTIAL verdict.
 */
void inetcsum_pkt_verify_skip(struct pctx *c, struct inetcsum_layer *l,
			      size_t start, size_t len, size_t skip,
			      size_t skiplen);

/*
 * inetcsum_pkt_verify_cdp() is inetcsum_pkt_verify() for CDP's checksum
 * over the 'len' bytes at 'start': an odd last byte is summed as Cisco's
 * code does (struct cover, 'cdp'); no UDP rule, no PARTIAL verdict.
 */
void inetcsum_pkt_verify_cdp(struct pctx *c, struct inetcsum_layer *l,
			     size_t start, size_t len);

/*
 * inetcsum_pkt_verify_crc32c() judges SCTP's field at 'l's field offset,
 * the CRC32c of the 'len' bytes at 'start' (struct cover, 'crc32c').
 */
void inetcsum_pkt_verify_crc32c(struct pctx *c, struct inetcsum_layer *l,
				size_t start, size_t len);

/*
 * The bytes the field of 'cv' must hold, from the frame's current bytes,
 * into 'v'; returns the field's width: 4 for SCTP's CRC32c, else 2 (the
 * checksum, in memory order).  For the writers (inetcsum_ip_fill(),
 * inetcsum_frame_fix()).
 */
size_t inetcsum_pkt_field_value(const u8 *f, const struct cover *cv,
				u8 v[4]);

/*
 * Where the TCP or UDP header of an IP packet lies, for offload.c and
 * gso.c: inetcsum_pkt_find_l4() walks the IPv4 header (options) or the
 * IPv6 header and its extension headers from offset 'l3' of the 'len'
 * bytes at 'p', checks every length against the buffer and returns 0 or
 * an INETCSUM_E* code.  'end' is where the IP packet ends (its length
 * field, so Ethernet padding is left out); 'src' and 'dst' point at the
 * pseudo-header addresses (home address, final destination);
 * 'proto_field' is the byte that names the L4 protocol; 'jumbo' is the
 * offset of a hop-by-hop header holding only an RFC 2675 jumbo option (0
 * if none) and 'big' is set for a packet longer than its 16-bit length
 * field (jumbogram or Linux BIG TCP, length field 0).
 */
struct inetcsum_l4loc {
	size_t l3, l4, end;
	size_t ip_hlen;		/* IPv4 IHL * 4, or 40 */
	size_t l4_hlen;		/* TCP data offset * 4, or 8 */
	size_t csum_offset;	/* 16 (TCP) or 6 (UDP) */
	size_t proto_field;
	size_t jumbo;
	const u8 *src, *dst;
	unsigned proto;
	int v6, big;
};

int inetcsum_pkt_find_l4(const u8 *p, size_t len, size_t l3,
			 struct inetcsum_l4loc *loc);

/* The partial pseudo-header sum of 'loc' for an L4 length 'l4len'. */
u32 inetcsum_pkt_l4_pseudo(const struct inetcsum_l4loc *loc, size_t l4len);

#endif /* INETCSUM_PACKET_INTERNAL_H */
