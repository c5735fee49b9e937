/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/catalog_nhrp.c - NHRP (RFC 2332) frames for the catalog:
 * over GRE (0x2001, as DMVPN sends it), IP protocol 54 and LLC/SNAP
 * (00-00-5e, 0x0003); its checksum over the packet size's bytes, written
 * by hand here (ref_csum); the packets an Error Indication and a Traffic
 * Indication carry; sizes that lie.
 */
#include <string.h>

#include "catalog.h"

#define NHRP_OFF_GRE	(14 + 20 + 4)	/* Ethernet, IPv4, GRE */
#define NHRP_OFF_IP	(14 + 20)
#define NHRP_OFF_SNAP	(14 + 8)	/* 802.3, LLC/SNAP */

/*
 * A Registration Request (type 3) from 10.0.0.2 (NBMA 192.0.2.1) to the
 * hub 10.0.0.1: the fixed header, the mandatory part (protocol lengths,
 * flags, request id, addresses) and one client information entry.  The
 * checksum field is left zero; 'extra' bytes of 0x5a follow (an odd
 * count makes an odd packet size).  Returns the packet's length.
 */
static size_t
registration(uint8_t *b, size_t extra)
{
	static const uint8_t fixed[20] = {
		0, 1, 8, 0, 0, 0, 0, 0, 0, 255, 0, 0, 0, 0, 0, 0,
		1, 3, 4, 0,
	};
	static const uint8_t mand[32] = {
		4, 4, 0x80, 0, 0, 0, 0, 42,		/* lengths, U, id */
		192, 0, 2, 1, 10, 0, 0, 2, 10, 0, 0, 1,	/* addresses */
		0, 32, 0, 0, 5, 0xdc, 0x1c, 0x20, 0, 0, 0, 0,	/* CIE */
	};
	size_t n = sizeof(fixed) + sizeof(mand) + extra;

	memcpy(b, fixed, sizeof(fixed));
	memcpy(b + sizeof(fixed), mand, sizeof(mand));
	memset(b + sizeof(fixed) + sizeof(mand), 0x5a, extra);
	put16(b + 10, (uint16_t)n);
	return n;
}

/* Sets the checksum of the NHRP packet of 'n' bytes at 'b'. */
static void
nhrp_sum(uint8_t *b, size_t n)
{
	put16(b + 12, 0);
	put16(b + 12, ref_csum(b, n, 0));
}

/* An Ethernet/IPv4/GRE (0x2001) frame around the 'n' bytes 'p'. */
static void
gre_frame(struct fb *fb, const uint8_t *p, size_t n)
{
	catalog_eth4(fb, 47);
	fb_gre(fb, 0, 0x2001);
	fb_raw(fb, p, n);
	fb_finish(fb);
}

/*
 * An Error Indication (type 7, code 6 "protocol address unreachable")
 * carrying the 'n' bytes 'in' (the packet in error), its addresses as a
 * registration's.  Returns its length.
 */
static size_t
error_indication(uint8_t *b, const uint8_t *in, size_t n)
{
	static const uint8_t fixed[20] = {
		0, 1, 8, 0, 0, 0, 0, 0, 0, 255, 0, 0, 0, 0, 0, 0,
		1, 7, 4, 0,
	};
	static const uint8_t mand[20] = {
		4, 4, 0, 0, 0, 6, 0, 0,			/* code, offset */
		192, 0, 2, 2, 10, 0, 0, 1, 10, 0, 0, 2,
	};
	size_t len = sizeof(fixed) + sizeof(mand) + n;

	memcpy(b, fixed, sizeof(fixed));
	memcpy(b + sizeof(fixed), mand, sizeof(mand));
	memcpy(b + sizeof(fixed) + sizeof(mand), in, n);
	put16(b + 10, (uint16_t)len);
	return len;
}

/* IPv4/UDP 10.0.0.2:5000 -> 10.0.0.9:53 with 4 bytes of data. */
static size_t
data_packet(uint8_t *b)
{
	static const uint8_t pkt[32] = {
		0x45, 0, 0, 32, 0, 1, 0, 0, 64, 17, 0, 0,
		10, 0, 0, 2, 10, 0, 0, 9,
		0x13, 0x88, 0, 53, 0, 12, 0, 0, 'd', 'a', 't', 'a',
	};
	uint32_t ph;

	memcpy(b, pkt, sizeof(pkt));
	put16(b + 10, ref_csum(b, 20, 0));
	/* The pseudo-header: addresses, protocol, UDP length. */
	ph = (uint32_t)get16(b + 12) + get16(b + 14) + get16(b + 16) +
	     get16(b + 18) + 17 + 12;
	put16(b + 26, ref_csum(b + 20, 12, ph));
	return sizeof(pkt);
}

static void
nhrp_gre(void)
{
	uint8_t p[256], in[128];
	size_t n, m;
	struct fb fb;
	struct tcase *t;

	n = registration(p, 0);
	nhrp_sum(p, n);
	gre_frame(&fb, p, n);
	ADD("gre-nhrp-registration", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(NHRP, GOOD, 0));
	t = ADD("gre-nhrp-bad", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(NHRP, BAD, 0));
	t->f[NHRP_OFF_GRE + 23] ^= 0x20;
	/* An odd packet size: the last byte padded with zero. */
	n = registration(p, 3);
	nhrp_sum(p, n);
	gre_frame(&fb, p, n);
	ADD("gre-nhrp-odd", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(NHRP, GOOD, 0));
	/* Bytes after the packet size: not summed. */
	n = registration(p, 0);
	nhrp_sum(p, n);
	memset(p + n, 0x5a, 6);
	gre_frame(&fb, p, n + 6);
	ADD("gre-nhrp-trailing", 1, &fb, "", NHRP_OFF_GRE + 30,
	    W(IPV4, GOOD, 0), W(NHRP, GOOD, 0));
	/* A size past the packet, and one below the fixed header. */
	put16(p + 10, (uint16_t)(n + 7));
	gre_frame(&fb, p, n + 6);
	ADD("gre-nhrp-size-past", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(NHRP, UNVERIFIED, "length"));
	put16(p + 10, 16);
	gre_frame(&fb, p, n);
	ADD("gre-nhrp-size-short", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(NHRP, UNVERIFIED, "length"));
	/* GRE's payload shorter than the fixed header. */
	gre_frame(&fb, p, 14);
	ADD("gre-nhrp-cut-header", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(NHRP, UNVERIFIED, "length"));

	/*
	 * An Error Indication carrying the registration it refuses: both
	 * checksums verified, the inner one first in repair (it is inside
	 * the outer one's bytes).  Then the packet in error arrived bad and
	 * is quoted as it came, the Error Indication's own sum right.
	 */
	m = registration(in, 0);
	nhrp_sum(in, m);
	n = error_indication(p, in, m);
	nhrp_sum(p, n);
	gre_frame(&fb, p, n);
	ADD("gre-nhrp-error-indication", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(NHRP, GOOD, 0), W(NHRP, GOOD, 0));
	in[30] ^= 0x01;
	n = error_indication(p, in, m);
	nhrp_sum(p, n);
	gre_frame(&fb, p, n);
	ADD("gre-nhrp-error-indication-inner-bad", 1, &fb, "", NO_MUT,
	    W(IPV4, GOOD, 0), W(NHRP, GOOD, 0), W(NHRP, BAD, 0));

	/*
	 * A Traffic Indication (type 8, Cisco's redirect) quoting the data
	 * packet that went through the hub: an IPv4 UDP packet, verified as
	 * an ICMP error's quote is.  Its mandatory part: protocol lengths,
	 * traffic code 0, unused, the addresses, then the packet.
	 */
	n = error_indication(p, in, data_packet(in));
	p[17] = 8;
	p[25] = 0;
	nhrp_sum(p, n);
	gre_frame(&fb, p, n);
	ADD("gre-nhrp-traffic-indication", 1, &fb, "", LAST,
	    W(IPV4, GOOD, 0), W(NHRP, GOOD, 0), W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0));
	/* Its extension offset ends the quote: the UDP datagram cut. */
	put16(p + 14, (uint16_t)(n - 4));
	nhrp_sum(p, n);
	gre_frame(&fb, p, n);
	ADD("gre-nhrp-traffic-indication-cut", 1, &fb, "", NO_MUT,
	    W(IPV4, GOOD, 0), W(NHRP, GOOD, 0), W(IPV4, GOOD, 0),
	    W(UDP, UNVERIFIED, "quoted"));
}

static void
nhrp_ip_snap(void)
{
	static const uint8_t snap[8] = { 0xaa, 0xaa, 3, 0, 0, 0x5e, 0, 3 };
	uint8_t p[128];
	size_t n = registration(p, 0);
	struct fb fb;
	struct tcase *t;

	nhrp_sum(p, n);
	/* IP protocol 54, Wireshark's registration for NHRP. */
	catalog_eth4(&fb, 54);
	fb_raw(&fb, p, n);
	fb_finish(&fb);
	ADD("ip-nhrp", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(NHRP, GOOD, 0));
	t = ADD("ip-nhrp-bad", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(NHRP, BAD, 0));
	t->f[NHRP_OFF_IP + 40] ^= 0x80;
	/* 802.3 and LLC/SNAP with IANA's OUI, protocol id 3. */
	fb_init(&fb);
	fb_raw(&fb, "\x02\0\0\0\0\x01\x02\0\0\0\0\x02", 12);
	fb_len16(&fb, 0, 2);
	fb_raw(&fb, "\0\0", 2);
	fb_raw(&fb, snap, sizeof(snap));
	fb_raw(&fb, p, n);
	fb_finish(&fb);
	ADD("snap-nhrp", 1, &fb, "", LAST, W(NHRP, GOOD, 0));
	/* Another protocol id behind IANA's OUI is noted. */
	fb.b[NHRP_OFF_SNAP - 1] = 4;
	ADD0("snap-iana-other", 1, &fb, "SNAP protocol id of IANA's");
}

void
catalog_nhrp(void)
{
	nhrp_gre();
	nhrp_ip_snap();
}
