/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/catalog_links.c - the catalog's link types of
 * packet/link_pseudo.c and packet/link_legacy.c: netANALYZER (240) and its
 * transparent mode (241), IPoIB (242), Prism (119), AVS (163), PPI (192),
 * ERF (197), Juniper (178-181); Token Ring (6), FDDI (10), Linux ATM CLIP
 * (106), Frame Relay (107), IP over Fibre Channel (122), SunATM (123),
 * Apple IP over IEEE 1394 (138), PPP for pppd (166), Frame Relay with
 * direction (206), BSD's ARCNET (7); Ethernet with a switch's tag (281,
 * 282, 284, 285).  Each with good and bad checksums
 * inside; for the first three also the records that hold no packet and
 * the headers that must stop the walk with a note.
 */
#include <string.h>

#include "catalog.h"

/* The FCS the device appends: no checksum of ours covers it. */
static const uint8_t fcs[4] = { 0xde, 0xad, 0xbe, 0xef };

/* The packets after a link-layer prefix: IPv4/TCP or IPv6/UDP. */
#define TCP4_LEN	(20 + 20 + 24)
#define UDP6_LEN	(40 + 8 + 27)

/*
 * A frame of the 'npre' bytes 'pre', an IPv4/TCP (v6 0) or IPv6/UDP
 * packet whose L4 checksum is broken if 'bad', and the 'ntail' bytes
 * 'tail' (an FCS, padding).  The mutation is a payload byte.
 */
static void
framed(const char *name, int lt, const void *pre, size_t npre, int v6,
       int bad, const void *tail, size_t ntail)
{
	enum inetcsum_status st = bad ? INETCSUM_BAD : INETCSUM_GOOD;
	struct fb fb;
	size_t o;

	fb_init(&fb);
	fb_raw(&fb, pre, npre);
	o = fb.len;
	if (v6) {
		fb_ipv6(&fb, 17, A6, B6);
		fb_udp(&fb, 0);
		fb_payload(&fb, UDP6_LEN - 48, (unsigned)(lt + npre));
	} else {
		fb_ipv4(&fb, 6, A4, B4, NULL, 0);
		fb_tcp(&fb);
		fb_payload(&fb, TCP4_LEN - 40, (unsigned)(lt + npre));
	}
	fb_finish(&fb);
	if (ntail)
		fb_raw(&fb, tail, ntail);
	if (bad)
		fb.b[o + (v6 ? 40 + 6 : 20 + 16)] ^= 0x3c;
	if (v6)
		ADD(name, lt, &fb, "", NO_MUT,
		    { INETCSUM_PROTO_UDP, st, 0 })->mut = o + 48 + 3;
	else
		ADD(name, lt, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		    { INETCSUM_PROTO_TCP, st, 0 })->mut = o + 40 + 3;
}

/* An 802.11 data frame from the DS, then LLC/SNAP for 'type'. */
static size_t
wlan_data(uint8_t *p, unsigned type)
{
	static const uint8_t h[24] = { 0x08, 0x02, 0, 0, 2, 0, 0, 0, 0, 1,
				       2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 3,
				       0x20, 0 };

	memcpy(p, h, 24);
	memcpy(p + 24, "\xaa\xaa\x03\0\0\0", 6);
	put16(p + 30, type);
	return 32;
}

/* An Ethernet header for 'type'. */
static size_t
eth_hdr(uint8_t *p, unsigned type)
{
	memcpy(p, "\x02\0\0\0\0\x01\x02\0\0\0\0\x02", 12);
	put16(p + 12, type);
	return 14;
}

/*
 * A netANALYZER header: status 'err', the second byte 'b1' (GPIO bit 0,
 * transparent bit 1, version in bits 2-5, port in 6-7), the frame length
 * 'len' in the low 12 bits of the upper half, all little-endian.
 */
static void
netana_header(struct fb *fb, unsigned err, unsigned b1, size_t len)
{
	uint8_t h[4] = { (uint8_t)err, (uint8_t)b1, (uint8_t)len,
			 (uint8_t)(len >> 8 & 0x0f) };

	fb_raw(fb, h, 4);
}

static void
netanalyzer(void)
{
	static const uint8_t preamble[8] = { 0x55, 0x55, 0x55, 0x55, 0x55,
					     0x55, 0x55, 0xd5 };
	struct fb fb;
	size_t o;

	/* Version 1, port 0, no error; IPv4/TCP. */
	fb_init(&fb);
	netana_header(&fb, 0, 0x04, 14 + TCP4_LEN + 4);
	fb.len += eth_hdr(fb.b + fb.len, 0x0800);
	framed("netanalyzer-ipv4-tcp", 240, fb.b, fb.len, 0, 0, fcs, 4);
	/* Header version 2: still 4 bytes (tshark 4.0 decodes on too). */
	fb.b[1] = 0x08;
	framed("netanalyzer-version-2", 240, fb.b, fb.len, 0, 0, fcs, 4);

	/* An FCS error flagged (port 1): the bytes are decoded anyway. */
	fb_init(&fb);
	netana_header(&fb, 0x04, 0x44, 14 + 40 + 8 + 30 + 4);
	fb_eth(&fb, NULL, 0, 0x86dd);
	fb_ipv6(&fb, 17, A6, B6);
	o = fb.len;
	fb_udp(&fb, 0);
	fb_payload(&fb, 30, 402);
	fb_finish(&fb);
	fb_raw(&fb, fcs, 4);
	fb.b[o + 6] ^= 0x71;
	ADD("netanalyzer-fcs-error-ipv6-udp-bad", 240, &fb, "", NO_MUT,
	    W(UDP, BAD, 0))->mut = o + 8 + 2;

	/* A GPIO event: a record, but no frame. */
	fb_init(&fb);
	netana_header(&fb, 0, 0x01, 0);
	fb_raw(&fb, "\0\0\0\0\0\0\0\0\0\0\x00\x02\xa2\xff\xff\xff\x88\xff"
		    "\x00\x01\x00\x00", 22);
	ADD0("netanalyzer-gpio", 240, &fb, "");

	/* Transparent mode: the preamble and SFD before the frame. */
	fb_init(&fb);
	netana_header(&fb, 0, 0x06, 8 + 14 + 20 + 20 + 24 + 4);
	fb_raw(&fb, preamble, 8);
	fb_eth(&fb, NULL, 0, 0x0800);
	o = fb.len;
	catalog_inner_tcp4(&fb, 404);
	fb_finish(&fb);
	fb_raw(&fb, fcs, 4);
	fb.b[o + 10] ^= 0x19;
	ADD("netanalyzer-transparent-ipv4-bad-tcp", 241, &fb, "", NO_MUT,
	    W(IPV4, BAD, 0), W(TCP, GOOD, 0))->mut = o + 40 + 7;

	fb_init(&fb);
	netana_header(&fb, 0x10, 0x06, 8 + 14 + 46 + 4);
	fb_raw(&fb, preamble, 7);
	fb_raw(&fb, "\x57", 1);			/* no SFD */
	fb_eth(&fb, NULL, 0, 0x0800);
	fb_payload(&fb, 50, 405);
	ADD0("netanalyzer-transparent-no-sfd", 241, &fb, "without an SFD");
}

static void
ipoib(void)
{
	/* A GRH: IP version 6, traffic class, flow label, payload length,
	 * next header 0x1b, hop limit; source and destination GIDs. */
	static const uint8_t grh[40] = {
		0x60, 0, 0, 0, 0, 0x40, 0x1b, 0x01,
		0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 2, 0xc9, 3, 0, 0xa1, 0xb2, 1,
		0xff, 0x12, 0x40, 0x1b, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0xff,
		0xff, 0xff, 0xff,
	};
	/* 20 zeros, then the destination: flags, QPN, GID. */
	uint8_t daddr[40];
	struct fb fb;
	size_t o;

	fb_init(&fb);
	fb_raw(&fb, grh, 40);
	fb_raw(&fb, "\x08\x00\x00\x00", 4);
	o = fb.len;
	catalog_inner_tcp4(&fb, 411);
	fb_finish(&fb);
	fb.b[o + 20 + 16] ^= 0x29;
	ADD("ipoib-grh-ipv4-tcp-bad", 242, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(TCP, BAD, 0));

	memset(daddr, 0, sizeof(daddr));
	memcpy(daddr + 20, "\x00\x00\x00\x48\xfe\x80\0\0\0\0\0\0\0\x02\xc9"
			   "\x03\x00\xa1\xb2\x02", 20);
	fb_init(&fb);
	fb_raw(&fb, daddr, 40);
	fb_raw(&fb, "\x86\xdd\x00\x00", 4);
	fb_ipv6(&fb, 17, A6, B6);
	fb_udp(&fb, 0);
	fb_payload(&fb, 25, 412);
	fb_finish(&fb);
	ADD("ipoib-unicast-ipv6-udp", 242, &fb, "", LAST, W(UDP, GOOD, 0));

	fb_init(&fb);
	fb_raw(&fb, daddr, 40);
	fb_raw(&fb, "\x08\x06\x00\x00", 4);
	fb_payload(&fb, 28, 413);
	ADD0("ipoib-arp", 242, &fb, "");

	fb_init(&fb);
	fb_raw(&fb, daddr, 40);
	fb_raw(&fb, "\x88\x47\x00\x00", 4);
	fb_payload(&fb, 28, 414);
	ADD0("ipoib-mpls", 242, &fb, "IPoIB type not parsed");
}

static void
monitor_headers(void)
{
	uint8_t h[200];
	size_t n;

	/* Prism: message code 0x44, length 144 (little-endian), name. */
	memset(h, 0, sizeof(h));
	h[0] = 0x44;
	h[4] = 144;
	memcpy(h + 8, "wlan0", 5);
	n = 144 + wlan_data(h + 144, 0x0800);
	framed("prism-ipv4-tcp", 119, h, n, 0, 0, NULL, 0);

	/* AVS: magic 0x80211001, length 64 (big-endian). */
	memset(h, 0, sizeof(h));
	put32(h, 0x80211001);
	put32(h + 4, 64);
	n = 64 + wlan_data(h + 64, 0x86dd);
	framed("avs-ipv6-udp-bad", 163, h, n, 1, 1, NULL, 0);

	/* PPI: version 0, length 8, DLT 1 (Ethernet) and 105 (802.11). */
	memset(h, 0, sizeof(h));
	h[2] = 8;
	h[4] = 1;
	n = 8 + eth_hdr(h + 8, 0x0800);
	framed("ppi-eth-ipv4-tcp-bad", 192, h, n, 0, 1, NULL, 0);
	h[4] = 105;
	n = 8 + wlan_data(h + 8, 0x86dd);
	framed("ppi-wlan-ipv6-udp", 192, h, n, 1, 0, NULL, 0);
}

/*
 * ERF records: Ethernet (type 2, the 2-byte pad, the FCS counted in the
 * wire length, the record padded to 8 bytes), Ethernet after an
 * extension header (type 0x82), PoS carrying PPP (type 1), raw IPv4
 * (type 22).  The header's lengths are big-endian.
 */
static void
erf_header(uint8_t *h, unsigned type, size_t rlen, size_t wlen)
{
	memset(h, 0, 16);
	h[8] = (uint8_t)type;
	h[9] = 0x04;			/* flags: variable-length record */
	put16(h + 10, (unsigned)rlen);
	put16(h + 14, (unsigned)wlen);
}

static void
erf_records(void)
{
	/* The FCS, then up to 8 bytes of the record's padding. */
	static const uint8_t fcs_pad[12] = { 0xde, 0xad, 0xbe, 0xef };
	uint8_t h[64];
	size_t n;

	erf_header(h, 2, 16 + 2 + 14 + TCP4_LEN + 4 + 6, 14 + TCP4_LEN + 4);
	h[16] = h[17] = 0;
	n = 18 + eth_hdr(h + 18, 0x0800);
	framed("erf-eth-ipv4-tcp-bad", 197, h, n, 0, 1, fcs_pad, 10);

	erf_header(h, 0x82, 16 + 8 + 2 + 14 + UDP6_LEN + 4 + 1,
		   14 + UDP6_LEN + 4);
	memcpy(h + 16, "\x01\0\0\0\0\0\0\0", 8);	/* one extension */
	h[24] = h[25] = 0;
	n = 26 + eth_hdr(h + 26, 0x86dd);
	framed("erf-ext-eth-ipv6-udp", 197, h, n, 1, 0, fcs_pad, 5);

	erf_header(h, 1, 16 + 4 + TCP4_LEN + 4, 4 + TCP4_LEN + 4);
	memcpy(h + 16, "\xff\x03\x00\x21", 4);
	framed("erf-pos-ppp-ipv4-tcp", 197, h, 20, 0, 0, fcs_pad, 4);

	erf_header(h, 22, 16 + TCP4_LEN, TCP4_LEN);
	framed("erf-ipv4-tcp-bad", 197, h, 16, 0, 1, NULL, 0);
}

/* Juniper: "MGC", flags (0x01 in; 0x80 with 4 bytes of TLVs). */
static void
juniper(void)
{
	static const uint8_t ext[10] = { 'M', 'G', 'C', 0x81, 0, 4, 1, 2,
					 0, 7 };
	uint8_t h[32];
	size_t n;

	memcpy(h, ext, 10);
	n = 10 + eth_hdr(h + 10, 0x0800);
	framed("juniper-ether-ext-ipv4-tcp", 178, h, n, 0, 0, NULL, 0);
	framed("juniper-ppp-ipv6-udp-bad", 179, "MGC\x01\xff\x03\x00\x57",
	       8, 1, 1, NULL, 0);
	framed("juniper-frelay-ipv4-tcp", 180, "MGC\x01\x18\x41\x03\xcc", 8,
	       0, 0, NULL, 0);
	framed("juniper-chdlc-ipv4-tcp-bad", 181, "MGC\x00\x0f\x00\x08\x00",
	       8, 0, 1, NULL, 0);
}

static void
legacy(void)
{
	static const uint8_t snap4[8] = { 0xaa, 0xaa, 3, 0, 0, 0, 8, 0 };
	static const uint8_t snap6[8] = { 0xaa, 0xaa, 3, 0, 0, 0, 0x86, 0xdd };
	uint8_t h[64];
	struct fb fb;

	/* Token Ring: AC, FC (LLC), addresses, a 2-byte routing field. */
	memcpy(h, "\x10\x40\x02\0\0\0\0\x01\x82\0\0\0\0\x02\x02\x30", 16);
	memcpy(h + 16, snap4, 8);
	framed("tokenring-rif-ipv4-tcp", 6, h, 24, 0, 0, NULL, 0);

	/* FDDI: frame control 0x50 (asynchronous LLC), addresses. */
	memcpy(h, "\x50\x02\0\0\0\0\x01\x02\0\0\0\0\x02", 13);
	memcpy(h + 13, snap6, 8);
	framed("fddi-ipv6-udp-bad", 10, h, 21, 1, 1, NULL, 0);

	framed("clip-ipv4-tcp", 106, "", 0, 0, 0, NULL, 0);
	framed("clip-snap-ipv4-tcp-bad", 106, snap4, 8, 0, 1, NULL, 0);

	/* Frame Relay: DLCI 100, UI, NLPID IPv4; pad, SNAP, IPv6. */
	framed("frelay-ipv4-tcp-bad", 107, "\x18\x41\x03\xcc", 4, 0, 1,
	       NULL, 0);
	framed("frelay-snap-ipv6-udp", 107,
	       "\x18\x41\x03\x00\x80\x00\x00\x00\x86\xdd", 10, 1, 0, NULL,
	       0);
	/* Cisco's form: DLCI 100 (301 in 3 bytes), the type, no control. */
	framed("frelay-cisco-ipv6-udp", 107, "\x18\x41\x86\xdd", 4, 1, 0,
	       NULL, 0);
	framed("frelay-cisco-3-ipv4-tcp-bad", 107, "\x48\xc0\x01\x08\x00",
	       5, 0, 1, NULL, 0);
	/* ... but not on DLCI 0, LMI's and signalling's (Q.933). */
	fb_init(&fb);
	fb_raw(&fb, "\x00\x01\x08\x00", 4);
	fb_ipv4(&fb, 6, A4, B4, NULL, 0);
	fb_tcp(&fb);
	fb_finish(&fb);
	ADD0("frelay-dlci0-not-ui", 107, &fb, "control not UI");

	/* IP over Fibre Channel: two network addresses, LLC/SNAP. */
	memcpy(h, "\x10\0\0\0\0\0\0\x01\x10\0\0\0\0\0\0\x02", 16);
	memcpy(h + 16, snap4, 8);
	framed("ipfc-ipv4-tcp", 122, h, 24, 0, 0, NULL, 0);

	/* SunATM: LLC on VPI 0/VCI 32; LANE (LEC ID 1, Ethernet). */
	memcpy(h, "\x02\x00\x00\x20", 4);
	memcpy(h + 4, snap6, 8);
	framed("sunatm-llc-ipv6-udp-bad", 123, h, 12, 1, 1, NULL, 0);
	memcpy(h, "\x81\x00\x00\x21\x00\x01", 6);
	eth_hdr(h + 6, 0x0800);
	framed("sunatm-lane-ipv4-tcp", 123, h, 20, 0, 0, NULL, 0);

	/* Apple IP over IEEE 1394: two EUI-64s and the ethertype. */
	memset(h, 0, 16);
	h[7] = 1;
	h[15] = 2;
	put16(h + 16, 0x86dd);
	framed("ap1394-ipv6-udp", 138, h, 18, 1, 0, NULL, 0);

	/* BSD's ARCNET: source, destination, protocol (RFC 1201 IPv4,
	 * then split flag and sequence number; RFC 1051 IPv4). */
	framed("arcnet-bsd-1201-ipv4-tcp-bad", 7, "\x01\x02\xd4\x00\x00\x01",
	       6, 0, 1, NULL, 0);
	framed("arcnet-bsd-1051-ipv4-tcp", 7, "\x01\x02\xf0", 3, 0, 0, NULL,
	       0);

	/* tshark 4.0 reads neither: the reference judges these two. */
	framed("ppp-pppd-ipv4-tcp-bad", 166, "\x01\x03\x00\x21", 4, 0, 1,
	       NULL, 0);
	framed("frelay-with-dir-ipv6-udp", 206, "\x00\x18\x41\x03\x8e", 5,
	       1, 0, NULL, 0);
}

/*
 * Linux DSA captures of a switch's CPU port (281, 282, 284, 285): the
 * switch's tag after the source address, or Broadcom's in front of the
 * Ethernet header; tags as tcpdump's print-brcmtag.c and print-dsa.c read
 * them.
 */
static void
switch_tags(void)
{
	/* Broadcom ingress (opcode 1), destination map port 7. */
	static const uint8_t brcm[4] = { 0x20, 0, 0, 0x80 };
	/* Marvell DSA: Forward (mode 3), untagged, device 0, port 1. */
	static const uint8_t dsa[4] = { 0xc0, 0x08, 0, 0 };
	/* EDSA: its ethertype 0xdada, 2 reserved bytes, then a DSA tag. */
	static const uint8_t edsa[8] = { 0xda, 0xda, 0, 0, 0xc0, 0x08, 0, 0 };
	uint8_t pre[32];
	struct fb fb;

	eth_hdr(pre, 0);
	memcpy(pre + 12, brcm, 4);
	put16(pre + 16, 0x0800);
	framed("dsa-brcm-ipv4-tcp", 281, pre, 18, 0, 0, NULL, 0);
	put16(pre + 16, 0x86dd);
	framed("dsa-brcm-ipv6-udp-bad", 281, pre, 18, 1, 1, NULL, 0);
	memcpy(pre, brcm, 4);
	eth_hdr(pre + 4, 0x0800);
	framed("dsa-brcm-prepend-ipv4-tcp", 282, pre, 18, 0, 0, NULL, 0);
	eth_hdr(pre, 0);
	memcpy(pre + 12, dsa, 4);
	put16(pre + 16, 0x0800);
	framed("dsa-marvell-ipv4-tcp-bad", 284, pre, 18, 0, 1, NULL, 0);
	/* An 802.1Q tag after the DSA tag, then IPv6. */
	put16(pre + 16, 0x8100);
	put16(pre + 18, 0x0005);
	put16(pre + 20, 0x86dd);
	framed("dsa-marvell-vlan-ipv6-udp", 284, pre, 22, 1, 0, NULL, 0);
	memcpy(pre + 12, edsa, 8);
	put16(pre + 20, 0x86dd);
	framed("dsa-edsa-ipv6-udp", 285, pre, 22, 1, 0, NULL, 0);

	/* The frame ends inside the EDSA tag. */
	fb_init(&fb);
	fb_raw(&fb, pre, 17);
	ADD0("dsa-edsa-cut", 285, &fb, "Ethernet header and switch tag past");
	fb_init(&fb);
	fb_raw(&fb, brcm, 3);
	ADD0("dsa-brcm-prepend-cut", 282, &fb, "Broadcom tag past");
}

void
catalog_links(void)
{
	switch_tags();
	netanalyzer();
	ipoib();
	monitor_headers();
	erf_records();
	juniper();
	legacy();
}
