/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/catalog_links.c - the catalog's link types with a capture
 * device's own header (packet/link_pseudo.c): netANALYZER (240) and its
 * transparent mode (241), IPoIB (242); each with good and bad checksums
 * inside, the records that hold no packet, and the headers that must stop
 * the walk with a note.
 */
#include <string.h>

#include "catalog.h"

/* The FCS the device appends: no checksum of ours covers it. */
static const uint8_t fcs[4] = { 0xde, 0xad, 0xbe, 0xef };

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

	/* Version 1, port 0, no error; IPv4/TCP; the mutation in data. */
	fb_init(&fb);
	netana_header(&fb, 0, 0x04, 14 + 20 + 20 + 24 + 4);
	fb_eth(&fb, NULL, 0, 0x0800);
	catalog_inner_tcp4(&fb, 401);
	fb_finish(&fb);
	fb_raw(&fb, fcs, 4);
	ADD("netanalyzer-ipv4-tcp", 240, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0))->mut = 4 + 14 + 40 + 3;

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

	/* Header version 2: still 4 bytes (tshark 4.0 decodes on too). */
	fb_init(&fb);
	netana_header(&fb, 0, 0x08, 14 + 20 + 20 + 24 + 4);
	fb_eth(&fb, NULL, 0, 0x0800);
	catalog_inner_tcp4(&fb, 403);
	fb_finish(&fb);
	fb_raw(&fb, fcs, 4);
	ADD("netanalyzer-version-2", 240, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0))->mut = 4 + 14 + 40 + 3;

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

void
catalog_links(void)
{
	netanalyzer();
	ipoib();
}
