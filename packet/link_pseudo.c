/* SPDX-License-Identifier: MIT */
/*
 * packet/link_pseudo.c - the link types whose frames start with a capture
 * device's own header before a framing the parser knows (link.c has the
 * common ones):
 *
 *   netANALYZER          240  Hilscher's 4-byte header, an Ethernet frame
 *                             with its FCS
 *   netANALYZER          241  the same header, the preamble and SFD, the
 *   (transparent mode)        Ethernet frame with its FCS
 *   IPoIB                242  a 40-byte address header, then RFC 4391's
 *                             4-byte header (ethertype, reserved)
 *   Prism                119  an 802.11 monitor header of its own length
 *   AVS                  163  the same, big-endian, a magic first
 *   PPI                  192  a header of its own length naming the DLT
 *                             of the packet after it
 *   Endace ERF           197  an ERF record: Ethernet, PoS, raw IP
 *   Juniper              178  a "MGC" header, optional extension TLVs,
 *   (Ethernet, PPP,      -181 then the framing the link type names
 *   Frame Relay, C-HDLC)
 *
 * The layouts are those of https://www.tcpdump.org/linktypes.html and of
 * what tshark 4.0 reads, which the catalog is compared with (where tshark
 * stops earlier, tests/packet/tshark-differences.txt says why).
 */
#include "packet_internal.h"

/*
 * netANALYZER: a little-endian 32-bit word; its low byte holds receive
 * error flags, bit 8 marks a GPIO event (no frame follows), bit 9
 * transparent mode, bits 10-13 the header version (1), then the port and
 * the frame's length.  Neither the error flags nor the version stop the
 * walk: the header is 4 bytes whatever it says, and the bytes after it are
 * what the wire carried, as tshark 4.0 decodes them.
 */
#define NETANA_HLEN		4
#define NETANA_GPIO		0x01	/* in the second byte */
#define ETH_FCS_LEN		4
#define PREAMBLE_BYTE		0x55
#define SFD_BYTE		0xd5

static void
netanalyzer(struct pctx *c, size_t end, int transparent)
{
	size_t off = NETANA_HLEN;

	if (!hdr_at(c, 0, NETANA_HLEN, end, "truncated in the netANALYZER "
		    "header"))
		return;
	if (c->f[1] & NETANA_GPIO)
		return;		/* a GPIO event: no frame, no checksum */
	if (transparent) {
		/* The preamble's length is not fixed (the error flags count
		 * a short or long one): the SFD ends it. */
		while (off < end && have(c, off, 1) &&
		       c->f[off] == PREAMBLE_BYTE)
			off++;
		if (!have(c, off, 1) || off >= end) {
			set_note(c, "truncated in the netANALYZER preamble");
			return;
		}
		if (c->f[off] != SFD_BYTE) {
			set_note(c, "netANALYZER frame without an SFD");
			return;
		}
		off++;
	}
	if (end - off < ETH_FCS_LEN) {
		set_note(c, "netANALYZER frame shorter than its FCS");
		return;
	}
	inetcsum_pkt_ether(c, off, end - ETH_FCS_LEN);
}

/*
 * IPoIB (LINKTYPE_IPOIB 242): 40 bytes of addresses first, a Global Route
 * Header or, when its first 16 bits are 0, 20 bytes of zeros and the
 * 20-byte destination address, then the ethertype and 2 reserved bytes of
 * RFC 4391 section 6.  That is the layout tshark 4.0 reads; the linktypes
 * page names only the RFC's 4 bytes, a reading tshark does not make and
 * which this parser does not guess at either.  IPoIB carries IPv4, IPv6
 * and ARP (RFC 4391 sections 5 and 6); tshark decodes nothing else.
 */
#define IPOIB_ADDR_LEN		40
#define IPOIB_HLEN		4

static void
ipoib(struct pctx *c, size_t end)
{
	size_t off = IPOIB_ADDR_LEN + IPOIB_HLEN;

	if (!hdr_at(c, 0, off, end, "truncated in the IPoIB header"))
		return;
	switch (be16(c->f + IPOIB_ADDR_LEN)) {
	case 0x0800:
		inetcsum_pkt_ipv4(c, off, end);
		return;
	case 0x86dd:
		inetcsum_pkt_ipv6(c, off, end);
		return;
	case 0x0806:	/* ARP */
	case 0x8035:	/* RARP */
		return;
	}
	set_note(c, "IPoIB type not parsed");
}

/*
 * The 802.11 monitor headers of linux-wlan-ng (Prism, LINKTYPE_
 * IEEE802_11_PRISM 119: message code and header length, little-endian,
 * then the device name and the DID items) and of AVS (LINKTYPE_
 * IEEE802_11_AVS 163: version magic 0x8021100x and header length, big-
 * endian, then radio fields).  Both say their own length; the 802.11
 * frame follows.  tshark reads a Prism record that starts with the AVS
 * magic as AVS, and so does this parser.
 */
#define WLANMON_MIN_HLEN	8
#define AVS_MAGIC_MASK		0xfffffff0u
#define AVS_MAGIC		0x80211000u

static void
wlan_monitor(struct pctx *c, size_t end, int avs)
{
	u32 hl;

	if (!hdr_at(c, 0, WLANMON_MIN_HLEN, end, "truncated in the 802.11 "
		    "monitor header"))
		return;
	if ((be32(c->f) & AVS_MAGIC_MASK) == AVS_MAGIC)
		avs = 1;
	hl = avs ? be32(c->f + 4) : le32(c->f + 4);
	if (hl < WLANMON_MIN_HLEN || hl > end) {
		set_note(c, "802.11 monitor header length out of range");
		return;
	}
	inetcsum_pkt_wlan(c, hl, end, 0);
}

/*
 * PPI (LINKTYPE_PPI 192, the Per-Packet Information header of CACE's
 * specification): version 0, flags, header length (little-endian 16
 * bits, its fields included), the DLT of the packet (little-endian 32
 * bits).  Ethernet and 802.11 packets are parsed; the 802.11 FCS, when a
 * field says it is there, lies after the IP packet, which its own length
 * bounds.
 */
#define PPI_HLEN		8

static void
ppi(struct pctx *c, size_t end)
{
	size_t hl;

	if (!hdr_at(c, 0, PPI_HLEN, end, "truncated in the PPI header"))
		return;
	if (c->f[0] != 0) {
		set_note(c, "PPI version not 0");
		return;
	}
	hl = le16(c->f + 2);
	if (hl < PPI_HLEN || hl > end) {
		set_note(c, "PPI header length out of range");
		return;
	}
	switch (le32(c->f + 4)) {
	case INETCSUM_LINK_ETHERNET:
		inetcsum_pkt_ether(c, hl, end);
		return;
	case INETCSUM_LINK_IEEE802_11:
		inetcsum_pkt_wlan(c, hl, end, 0);
		return;
	}
	set_note(c, "PPI packet of a link type not parsed");
}

/*
 * Endace ERF (LINKTYPE_ERF 197): a 16-byte record header (timestamp,
 * type, flags, record length, loss counter or colour, wire length; the
 * last three big-endian), 8-byte extension headers while the type's and
 * then each extension's top bit is set, then the packet: Ethernet after 2
 * bytes of offset and pad, PoS as an HDLC frame (PPP or Cisco HDLC), or
 * raw IPv4 and IPv6.  The wire length, which counts the FCS, bounds the
 * packet (the record may carry padding after it).  Type numbers from the
 * ERF types list (Endace's EDM11-01).
 */
#define ERF_HLEN		16
#define ERF_EXT_LEN		8
#define ERF_MORE		0x80	/* another extension header follows */
#define ERF_ETH_PAD		2

static void
erf_record(struct pctx *c, size_t end)
{
	size_t off = ERF_HLEN, wlen;
	unsigned type, more;

	if (!hdr_at(c, 0, ERF_HLEN, end, "truncated in the ERF header"))
		return;
	type = c->f[8];
	more = type & ERF_MORE;
	/* Each extension is 8 bytes of a finite frame: the loop ends. */
	while (more) {
		if (!hdr_at(c, off, ERF_EXT_LEN, end, "truncated in an ERF "
			    "extension header"))
			return;
		more = c->f[off] & ERF_MORE;
		off += ERF_EXT_LEN;
	}
	wlen = be16(c->f + 14);
	switch (type & 0x7f) {
	case 2:		/* ETH */
	case 11:	/* COLOR_ETH */
	case 16:	/* DSM_COLOR_ETH */
	case 20:	/* COLOR_HASH_ETH */
		if (end - off < ERF_ETH_PAD) {
			set_note(c, "truncated in the ERF Ethernet pad");
			return;
		}
		off += ERF_ETH_PAD;
		break;
	case 1:		/* HDLC_POS */
	case 10:	/* COLOR_HDLC_POS */
	case 15:	/* DSM_COLOR_HDLC_POS */
	case 19:	/* COLOR_HASH_POS */
	case 22:	/* IPV4 */
	case 23:	/* IPV6 */
		break;
	default:
		set_note(c, "ERF record type not parsed");
		return;
	}
	if (wlen < end - off)
		end = off + wlen;
	switch (type & 0x7f) {
	case 22:
	case 23:
		inetcsum_pkt_raw_ip(c, off, end,
				    (type & 0x7f) == 22 ? 4 : 6);
		return;
	case 1:
	case 10:
	case 15:
	case 19:
		inetcsum_pkt_ppp_or_chdlc(c, off, end);
		return;
	}
	inetcsum_pkt_ether(c, off, end);
}

/*
 * Juniper's link types (LINKTYPE_JUNIPER_ETHER 178, _PPP 179, _FRELAY
 * 180, _CHDLC 181): the magic "MGC", a flags byte, and when its top bit
 * (extensions) is set a 2-byte length of TLVs that follow; then the frame
 * of the link type.  With the "no layer 2" flag (0x02) a 4-byte protocol
 * word takes the frame's place: not parsed, noted.
 */
#define JUNIPER_HLEN		4
#define JUNIPER_FLAG_NO_L2	0x02
#define JUNIPER_FLAG_EXT	0x80

static void
juniper(struct pctx *c, int linktype, size_t end)
{
	size_t off = JUNIPER_HLEN;

	if (!hdr_at(c, 0, JUNIPER_HLEN, end, "truncated in the Juniper header"))
		return;
	if (memcmp(c->f, "MGC", 3) != 0) {
		set_note(c, "Juniper header without its magic");
		return;
	}
	if (c->f[3] & JUNIPER_FLAG_EXT) {
		if (!hdr_at(c, off, 2, end, "truncated in the Juniper "
			    "extensions"))
			return;
		off += 2 + (size_t)be16(c->f + off);
		if (off > end) {
			set_note(c, "Juniper extensions past the end of the "
				 "frame");
			return;
		}
	}
	if (c->f[3] & JUNIPER_FLAG_NO_L2) {
		set_note(c, "Juniper frame without layer 2 not parsed");
		return;
	}
	switch (linktype) {
	case INETCSUM_LINK_JUNIPER_ETHER:
		inetcsum_pkt_ether(c, off, end);
		return;
	case INETCSUM_LINK_JUNIPER_PPP:
		inetcsum_pkt_ppp(c, off, end);
		return;
	case INETCSUM_LINK_JUNIPER_FRELAY:
		inetcsum_pkt_frelay(c, off, end);
		return;
	}
	inetcsum_pkt_chdlc(c, off, end);
}

int
inetcsum_pkt_link_pseudo(struct pctx *c, int linktype, size_t end)
{
	switch (linktype) {
	case INETCSUM_LINK_NETANALYZER:
		netanalyzer(c, end, 0);
		return 0;
	case INETCSUM_LINK_NETANALYZER_TRANSPARENT:
		netanalyzer(c, end, 1);
		return 0;
	case INETCSUM_LINK_IPOIB:
		ipoib(c, end);
		return 0;
	case INETCSUM_LINK_PRISM:
	case INETCSUM_LINK_AVS:
		wlan_monitor(c, end, linktype == INETCSUM_LINK_AVS);
		return 0;
	case INETCSUM_LINK_PPI:
		ppi(c, end);
		return 0;
	case INETCSUM_LINK_ERF:
		erf_record(c, end);
		return 0;
	case INETCSUM_LINK_JUNIPER_ETHER:
	case INETCSUM_LINK_JUNIPER_PPP:
	case INETCSUM_LINK_JUNIPER_FRELAY:
	case INETCSUM_LINK_JUNIPER_CHDLC:
		juniper(c, linktype, end);
		return 0;
	}
	return -1;
}
