/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/catalog_overlay.c - the catalog's overlays of issue 24 item
 * 7: MPLS over UDP (RFC 7510), Ethernet in IPv6 and IPv4 (next header 143,
 * RFC 8986 End.DX2, also after a segment routing header and a hop-by-hop
 * header), MPLS in IP (RFC 4023), and the Network Service Header (RFC
 * 8300) over Ethernet, GRE and VXLAN-GPE and in itself, with good and bad
 * checksums inside and the headers that must stop the walk with a note.
 */
#include <string.h>

#include "catalog.h"

/* An Ethernet frame with IPv4 (v6 0) or IPv6 over UDP to port 'dport'. */
static struct fb_rec *
eth_udp(struct fb *fb, int v6, size_t *u)
{
	struct fb_rec *ip;

	fb_init(fb);
	fb_eth(fb, NULL, 0, v6 ? 0x86dd : 0x0800);
	ip = v6 ? fb_ipv6(fb, 17, A6, B6) : fb_ipv4(fb, 17, A4, B4, NULL, 0);
	*u = fb->len;
	fb_udp(fb, 0);
	return ip;
}

static void
mpls_udp(void)
{
	static const uint8_t one[4] = { 0, 0x30, 0x01, 0x40 };
	static const uint8_t two[8] = { 0, 0x10, 0x00, 0x40, 0, 0x20, 0x01,
					0x40 };
	struct fb fb;
	struct fb_rec *ip;
	size_t u, o;

	/* The source port is the entropy value (RFC 7510 section 3). */
	ip = eth_udp(&fb, 0, &u);
	fb_raw(&fb, one, 4);
	o = fb.len;
	catalog_inner_tcp4(&fb, 301);
	catalog_udp_ports(&fb, u, 51234, 6635);
	fb_finish(&fb);
	fb.b[o + 20 + 16] ^= 0x21;
	catalog_udp_recsum(&fb, ip, u);
	ADD("mpls-udp-ipv4-tcp-bad", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0), W(IPV4, GOOD, 0), W(TCP, BAD, 0));

	eth_udp(&fb, 1, &u);
	fb_raw(&fb, two, 8);
	fb_ipv6(&fb, 17, "2001:db8:1::1", "2001:db8:1::2");
	fb_udp(&fb, 0);
	fb_payload(&fb, 27, 302);
	catalog_udp_ports(&fb, u, 60000, 6635);
	fb_finish(&fb);
	ADD("mpls-udp6-2-labels-ipv6-udp", 1, &fb, "", LAST, W(UDP, GOOD, 0),
	    W(UDP, GOOD, 0));

	/* MPLS in IPv4 (protocol 137, RFC 4023). */
	catalog_eth4(&fb, 137);
	fb_raw(&fb, one, 4);
	fb_ipv4(&fb, 1, "10.6.0.1", "10.6.0.2", NULL, 0);
	o = fb.len;
	fb_icmp(&fb, 8, 0, 0);
	fb_payload(&fb, 22, 303);
	fb_finish(&fb);
	fb.b[o + 2] ^= 0x13;
	ADD("ipv4-mpls-in-ip-icmp-bad", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(IPV4, GOOD, 0), W(ICMP, BAD, 0));
}

/*
 * Next header 143: Ethernet right after the IPv6 header, after a segment
 * routing header (type 4, one segment left of two), after a hop-by-hop
 * header, and as IPv4 protocol 143, which tshark decodes the same way.
 */
static void
eth_in_ip(void)
{
	/* SRH: next 143, length 4 (two segments), type 4, SL 1, last 1. */
	static const uint8_t srh[8] = { 143, 4, 4, 1, 1, 0, 0, 0 };
	static const uint8_t segs[32] = {
		0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x0a,
		0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x0b,
	};
	/* Hop-by-hop: next 143, length 0, a PadN of 4 data bytes. */
	static const uint8_t hbh[8] = { 143, 0, 1, 4, 0, 0, 0, 0 };
	struct fb fb;
	size_t o;

	catalog_eth6(&fb, 143);
	fb_eth(&fb, NULL, 0, 0x0800);
	catalog_inner_tcp4(&fb, 311);
	fb_finish(&fb);
	ADD("ipv6-nh143-eth-ipv4-tcp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));

	catalog_eth6(&fb, 43);
	fb_raw(&fb, srh, 8);
	fb_raw(&fb, segs, 32);
	fb_eth(&fb, NULL, 0, 0x86dd);
	fb_ipv6(&fb, 17, "2001:db8:2::1", "2001:db8:2::2");
	o = fb.len;
	fb_udp(&fb, 0);
	fb_payload(&fb, 33, 312);
	fb_finish(&fb);
	fb.b[o + 6] ^= 0x31;
	ADD("ipv6-srh-nh143-eth-ipv6-udp-bad", 1, &fb, "", LAST,
	    W(UDP, BAD, 0));

	catalog_eth6(&fb, 0);
	fb_raw(&fb, hbh, 8);
	fb_eth(&fb, NULL, 0, 0x0800);
	fb_ipv4(&fb, 1, "10.7.0.1", "10.7.0.2", NULL, 0);
	fb_icmp(&fb, 8, 0, 0);
	fb_payload(&fb, 18, 313);
	fb_finish(&fb);
	ADD("ipv6-hbh-nh143-eth-ipv4-icmp", 1, &fb, "", LAST,
	    W(IPV4, GOOD, 0), W(ICMP, GOOD, 0));

	catalog_eth4(&fb, 143);
	fb_eth(&fb, NULL, 0, 0x0800);
	fb_ipv4(&fb, 17, "10.8.0.1", "10.8.0.2", NULL, 0);
	o = fb.len;
	fb_udp(&fb, 0);
	fb_payload(&fb, 21, 314);
	fb_finish(&fb);
	fb.b[o + 6] ^= 0x41;
	ADD("ipv4-proto143-eth-ipv4-udp-bad", 1, &fb, "", LAST,
	    W(IPV4, GOOD, 0), W(IPV4, GOOD, 0), W(UDP, BAD, 0));

	/* The inner Ethernet header cut by the outer packet's end. */
	catalog_eth6(&fb, 143);
	fb_raw(&fb, "\x02\0\0\0\0\x01\x02\0", 8);
	fb_finish(&fb);
	ADD0("ipv6-nh143-eth-cut", 1, &fb, "Ethernet header past");
}

/*
 * The NSH base and service path headers: TTL 63, the 'words' length,
 * 'md' MD type, 'next' protocol; SPI 0x000123, SI 255.
 */
static void
nsh(struct fb *fb, unsigned words, unsigned md, unsigned next)
{
	uint8_t h[8] = { 0x0f, (uint8_t)(0xc0 | words), (uint8_t)md,
			 (uint8_t)next, 0x00, 0x01, 0x23, 0xff };

	fb_raw(fb, h, 8);
}

/* MD type 1's four fixed context headers, after a length of 'words'. */
static void
nsh_md1_len(struct fb *fb, unsigned words, unsigned next)
{
	nsh(fb, words, 1, next);
	fb_raw(fb, "\x11\x11\x11\x11\x22\x22\x22\x22\x33\x33\x33\x33"
		   "\x44\x44\x44\x44", 16);
}

static void
nsh_md1(struct fb *fb, unsigned next)
{
	nsh_md1_len(fb, 6, next);
}

static void
nsh_frames(void)
{
	/* MD type 2: one TLV (class 0x0102, type 3) of 4 bytes. */
	static const uint8_t tlv[8] = { 0x01, 0x02, 0x03, 0x04, 0xaa, 0xbb,
					0xcc, 0xdd };
	struct fb fb;
	struct fb_rec *ip;
	size_t u, o;

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x894f);
	nsh_md1(&fb, 1);
	o = fb.len;
	catalog_inner_tcp4(&fb, 321);
	fb_finish(&fb);
	fb.b[o + 20 + 16] ^= 0x51;
	ADD("nsh-md1-ipv4-tcp-bad", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(TCP, BAD, 0));

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x894f);
	nsh(&fb, 4, 2, 2);
	fb_raw(&fb, tlv, 8);
	fb_ipv6(&fb, 17, A6, B6);
	fb_udp(&fb, 0);
	fb_payload(&fb, 29, 322);
	fb_finish(&fb);
	ADD("nsh-md2-tlv-ipv6-udp", 1, &fb, "", LAST, W(UDP, GOOD, 0));

	/* VXLAN-GPE (flags I and P, next protocol 4), NSH, Ethernet. */
	ip = eth_udp(&fb, 0, &u);
	fb_raw(&fb, "\x0c\0\0\x04\0\x12\x34\0", 8);
	nsh_md1(&fb, 3);
	fb_eth(&fb, NULL, 0, 0x0800);
	fb_ipv4(&fb, 17, "10.9.0.1", "10.9.0.2", NULL, 0);
	o = fb.len;
	fb_udp(&fb, 0);
	fb_payload(&fb, 23, 323);
	catalog_udp_ports(&fb, u, 50010, 4790);
	fb_finish(&fb);
	fb.b[o + 6] ^= 0x61;
	catalog_udp_recsum(&fb, ip, u);
	ADD("vxlan-gpe-nsh-eth-udp-bad", 1, &fb, "", NO_MUT,
	    W(IPV4, GOOD, 0), W(UDP, GOOD, 0), W(IPV4, GOOD, 0),
	    W(UDP, BAD, 0));

	/* GRE (with a checksum) carrying NSH, MD type 2 without TLVs. */
	catalog_eth4(&fb, 47);
	fb_gre(&fb, 0x8000, 0x894f);
	nsh(&fb, 2, 2, 1);
	fb_ipv4(&fb, 1, "10.10.0.1", "10.10.0.2", NULL, 0);
	fb_icmp(&fb, 8, 0, 0);
	fb_payload(&fb, 20, 324);
	fb_finish(&fb);
	ADD("gre-nsh-ipv4-icmp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(GRE, GOOD, 0), W(IPV4, GOOD, 0), W(ICMP, GOOD, 0));

	/* NSH in NSH, then MPLS. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x894f);
	nsh(&fb, 2, 2, 4);
	nsh(&fb, 2, 2, 5);
	fb_raw(&fb, "\0\x40\x01\x40", 4);
	fb_ipv4(&fb, 17, "10.11.0.1", "10.11.0.2", NULL, 0);
	fb_udp(&fb, 0);
	fb_payload(&fb, 19, 325);
	fb_finish(&fb);
	ADD("nsh-nsh-mpls-ipv4-udp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0));

	/* An experimental next protocol (0xfe): nothing known inside. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x894f);
	nsh(&fb, 2, 2, 0xfe);
	fb_payload(&fb, 40, 326);
	ADD0("nsh-next-experimental", 1, &fb, "NSH next protocol not parsed");

	/* MD type 1 with length 2: malformed (RFC 8300 section 2.4), so
	 * where the packet starts is not known; tshark takes the fixed 24
	 * bytes and finds the IPv4 packet after the context headers. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x894f);
	nsh_md1_len(&fb, 2, 1);
	fb_ipv4(&fb, 17, "10.12.0.1", "10.12.0.2", NULL, 0);
	fb_udp(&fb, 0);
	fb_payload(&fb, 20, 327);
	fb_finish(&fb);
	ADD0("nsh-md1-length-2", 1, &fb, "NSH length wrong");

	/* A length past the frame. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x894f);
	nsh(&fb, 63, 2, 1);
	fb_payload(&fb, 46, 328);
	ADD0("nsh-length-past", 1, &fb, "NSH header past");
}

void
catalog_overlay(void)
{
	mpls_udp();
	eth_in_ip();
	nsh_frames();
}
