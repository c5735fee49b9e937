/* SPDX-License-Identifier: MIT */
/*
 * packet/tunnel.c - encapsulations between the link layer and IP, and the
 * tunnels that UDP and GRE carry, each decoded down to the packet inside:
 *
 *   MPLS        label stack (RFC 3032), then IPv4/IPv6 by the first nibble
 *               after the bottom label, or a pseudowire control word (first
 *               nibble 0, RFC 4385) and an Ethernet frame (RFC 4448)
 *   PPPoE       session stage (RFC 2516), then PPP
 *   PPP         protocol field (RFC 1661, compressed or not), after an
 *               optional HDLC address and control 0xff 0x03 (RFC 1662);
 *               Cisco HDLC (address 0x0f/0x8f, then an ethertype)
 *   VXLAN       UDP 4789 (RFC 7348) and 8472 (Linux's old default), VXLAN-GPE
 *               4790 (draft-ietf-nvo3-vxlan-gpe)
 *   Geneve      UDP 6081 (RFC 8926), options skipped
 *   GTP-U       UDP 2152 (3GPP TS 29.281), G-PDU only, extension headers
 *   L2TPv2      UDP 1701 (RFC 2661), data messages: PPP
 *   Teredo      UDP 3544 (RFC 4380), authentication and origin indications
 *   MPLS        UDP 6635 (RFC 7510), the label stack as above
 *   GRE         UDP 4754 (RFC 8086), the GRE header as over IP (l4.c)
 *   LISP        UDP 4341 (RFC 9300 section 5.3), the 8-byte data header,
 *               then IPv4/IPv6 by the first nibble
 *   AYIYA       UDP 5072 (draft-massar-v6ops-ayiya), forwarded packets:
 *               IPv4 or IPv6 by the next header
 *   ERSPAN      GRE 0x88be (type I without, type II with the GRE sequence
 *               number) and 0x22eb (type III, optional platform subheader)
 *   WCCP        GRE 0x883e: the redirected IP packet, after WCCPv2's 4-byte
 *               redirect header when the first byte is not an IPv4 one
 *   TZSP        UDP 37008 (TaZmen Sniffer Protocol, MikroTik's packet
 *               streaming): 4 bytes, tagged fields up to the end tag, then
 *               Ethernet, raw IP or 802.11 by the encapsulation field
 *   CAPWAP      UDP 5247, the data channel (RFC 5415 section 4.3): an
 *               Ethernet frame, or an 802.11 one (RFC 5416) with its frame
 *               control's bytes swapped, as Cisco's controllers send it and
 *               tshark decodes it by default
 *
 * A UDP datagram goes to a tunnel decoder by its port as tshark decides it:
 * the lower of the two ports first, then the higher.  Every length is
 * checked against the enclosing packet's end before the caplen check, as
 * everywhere in the parser; an encapsulation that cannot be followed sets
 * the note, so a frame never stops short of its innermost packet silently.
 */
#include "packet_internal.h"

#define MPLS_LSE	4	/* label stack entry (RFC 3032 section 2.1) */
#define MPLS_BOS	0x01	/* bottom of stack, in the entry's third byte */
#define PW_CW		4	/* pseudowire control word (RFC 4385) */

#define PPPOE_HLEN	6	/* ver/type, code, session id, length */
#define PPP_IPV4	0x0021
#define PPP_IPV6	0x0057
#define PPP_MPLS	0x0281
#define PPP_MPLS_MC	0x0283
#define PPP_CDP		0x0207	/* Cisco Discovery Protocol */
#define PPP_CONTROL	0x8000	/* 0x8000-0xffff: NCPs, LCP, auth (RFC 1661) */
#define ETH_P_CDP	0x2000	/* CDP on Cisco HDLC and GRE */
#define CHDLC_OSI	0xfefe	/* OSI (IS-IS, CLNP) on Cisco HDLC */

#define VXLAN_HLEN	8
#define GENEVE_HLEN	8
#define GTP_HLEN	8
#define GTP_OPT		4	/* sequence, N-PDU, next extension type */
#define GTP_GPDU	255
#define L2TP_T		0x8000
#define L2TP_L		0x4000
#define L2TP_S		0x0800
#define L2TP_O		0x0200
#define ERSPAN2_HLEN	8
#define ERSPAN3_HLEN	12
#define ERSPAN3_SUB	8	/* platform-specific subheader, O bit */

/* The UDP ports tshark decodes as these tunnels by default. */
#define PORT_L2TP	1701
#define PORT_GTPU	2152
#define PORT_TEREDO	3544
#define PORT_VXLAN	4789
#define PORT_VXLAN_GPE	4790
#define PORT_GENEVE	6081
#define PORT_MPLS	6635
#define PORT_VXLAN_LNX	8472
#define PORT_LISP	4341
#define PORT_GRE	4754
#define PORT_AYIYA	5072
#define PORT_TZSP	37008
#define PORT_CAPWAP	5247	/* data; control (5246) carries no packets */

#define LISP_HLEN	8	/* flags, nonce/map version, instance/LSBs */
#define AYIYA_HLEN	8	/* lengths, methods, opcode, next, epoch */
#define AYIYA_FORWARD	1	/* the opcode of a forwarded packet */
#define AYIYA_ECHO_FWD	3	/* echo request and forward */

#define WCCP2_HLEN	4	/* flags, service id, buckets */
#define TZSP_HLEN	4	/* version, type, encapsulation */
#define TZSP_NULL	4	/* the types without a packet: keepalive, */
#define TZSP_PORT	5	/* port opener */
#define TZSP_TAG_PAD	0
#define TZSP_TAG_END	1
#define TZSP_ETHERNET	1	/* encapsulations */
#define TZSP_RAW_IP	7
#define TZSP_80211	18

/* IPv4 or IPv6 by the version nibble; 'notip' is the note otherwise. */
static void
ip_by_version(struct pctx *c, size_t off, size_t end, const char *notip)
{
	if (!need(c, off, 1, end, "tunnel payload empty",
		  "truncated before the tunnelled IP header"))
		return;
	switch (c->f[off] >> 4) {
	case 4:
		inetcsum_pkt_ipv4(c, off, end);
		return;
	case 6:
		inetcsum_pkt_ipv6(c, off, end);
		return;
	}
	set_note(c, notip);
}

void
inetcsum_pkt_mpls(struct pctx *c, size_t off, size_t end)
{
	/* Each entry is 4 bytes of a finite frame: the loop ends. */
	for (;;) {
		if (!need(c, off, MPLS_LSE, end, "MPLS label past the end of "
			  "its packet", "truncated in an MPLS label"))
			return;
		off += MPLS_LSE;
		if (c->f[off - 2] & MPLS_BOS)
			break;
	}
	if (!need(c, off, 1, end, "MPLS stack without a payload",
		  "truncated after the MPLS stack"))
		return;
	switch (c->f[off] >> 4) {
	case 4:
		inetcsum_pkt_ipv4(c, off, end);
		return;
	case 6:
		inetcsum_pkt_ipv6(c, off, end);
		return;
	case 0:
		/* Ethernet pseudowire with a control word (RFC 4448 4.6). */
		if (!need(c, off, PW_CW, end, "MPLS control word past the "
			  "end of its packet", "truncated in an MPLS control "
			  "word"))
			return;
		if (!inetcsum_pkt_enter(c))
			return;
		inetcsum_pkt_ether(c, off + PW_CW, end);
		c->depth--;
		return;
	}
	set_note(c, "MPLS payload not IP or a pseudowire control word");
}

void
inetcsum_pkt_ppp(struct pctx *c, size_t off, size_t end)
{
	unsigned proto;

	if (!need(c, off, 1, end, "PPP frame empty",
		  "truncated in the PPP header"))
		return;
	/* HDLC-like framing: all-stations address, UI control (RFC 1662). */
	if (c->f[off] == 0xff) {
		if (!need(c, off, 3, end, "PPP header past the end of its "
			  "packet", "truncated in the PPP header"))
			return;
		if (c->f[off + 1] != 0x03) {
			set_note(c, "PPP HDLC control not 0x03");
			return;
		}
		off += 2;
	}
	/* A protocol with an odd first byte is compressed to one byte. */
	if (c->f[off] & 1) {
		proto = c->f[off];
		off += 1;
	} else {
		if (!need(c, off, 2, end, "PPP header past the end of its "
			  "packet", "truncated in the PPP header"))
			return;
		proto = be16(c->f + off);
		off += 2;
	}
	switch (proto) {
	case PPP_IPV4:
		inetcsum_pkt_ipv4(c, off, end);
		return;
	case PPP_IPV6:
		inetcsum_pkt_ipv6(c, off, end);
		return;
	case PPP_MPLS:
	case PPP_MPLS_MC:
		inetcsum_pkt_mpls(c, off, end);
		return;
	case PPP_CDP:
		inetcsum_pkt_cdp(c, off, end);
		return;
	}
	/* LCP, IPCP, PAP, CHAP, ...: control packets without a checksum. */
	if (proto < PPP_CONTROL)
		set_note(c, "PPP protocol not parsed");
}

/* Cisco HDLC (LINKTYPE_C_HDLC, and PPP_HDLC frames starting 0x0f/0x8f). */
void
inetcsum_pkt_chdlc(struct pctx *c, size_t off, size_t end)
{
	if (!need(c, off, 4, end, "Cisco HDLC header past the end of its "
		  "packet", "truncated in the Cisco HDLC header"))
		return;
	if (be16(c->f + off + 2) == ETH_P_CDP)
		inetcsum_pkt_cdp(c, off + 4, end);
	else if (be16(c->f + off + 2) == CHDLC_OSI)
		return;		/* IS-IS, CLNP: Fletcher sums, as in GRE */
	else
		inetcsum_pkt_ethertype(c, be16(c->f + off + 2), off + 4, end);
}

void
inetcsum_pkt_pppoe(struct pctx *c, size_t off, size_t end)
{
	size_t len;

	if (!need(c, off, PPPOE_HLEN, end, "PPPoE header past the end of "
		  "its packet", "truncated in the PPPoE header"))
		return;
	if (c->f[off] != 0x11 || c->f[off + 1] != 0) {
		set_note(c, "PPPoE session: version, type or code unknown");
		return;
	}
	len = be16(c->f + off + 4);
	if (!within(off + PPPOE_HLEN, len, end)) {
		set_note(c, "PPPoE length past the end of its packet");
		return;
	}
	if (!inetcsum_pkt_enter(c))
		return;
	inetcsum_pkt_ppp(c, off + PPPOE_HLEN, off + PPPOE_HLEN + len);
	c->depth--;
}

static void
vxlan(struct pctx *c, size_t off, size_t end, int gpe)
{
	if (!need(c, off, VXLAN_HLEN, end, "VXLAN header past the end of its "
		  "packet", "truncated in the VXLAN header"))
		return;
	off += VXLAN_HLEN;
	if (!gpe || !(c->f[off - VXLAN_HLEN] & 0x04)) {
		inetcsum_pkt_ether(c, off, end);
		return;
	}
	/* VXLAN-GPE with the P bit: the next protocol in byte 3. */
	switch (c->f[off - VXLAN_HLEN + 3]) {
	case 1:
		inetcsum_pkt_ipv4(c, off, end);
		return;
	case 2:
		inetcsum_pkt_ipv6(c, off, end);
		return;
	case 3:
		inetcsum_pkt_ether(c, off, end);
		return;
	case 4:
		inetcsum_pkt_nsh(c, off, end);
		return;
	case 5:
		inetcsum_pkt_mpls(c, off, end);
		return;
	}
	set_note(c, "VXLAN-GPE next protocol not parsed");
}

static void
geneve(struct pctx *c, size_t off, size_t end)
{
	size_t hl;
	unsigned type;

	if (!need(c, off, GENEVE_HLEN, end, "Geneve header past the end of "
		  "its packet", "truncated in the Geneve header"))
		return;
	if (c->f[off] >> 6 != 0) {
		set_note(c, "Geneve version not 0");
		return;
	}
	hl = GENEVE_HLEN + (size_t)(c->f[off] & 0x3f) * 4;
	type = be16(c->f + off + 2);
	if (!within(off, hl, end)) {
		set_note(c, "Geneve options past the end of its packet");
		return;
	}
	if (type == 0x6558)
		inetcsum_pkt_ether(c, off + hl, end);
	else
		inetcsum_pkt_ethertype(c, type, off + hl, end);
}

static void
gtpu(struct pctx *c, size_t off, size_t end)
{
	unsigned flags, next;
	size_t p, len;

	if (!need(c, off, GTP_HLEN, end, "GTP-U header past the end of its "
		  "packet", "truncated in the GTP-U header"))
		return;
	flags = c->f[off];
	if (flags >> 5 != 1 || !(flags & 0x10)) {
		set_note(c, "GTP version not 1 (GTP-U)");
		return;
	}
	if (c->f[off + 1] != GTP_GPDU)
		return;		/* echo, error indication, ...: no packet */
	len = be16(c->f + off + 2);
	if (!within(off + GTP_HLEN, len, end)) {
		set_note(c, "GTP-U length past the end of its packet");
		return;
	}
	end = off + GTP_HLEN + len;
	p = off + GTP_HLEN;
	if (flags & 0x07) {
		if (!need(c, p, GTP_OPT, end, "GTP-U header past its length",
			  "truncated in the GTP-U header"))
			return;
		next = c->f[p + 3];
		p += GTP_OPT;
		/* Extension headers: length in 4-byte units, next type last. */
		while ((flags & 0x04) && next != 0) {
			size_t el;

			if (!need(c, p, 1, end, "GTP-U extension header past "
				  "its length", "truncated in a GTP-U "
				  "extension header"))
				return;
			el = (size_t)c->f[p] * 4;
			if (el == 0) {
				set_note(c, "GTP-U extension header length 0");
				return;
			}
			if (!need(c, p, el, end, "GTP-U extension header past "
				  "its length", "truncated in a GTP-U "
				  "extension header"))
				return;
			next = c->f[p + el - 1];
			p += el;
		}
	}
	ip_by_version(c, p, end, "GTP-U payload not IP");
}

static void
l2tp(struct pctx *c, size_t off, size_t end)
{
	unsigned flags;
	size_t p = off + 2;

	if (!need(c, off, 2, end, "L2TP header past the end of its packet",
		  "truncated in the L2TP header"))
		return;
	flags = be16(c->f + off);
	if ((flags & 0x0f) != 2) {
		set_note(c, "L2TP version not 2");
		return;
	}
	if (flags & L2TP_T)
		return;		/* control message: AVPs, no packet */
	if (flags & L2TP_L) {
		size_t len;

		if (!need(c, p, 2, end, "L2TP header past the end of its "
			  "packet", "truncated in the L2TP header"))
			return;
		len = be16(c->f + p);
		if (len < 2 || !within(off, len, end)) {
			set_note(c, "L2TP length past the end of its packet");
			return;
		}
		end = off + len;
		p += 2;
	}
	p += 4;			/* tunnel and session ids */
	if (flags & L2TP_S)
		p += 4;		/* Ns, Nr */
	if (flags & L2TP_O) {
		if (!need(c, p, 2, end, "L2TP header past the end of its "
			  "packet", "truncated in the L2TP header"))
			return;
		p += 2 + be16(c->f + p);
	}
	if (!within(p, 0, end)) {
		set_note(c, "L2TP header past the end of its packet");
		return;
	}
	inetcsum_pkt_ppp(c, p, end);
}

static void
teredo(struct pctx *c, size_t off, size_t end)
{
	/* Authentication indication (RFC 4380 5.1.1): 00 01 id-len au-len. */
	if (have(c, off, 2) && within(off, 2, end) && c->f[off] == 0 &&
	    c->f[off + 1] == 1) {
		if (!need(c, off, 4, end, "Teredo indication past the end of "
			  "its packet", "truncated in a Teredo indication"))
			return;
		/* client id, authentication value, nonce 8, confirmation 1 */
		off += 4 + (size_t)c->f[off + 2] + c->f[off + 3] + 9;
	}
	/* Origin indication (5.1.1): 00 00, port, address. */
	if (have(c, off, 2) && within(off, 2, end) && c->f[off] == 0 &&
	    c->f[off + 1] == 0) {
		if (!need(c, off, 8, end, "Teredo indication past the end of "
			  "its packet", "truncated in a Teredo indication"))
			return;
		off += 8;
	}
	if (!need(c, off, 1, end, "Teredo packet without IPv6",
		  "truncated before the Teredo IPv6 header"))
		return;
	if (c->f[off] >> 4 != 6) {
		set_note(c, "Teredo payload not IPv6");
		return;
	}
	inetcsum_pkt_ipv6(c, off, end);
}

/* GRE in UDP (RFC 8086): the GRE header and its packet as over IP.  GRE's
 * checksum takes no pseudo-header (RFC 2784 section 2.5), so the datagram's
 * end is all gre() needs of an IP layer. */
static void
gre_udp(struct pctx *c, size_t off, size_t end)
{
	struct ipinfo in;

	memset(&in, 0, sizeof(in));
	in.end = end;
	inetcsum_pkt_gre(c, &in, off);
}

/* LISP data (RFC 9300 section 5.3): 8 bytes, then the inner IP packet,
 * told by its version nibble as tshark does. */
static void
lisp(struct pctx *c, size_t off, size_t end)
{
	if (!need(c, off, LISP_HLEN, end, "LISP header past the end of its "
		  "packet", "truncated in the LISP header"))
		return;
	ip_by_version(c, off + LISP_HLEN, end, "LISP payload not IP");
}

/*
 * AYIYA (Anything In Anything, draft-massar-v6ops-ayiya): 8 bytes, an
 * identity of 2^n bytes (n: the first byte's high nibble) and a signature
 * of 4m bytes (m: the second byte's high nibble), then, in a forwarded
 * packet (opcode 1, the third byte's low nibble), the packet whose IP
 * protocol number is the fourth byte: 4 (IPv4) or 41 (IPv6) here, the
 * packet then told by its version nibble, as tshark's IP dissector hands
 * a version 6 packet to IPv6.  The other opcodes are heartbeats, queries
 * and echoes, complete without a packet; an echo request that forwards
 * one (3) is noted, as tshark does not decode it either.
 */
static void
ayiya(struct pctx *c, size_t off, size_t end)
{
	const char *past = "AYIYA header past the end of its packet";
	const char *cut = "truncated in the AYIYA header";
	unsigned op, next;
	size_t hl;

	if (!need(c, off, AYIYA_HLEN, end, past, cut))
		return;
	op = c->f[off + 2] & 0x0f;
	if (op == AYIYA_ECHO_FWD) {
		set_note(c, "AYIYA echo request's packet not parsed");
		return;
	}
	if (op != AYIYA_FORWARD)
		return;		/* no packet inside */
	next = c->f[off + 3];
	if (next != IPPROTO_IPIP && next != IPPROTO_IPV6) {
		set_note(c, "AYIYA payload not IP");
		return;
	}
	hl = AYIYA_HLEN + ((size_t)1 << (c->f[off] >> 4)) +
	     (size_t)(c->f[off + 1] >> 4) * 4;
	if (need(c, off, hl, end, past, cut))
		ip_by_version(c, off + hl, end, "AYIYA payload not IP");
}

/*
 * TZSP: version, type, a 2-byte encapsulation, then tagged fields (pad
 * and end one byte each, the others a tag, a length and that much data),
 * then the packet, for every type but the two that carry none, as tshark
 * reads it (its encapsulation table: Ethernet, raw IP, 802.11 here; the
 * 802.11 radio headers and the older links are noted).
 */
static void
tzsp(struct pctx *c, size_t off, size_t end)
{
	const char *past = "TZSP header past the end of its packet";
	const char *cut = "truncated in the TZSP header";
	unsigned type, encap, tag;
	size_t p = off + TZSP_HLEN;

	if (!need(c, off, TZSP_HLEN, end, past, cut))
		return;
	type = c->f[off + 1];
	encap = be16(c->f + off + 2);
	if (type == TZSP_NULL || type == TZSP_PORT)
		return;		/* no packet inside */
	/* Each field takes at least a byte of a finite datagram. */
	for (;;) {
		if (!need(c, p, 1, end, past, cut))
			return;
		tag = c->f[p++];
		if (tag == TZSP_TAG_END)
			break;
		if (tag == TZSP_TAG_PAD)
			continue;
		if (!need(c, p, 1, end, past, cut))
			return;
		p += 1 + (size_t)c->f[p];
	}
	if (!within(p, 0, end)) {
		set_note(c, past);
		return;
	}
	switch (encap) {
	case TZSP_ETHERNET:
		inetcsum_pkt_ether(c, p, end);
		return;
	case TZSP_RAW_IP:
		ip_by_version(c, p, end, "TZSP payload not IP");
		return;
	case TZSP_80211:
		inetcsum_pkt_wlan(c, p, end, 0);
		return;
	}
	set_note(c, "TZSP encapsulation not parsed");
}

/*
 * CAPWAP's data channel (RFC 5415 section 4.3): a preamble byte (version
 * and type: 1 is a DTLS record, encrypted), then the header, whose HLEN
 * counts its 4-byte words from the preamble on: RID, WBID (the wireless
 * binding, 1 for 802.11), T (1: a frame of that binding, 0: an 802.3
 * frame), F (a fragment), K (a keep-alive: message elements, no frame),
 * the fragment id and offset; optional radio MAC and wireless fields fill
 * the rest.  The 802.11 frames' frame control is taken swapped, as
 * tshark's CAPWAP preference "swap frame control" (on by default) takes
 * it: Cisco's controllers send it so.  Fragments are noted, as tshark's
 * reassembly is not done here.
 */
#define CAPWAP_FIXED	8	/* preamble, flags word, fragment id, offset */
#define CAPWAP_DTLS	1	/* the preamble's type */
#define CAPWAP_WBID_80211 1
#define CAPWAP_T	0x01	/* in byte 2 (the preamble is byte 0) */
#define CAPWAP_F	0x80	/* in byte 3 */
#define CAPWAP_K	0x08	/* in byte 3 */

static void
capwap(struct pctx *c, size_t off, size_t end)
{
	const char *past = "CAPWAP header past the end of its packet";
	const char *cut = "truncated in the CAPWAP header";
	const u8 *h;
	size_t hl;
	unsigned wbid;

	if (!need(c, off, 1, end, past, cut))
		return;
	if ((c->f[off] & 0x0f) == CAPWAP_DTLS) {
		set_note(c, "not parsable (encrypted): CAPWAP DTLS");
		return;
	}
	if (!need(c, off, CAPWAP_FIXED, end, past, cut))
		return;
	h = c->f + off;
	hl = (size_t)(h[1] >> 3) * 4;
	if (hl < CAPWAP_FIXED) {
		set_note(c, "CAPWAP header length below its fixed part");
		return;
	}
	if (!need(c, off, hl, end, past, cut))
		return;
	if (h[3] & CAPWAP_K)
		return;		/* keep-alive: message elements only */
	if (h[3] & CAPWAP_F) {
		set_note(c, "CAPWAP fragment not reassembled");
		return;
	}
	wbid = (h[2] >> 1) & 0x1f;
	if (!(h[2] & CAPWAP_T))
		inetcsum_pkt_ether(c, off + hl, end);
	else if (wbid == CAPWAP_WBID_80211)
		inetcsum_pkt_wlan(c, off + hl, end, 1);
	else
		set_note(c, "CAPWAP wireless binding not parsed");
}

/*
 * Ports declared with inetcsum_frame_udp_port(): 0 (tshark's default),
 * an enum inetcsum_tunnel value, or INETCSUM_TUNNEL_NONE.  Written only
 * before parsing starts (see the header), so plain bytes suffice.
 */
static unsigned char declared[65536];

INETCSUM_API int
inetcsum_frame_udp_port(unsigned port, int kind)
{
	/* INETCSUM_TUNNEL_CAPWAP is the last kind (the header appends). */
	if (port == 0 || port > 65535 || kind < 0 ||
	    kind > INETCSUM_TUNNEL_CAPWAP)
		return -1;
	declared[port] = (unsigned char)kind;
	return 0;
}

static int
tunnel_port(unsigned port)
{
	if (declared[port] == INETCSUM_TUNNEL_NONE)
		return 0;
	if (declared[port] != 0)
		return 1;
	switch (port) {
	case PORT_L2TP:
	case PORT_GTPU:
	case PORT_TEREDO:
	case PORT_VXLAN:
	case PORT_VXLAN_GPE:
	case PORT_GENEVE:
	case PORT_MPLS:
	case PORT_VXLAN_LNX:
	case PORT_LISP:
	case PORT_GRE:
	case PORT_AYIYA:
	case PORT_TZSP:
	case PORT_CAPWAP:
		return 1;
	}
	return 0;
}

int
inetcsum_pkt_udp_tunnel(struct pctx *c, unsigned sport, unsigned dport,
			size_t off, size_t end)
{
	unsigned lo = sport < dport ? sport : dport;
	unsigned hi = sport < dport ? dport : sport;
	unsigned port = tunnel_port(lo) ? lo : hi;
	int kind;

	if (!tunnel_port(port))
		return 0;
	if (!inetcsum_pkt_enter(c))
		return 1;
	kind = declared[port];
	if (kind == 0) {
		switch (port) {
		case PORT_L2TP:		kind = INETCSUM_TUNNEL_L2TP; break;
		case PORT_GTPU:		kind = INETCSUM_TUNNEL_GTPU; break;
		case PORT_TEREDO:	kind = INETCSUM_TUNNEL_TEREDO; break;
		case PORT_VXLAN_GPE:	kind = INETCSUM_TUNNEL_VXLAN_GPE; break;
		case PORT_GENEVE:	kind = INETCSUM_TUNNEL_GENEVE; break;
		case PORT_MPLS:		kind = INETCSUM_TUNNEL_MPLS; break;
		case PORT_LISP:		kind = INETCSUM_TUNNEL_LISP; break;
		case PORT_GRE:		kind = INETCSUM_TUNNEL_GRE; break;
		case PORT_AYIYA:	kind = INETCSUM_TUNNEL_AYIYA; break;
		case PORT_TZSP:		kind = INETCSUM_TUNNEL_TZSP; break;
		case PORT_CAPWAP:	kind = INETCSUM_TUNNEL_CAPWAP; break;
		default:		kind = INETCSUM_TUNNEL_VXLAN; break;
		}
	}
	switch (kind) {
	case INETCSUM_TUNNEL_VXLAN:
		vxlan(c, off, end, 0);
		break;
	case INETCSUM_TUNNEL_VXLAN_GPE:
		vxlan(c, off, end, 1);
		break;
	case INETCSUM_TUNNEL_GENEVE:
		geneve(c, off, end);
		break;
	case INETCSUM_TUNNEL_GTPU:
		gtpu(c, off, end);
		break;
	case INETCSUM_TUNNEL_L2TP:
		l2tp(c, off, end);
		break;
	case INETCSUM_TUNNEL_TEREDO:
		teredo(c, off, end);
		break;
	case INETCSUM_TUNNEL_MPLS:
		inetcsum_pkt_mpls(c, off, end);
		break;
	case INETCSUM_TUNNEL_GRE:
		gre_udp(c, off, end);
		break;
	case INETCSUM_TUNNEL_LISP:
		lisp(c, off, end);
		break;
	case INETCSUM_TUNNEL_AYIYA:
		ayiya(c, off, end);
		break;
	case INETCSUM_TUNNEL_TZSP:
		tzsp(c, off, end);
		break;
	case INETCSUM_TUNNEL_CAPWAP:
		capwap(c, off, end);
		break;
	}
	c->depth--;
	return 1;
}

/*
 * WCCP (GRE 0x883e): the redirected packet, IPv4, after a 4-byte redirect
 * header in WCCPv2.  The two are told apart as tshark tells them: a first
 * byte whose high nibble is 4 starts the IPv4 header (tshark looks at the
 * byte after GRE's first 4 bytes; this looks after the whole GRE header,
 * the same byte unless GRE carries options, which WCCP does not use).
 */
void
inetcsum_pkt_wccp(struct pctx *c, size_t off, size_t end)
{
	if (!need(c, off, 1, end, "tunnel payload empty",
		  "truncated before the tunnelled IP header"))
		return;
	if ((c->f[off] >> 4) != 4) {
		if (!need(c, off, WCCP2_HLEN, end, "WCCP redirect header past "
			  "the end of its packet", "truncated in the WCCP "
			  "redirect header"))
			return;
		off += WCCP2_HLEN;
	}
	ip_by_version(c, off, end, "WCCP payload not IP");
}

void
inetcsum_pkt_erspan(struct pctx *c, unsigned type, int seq, size_t off,
		    size_t end)
{
	size_t hl;

	if (type == 0x88be && !seq) {
		/* Type I: no ERSPAN header (tshark: GRE without a sequence). */
		inetcsum_pkt_ether(c, off, end);
		return;
	}
	if (type == 0x88be) {
		hl = ERSPAN2_HLEN;
		if (!need(c, off, hl, end, "ERSPAN header past the end of its "
			  "packet", "truncated in the ERSPAN header"))
			return;
	} else {
		hl = ERSPAN3_HLEN;
		if (!need(c, off, hl, end, "ERSPAN header past the end of its "
			  "packet", "truncated in the ERSPAN header"))
			return;
		if ((c->f[off + 10] >> 2 & 0x1f) != 0) {
			set_note(c, "ERSPAN III frame type not Ethernet");
			return;
		}
		if (c->f[off + 11] & 1)
			hl += ERSPAN3_SUB;
	}
	if (!within(off, hl, end)) {
		set_note(c, "ERSPAN header past the end of its packet");
		return;
	}
	inetcsum_pkt_ether(c, off + hl, end);
}
