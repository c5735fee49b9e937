/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/catalog_encap.c - the catalog's encapsulations (issue 12):
 * MPLS, PPPoE, PPP and Cisco HDLC link types, 802.3 LLC/SNAP, 802.11 with
 * and without radiotap, the UDP tunnels (VXLAN, VXLAN-GPE, Geneve, GTP-U,
 * L2TPv2, Teredo; GRE in UDP, LISP, AYIYA, TZSP, CAPWAP), EtherIP, WCCP and
 * ERSPAN, each with good and bad checksums inside and outside, and the
 * malformed headers that must stop the walk with a note.
 */
#include <string.h>

#include "catalog.h"

static void
mpls(void)
{
	static const uint8_t two[8] = { 0, 0x10, 0x00, 0x40, 0, 0x20, 0x01,
					0x40 };
	static const uint8_t one[4] = { 0, 0x30, 0x01, 0x40 };
	struct fb fb;
	size_t o;

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x8847);
	fb_raw(&fb, two, 8);
	fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	fb_udp(&fb, 0);
	fb_payload(&fb, 30, 201);
	fb_finish(&fb);
	ADD("mpls-2-labels-ipv4-udp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0));

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x8848);
	fb_raw(&fb, one, 4);
	fb_ipv6(&fb, 6, A6, B6);
	o = fb.len;
	fb_tcp(&fb);
	fb_payload(&fb, 30, 202);
	fb_finish(&fb);
	fb.b[o + 16] ^= 0x11;
	ADD("mpls-ipv6-tcp-bad", 1, &fb, "", LAST, W(TCP, BAD, 0));

	/* Ethernet pseudowire with a control word (RFC 4448). */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x8847);
	fb_raw(&fb, one, 4);
	fb_raw(&fb, "\0\0\0\0", 4);
	fb_eth(&fb, NULL, 0, 0x0800);
	o = fb.len;
	catalog_inner_tcp4(&fb, 203);
	fb_finish(&fb);
	fb.b[o + 10] ^= 0x22;
	ADD("mpls-pw-eth-ipv4-bad", 1, &fb, "", LAST, W(IPV4, BAD, 0),
	    W(TCP, GOOD, 0));

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x8847);
	fb_raw(&fb, "\0\x10\0\x40", 4);		/* no bottom of stack */
	ADD0("mpls-no-bottom", 1, &fb, "MPLS label past");

	/* GRE carrying MPLS. */
	catalog_eth4(&fb, 47);
	fb_gre(&fb, 0x8000, 0x8847);
	fb_raw(&fb, one, 4);
	fb_ipv4(&fb, 1, "10.2.0.1", "10.2.0.2", NULL, 0);
	fb_icmp(&fb, 8, 0, 0);
	fb_payload(&fb, 20, 204);
	fb_finish(&fb);
	ADD("gre-mpls-ipv4-icmp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(GRE, GOOD, 0), W(IPV4, GOOD, 0), W(ICMP, GOOD, 0));
}

static void
ppp(void)
{
	struct fb fb;
	size_t o;

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x8864);
	fb_len16(&fb, 4, 6);
	fb_raw(&fb, "\x11\x00\x12\x34\0\0\x00\x21", 8);
	o = fb.len;
	catalog_inner_tcp4(&fb, 211);
	fb_finish(&fb);
	fb.b[o + 20 + 16] ^= 0x33;
	ADD("pppoe-ipv4-tcp-bad", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(TCP, BAD, 0));

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x8864);
	fb_len16(&fb, 4, 6);
	fb_raw(&fb, "\x11\x00\x12\x34\0\0\x00\x57", 8);
	fb_ipv6(&fb, 17, A6, B6);
	fb_udp(&fb, 0);
	fb_payload(&fb, 31, 212);
	fb_finish(&fb);
	ADD("pppoe-ipv6-udp", 1, &fb, "", LAST, W(UDP, GOOD, 0));

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x8864);
	fb_raw(&fb, "\x11\x00\x12\x34\x01\x00\x00\x21", 8);
	fb_payload(&fb, 40, 213);
	ADD0("pppoe-length-lies", 1, &fb, "PPPoE length");

	/* Link type PPP: with and without the HDLC address and control. */
	fb_init(&fb);
	fb_raw(&fb, "\xff\x03\x00\x21", 4);
	catalog_inner_tcp4(&fb, 214);
	fb_finish(&fb);
	ADD("ppp-hdlc-ipv4-tcp", 9, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));

	fb_init(&fb);
	fb_raw(&fb, "\x00\x57", 2);
	fb_ipv6(&fb, 58, A6, B6);
	o = fb.len;
	fb_icmp(&fb, 128, 0, 1);
	fb_payload(&fb, 20, 215);
	fb_finish(&fb);
	fb.b[o + 2] ^= 0x44;
	ADD("ppp-ipv6-icmpv6-bad", 9, &fb, "", LAST, W(ICMPV6, BAD, 0));

	fb_init(&fb);
	fb_raw(&fb, "\xff\x03\xc0\x21\x01\x01\x00\x04", 8);	/* LCP */
	ADD0("ppp-lcp", 9, &fb, "");

	fb_init(&fb);
	fb_raw(&fb, "\xff\x03\x00\x21", 4);
	catalog_inner_tcp4(&fb, 216);
	fb_finish(&fb);
	ADD("ppp-hdlc-linktype-50", 50, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));

	fb_init(&fb);
	fb_raw(&fb, "\x0f\x00\x08\x00", 4);
	fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	o = fb.len;
	fb_udp(&fb, 0);
	fb_payload(&fb, 22, 217);
	fb_finish(&fb);
	fb.b[o + 6] ^= 0x55;
	ADD("cisco-hdlc-linktype-50-udp-bad", 50, &fb, "", LAST,
	    W(IPV4, GOOD, 0), W(UDP, BAD, 0));
}

/*
 * 802.3, LLC/SNAP with Cisco's OUI and protocol id 'pid', then the 'n'
 * bytes 'body' (CDP, 0x2000, as a record whose checksum fb_finish()
 * computes), then 'pad' bytes of Ethernet padding past the 802.3 length.
 */
static void
cisco_snap(struct fb *fb, unsigned pid, const void *body, size_t n,
	   size_t pad)
{
	uint8_t snap[8] = { 0xaa, 0xaa, 3, 0, 0, 0x0c, 0, 0 };

	put16(snap + 6, pid);
	fb_init(fb);
	fb_raw(fb, "\x01\x00\x0c\xcc\xcc\xcc\x02\0\0\0\0\x02", 12);
	fb_len16(fb, 0, 2);
	fb_raw(fb, "\0\0", 2);
	fb_raw(fb, snap, 8);
	if (pid == 0x2000)
		fb_proto(fb, FB_CDP, body, n);
	else
		fb_raw(fb, body, n);
	fb_finish(fb);
	while (pad-- > 0)
		fb_raw(fb, "\0", 1);
}

/*
 * EDP (Extreme Networks, behind SNAP with OUI 00-e0-2b and id 0x00bb): a
 * 16-byte header whose length counts the EDP packet, then the 'n' bytes
 * 'tlv'; an RFC 1071 checksum covers 'length' bytes (Wireshark's
 * packet-extreme.c).  'extra' bytes of 0x5a follow inside the 802.3
 * length, outside EDP's; 'len', when not 0, then replaces the length.
 */
static void
edp_frame(struct fb *fb, const void *tlv, size_t n, size_t extra,
	  unsigned len)
{
	static const uint8_t snap[8] = { 0xaa, 0xaa, 3, 0, 0xe0, 0x2b, 0,
					 0xbb };
	/* Version 1, length, checksum, sequence 7, a MAC device id. */
	uint8_t h[16] = { 1, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0xe0, 0x2b,
			  0x11, 0x22, 0x33 };
	const size_t e = 14 + sizeof(snap);

	fb_init(fb);
	fb_raw(fb, "\x00\xe0\x2b\x00\x00\x00\x02\0\0\0\0\x02", 12);
	fb_len16(fb, 0, 2);
	fb_raw(fb, "\0\0", 2);
	fb_raw(fb, snap, sizeof(snap));
	put16(h + 2, (uint16_t)(sizeof(h) + n));
	fb_raw(fb, h, sizeof(h));
	fb_raw(fb, tlv, n);
	while (extra-- > 0)
		fb_raw(fb, "\x5a", 1);
	fb_finish(fb);
	put16(fb->b + e + 4, ref_csum(fb->b + e, sizeof(h) + n, 0));
	if (len != 0)
		put16(fb->b + e + 2, (uint16_t)len);
}

static void
edp(void)
{
	/* The Null TLV that ends the list; a Display TLV of one byte. */
	static const uint8_t null[4] = { 0x99, 0, 0, 4 };
	static const uint8_t odd[9] = { 0x99, 1, 0, 5, 'X',
					0x99, 0, 0, 4 };
	struct fb fb;
	struct tcase *t;

	edp_frame(&fb, null, sizeof(null), 0, 0);
	ADD("edp", 1, &fb, "", LAST, W(EDP, GOOD, 0));
	t = ADD("edp-bad", 1, &fb, "", NO_MUT, W(EDP, BAD, 0));
	t->f[22 + 5] ^= 0x10;
	/* An odd length: the last byte padded with zero (RFC 1071). */
	edp_frame(&fb, odd, sizeof(odd), 0, 0);
	ADD("edp-odd", 1, &fb, "", LAST, W(EDP, GOOD, 0));
	/* Bytes after EDP's length, inside the 802.3 length: not summed. */
	edp_frame(&fb, null, sizeof(null), 7, 0);
	ADD("edp-trailing", 1, &fb, "", 22 + 10, W(EDP, GOOD, 0));
	/* A length past the packet, and one below the header. */
	edp_frame(&fb, null, sizeof(null), 0, 21);
	ADD("edp-length-past", 1, &fb, "", NO_MUT,
	    W(EDP, UNVERIFIED, "length"));
	edp_frame(&fb, null, sizeof(null), 0, 4);
	ADD("edp-length-short", 1, &fb, "", NO_MUT,
	    W(EDP, UNVERIFIED, "length"));
}

/*
 * FDP (Foundry, behind SNAP with OUI 00-e0-52 and id 0x2000): version 1,
 * hold time, checksum, then the 'n' bytes 'tlv', to the 802.3 length's
 * end; RFC 1071's checksum (an odd last byte padded with zero, not CDP's
 * rule), as ladvd's fdp.c computes it.  'pad' bytes of Ethernet padding
 * follow; 'pid' other than 0x2000 is another Foundry protocol.
 */
static void
fdp_frame(struct fb *fb, unsigned pid, const void *tlv, size_t n,
	  size_t pad)
{
	uint8_t snap[8] = { 0xaa, 0xaa, 3, 0, 0xe0, 0x52, 0, 0 };
	const size_t e = 14 + sizeof(snap);

	put16(snap + 6, pid);
	fb_init(fb);
	fb_raw(fb, "\x01\xe0\x52\xcc\xcc\xcc\x02\0\0\0\0\x02", 12);
	fb_len16(fb, 0, 2);
	fb_raw(fb, "\0\0", 2);
	fb_raw(fb, snap, sizeof(snap));
	fb_raw(fb, "\x01\xb4\0\0", 4);
	fb_raw(fb, tlv, n);
	fb_finish(fb);
	put16(fb->b + e + 2, ref_csum(fb->b + e, 4 + n, 0));
	while (pad-- > 0)
		fb_raw(fb, "\0", 1);
}

static void
fdp(void)
{
	/* Device ID "sw1" (type 1); an odd one ends in a byte >= 0x80,
	 * where RFC 1071's rule and CDP's differ. */
	static const uint8_t id[7] = { 0, 1, 0, 7, 's', 'w', '1' };
	static const uint8_t odd[8] = { 0, 1, 0, 8, 's', 'w', '1', 0xe9 };
	struct fb fb;
	struct tcase *t;

	fdp_frame(&fb, 0x2000, id, sizeof(id), 20);
	ADD("fdp", 1, &fb, "", 22 + 6, W(FDP, GOOD, 0));
	t = ADD("fdp-bad", 1, &fb, "", NO_MUT, W(FDP, BAD, 0));
	t->f[22 + 9] ^= 0x02;
	fdp_frame(&fb, 0x2000, odd, sizeof(odd), 0);
	ADD("fdp-odd", 1, &fb, "", LAST, W(FDP, GOOD, 0));
	/* Shorter than its header (the 802.3 length's), or past the frame. */
	fdp_frame(&fb, 0x2000, id, 0, 0);
	fb.b[13] = 8 + 3;
	ADD("fdp-short", 1, &fb, "", NO_MUT, W(FDP, UNVERIFIED, "length"));
	fdp_frame(&fb, 0x2000, id, sizeof(id), 0);
	fb.b[13] += 8;
	ADD("fdp-802.3-length-past", 1, &fb, "", NO_MUT,
	    W(FDP, UNVERIFIED, "length"));
	/* Another Foundry protocol id is noted. */
	fdp_frame(&fb, 0x2001, id, sizeof(id), 0);
	ADD0("foundry-other", 1, &fb, "Foundry SNAP protocol not parsed");
}

/*
 * CDP: its checksum covers the whole CDP packet, an odd last byte summed
 * as Cisco's code sums it (packet/verdict.c); Cisco's other SNAP
 * protocols carry none, or are noted.
 */
static void
cdp(void)
{
	/* Version 2, TTL 180, checksum; Device ID TLV (type 1) "Router". */
	static const uint8_t even[14] = { 2, 180, 0, 0, 0, 1, 0, 10,
					  'R', 'o', 'u', 't', 'e', 'r' };
	/* ... "Router1": an odd length, last byte below 0x80. */
	static const uint8_t odd[15] = { 2, 180, 0, 0, 0, 1, 0, 11,
					 'R', 'o', 'u', 't', 'e', 'r', '1' };
	/* ... last byte 0xc1: Cisco's signed-add rule matters. */
	static const uint8_t high[15] = { 2, 180, 0, 0, 0, 1, 0, 11,
					  'R', 'o', 'u', 't', 'e', 'r', 0xc1 };
	/* DTP: version 1, a domain TLV; no checksum. */
	static const uint8_t dtp[9] = { 1, 0, 1, 0, 5, 'l', 'a', 'b', 0 };
	struct fb fb;
	struct tcase *t;

	cisco_snap(&fb, 0x2000, even, sizeof(even), 0);
	ADD("cdp", 1, &fb, "", LAST, W(CDP, GOOD, 0));
	t = ADD("cdp-bad", 1, &fb, "", NO_MUT, W(CDP, BAD, 0));
	t->f[t->len - 2] ^= 0x20;
	cisco_snap(&fb, 0x2000, odd, sizeof(odd), 0);
	ADD("cdp-odd", 1, &fb, "", LAST, W(CDP, GOOD, 0));
	cisco_snap(&fb, 0x2000, high, sizeof(high), 0);
	ADD("cdp-odd-high-byte", 1, &fb, "", LAST, W(CDP, GOOD, 0));
	/* RFC 1071's padding of the odd byte is not CDP's: bad. */
	t = ADD("cdp-odd-rfc1071", 1, &fb, "", NO_MUT, W(CDP, BAD, 0));
	put16(t->f + 22 + 2, 0);
	put16(t->f + 22 + 2, ref_csum(t->f + 22, sizeof(high), 0));
	cisco_snap(&fb, 0x2000, odd, sizeof(odd), 60 - 22 - sizeof(odd));
	ADD("cdp-odd-padded", 1, &fb, "", 22 + 9, W(CDP, GOOD, 0));
	cisco_snap(&fb, 0x2000, odd, 3, 0);
	ADD("cdp-short", 1, &fb, "", NO_MUT, W(CDP, UNVERIFIED, "length"));
	/* An 802.3 length 8 bytes past the frame (ladvd's and nDPI's
	 * captures have such): CDP is there, its extent is not known. */
	cisco_snap(&fb, 0x2000, even, sizeof(even), 0);
	fb.b[13] += 8;
	ADD("cdp-802.3-length-past", 1, &fb, "", NO_MUT,
	    W(CDP, UNVERIFIED, "length"));
	cisco_snap(&fb, 0x2004, dtp, sizeof(dtp), 0);
	ADD0("cisco-dtp", 1, &fb, "");

	/* CDP on serial links and in GRE, as tshark and tcpdump read it:
	 * Cisco HDLC (link type 50, first byte 0x8f), PPP 0x0207, GRE with
	 * protocol 0x2000 and its own checksum over the CDP. */
	fb_init(&fb);
	fb_raw(&fb, "\x8f\x00\x20\x00", 4);
	fb_proto(&fb, FB_CDP, even, sizeof(even));
	fb_finish(&fb);
	ADD("chdlc-cdp", 50, &fb, "", LAST, W(CDP, GOOD, 0));
	/* IS-IS on Cisco HDLC (0xfefe): Fletcher sums only, no note. */
	fb_init(&fb);
	fb_raw(&fb, "\x0f\x00\xfe\xfe\x83\x14\x01\x00\x11\x01\x00\x00", 12);
	fb_payload(&fb, 24, 19);
	fb_finish(&fb);
	ADD0("chdlc-isis", 50, &fb, "");
	fb_init(&fb);
	fb_raw(&fb, "\xff\x03\x02\x07", 4);
	fb_proto(&fb, FB_CDP, high, sizeof(high));
	fb_finish(&fb);
	ADD("ppp-cdp", 9, &fb, "", LAST, W(CDP, GOOD, 0));
	catalog_eth4(&fb, 47);
	fb_gre(&fb, 0x8000, 0x2000);
	fb_proto(&fb, FB_CDP, odd, sizeof(odd));
	fb_finish(&fb);
	t = ADD("gre-cdp-bad", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(GRE, BAD, 0), W(CDP, BAD, 0));
	t->f[t->len - 1] ^= 0x01;
}

/*
 * UDLD (Cisco's protocol id 0x0111): version 1 and opcode 1, flags, the
 * checksum (RFC 1071's over the PDU, to the 802.3 length's end), TLVs.
 * An odd length is left unverified: Cisco's rule for it is not known.
 */
static void
udld(void)
{
	/* A Device ID TLV "sw1" and a Port ID TLV "Gi1/1": 20 bytes; with
	 * "sw12", 21. */
	uint8_t pdu[21] = { 0x21, 0, 0, 0, 0, 1, 0, 7, 's', 'w', '1',
			    0, 2, 0, 9, 'G', 'i', '1', '/', '1' };
	uint8_t odd[21] = { 0x21, 0, 0, 0, 0, 1, 0, 8, 's', 'w', '1', '2',
			    0, 2, 0, 9, 'G', 'i', '1', '/', '1' };
	struct fb fb;
	struct tcase *t;

	put16(pdu + 2, ref_csum(pdu, 20, 0));
	cisco_snap(&fb, 0x0111, pdu, 20, 60 - 22 - 20);
	ADD("udld", 1, &fb, "", 22 + 9, W(UDLD, GOOD, 0));
	t = ADD("udld-bad", 1, &fb, "", NO_MUT, W(UDLD, BAD, 0));
	t->f[22 + 17] ^= 0x20;
	put16(odd + 2, ref_csum(odd, sizeof(odd), 0));
	cisco_snap(&fb, 0x0111, odd, sizeof(odd), 0);
	ADD("udld-odd-length", 1, &fb, "", NO_MUT,
	    W(UDLD, UNVERIFIED, "odd length"));
	/* An 802.3 length that leaves less than the header, or runs past
	 * the frame. */
	cisco_snap(&fb, 0x0111, pdu, 20, 0);
	fb.b[13] = 8 + 3;
	ADD("udld-short", 1, &fb, "", NO_MUT, W(UDLD, UNVERIFIED, "length"));
	cisco_snap(&fb, 0x0111, pdu, 20, 0);
	fb.b[13] += 8;
	ADD("udld-802.3-length-past", 1, &fb, "", NO_MUT,
	    W(UDLD, UNVERIFIED, "length"));
}

/* 802.3 with LLC/SNAP, 802.11 with and without radiotap. */
static void
llc_wifi(void)
{
	/* QoS data, From DS; addresses; sequence 0x0010; QoS control. */
	static const uint8_t wlan_qos[26] = {
		0x88, 0x02, 0, 0, 2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2,
		2, 0, 0, 0, 0, 3, 0x10, 0, 0, 0,
	};
	static const uint8_t snap_ip[8] = { 0xaa, 0xaa, 3, 0, 0, 0, 8, 0 };
	static const uint8_t snap_ip6[8] = { 0xaa, 0xaa, 3, 0, 0, 0, 0x86,
					     0xdd };
	/* radiotap: version 0, length 12, present: Flags, Rate; flags FCS. */
	static const uint8_t rt_fcs[12] = { 0, 0, 12, 0, 0x06, 0, 0, 0,
					    0x10, 0x02, 0, 0 };
	/* radiotap: length 24, present: TSFT, Flags; flags 0 (no FCS). */
	static const uint8_t rt_tsft[24] = { 0, 0, 24, 0, 0x03, 0, 0, 0,
					     1, 2, 3, 4, 5, 6, 7, 8, 0, 0,
					     0, 0, 0, 0, 0, 0 };
	struct fb fb;
	size_t o;

	fb_init(&fb);
	fb_raw(&fb, "\x02\0\0\0\0\x01\x02\0\0\0\0\x02", 12);
	fb_len16(&fb, 0, 2);
	fb_raw(&fb, "\0\0", 2);
	fb_raw(&fb, snap_ip, 8);
	catalog_inner_tcp4(&fb, 221);
	fb_finish(&fb);
	ADD("802.3-snap-ipv4-tcp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));

	/* Spanning tree: LLC of another SAP, nothing to check. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 38);
	fb_raw(&fb, "\x42\x42\x03", 3);
	fb_payload(&fb, 35, 13);
	ADD0("802.3-llc", 1, &fb, "");

	/* An 802.1Q tag followed by an 802.3 length (spanning tree on a
	 * trunk), with LLC/SNAP and IP behind, and a length past the end. */
	fb_init(&fb);
	fb_raw(&fb, "\x01\x80\xc2\0\0\0\x02\0\0\0\0\x02"
		    "\x81\x00\x00\x05", 16);
	fb_len16(&fb, 0, 2);
	fb_raw(&fb, "\0\0", 2);
	fb_raw(&fb, snap_ip, 8);
	catalog_inner_tcp4(&fb, 223);
	fb_finish(&fb);
	ADD("vlan-802.3-snap-ipv4-tcp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));
	fb_init(&fb);
	fb_eth(&fb, (const unsigned[]){ 0x8100 }, 1, 38);
	fb_raw(&fb, "\x42\x42\x03", 3);
	fb_payload(&fb, 35, 14);
	ADD0("vlan-802.3-llc", 1, &fb, "");
	fb.b[17] = 39;
	ADD0("vlan-802.3-length-past", 1, &fb, "802.3 length past");

	/* Ethernet configuration testing (0x9000): nothing to check. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x9000);
	fb_payload(&fb, 46, 15);
	ADD0("eth-loopback-9000", 1, &fb, "");

	fb_init(&fb);
	fb_raw(&fb, wlan_qos, sizeof(wlan_qos));
	fb_raw(&fb, snap_ip, 8);
	fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	o = fb.len;
	fb_udp(&fb, 0);
	fb_payload(&fb, 30, 222);
	fb_finish(&fb);
	fb.b[o + 6] ^= 0x66;
	ADD("wlan-qos-ipv4-udp-bad", 105, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, BAD, 0));

	fb_init(&fb);
	fb_raw(&fb, wlan_qos, sizeof(wlan_qos));
	fb.b[1] |= 0x40;		/* protected */
	fb_payload(&fb, 40, 223);
	ADD0("wlan-protected", 105, &fb, "encrypted");

	fb_init(&fb);
	fb_raw(&fb, "\x80\0\0\0\xff\xff\xff\xff\xff\xff\2\0\0\0\0\1"
		    "\2\0\0\0\0\1\0\0", 24);		/* beacon */
	fb_payload(&fb, 30, 224);
	ADD0("wlan-beacon", 105, &fb, "");

	/* radiotap with an FCS after the frame, which no layer covers. */
	fb_init(&fb);
	fb_raw(&fb, rt_fcs, sizeof(rt_fcs));
	fb_raw(&fb, wlan_qos, sizeof(wlan_qos));
	fb_raw(&fb, snap_ip, 8);
	o = fb.len;
	catalog_inner_tcp4(&fb, 225);
	fb_finish(&fb);
	fb_raw(&fb, "\x12\x34\x56\x78", 4);
	fb.b[o + 10] ^= 0x77;
	ADD("radiotap-fcs-ipv4-bad", 127, &fb, "", LAST - 0, W(IPV4, BAD, 0),
	    W(TCP, GOOD, 0))->mut = o + 30;

	fb_init(&fb);
	fb_raw(&fb, rt_tsft, sizeof(rt_tsft));
	fb_raw(&fb, wlan_qos, sizeof(wlan_qos));
	fb_raw(&fb, snap_ip6, 8);
	fb_ipv6(&fb, 6, A6, B6);
	fb_tcp(&fb);
	fb_payload(&fb, 26, 226);
	fb_finish(&fb);
	ADD("radiotap-tsft-ipv6-tcp", 127, &fb, "", LAST, W(TCP, GOOD, 0));
}

static void
udp_tunnels(void)
{
	struct fb fb;
	struct fb_rec *ip;
	size_t u, o;

	/* VXLAN: the inner TCP bad, the outer UDP recomputed (good). */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x0800);
	ip = fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	u = fb.len;
	fb_udp(&fb, 0);
	fb_raw(&fb, "\x08\0\0\0\0\x12\x34\0", 8);
	fb_eth(&fb, NULL, 0, 0x0800);
	o = fb.len;
	catalog_inner_tcp4(&fb, 231);
	catalog_udp_ports(&fb, u, 50000, 4789);
	fb_finish(&fb);
	fb.b[o + 20 + 16] ^= 0x12;
	catalog_udp_recsum(&fb, ip, u);
	ADD("vxlan-inner-tcp-bad", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0), W(IPV4, GOOD, 0), W(TCP, BAD, 0));

	/* VXLAN with no outer checksum; every layer good. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x0800);
	fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	u = fb.len;
	fb_udp(&fb, 0);
	fb_raw(&fb, "\x08\0\0\0\0\x12\x34\0", 8);
	fb_eth(&fb, NULL, 0, 0x0800);
	catalog_inner_tcp4(&fb, 232);
	catalog_udp_ports(&fb, u, 50001, 4789);
	fb_finish(&fb);
	put16(fb.b + u + 6, 0);
	ADD("vxlan-udp-zero", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, NONE, 0), W(IPV4, GOOD, 0), W(TCP, GOOD, 0));

	/* Linux's VXLAN port; the outer UDP bad, the inner good. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x0800);
	fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	u = fb.len;
	fb_udp(&fb, 0);
	fb_raw(&fb, "\x08\0\0\0\0\x12\x34\0", 8);
	fb_eth(&fb, NULL, 0, 0x86dd);
	fb_ipv6(&fb, 17, A6, B6);
	fb_udp(&fb, 0);
	fb_payload(&fb, 20, 233);
	catalog_udp_ports(&fb, u, 50002, 8472);
	fb_finish(&fb);
	fb.b[u + 6] ^= 0x21;
	ADD("vxlan-8472-outer-udp-bad", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, BAD, 0), W(UDP, GOOD, 0));

	/* Geneve over IPv6 with 8 bytes of options. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x86dd);
	fb_ipv6(&fb, 17, A6, B6);
	u = fb.len;
	fb_udp(&fb, 0);
	fb_raw(&fb, "\x02\0\x65\x58\0\0\x07\0", 8);
	fb_raw(&fb, "\x01\x02\x03\x01\xaa\xbb\xcc\xdd", 8);
	fb_eth(&fb, NULL, 0, 0x0800);
	catalog_inner_tcp4(&fb, 234);
	catalog_udp_ports(&fb, u, 50003, 6081);
	fb_finish(&fb);
	ADD("geneve-options-ipv4-tcp", 1, &fb, "", LAST, W(UDP, GOOD, 0),
	    W(IPV4, GOOD, 0), W(TCP, GOOD, 0));

	/* GTP-U with a PDU session container extension header. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x0800);
	ip = fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	u = fb.len;
	fb_udp(&fb, 0);
	fb_len16(&fb, 2, 8);
	fb_raw(&fb, "\x34\xff\0\0\0\0\0\x01\0\0\0\x85", 12);
	fb_raw(&fb, "\x01\x10\x01\x00", 4);
	fb_ipv4(&fb, 1, "10.3.0.1", "10.3.0.2", NULL, 0);
	o = fb.len;
	fb_icmp(&fb, 8, 0, 0);
	fb_payload(&fb, 24, 235);
	catalog_udp_ports(&fb, u, 2152, 2152);
	fb_finish(&fb);
	fb.b[o + 2] ^= 0x31;
	catalog_udp_recsum(&fb, ip, u);
	ADD("gtpu-ext-icmp-bad", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0), W(IPV4, GOOD, 0), W(ICMP, BAD, 0));

	/* GTP-U echo request: no packet inside. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x0800);
	fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	u = fb.len;
	fb_udp(&fb, 0);
	fb_raw(&fb, "\x32\x01\0\x04\0\0\0\0\0\x01\0\0", 12);
	catalog_udp_ports(&fb, u, 2152, 2152);
	fb_finish(&fb);
	ADD("gtpu-echo", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(UDP, GOOD, 0));

	/* L2TPv2 data with the length and sequence fields, then PPP. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x0800);
	fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	u = fb.len;
	fb_udp(&fb, 0);
	fb_len16(&fb, 2, 0);
	fb_raw(&fb, "\x48\x02\0\0\0\x01\0\x02\0\x05\0\x06", 12);
	fb_raw(&fb, "\xff\x03\x00\x21", 4);
	fb_ipv4(&fb, 17, "10.4.0.1", "10.4.0.2", NULL, 0);
	fb_udp(&fb, 0);
	fb_payload(&fb, 21, 236);
	catalog_udp_ports(&fb, u, 1701, 1701);
	fb_finish(&fb);
	ADD("l2tp-ppp-ipv4-udp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0), W(IPV4, GOOD, 0), W(UDP, GOOD, 0));

	/* Teredo with an origin indication. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x0800);
	ip = fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	u = fb.len;
	fb_udp(&fb, 0);
	fb_raw(&fb, "\0\0\x3f\x2a\x3f\xff\xfd\xfe", 8);
	fb_ipv6(&fb, 17, "2001:0:4136:e378::1", "2001:db8::9");
	o = fb.len;
	fb_udp(&fb, 0);
	fb_payload(&fb, 25, 237);
	catalog_udp_ports(&fb, u, 3544, 51000);
	fb_finish(&fb);
	fb.b[o + 6] ^= 0x41;
	catalog_udp_recsum(&fb, ip, u);
	ADD("teredo-origin-udp-bad", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0), W(UDP, BAD, 0));

	/* A VXLAN header cut by its datagram: the walk stops, with a note. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x0800);
	fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	u = fb.len;
	fb_udp(&fb, 0);
	fb_raw(&fb, "\x08\0\0\0", 4);
	catalog_udp_ports(&fb, u, 50004, 4789);
	fb_finish(&fb);
	ADD("vxlan-header-cut", 1, &fb, "VXLAN header past", LAST,
	    W(IPV4, GOOD, 0), W(UDP, GOOD, 0));
}

/*
 * Start 'fb' as Ethernet, IPv4 and UDP from 'sport' to 'dport', followed
 * by the tunnel header 'hdr' ('n' bytes): the frames below differ only in
 * what follows.
 */
static void
udp4_tunnel(struct fb *fb, unsigned sport, unsigned dport, const void *hdr,
	    size_t n)
{
	size_t u;

	catalog_eth4(fb, 17);
	u = fb->len;
	fb_udp(fb, 0);
	catalog_udp_ports(fb, u, sport, dport);
	fb_raw(fb, hdr, n);
}

/*
 * The UDP tunnels added after the first six: GRE in UDP (RFC 8086, here
 * with the GRE checksum), LISP data (RFC 9300) and AYIYA (forwarded
 * packets; a heartbeat, which carries none; a next header that is not IP,
 * and one that names the other IP version, decoded by the packet's own).
 */
static void
udp_tunnels_more(void)
{
	/* AYIYA: identity 2^4 = 16 bytes, signature 5 * 4 = 20, forward. */
	static const uint8_t ayiya[8] = { 0x41, 0x52, 0x11, 0x29,
					  0x5c, 0xee, 0xed, 0x37 };
	uint8_t h[8];
	struct fb fb;
	size_t u;

	udp4_tunnel(&fb, 51001, 4754, "", 0);
	fb_gre(&fb, 0x8000, 0x0800);
	catalog_inner_tcp4(&fb, 238);
	fb_finish(&fb);
	ADD("gre-in-udp-c-ipv4-tcp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0), W(GRE, GOOD, 0), W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x86dd);
	fb_ipv6(&fb, 17, A6, B6);
	u = fb.len;
	fb_udp(&fb, 0);
	fb_raw(&fb, "\x88\0\0\x01\0\0\x30\x01", 8);	/* N, I */
	fb_ipv4(&fb, 17, "10.5.0.1", "10.5.0.2", NULL, 0);
	fb_udp(&fb, 0);
	fb_payload(&fb, 14, 239);
	catalog_udp_ports(&fb, u, 4341, 61000);
	fb_finish(&fb);
	ADD("lisp-ipv4-udp", 1, &fb, "", LAST, W(UDP, GOOD, 0),
	    W(IPV4, GOOD, 0), W(UDP, GOOD, 0));

	udp4_tunnel(&fb, 61001, 4341, "\x88\0\0\x01\0\0\x30\x01\x00\x01",
		    10);
	fb_finish(&fb);
	ADD("lisp-not-ip", 1, &fb, "LISP payload not IP", LAST,
	    W(IPV4, GOOD, 0), W(UDP, GOOD, 0));

	udp4_tunnel(&fb, 5072, 5072, ayiya, sizeof(ayiya));
	fb_payload(&fb, 36, 240);	/* identity, signature */
	fb_ipv6(&fb, 6, "2001:db8:a::1", "2001:db8:b::2");
	fb_tcp(&fb);
	fb_payload(&fb, 12, 241);
	fb_finish(&fb);
	ADD("ayiya-ipv6-tcp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0), W(TCP, GOOD, 0));

	memcpy(h, ayiya, sizeof(h));
	h[2] = 0x10;	/* opcode 0: heartbeat */
	h[3] = 59;	/* no next header */
	udp4_tunnel(&fb, 5072, 5072, h, sizeof(h));
	fb_payload(&fb, 36, 242);
	fb_finish(&fb);
	ADD("ayiya-heartbeat", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0));

	h[2] = 0x11;
	h[3] = 4;	/* IPv4, but an IPv6 packet follows: tshark's way */
	udp4_tunnel(&fb, 5072, 5072, h, sizeof(h));
	fb_payload(&fb, 36, 243);
	fb_ipv6(&fb, 17, "2001:db8:a::1", "2001:db8:b::2");
	fb_udp(&fb, 0);
	fb_finish(&fb);
	ADD("ayiya-next-header-ipv4-packet-ipv6", 1, &fb, "", LAST,
	    W(IPV4, GOOD, 0), W(UDP, GOOD, 0), W(UDP, GOOD, 0));

	h[3] = 17;	/* UDP straight after AYIYA: no pseudo-header */
	udp4_tunnel(&fb, 5072, 5072, h, sizeof(h));
	fb_payload(&fb, 44, 244);
	fb_finish(&fb);
	ADD("ayiya-not-ip", 1, &fb, "AYIYA payload not IP", LAST,
	    W(IPV4, GOOD, 0), W(UDP, GOOD, 0));
}

/*
 * EtherIP (IP protocol 97: 2 bytes, then Ethernet), WCCP over GRE (0x883e:
 * the IPv4 packet straight after GRE in WCCPv1, after a 4-byte redirect
 * header in WCCPv2), and TZSP over UDP 37008 (Ethernet after two tagged
 * fields, raw IP, an unknown encapsulation, a keepalive without a packet,
 * and tags that run past the datagram).
 */
static void
more_tunnels(void)
{
	static const uint8_t tzsp_eth[] = { 0x01, 0x00, 0x00, 0x01, 0x00,
		0x29, 0x02, 0x05, 0xdc, 0x0a, 0x01, 0xc4, 0x01 };
	static const uint8_t tzsp_raw[] = { 0x01, 0x00, 0x00, 0x07, 0x01 };
	static const uint8_t tzsp_ring[] = { 0x01, 0x00, 0x00, 0x02, 0x01 };
	static const uint8_t tzsp_alive[] = { 0x01, 0x04, 0x00, 0x01 };
	static const uint8_t tzsp_long[] = { 0x01, 0x00, 0x00, 0x01, 0x0a,
		0x20 };
	struct fb fb;

	catalog_eth4(&fb, 97);
	fb_raw(&fb, "\x30\x00", 2);
	fb_eth(&fb, NULL, 0, 0x0800);
	catalog_inner_tcp4(&fb, 245);
	fb_finish(&fb);
	ADD("etherip-ipv4-tcp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(IPV4, GOOD, 0), W(TCP, GOOD, 0));

	catalog_eth4(&fb, 47);
	fb_gre(&fb, 0, 0x883e);
	catalog_inner_tcp4(&fb, 246);
	fb_finish(&fb);
	ADD("gre-wccp1-ipv4-tcp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(IPV4, GOOD, 0), W(TCP, GOOD, 0));

	catalog_eth4(&fb, 47);
	fb_gre(&fb, 0, 0x883e);
	fb_raw(&fb, "\x00\x05\x10\x22", 4);
	catalog_inner_tcp4(&fb, 247);
	fb_finish(&fb);
	ADD("gre-wccp2-ipv4-tcp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(IPV4, GOOD, 0), W(TCP, GOOD, 0));

	udp4_tunnel(&fb, 37008, 37008, tzsp_eth, sizeof(tzsp_eth));
	fb_eth(&fb, NULL, 0, 0x0800);
	catalog_inner_tcp4(&fb, 248);
	fb_finish(&fb);
	ADD("tzsp-tags-ethernet-ipv4-tcp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0), W(IPV4, GOOD, 0), W(TCP, GOOD, 0));

	udp4_tunnel(&fb, 40001, 37008, tzsp_raw, sizeof(tzsp_raw));
	fb_ipv6(&fb, 17, "2001:db8:c::1", "2001:db8:d::2");
	fb_udp(&fb, 0);
	fb_payload(&fb, 7, 249);
	fb_finish(&fb);
	ADD("tzsp-raw-ipv6-udp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0), W(UDP, GOOD, 0));

	udp4_tunnel(&fb, 40002, 37008, tzsp_ring, sizeof(tzsp_ring));
	fb_payload(&fb, 30, 250);
	fb_finish(&fb);
	ADD("tzsp-token-ring", 1, &fb, "TZSP encapsulation not parsed", LAST,
	    W(IPV4, GOOD, 0), W(UDP, GOOD, 0));

	udp4_tunnel(&fb, 40003, 37008, tzsp_alive, sizeof(tzsp_alive));
	fb_finish(&fb);
	ADD("tzsp-keepalive", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0));

	udp4_tunnel(&fb, 40004, 37008, tzsp_long, sizeof(tzsp_long));
	fb_payload(&fb, 8, 251);
	fb_finish(&fb);
	ADD("tzsp-tag-past-datagram", 1, &fb, "TZSP header past", LAST,
	    W(IPV4, GOOD, 0), W(UDP, GOOD, 0));
}

/*
 * CAPWAP's data channel, UDP 5247 (RFC 5415): an 802.3 frame; an 802.11
 * frame (T set, binding 1) whose frame control bytes are swapped, as
 * tshark takes them by default, and whose sequence control says last
 * fragment (1, More Fragments clear: read whole, as Wireshark reads it);
 * then a keep-alive, a DTLS record, a fragment, a header length past the
 * datagram and one (4 bytes) below the header's fixed 8.
 */
static void
capwap_frames(void)
{
	static const uint8_t eth[8] = { 0x00, 0x10, 0x02, 0, 0, 0, 0, 0 };
	static const uint8_t wlan[8] = { 0x00, 0x10, 0x03, 0, 0, 0, 0, 0 };
	static const uint8_t alive[8] = { 0x00, 0x10, 0x02, 0x08, 0, 0, 0, 0 };
	static const uint8_t frag[8] = { 0x00, 0x10, 0x02, 0x80, 0, 7, 0, 0 };
	static const uint8_t dtls[4] = { 0x01, 0x00, 0x00, 0x00 };
	static const uint8_t longh[8] = { 0x00, 0xf8, 0x02, 0, 0, 0, 0, 0 };
	static const uint8_t shorth[8] = { 0x00, 0x08, 0x02, 0, 0, 0, 0, 0 };
	/* Data from the DS, frame control swapped (02 08), then the
	 * addresses, sequence control 0x0011 (sequence 1, fragment 1) in
	 * its little-endian bytes, LLC/SNAP for IPv4. */
	static const uint8_t hdr80211[32] = { 0x02, 0x08, 0, 0, 2, 0, 0, 0,
		0, 1, 2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 3, 0x11, 0x00, 0xaa,
		0xaa, 0x03, 0, 0, 0, 0x08, 0x00 };
	struct fb fb;

	udp4_tunnel(&fb, 40010, 5247, eth, sizeof(eth));
	fb_eth(&fb, NULL, 0, 0x0800);
	catalog_inner_tcp4(&fb, 252);
	fb_finish(&fb);
	ADD("capwap-ethernet-ipv4-tcp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0), W(IPV4, GOOD, 0), W(TCP, GOOD, 0));

	udp4_tunnel(&fb, 5247, 40011, wlan, sizeof(wlan));
	fb_raw(&fb, hdr80211, sizeof(hdr80211));
	catalog_inner_tcp4(&fb, 253);
	fb_finish(&fb);
	ADD("capwap-80211-swapped-fc-ipv4-tcp", 1, &fb, "", LAST,
	    W(IPV4, GOOD, 0), W(UDP, GOOD, 0), W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));

	udp4_tunnel(&fb, 40012, 5247, alive, sizeof(alive));
	fb_payload(&fb, 12, 254);
	fb_finish(&fb);
	ADD("capwap-keepalive", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0));

	udp4_tunnel(&fb, 40013, 5247, dtls, sizeof(dtls));
	fb_payload(&fb, 40, 255);
	fb_finish(&fb);
	ADD("capwap-dtls", 1, &fb, "not parsable (encrypted): CAPWAP DTLS",
	    LAST, W(IPV4, GOOD, 0), W(UDP, GOOD, 0));

	udp4_tunnel(&fb, 40014, 5247, frag, sizeof(frag));
	fb_payload(&fb, 40, 256);
	fb_finish(&fb);
	ADD("capwap-fragment", 1, &fb, "CAPWAP fragment not reassembled",
	    LAST, W(IPV4, GOOD, 0), W(UDP, GOOD, 0));

	udp4_tunnel(&fb, 40015, 5247, longh, sizeof(longh));
	fb_payload(&fb, 20, 257);
	fb_finish(&fb);
	ADD("capwap-header-past-datagram", 1, &fb,
	    "CAPWAP header past the end of its packet", LAST,
	    W(IPV4, GOOD, 0), W(UDP, GOOD, 0));

	udp4_tunnel(&fb, 40016, 5247, shorth, sizeof(shorth));
	fb_payload(&fb, 20, 258);
	fb_finish(&fb);
	ADD("capwap-header-length-1", 1, &fb,
	    "CAPWAP header length below its fixed part", LAST,
	    W(IPV4, GOOD, 0), W(UDP, GOOD, 0));
}

static void
erspan(void)
{
	struct fb fb;
	size_t o;

	catalog_eth4(&fb, 47);
	fb_gre(&fb, 0x1000, 0x88be);
	fb_raw(&fb, "\x10\x64\x00\x05\0\0\0\x07", 8);
	fb_eth(&fb, NULL, 0, 0x0800);
	o = fb.len;
	catalog_inner_tcp4(&fb, 241);
	fb_finish(&fb);
	fb.b[o + 20 + 16] ^= 0x51;
	ADD("erspan-2-tcp-bad", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(IPV4, GOOD, 0), W(TCP, BAD, 0));

	catalog_eth4(&fb, 47);
	fb_gre(&fb, 0x1000, 0x22eb);
	fb_raw(&fb, "\x20\x64\x00\x05\0\0\0\x01\0\0\0\x00", 12);
	fb_eth(&fb, NULL, 0, 0x0800);
	fb_ipv4(&fb, 17, "10.5.0.1", "10.5.0.2", NULL, 0);
	fb_udp(&fb, 0);
	fb_payload(&fb, 20, 242);
	fb_finish(&fb);
	ADD("erspan-3-udp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(IPV4, GOOD, 0), W(UDP, GOOD, 0));
}

void
catalog_encap(void)
{
	mpls();
	ppp();
	llc_wifi();
	cdp();
	udld();
	edp();
	fdp();
	udp_tunnels();
	udp_tunnels_more();
	more_tunnels();
	capwap_frames();
	erspan();
}
