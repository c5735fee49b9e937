/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/catalog_ip.c - the catalog's cases for lying lengths and
 * snapshot cuts, IPv4 options and fragments, IPv6 extension headers,
 * tunnels and ICMP error quotes (see catalog.c for the rest).
 */
#include <string.h>

#include "catalog.h"

void
catalog_lengths(void)
{
	struct fb fb;
	struct fb_rec *ip;
	struct tcase *t;
	uint8_t *h;

	catalog_eth4(&fb, 6);
	fb_tcp(&fb);
	fb_payload(&fb, 40, 50);
	fb_finish(&fb);
	h = fb.b + 14;
	put16(h + 2, get16(h + 2) + 10);
	catalog_ipv4_recsum(h);
	ADD("ipv4-total-length-too-long", 1, &fb, "", NO_MUT,
	    W(IPV4, GOOD, 0), W(TCP, UNVERIFIED, "length"));
	put16(h + 2, 10);
	catalog_ipv4_recsum(h);
	ADD("ipv4-total-length-below-header", 1, &fb, "", NO_MUT,
	    W(IPV4, GOOD, 0), W(TCP, UNVERIFIED, "length"));

	catalog_eth4(&fb, 6);
	fb_tcp(&fb);
	fb_finish(&fb);
	fb.b[14] = 0x44;
	ADD("ipv4-ihl-4", 1, &fb, "", NO_MUT,
	    W(IPV4, UNVERIFIED, "header length"));
	fb.b[14] = 0x4f;
	ADD("ipv4-ihl-past-frame", 1, &fb, "", NO_MUT,
	    W(IPV4, UNVERIFIED, "length"));

	/* Snapshot length: the rest was on the wire, just not captured. */
	catalog_eth4(&fb, 6);
	fb_tcp(&fb);
	fb_payload(&fb, 40, 51);
	fb_finish(&fb);
	t = ADD("ipv4-truncated", 1, &fb, "", NO_MUT,
		W(IPV4, GOOD, 0), W(TCP, UNVERIFIED, "truncated"));
	t->len -= 10;
	/* The same cut, but the record says the frame ended there. */
	t = ADD("ipv4-cut-frame-lies", 1, &fb, "", NO_MUT,
		W(IPV4, GOOD, 0), W(TCP, UNVERIFIED, "length"));
	t->len -= 10;
	t->origlen -= 10;

	catalog_eth4(&fb, 6);
	fb_payload(&fb, 10, 52);
	fb_finish(&fb);
	ADD("tcp-shorter-than-header", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(TCP, UNVERIFIED, "length"));

	catalog_eth4(&fb, 17);
	fb_udp(&fb, 0);
	fb_payload(&fb, 20, 53);
	fb_finish(&fb);
	h = fb.b + 14 + 20;
	put16(h + 4, 29);
	ADD("udp-length-past-ip", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(UDP, UNVERIFIED, "length"));
	put16(h + 4, 7);
	ADD("udp-length-below-8", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(UDP, UNVERIFIED, "length"));

	/* A UDP length short of the IP payload: only the datagram counts. */
	ip = catalog_eth4(&fb, 17);
	fb_udp(&fb, 0);
	fb_payload(&fb, 20, 56);
	fb_finish(&fb);
	h = fb.b + 14 + 20;
	put16(h + 4, 24);
	put16(h + 6, 0);
	put16(h + 6, ref_csum(h, 24, fb_pseudo(ip, 17, 24)));
	t = ADD("udp-length-inside-ip", 1, &fb, "", 14 + 20 + 23,
		W(IPV4, GOOD, 0), W(UDP, GOOD, 0));
	/* The 4 bytes past the datagram are not covered. */
	t = ADD("udp-length-inside-ip-tail", 1, &fb, "", NO_MUT,
		W(IPV4, GOOD, 0), W(UDP, GOOD, 0));
	t->f[t->len - 1] ^= 0xff;

	catalog_eth6(&fb, 6);
	fb_tcp(&fb);
	fb_payload(&fb, 20, 54);
	fb_finish(&fb);
	put16(fb.b + 14 + 4, get16(fb.b + 14 + 4) + 1);
	ADD("ipv6-payload-length-too-long", 1, &fb, "", NO_MUT,
	    W(TCP, UNVERIFIED, "length"));

	/* RFC 2675 jumbogram: payload length 0, a hop-by-hop header. */
	catalog_eth6(&fb, 0);
	fb_raw(&fb, "\x11\0\xc2\x04\0\0\0\x24", 8);
	fb_udp(&fb, 0);
	fb_payload(&fb, 20, 55);
	fb_finish(&fb);
	put16(fb.b + 14 + 4, 0);
	ADD("ipv6-jumbogram", 1, &fb, "", NO_MUT,
	    W(UDP, UNVERIFIED, "jumbogram"));
}

/* IPv4 options and fragments. */
void
catalog_ipv4(void)
{
	static const uint8_t lsrr[12] = { 1, 131, 11, 4, 203, 0, 113, 7,
					  203, 0, 113, 9 };
	static const uint8_t ssrr_done[12] = { 1, 137, 11, 12, 203, 0, 113, 7,
					       203, 0, 113, 9 };
	static const uint8_t bad_opt[4] = { 130, 20, 0, 0 };
	static const uint8_t rr[8] = { 7, 7, 4, 0, 0, 0, 0, 0 };
	struct fb fb;
	struct fb_rec *ip;
	uint8_t *h;

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x0800);
	ip = fb_ipv4(&fb, 6, A4, B4, lsrr, sizeof(lsrr));
	memcpy(ip->dst, lsrr + 8, 4);	/* the final destination */
	fb_tcp(&fb);
	fb_payload(&fb, 30, 60);
	fb_finish(&fb);
	ADD("ipv4-lsrr-final-destination", 1, &fb, "", LAST,
	    W(IPV4, GOOD, 0), W(TCP, GOOD, 0));

	/* Summed with the header's (first-hop) destination: wrong. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x0800);
	fb_ipv4(&fb, 6, A4, B4, lsrr, sizeof(lsrr));
	fb_tcp(&fb);
	fb_payload(&fb, 30, 60);
	fb_finish(&fb);
	ADD("ipv4-lsrr-first-hop-is-wrong", 1, &fb, "", LAST,
	    W(IPV4, GOOD, 0), W(TCP, BAD, 0));

	/* Route used up (pointer past the end): the header holds the final. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x0800);
	fb_ipv4(&fb, 17, A4, B4, ssrr_done, sizeof(ssrr_done));
	fb_udp(&fb, 0);
	fb_payload(&fb, 30, 61);
	fb_finish(&fb);
	ADD("ipv4-ssrr-used-up", 1, &fb, "", LAST,
	    W(IPV4, GOOD, 0), W(UDP, GOOD, 0));

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x0800);
	fb_ipv4(&fb, 17, A4, B4, rr, sizeof(rr));
	fb_udp(&fb, 0);
	fb_payload(&fb, 30, 62);
	fb_finish(&fb);
	ADD("ipv4-record-route", 1, &fb, "", LAST,
	    W(IPV4, GOOD, 0), W(UDP, GOOD, 0));

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x0800);
	fb_ipv4(&fb, 17, A4, B4, bad_opt, sizeof(bad_opt));
	fb_udp(&fb, 0);
	fb_payload(&fb, 30, 63);
	fb_finish(&fb);
	ADD("ipv4-malformed-option", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(UDP, UNVERIFIED, "ip options"));

	catalog_eth4(&fb, 6);
	fb_tcp(&fb);
	fb_payload(&fb, 64, 64);
	fb_finish(&fb);
	h = fb.b + 14;
	put16(h + 6, 0x2000);
	catalog_ipv4_recsum(h);
	ADD("ipv4-first-fragment", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(TCP, UNVERIFIED, "fragment"));
	put16(h + 6, 0x0008);
	catalog_ipv4_recsum(h);
	ADD("ipv4-later-fragment", 1, &fb, "non-first", NO_MUT,
	    W(IPV4, GOOD, 0));

	catalog_eth4(&fb, 17);
	fb_udp(&fb, 0);
	fb_payload(&fb, 64, 65);
	fb_finish(&fb);
	h = fb.b + 14;
	put16(h + 6, 0x2000);
	catalog_ipv4_recsum(h);
	put16(h + 20 + 6, 0);
	ADD("ipv4-fragment-udp-none", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(UDP, NONE, 0));
}

/* IPv6 extension headers. */
void
catalog_ipv6(void)
{
	uint8_t x[64];
	struct fb fb;
	struct fb_rec *ip;
	int v6;

	/* Hop-by-hop (PadN), then destination options with a home address. */
	ip = catalog_eth6(&fb, 0);
	fb_raw(&fb, "\x3c\0\x01\x04\0\0\0\0", 8);
	memset(x, 0, sizeof(x));
	x[0] = 6;
	x[1] = 2;
	x[2] = 1;	/* PadN, 2 bytes: the option lands at 8n + 6 */
	x[3] = 2;
	x[6] = 201;
	x[7] = 16;
	parse_addr("2001:db8:f::99", x + 8, &v6);
	fb_raw(&fb, x, 24);
	memcpy(ip->src, x + 8, 16);
	fb_tcp(&fb);
	fb_payload(&fb, 40, 70);
	fb_finish(&fb);
	ADD("ipv6-hbh-home-address", 1, &fb, "", LAST, W(TCP, GOOD, 0));

	/* Two home addresses: Linux's ipv6_dest_hao() drops the packet
	 * ("hao duplicated"), so its final source is nobody's. */
	catalog_eth6(&fb, 60);
	memset(x, 0, sizeof(x));
	x[0] = 6;
	x[1] = 5;
	x[2] = 1;	/* PadN to 8n + 6, an option, PadN, an option */
	x[3] = 2;
	x[6] = 201;
	x[7] = 16;
	parse_addr("2001:db8:f::99", x + 8, &v6);
	x[24] = 1;
	x[25] = 4;
	x[30] = 201;
	x[31] = 16;
	parse_addr("2001:db8:f::98", x + 32, &v6);
	fb_raw(&fb, x, 48);
	fb_tcp(&fb);
	fb_payload(&fb, 40, 74);
	fb_finish(&fb);
	ADD("ipv6-two-home-addresses", 1, &fb, "", NO_MUT,
	    W(TCP, UNVERIFIED, "ip options"));

	/* Type 0 routing header, 2 addresses, segments left 2. */
	ip = catalog_eth6(&fb, 43);
	memset(x, 0, sizeof(x));
	x[0] = 17;
	x[1] = 4;
	x[2] = 0;
	x[3] = 2;
	parse_addr("2001:db8:1::1", x + 8, &v6);
	parse_addr("2001:db8:1::2", x + 24, &v6);
	fb_raw(&fb, x, 40);
	memcpy(ip->dst, x + 24, 16);
	fb_udp(&fb, 0);
	fb_payload(&fb, 40, 71);
	fb_finish(&fb);
	ADD("ipv6-rh0-final-destination", 1, &fb, "", LAST, W(UDP, GOOD, 0));

	/* The same with segments left 0: the header's destination counts. */
	ip = catalog_eth6(&fb, 43);
	x[3] = 0;
	fb_raw(&fb, x, 40);
	fb_udp(&fb, 0);
	fb_payload(&fb, 40, 72);
	fb_finish(&fb);
	ADD("ipv6-rh0-segments-left-0", 1, &fb, "", LAST, W(UDP, GOOD, 0));

	/* Type 2 (Mobile IPv6) routing header. */
	ip = catalog_eth6(&fb, 43);
	memset(x, 0, sizeof(x));
	x[0] = 58;
	x[1] = 2;
	x[2] = 2;
	x[3] = 1;
	parse_addr("2001:db8:2::7", x + 8, &v6);
	fb_raw(&fb, x, 24);
	memcpy(ip->dst, x + 8, 16);
	fb_icmp(&fb, 128, 0, 1);
	fb_payload(&fb, 20, 73);
	fb_finish(&fb);
	ADD("ipv6-rh2-home-address", 1, &fb, "", LAST, W(ICMPV6, GOOD, 0));

	/* Segment routing header: Segment List[0] is the final segment. */
	ip = catalog_eth6(&fb, 43);
	memset(x, 0, sizeof(x));
	x[0] = 6;
	x[1] = 4;
	x[2] = 4;
	x[3] = 1;
	x[4] = 1;	/* last entry */
	parse_addr("2001:db8:5::ffff", x + 8, &v6);
	parse_addr("2001:db8:5::1", x + 24, &v6);
	fb_raw(&fb, x, 40);
	memcpy(ip->dst, x + 8, 16);
	fb_tcp(&fb);
	fb_payload(&fb, 20, 74);
	fb_finish(&fb);
	ADD("ipv6-srh-final-segment", 1, &fb, "", LAST, W(TCP, GOOD, 0));

	/* Type 0 with an odd length (it must be twice the addresses). */
	catalog_eth6(&fb, 43);
	memset(x, 0, sizeof(x));
	x[0] = 17;
	x[1] = 3;
	x[3] = 1;
	fb_raw(&fb, x, 32);
	fb_udp(&fb, 0);
	fb_payload(&fb, 20, 81);
	fb_finish(&fb);
	ADD("ipv6-rh0-odd-length", 1, &fb, "", NO_MUT,
	    W(UDP, UNVERIFIED, "routing header"));

	/* An unknown routing type with segments left: unverifiable. */
	catalog_eth6(&fb, 43);
	memset(x, 0, sizeof(x));
	x[0] = 6;
	x[1] = 4;
	x[2] = 253;
	x[3] = 1;
	fb_raw(&fb, x, 40);
	fb_tcp(&fb);
	fb_payload(&fb, 20, 75);
	fb_finish(&fb);
	ADD("ipv6-unknown-routing", 1, &fb, "", NO_MUT,
	    W(TCP, UNVERIFIED, "routing header"));

	/* Fragment header: first fragment, later fragment, atomic. */
	catalog_eth6(&fb, 44);
	fb_raw(&fb, "\x11\0\x00\x01\0\0\0\x2a", 8);
	fb_udp(&fb, 0);
	fb_payload(&fb, 20, 76);
	fb_finish(&fb);
	ADD("ipv6-first-fragment", 1, &fb, "", NO_MUT,
	    W(UDP, UNVERIFIED, "fragment"));
	catalog_eth6(&fb, 44);
	fb_raw(&fb, "\x11\0\x00\x10\0\0\0\x2a", 8);
	fb_payload(&fb, 20, 77);
	fb_finish(&fb);
	ADD0("ipv6-later-fragment", 1, &fb, "non-first");
	catalog_eth6(&fb, 44);
	fb_raw(&fb, "\x11\0\x00\x00\0\0\0\x2a", 8);
	fb_udp(&fb, 0);
	fb_payload(&fb, 20, 78);
	fb_finish(&fb);
	ADD("ipv6-atomic-fragment", 1, &fb, "", LAST, W(UDP, GOOD, 0));

	/* AH over IPv4 too, as tshark skips it (RFC 4302 section 2.2). */
	catalog_eth4(&fb, 51);
	memset(x, 0, sizeof(x));
	x[0] = 6;
	x[1] = 4;
	fb_raw(&fb, x, 24);
	fb_tcp(&fb);
	fb_payload(&fb, 20, 81);
	fb_finish(&fb);
	ADD("ipv4-ah", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(TCP, GOOD, 0));

	/* AH is skipped by its own length (RFC 4302: 4-byte units - 2). */
	catalog_eth6(&fb, 51);
	memset(x, 0, sizeof(x));
	x[0] = 6;
	x[1] = 4;
	fb_raw(&fb, x, 24);
	fb_tcp(&fb);
	fb_payload(&fb, 20, 79);
	fb_finish(&fb);
	ADD("ipv6-ah", 1, &fb, "", LAST, W(TCP, GOOD, 0));

	catalog_eth6(&fb, 50);
	fb_payload(&fb, 40, 80);
	fb_finish(&fb);
	ADD0("ipv6-esp", 1, &fb, "ESP");
}

static void catalog_icmp_quotes(void);
static void catalog_icmp_ext(void);

/* Tunnels, verified layer by layer, and ICMP error quotes. */
void
catalog_tunnels(void)
{
	struct fb fb, in;
	size_t i;

	catalog_eth4(&fb, 4);
	fb_ipv4(&fb, 6, "10.0.0.1", "10.0.0.2", NULL, 0);
	fb_tcp(&fb);
	fb_payload(&fb, 30, 90);
	fb_finish(&fb);
	ADD("ipip", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));

	catalog_eth4(&fb, 41);
	fb_ipv6(&fb, 17, A6, B6);
	fb_udp(&fb, 0);
	fb_payload(&fb, 30, 91);
	fb_finish(&fb);
	ADD("6in4", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(UDP, GOOD, 0));

	catalog_eth6(&fb, 4);
	fb_ipv4(&fb, 17, "10.0.0.1", "10.0.0.2", NULL, 0);
	fb_udp(&fb, 0);
	fb_payload(&fb, 30, 92);
	fb_finish(&fb);
	ADD("4in6", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(UDP, GOOD, 0));

	catalog_eth6(&fb, 41);
	fb_ipv6(&fb, 58, "2001:db8:9::1", "2001:db8:9::2");
	fb_icmp(&fb, 128, 0, 1);
	fb_payload(&fb, 30, 93);
	fb_finish(&fb);
	ADD("6in6", 1, &fb, "", LAST, W(ICMPV6, GOOD, 0));

	catalog_eth4(&fb, 47);
	fb_gre(&fb, 0xb000, 0x0800);	/* C, K, S */
	fb_ipv4(&fb, 6, "10.0.0.1", "10.0.0.2", NULL, 0);
	fb_tcp(&fb);
	fb_payload(&fb, 30, 94);
	fb_finish(&fb);
	ADD("gre-cks-ipv4-tcp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(GRE, GOOD, 0), W(IPV4, GOOD, 0), W(TCP, GOOD, 0));

	catalog_eth4(&fb, 47);
	fb_gre(&fb, 0x2000, 0x86dd);	/* K only: no GRE checksum */
	fb_ipv6(&fb, 17, A6, B6);
	fb_udp(&fb, 0);
	fb_payload(&fb, 30, 95);
	fb_finish(&fb);
	ADD("gre-k-ipv6-udp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0));

	{
		static const unsigned q[] = { 0x8100 };

		catalog_eth4(&fb, 47);
		fb_gre(&fb, 0x8000, 0x6558);
		fb_eth(&fb, q, 1, 0x0800);
		fb_ipv4(&fb, 17, "10.0.0.1", "10.0.0.2", NULL, 0);
		fb_udp(&fb, 0);
		fb_payload(&fb, 30, 96);
		fb_finish(&fb);
		ADD("gre-c-teb-vlan-ipv4-udp", 1, &fb, "", LAST,
		    W(IPV4, GOOD, 0), W(GRE, GOOD, 0), W(IPV4, GOOD, 0),
		    W(UDP, GOOD, 0));
	}

	/* A bridged frame shorter than an Ethernet header, padding after. */
	catalog_eth4(&fb, 47);
	fb_gre(&fb, 0x8000, 0x6558);
	fb_payload(&fb, 10, 101);
	fb_finish(&fb);
	fb_raw(&fb, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 16);
	ADD("gre-teb-short-inner", 1, &fb, "Ethernet header past", 14 + 20 + 9,
	    W(IPV4, GOOD, 0), W(GRE, GOOD, 0));

	/* Protocol 0x00fe, OSI (Cisco's IS-IS over GRE): GRE's checksum,
	 * and nothing inside to check (IS-IS sums with Fletcher's). */
	catalog_eth4(&fb, 47);
	fb_gre(&fb, 0x8000, 0x00fe);
	fb_raw(&fb, "\x83\x1b\x01\x00\x14\x01\x00\x00", 8);
	fb_payload(&fb, 20, 103);
	fb_finish(&fb);
	ADD("gre-osi-isis", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(GRE, GOOD, 0));

	catalog_eth6(&fb, 47);
	fb_gre(&fb, 0x8000, 0x0800);
	fb_ipv4(&fb, 1, "10.0.0.1", "10.0.0.2", NULL, 0);
	fb_icmp(&fb, 0, 0, 0);
	fb_payload(&fb, 31, 97);
	fb_finish(&fb);
	ADD("gre6-c-ipv4-icmp", 1, &fb, "", LAST, W(GRE, GOOD, 0),
	    W(IPV4, GOOD, 0), W(ICMP, GOOD, 0));

	/* Version 1 (PPTP, RFC 2637): K always, S and A here, then PPP;
	 * an acknowledgment alone; version 1 with another type. */
	catalog_eth4(&fb, 47);
	fb_gre(&fb, 0x3081, 0x880b);
	fb_raw(&fb, "\0\0\0\x07", 4);	/* acknowledgment number */
	fb_raw(&fb, "\xff\x03\x00\x21", 4);
	fb_ipv4(&fb, 6, "10.6.0.1", "10.6.0.2", NULL, 0);
	fb_tcp(&fb);
	fb_payload(&fb, 19, 98);
	fb_finish(&fb);
	ADD("gre-v1-pptp-ppp-ipv4-tcp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(IPV4, GOOD, 0), W(TCP, GOOD, 0));
	catalog_eth4(&fb, 47);
	fb_gre(&fb, 0x2081, 0x880b);
	fb_raw(&fb, "\0\0\0\x08", 4);
	fb_finish(&fb);
	ADD("gre-v1-pptp-ack", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0));
	catalog_eth4(&fb, 47);
	fb_gre(&fb, 0x2001, 0x0800);
	fb_payload(&fb, 30, 99);
	fb_finish(&fb);
	ADD("gre-v1", 1, &fb, "other than PPTP", NO_MUT, W(IPV4, GOOD, 0));

	/* Ten nested IP-in-IP levels: the parser stops at its depth limit. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x0800);
	for (i = 0; i < 10; i++)
		fb_ipv4(&fb, 4, A4, B4, NULL, 0);
	fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	fb_udp(&fb, 0);
	fb_finish(&fb);
	ADD("ipip-too-deep", 1, &fb, "too deep", NO_MUT,
	    W(IPV4, GOOD, 0), W(IPV4, GOOD, 0), W(IPV4, GOOD, 0),
	    W(IPV4, GOOD, 0), W(IPV4, GOOD, 0), W(IPV4, GOOD, 0),
	    W(IPV4, GOOD, 0), W(IPV4, GOOD, 0), W(IPV4, GOOD, 0));

	/* GRE with checksums, eight deep: more than 16 layers. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x0800);
	for (i = 0; i < 8; i++) {
		fb_ipv4(&fb, 47, A4, B4, NULL, 0);
		fb_gre(&fb, 0x8000, 0x0800);
	}
	fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	fb_udp(&fb, 0);
	fb_finish(&fb);
	ADD("gre-too-many-layers", 1, &fb, "too many layers", LAST,
	    W(IPV4, GOOD, 0), W(GRE, GOOD, 0), W(IPV4, GOOD, 0),
	    W(GRE, GOOD, 0), W(IPV4, GOOD, 0), W(GRE, GOOD, 0),
	    W(IPV4, GOOD, 0), W(GRE, GOOD, 0), W(IPV4, GOOD, 0),
	    W(GRE, GOOD, 0), W(IPV4, GOOD, 0), W(GRE, GOOD, 0),
	    W(IPV4, GOOD, 0), W(GRE, GOOD, 0), W(IPV4, GOOD, 0),
	    W(GRE, GOOD, 0));

	/* ICMP destination unreachable quoting IPv4 + 8 bytes of TCP. */
	fb_init(&in);
	fb_ipv4(&in, 6, B4, A4, NULL, 0);
	fb_tcp(&in);
	fb_payload(&in, 100, 99);
	fb_finish(&in);
	catalog_eth4(&fb, 1);
	fb_icmp(&fb, 3, 3, 0);
	fb.b[fb.len - 3] = 0;	/* RFC 4884 length: none */
	fb_raw(&fb, in.b, 28);
	fb_finish(&fb);
	ADD("icmp-unreach-quote", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0), W(IPV4, GOOD, 0), W(TCP, UNVERIFIED, "quoted"));
	/* A corrupted quoted header is BAD, and so is the ICMP over it. */
	fb.b[14 + 20 + 8 + 10] ^= 0x80;
	fb_finish(&fb);
	ADD("icmp-quote-bad-ipv4", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0), W(IPV4, BAD, 0), W(TCP, UNVERIFIED, "quoted"));

	/* Time exceeded quoting only 12 bytes of the header. */
	catalog_eth4(&fb, 1);
	fb_icmp(&fb, 11, 0, 0);
	fb.b[fb.len - 3] = 0;
	fb_raw(&fb, in.b, 12);
	fb_finish(&fb);
	ADD("icmp-short-quote", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0), W(IPV4, UNVERIFIED, "quoted"));

	/* ICMPv6 destination unreachable quoting IPv6 + UDP. */
	fb_init(&in);
	fb_ipv6(&in, 17, B6, A6);
	fb_udp(&in, 0);
	fb_payload(&in, 100, 100);
	fb_finish(&in);
	catalog_eth6(&fb, 58);
	fb_icmp(&fb, 1, 4, 1);
	fb_raw(&fb, in.b, 48);
	fb_finish(&fb);
	ADD("icmpv6-unreach-quote", 1, &fb, "", LAST, W(ICMPV6, GOOD, 0),
	    W(UDP, UNVERIFIED, "quoted"));

	/* An echo reply is not an error: its data is not parsed. */
	catalog_eth4(&fb, 1);
	fb_icmp(&fb, 0, 0, 0);
	fb_raw(&fb, in.b, 48);
	fb_finish(&fb);
	ADD("icmp-echo-not-quote", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0));
	catalog_icmp_quotes();
	catalog_icmp_ext();
}

/*
 * RFC 1071 written out, for the checksums the frame builder does not know
 * (the quoted datagram's fields after a case edits them, the RFC 4884
 * extension): the complement of the folded sum of big-endian 16-bit words,
 * an odd last byte padded with zero.
 */
static unsigned
naive_csum(const uint8_t *p, size_t n)
{
	uint32_t sum = 0;
	size_t i;

	for (i = 0; i + 1 < n; i += 2)
		sum += (uint32_t)p[i] << 8 | p[i + 1];
	if (n & 1)
		sum += (uint32_t)p[n - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return ~sum & 0xffff;
}

/* An ICMPv4 error of 'type'/'code' carrying the 'n' bytes at 'q'; byte 5
 * (RFC 4884 length, 32-bit words) set to 'words'. */
static void
icmp4_error(struct fb *fb, unsigned type, unsigned code, unsigned words,
	    const uint8_t *q, size_t n)
{
	catalog_eth4(fb, 1);
	fb_icmp(fb, type, code, 0);
	fb->b[fb->len - 4] = 0;
	fb->b[fb->len - 3] = (uint8_t)words;
	fb->b[fb->len - 2] = 0;
	fb->b[fb->len - 1] = 0;
	fb_raw(fb, q, n);
	fb_finish(fb);
}

/*
 * ICMP errors that quote the whole datagram: the quoted upper layer is
 * verified (RFC 792 allows quoting more than 8 bytes, RFC 1812 section
 * 4.3.2.3 asks for as much as fits; tshark and tcpdump verify it).  The
 * quoted IPv4 header is verified whatever the outer header says.
 */
static void
catalog_icmp_quotes(void)
{
	struct fb fb, in;
	uint8_t q[256];

	/* The whole IPv4 + UDP datagram quoted (a port unreachable). */
	fb_init(&in);
	fb_ipv4(&in, 17, B4, A4, NULL, 0);
	fb_udp(&in, 0);
	fb_payload(&in, 21, 7);
	fb_finish(&in);
	icmp4_error(&fb, 3, 3, 0, in.b, in.len);
	ADD("icmp-quote-whole-udp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0), W(IPV4, GOOD, 0), W(UDP, GOOD, 0));

	/* Its quoted UDP checksum wrong (the ICMP over it is right). */
	memcpy(q, in.b, in.len);
	q[20 + 7] ^= 0x21;
	icmp4_error(&fb, 3, 3, 0, q, in.len);
	ADD("icmp-quote-whole-udp-bad", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0), W(IPV4, GOOD, 0), W(UDP, BAD, 0));

	/* The quoted datagram's total length one more than quoted: cut. */
	memcpy(q, in.b, in.len);
	q[3]++;
	catalog_ipv4_recsum(q);
	icmp4_error(&fb, 3, 3, 0, q, in.len);
	ADD("icmp-quote-one-short", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0), W(IPV4, GOOD, 0), W(UDP, UNVERIFIED, "quoted"));

	/* RFC 792's header + 8 bytes of a UDP datagram sent with no checksum
	 * (a traceroute probe): the zero field says so even in a cut quote. */
	memcpy(q, in.b, 28);
	q[20 + 6] = q[20 + 7] = 0;
	icmp4_error(&fb, 11, 0, 0, q, 28);
	ADD("icmp-quote-cut-udp-zero", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0), W(IPV4, GOOD, 0), W(UDP, NONE, 0));

	/* A time exceeded quoting the whole IPv4 + TCP segment. */
	fb_init(&in);
	fb_ipv4(&in, 6, B4, A4, NULL, 0);
	fb_tcp(&in);
	fb_payload(&in, 30, 8);
	fb_finish(&in);
	icmp4_error(&fb, 11, 0, 0, in.b, in.len);
	ADD("icmp-quote-whole-tcp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0), W(IPV4, GOOD, 0), W(TCP, GOOD, 0));
	memcpy(q, in.b, in.len);
	q[20 + 16] ^= 0x01;
	icmp4_error(&fb, 11, 0, 0, q, in.len);
	ADD("icmp-quote-whole-tcp-bad", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0), W(IPV4, GOOD, 0), W(TCP, BAD, 0));

	/*
	 * The outer IPv4 total length claims 4 bytes more than the frame:
	 * the ICMP is unverified ("length"), the quoted header is still
	 * checked (here BAD) and so is the complete quoted TCP.
	 */
	memcpy(q, in.b, in.len);
	q[10] ^= 0x40;
	icmp4_error(&fb, 11, 0, 0, q, in.len);
	fb.b[14 + 3] += 4;
	catalog_ipv4_recsum(fb.b + 14);
	ADD("icmp-quote-bad-ipv4-outer-length", 1, &fb, "", NO_MUT,
	    W(IPV4, GOOD, 0), W(ICMP, UNVERIFIED, "length"), W(IPV4, BAD, 0),
	    W(TCP, GOOD, 0));

	/*
	 * The first fragment of an ICMP error: its checksum covers the whole
	 * datagram (the tool's reassembly judges it), so the quote is left
	 * alone, as a repair inside it would leave the ICMP wrong.
	 */
	icmp4_error(&fb, 11, 0, 0, in.b, in.len);
	fb.b[14 + 6] |= 0x20;
	catalog_ipv4_recsum(fb.b + 14);
	ADD("icmp-quote-in-fragment", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(ICMP, UNVERIFIED, "fragment"));

	/* ICMPv6 destination unreachable quoting all of IPv6 + UDP. */
	fb_init(&in);
	fb_ipv6(&in, 17, B6, A6);
	fb_udp(&in, 0);
	fb_payload(&in, 13, 9);
	fb_finish(&in);
	catalog_eth6(&fb, 58);
	fb_icmp(&fb, 1, 4, 1);
	fb.b[fb.len - 4] = 0;
	fb_raw(&fb, in.b, in.len);
	fb_finish(&fb);
	ADD("icmpv6-quote-whole-udp", 1, &fb, "", LAST, W(ICMPV6, GOOD, 0),
	    W(UDP, GOOD, 0));
	memcpy(q, in.b, in.len);
	q[40 + 6] ^= 0x10;
	catalog_eth6(&fb, 58);
	fb_icmp(&fb, 1, 4, 1);
	fb.b[fb.len - 4] = 0;
	fb_raw(&fb, q, in.len);
	fb_finish(&fb);
	ADD("icmpv6-quote-whole-udp-bad", 1, &fb, "", NO_MUT,
	    W(ICMPV6, GOOD, 0), W(UDP, BAD, 0));

	/* A packet too big quoting IPv6 + UDP cut one byte short. */
	catalog_eth6(&fb, 58);
	fb_icmp(&fb, 2, 0, 1);
	fb_raw(&fb, in.b, in.len - 1);
	fb_finish(&fb);
	ADD("icmpv6-quote-one-short", 1, &fb, "", LAST, W(ICMPV6, GOOD, 0),
	    W(UDP, UNVERIFIED, "quoted"));

	/* ... with a zero UDP field, never valid over IPv6 (RFC 8200 section
	 * 8.1), but a cut quote's to report, not to judge. */
	memcpy(q, in.b, in.len - 1);
	q[40 + 6] = q[40 + 7] = 0;
	catalog_eth6(&fb, 58);
	fb_icmp(&fb, 2, 0, 1);
	fb_raw(&fb, q, in.len - 1);
	fb_finish(&fb);
	ADD("icmpv6-quote-cut-udp-zero", 1, &fb, "", LAST, W(ICMPV6, GOOD, 0),
	    W(UDP, UNVERIFIED, "quoted"));
}

/*
 * RFC 4884: a time exceeded (or destination unreachable) whose "length"
 * gives the padded original datagram field, then an extension structure
 * with its own checksum (section 7), here an MPLS label stack object of
 * RFC 4950 (class 1, C-Type 1).  'ver' is the header's version, 'sum'
 * 0: compute the checksum, 1: leave it zero, 2: a wrong one.
 */
#define ICMP_EXT_V2 0x20	/* version 2 in the high nibble */

static size_t
ext_build(uint8_t *x, unsigned ver, int sum)
{
	static const uint8_t obj[8] = { 0, 8, 1, 1, 0x00, 0x06, 0x41, 0x01 };
	unsigned v;

	x[0] = (uint8_t)(ver << 4);
	x[1] = 0;
	x[2] = x[3] = 0;
	memcpy(x + 4, obj, sizeof(obj));
	v = naive_csum(x, 12);
	if (sum == 0 || sum == 2) {
		if (sum == 2)
			v ^= 0x0100;
		x[2] = (uint8_t)(v >> 8);
		x[3] = (uint8_t)v;
	}
	return 12;
}

static void
catalog_icmp_ext(void)
{
	struct fb fb, in;
	uint8_t q[512];
	size_t xn;

	fb_init(&in);
	fb_ipv4(&in, 17, B4, A4, NULL, 0);
	fb_udp(&in, 0);
	fb_payload(&in, 12, 10);
	fb_finish(&in);
	/* The original datagram field: 128 bytes, zero padded. */
	memset(q, 0, sizeof(q));
	memcpy(q, in.b, in.len);
	xn = ext_build(q + 128, 2, 0);
	icmp4_error(&fb, 11, 0, 32, q, 128 + xn);
	ADD("icmp-ext-mpls", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0), W(IPV4, GOOD, 0), W(UDP, GOOD, 0),
	    W(ICMP_EXT, GOOD, 0));

	xn = ext_build(q + 128, 2, 2);
	icmp4_error(&fb, 3, 1, 32, q, 128 + xn);
	ADD("icmp-ext-bad", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0), W(IPV4, GOOD, 0), W(UDP, GOOD, 0),
	    W(ICMP_EXT, BAD, 0));

	/* Checksum zero: none sent (RFC 4884 section 7). */
	xn = ext_build(q + 128, 2, 1);
	icmp4_error(&fb, 12, 0, 32, q, 128 + xn);
	ADD("icmp-ext-none", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0), W(IPV4, GOOD, 0), W(UDP, GOOD, 0),
	    W(ICMP_EXT, NONE, 0));

	/* A longer original datagram field (160 bytes): the extension moves. */
	memset(q + 128, 0, 64);
	xn = ext_build(q + 160, 2, 0);
	icmp4_error(&fb, 11, 0, 40, q, 160 + xn);
	ADD("icmp-ext-160", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0), W(IPV4, GOOD, 0), W(UDP, GOOD, 0),
	    W(ICMP_EXT, GOOD, 0));

	/* Version 1 (the pre-RFC draft): not parsed, said so. */
	xn = ext_build(q + 128, 1, 0);
	icmp4_error(&fb, 11, 0, 32, q, 128 + xn);
	ADD("icmp-ext-version", 1, &fb, "version not 2", LAST,
	    W(IPV4, GOOD, 0), W(ICMP, GOOD, 0), W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0));

	/*
	 * A length under 128 bytes (RFC 4884 section 5.1) cannot place an
	 * extension: read as the pre-RFC 4884 form (length 0, below), which
	 * finds the structure at 128 ...
	 */
	xn = ext_build(q + 128, 2, 0);
	icmp4_error(&fb, 11, 0, 8, q, 128 + xn);
	ADD("icmp-ext-length-short", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0), W(IPV4, GOOD, 0), W(UDP, GOOD, 0),
	    W(ICMP_EXT, GOOD, 0));

	/* ... and nothing, without a note, where the field fills the
	 * message: routers that set the length to the quote's own (10
	 * words: the 40-byte datagram), and a 128-byte field. */
	icmp4_error(&fb, 11, 0, 10, q, in.len);
	ADD("icmp-length-quote", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0), W(IPV4, GOOD, 0), W(UDP, GOOD, 0));
	icmp4_error(&fb, 3, 3, 32, q, 128);
	ADD("icmp-length-128-no-ext", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0), W(IPV4, GOOD, 0), W(UDP, GOOD, 0));

	/* A length past the message. */
	icmp4_error(&fb, 11, 0, 40, q, 128 + xn);
	ADD("icmp-ext-length-long", 1, &fb, "out of range", LAST,
	    W(IPV4, GOOD, 0), W(ICMP, GOOD, 0), W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0));

	/*
	 * Length 0, the pre-RFC 4884 form (section 5.4): a structure at
	 * offset 128 after a quoted datagram that ends before it is one, as
	 * tshark decodes it.
	 */
	icmp4_error(&fb, 11, 0, 0, q, 128 + xn);
	ADD("icmp-ext-length-zero", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0), W(IPV4, GOOD, 0), W(UDP, GOOD, 0),
	    W(ICMP_EXT, GOOD, 0));

	/* ... but not of version 1: those bytes are more of the quote. */
	xn = ext_build(q + 128, 1, 0);
	icmp4_error(&fb, 3, 3, 0, q, 128 + xn);
	ADD("icmp-ext-length-zero-version", 1, &fb, "", LAST,
	    W(IPV4, GOOD, 0), W(ICMP, GOOD, 0), W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0));

	/* ... nor where the quoted datagram runs past offset 128 (RFC 1812
	 * section 4.3.2.3 quotes as much as fits), even when its byte 128
	 * looks like a version 2 header. */
	fb_init(&in);
	fb_ipv4(&in, 17, B4, A4, NULL, 0);
	fb_udp(&in, 0);
	fb_payload(&in, 132, 12);
	in.b[128] = ICMP_EXT_V2;
	fb_finish(&in);
	icmp4_error(&fb, 11, 0, 0, in.b, in.len);
	ADD("icmp-ext-length-zero-long-quote", 1, &fb, "", LAST,
	    W(IPV4, GOOD, 0), W(ICMP, GOOD, 0), W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0));

	/* ICMPv6 time exceeded: length 16 (64-bit words) = 128 bytes. */
	fb_init(&in);
	fb_ipv6(&in, 17, B6, A6);
	fb_udp(&in, 0);
	fb_payload(&in, 20, 11);
	fb_finish(&in);
	memset(q, 0, sizeof(q));
	memcpy(q, in.b, in.len);
	xn = ext_build(q + 128, 2, 0);
	catalog_eth6(&fb, 58);
	fb_icmp(&fb, 3, 0, 1);
	fb.b[fb.len - 4] = 16;
	fb.b[fb.len - 3] = fb.b[fb.len - 2] = fb.b[fb.len - 1] = 0;
	fb_raw(&fb, q, 128 + xn);
	fb_finish(&fb);
	ADD("icmpv6-ext-mpls", 1, &fb, "", LAST, W(ICMPV6, GOOD, 0),
	    W(UDP, GOOD, 0), W(ICMP_EXT, GOOD, 0));
}
