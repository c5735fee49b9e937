/* SPDX-License-Identifier: MIT */
/*
 * packet/link_legacy.c - the older link layers of the pcap link-type table
 * that carry IP and that tshark 4.0 decodes
 * (https://www.tcpdump.org/linktypes.html):
 *
 *   Token Ring            6    access and frame control, addresses, a
 *                              routing field when the source's top bit is
 *                              set, then 802.2 LLC (IEEE 802.5)
 *   FDDI                  10   frame control, addresses, LLC (RFC 1390)
 *   Linux ATM CLIP        106  raw IPv4 (RFC 1577), or LLC/SNAP when the
 *                              frame starts with it (RFC 2684 section 5)
 *   Frame Relay           107  Q.922 address, then RFC 2427's UI control
 *                              and NLPID: IPv4, IPv6, SNAP; or Cisco's
 *                              ethertype after the address
 *   IP over Fibre Channel 122  the 16-byte network header, LLC/SNAP
 *                              (RFC 2625 section 5)
 *   SunATM                123  flags and VPI/VCI, then the AAL5 frame:
 *                              LLC, or LANE (a 2-byte LEC ID, Ethernet)
 *   Apple IP over 1394    138  two 8-byte addresses and an ethertype
 *                              (RFC 2734's link header as Apple's driver
 *                              hands it to BPF)
 *   PPP for pppd          166  PPP in HDLC framing whose address byte
 *                              holds the direction (0 in, 1 out)
 *   Frame Relay with      206  a direction byte, then Frame Relay
 *   direction
 *
 * tshark 4.0 reads neither 166 nor 206; the catalog's reference judges
 * those two alone.
 * LLC is wifi.c's (inetcsum_pkt_llc()), Ethernet link.c's.
 */
#include "packet_internal.h"

/*
 * Frame Relay (RFC 2427): a Q.922 address of 2 to 4 bytes (the EA bit,
 * bit 0, ends it), control 0x03 (UI), an optional pad byte 0, then the
 * NLPID: 0xcc IPv4, 0x8e IPv6, 0x80 SNAP (a 3-byte OUI and a 2-byte
 * protocol, an ethertype under OUI 0).  Called for Juniper's Frame Relay
 * too (link_pseudo.c).
 *
 * Cisco routers encapsulate differently: no control byte, the address
 * followed by a Cisco HDLC type (an ethertype).  tshark and tcpdump take a
 * frame on a DLCI other than 0 (LMI and signalling use 0) whose byte after
 * the address is not UI as that form when the two bytes are a type they
 * decode; here when they are IPv4, IPv6 or MPLS.
 */
#define FR_UI			0x03
#define FR_MAX_ADDR		4
#define NLPID_SNAP		0x80
#define NLPID_IPV6		0x8e
#define NLPID_IPV4		0xcc
#define FR_SNAP_LEN		5

/* Whether the Q.922 address of 'n' bytes at 'a' names DLCI 0: its DLCI
 * bits are the top 6 of the first byte, the top 4 of the second, and the
 * top 7 of a middle byte (the last byte of a longer address holds more
 * DLCI bits, or the DL-CORE control, in its top 6). */
static int
fr_dlci_zero(const u8 *a, size_t n)
{
	size_t i;

	if ((a[0] & 0xfc) || (n > 1 && (a[1] & 0xf0)))
		return 0;
	for (i = 2; i < n; i++)
		if (a[i] & (i + 1 < n ? 0xfe : 0xfc))
			return 0;
	return 1;
}

/* The Cisco HDLC types of the Cisco form that lead to a checksum. */
static int
fr_cisco_type(unsigned type)
{
	return type == 0x0800 || type == 0x86dd || type == 0x8847 ||
	       type == 0x8848;
}

void
inetcsum_pkt_frelay(struct pctx *c, size_t off, size_t end)
{
	size_t n = 0;

	/* The address: up to 4 bytes, the last with EA set. */
	do {
		if (off + n >= end || !have(c, off + n, 1) ||
		    n == FR_MAX_ADDR) {
			set_note(c, n == FR_MAX_ADDR ? "Frame Relay address "
				 "too long" : "truncated in the Frame Relay "
				 "header");
			return;
		}
	} while (!(c->f[off + n++] & 1));
	off += n;
	if (!hdr_at(c, off, 2, end, "truncated in the Frame Relay header"))
		return;
	if (c->f[off] != FR_UI) {
		unsigned type = be16(c->f + off);

		if (!fr_dlci_zero(c->f + off - n, n) && fr_cisco_type(type))
			inetcsum_pkt_ethertype(c, type, off + 2, end);
		else
			set_note(c, "Frame Relay control not UI (0x03)");
		return;
	}
	off++;
	if (c->f[off] == 0) {		/* pad before the NLPID */
		off++;
		if (!hdr_at(c, off, 1, end, "truncated in the Frame Relay "
			    "header"))
			return;
	}
	switch (c->f[off]) {
	case NLPID_IPV4:
		inetcsum_pkt_ipv4(c, off + 1, end);
		return;
	case NLPID_IPV6:
		inetcsum_pkt_ipv6(c, off + 1, end);
		return;
	case NLPID_SNAP:
		if (!hdr_at(c, off, 1 + FR_SNAP_LEN, end, "truncated in the "
			    "Frame Relay SNAP header"))
			return;
		if (c->f[off + 1] || c->f[off + 2] || c->f[off + 3]) {
			set_note(c, "SNAP organization code not parsed");
			return;
		}
		inetcsum_pkt_ethertype(c, be16(c->f + off + 4),
				       off + 1 + FR_SNAP_LEN, end);
		return;
	}
	set_note(c, "Frame Relay NLPID not parsed");
}

/*
 * Token Ring (LINKTYPE_IEEE802_5 6): access control, frame control (an
 * LLC frame has type bits 01 in its top two), destination, source; with
 * the source's top bit set a routing information field whose length is in
 * the low 5 bits of its first byte.
 */
#define TR_HLEN			14
#define TR_FC_LLC		0x40
#define TR_RII			0x80	/* in the source's first byte */

static void
token_ring(struct pctx *c, size_t end)
{
	size_t off = TR_HLEN;

	if (!hdr_at(c, 0, TR_HLEN, end, "truncated in the Token Ring header"))
		return;
	if ((c->f[1] & 0xc0) != TR_FC_LLC) {
		set_note(c, "Token Ring MAC frame, not LLC");
		return;
	}
	if (c->f[8] & TR_RII) {
		size_t rif;

		if (!hdr_at(c, off, 1, end, "truncated in the Token Ring "
			    "routing field"))
			return;
		/* Its own 2-byte control field at least (IEEE 802.5). */
		rif = c->f[off] & 0x1f;
		if (rif < 2) {
			set_note(c, "Token Ring routing field length below 2");
			return;
		}
		off += rif;
	}
	inetcsum_pkt_llc(c, off, end);
}

/*
 * FDDI (LINKTYPE_FDDI 10): frame control, destination, source; frame
 * controls 0x50-0x57 (asynchronous) and 0xd0-0xd7 (synchronous) are LLC
 * frames, the others SMT and MAC frames.
 */
#define FDDI_HLEN		13

static void
fddi(struct pctx *c, size_t end)
{
	if (!hdr_at(c, 0, FDDI_HLEN, end, "truncated in the FDDI header"))
		return;
	if ((c->f[0] & 0x78) != 0x50) {
		set_note(c, "FDDI frame not LLC");
		return;
	}
	inetcsum_pkt_llc(c, FDDI_HLEN, end);
}

/*
 * The routed-protocol LLC/SNAP header's first 6 bytes, aa aa 03 00 00 00
 * (RFC 2684 section 5), which tcpdump's Classical IP printer also looks
 * for before it reads a frame as LLC (print-cip.c).
 */
static int
llc_snap_at(const struct pctx *c, size_t off, size_t end)
{
	static const u8 snap[6] = { 0xaa, 0xaa, 0x03, 0, 0, 0 };

	return off < end && end - off >= sizeof(snap) &&
	       have(c, off, sizeof(snap)) &&
	       memcmp(c->f + off, snap, sizeof(snap)) == 0;
}

/*
 * SunATM (LINKTYPE_SUNATM 123): a flags byte (direction in the top bit,
 * the traffic type in the low nibble: 1 LANE, 2 LLC, 0 unknown), the VPI
 * and the 2-byte VCI, then the AAL5 frame.  An unknown type is read as
 * LLC when the frame starts with LLC/SNAP, as tshark does; LANE's control
 * frames (LEC ID 0xff00) carry no packet.
 */
#define SUNATM_HLEN		4
#define SUNATM_LANE		1
#define SUNATM_LLC		2
#define LANE_LECID_LEN		2
#define LANE_CONTROL		0xff00

static void
sunatm(struct pctx *c, size_t end)
{
	if (!hdr_at(c, 0, SUNATM_HLEN, end, "truncated in the SunATM header"))
		return;
	switch (c->f[0] & 0x0f) {
	case SUNATM_LLC:
		inetcsum_pkt_llc(c, SUNATM_HLEN, end);
		return;
	case SUNATM_LANE:
		if (!hdr_at(c, SUNATM_HLEN, LANE_LECID_LEN, end, "truncated in "
			    "the LANE header"))
			return;
		if (be16(c->f + SUNATM_HLEN) == LANE_CONTROL)
			return;		/* LE control: no packet */
		inetcsum_pkt_ether(c, SUNATM_HLEN + LANE_LECID_LEN, end);
		return;
	}
	if (llc_snap_at(c, SUNATM_HLEN, end))
		inetcsum_pkt_llc(c, SUNATM_HLEN, end);
	else
		set_note(c, "SunATM traffic type not parsed");
}

#define IPFC_HLEN		16	/* RFC 2625: two 8-byte addresses */
#define AP1394_HLEN		18	/* two EUI-64s, the ethertype */

int
inetcsum_pkt_link_legacy(struct pctx *c, int linktype, size_t end)
{
	switch (linktype) {
	case INETCSUM_LINK_IEEE802_5:
		token_ring(c, end);
		return 0;
	case INETCSUM_LINK_FDDI:
		fddi(c, end);
		return 0;
	case INETCSUM_LINK_ATM_CLIP:
		if (llc_snap_at(c, 0, end))
			inetcsum_pkt_llc(c, 0, end);
		else
			inetcsum_pkt_raw_ip(c, 0, end, 4);
		return 0;
	case INETCSUM_LINK_FRELAY:
		inetcsum_pkt_frelay(c, 0, end);
		return 0;
	case INETCSUM_LINK_IP_OVER_FC:
		if (hdr_at(c, 0, IPFC_HLEN, end, "truncated in the IP over FC "
			   "header"))
			inetcsum_pkt_llc(c, IPFC_HLEN, end);
		return 0;
	case INETCSUM_LINK_SUNATM:
		sunatm(c, end);
		return 0;
	case INETCSUM_LINK_PPP_PPPD:
		if (!hdr_at(c, 0, 2, end, "truncated in the PPP header"))
			return 0;
		if (c->f[1] != 0x03) {
			set_note(c, "PPP HDLC control not 0x03");
			return 0;
		}
		inetcsum_pkt_ppp(c, 2, end);
		return 0;
	case INETCSUM_LINK_FRELAY_WITH_DIR:
		if (hdr_at(c, 0, 1, end, "truncated before the direction "
			   "byte's frame"))
			inetcsum_pkt_frelay(c, 1, end);
		return 0;
	case INETCSUM_LINK_APPLE_IP_OVER_1394:
		if (hdr_at(c, 0, AP1394_HLEN, end, "truncated in the IP over "
			   "1394 header"))
			inetcsum_pkt_ethertype(c, be16(c->f + 16),
					       AP1394_HLEN, end);
		return 0;
	}
	return -1;
}
