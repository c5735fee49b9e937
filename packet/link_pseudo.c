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

	if (!have(c, 0, NETANA_HLEN) || end < NETANA_HLEN) {
		set_note(c, "truncated in the netANALYZER header");
		return;
	}
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

	if (!have(c, 0, off) || end < off) {
		set_note(c, "truncated in the IPoIB header");
		return;
	}
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
	}
	return -1;
}
