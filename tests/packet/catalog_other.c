/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/catalog_other.c - the catalog's routing and control
 * protocols, DCCP and SCTP (packet/l4_other.c, issue 24 item 7): PIM, VRRP
 * and CARP, OSPF, RSVP, EIGRP, PGM, HIP, DCCP, SCTP, each built from its
 * RFC's header layout, with good, bad, offload (where a pseudo-header is
 * summed) and the special cases of each rule.  frames.c computes the
 * checksums.
 */
#include <stdlib.h>
#include <string.h>

#include "catalog.h"

/* The folded pseudo-header sum, as a sending stack leaves it (offload). */
static void
set_partial(struct fb *fb, const struct fb_rec *ip, unsigned proto,
	    size_t off, size_t field, size_t len)
{
	uint64_t s = fb_pseudo(ip, proto, len);

	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	put16(fb->b + off + field, (unsigned)s);
}

/* RFC 7761 4.9: PIMv2. */
static void
pim(void)
{
	/* Hello (type 0) with a Holdtime option of 105 s (4.9.2). */
	static const uint8_t hello[10] = { 0x20, 0, 0, 0, 0, 1, 0, 2, 0, 105 };
	/* Register (type 1): header, then the B/N flags word (4.9.3). */
	static const uint8_t reg[8] = { 0x21, 0, 0, 0, 0, 0, 0, 0 };
	static const uint8_t v1[8] = { 0x10, 0, 0, 0, 0, 0, 0, 0 };
	struct fb fb;
	struct fb_rec *ip;
	struct tcase *t;

	catalog_eth4(&fb, 103);
	fb_proto(&fb, FB_PIM, hello, sizeof(hello));
	fb_finish(&fb);
	ADD("pim-hello", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(PIM, GOOD, 0));
	t = ADD("pim-hello-bad", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(PIM, BAD, 0));
	t->f[14 + 20 + 3] ^= 0x21;

	ip = catalog_eth6(&fb, 103);
	fb_proto(&fb, FB_PIM, hello, sizeof(hello));
	fb_finish(&fb);
	ADD("pim6-hello", 1, &fb, "", LAST, W(PIM, GOOD, 0));
	set_partial(&fb, ip, 103, 14 + 40, 2, sizeof(hello));
	ADD("pim6-hello-partial", 1, &fb, "", NO_MUT,
	    W(PIM, PARTIAL, "offload"));

	/* A Register and its packet: the checksum leaves the packet out. */
	catalog_eth4(&fb, 103);
	fb_proto(&fb, FB_PIM, reg, sizeof(reg));
	fb_ipv4(&fb, 17, "10.1.1.1", "232.1.1.1", NULL, 0);
	fb_udp(&fb, 0);
	fb_payload(&fb, 24, 300);
	fb_finish(&fb);
	ADD("pim-register", 1, &fb, "", 14 + 20 + 5, W(IPV4, GOOD, 0),
	    W(PIM, GOOD, 0), W(IPV4, GOOD, 0), W(UDP, GOOD, 0));
	/* A byte of the packet changes the packet's checksums alone. */
	t = ADD("pim-register-packet-bad", 1, &fb, "", NO_MUT,
		W(IPV4, GOOD, 0), W(PIM, GOOD, 0), W(IPV4, GOOD, 0),
		W(UDP, BAD, 0));
	t->f[t->len - 1] ^= 0x77;
	{
		/* Summed over the whole message, as some routers do:
		 * accepted (tshark too), and kept by the fixer. */
		size_t off = 14 + 20;

		put16(fb.b + off + 2, 0);
		put16(fb.b + off + 2, ref_csum(fb.b + off, fb.len - off, 0));
		t = ADD("pim-register-whole", 1, &fb, "", NO_MUT,
			W(IPV4, GOOD, 0), W(PIM, GOOD, 0), W(IPV4, GOOD, 0),
			W(UDP, GOOD, 0));
		t->alt_form = 1;
	}

	/* A Null-Register (N bit): a dummy IP header alone, whose
	 * protocol field announces nothing (RFC 7761 4.9.3). */
	{
		uint8_t null_reg[sizeof(reg)];

		memcpy(null_reg, reg, sizeof(reg));
		null_reg[4] |= 0x40;
		catalog_eth4(&fb, 103);
		fb_proto(&fb, FB_PIM, null_reg, sizeof(null_reg));
		fb_ipv4(&fb, 103, "10.1.1.1", "232.1.1.1", NULL, 0);
		fb_finish(&fb);
		ADD("pim-null-register", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
		    W(PIM, GOOD, 0), W(IPV4, GOOD, 0));
		catalog_eth6(&fb, 103);
		fb_proto(&fb, FB_PIM, null_reg, sizeof(null_reg));
		fb_ipv6(&fb, 103, "2001:db8:5::1", "ff3e::8000:1");
		fb_finish(&fb);
		ADD("pim6-null-register", 1, &fb, "", 14 + 40 + 5,
		    W(PIM, GOOD, 0));
	}

	catalog_eth6(&fb, 103);
	fb_proto(&fb, FB_PIM, reg, sizeof(reg));
	fb_ipv6(&fb, 17, "2001:db8:5::1", "ff3e::8000:1");
	fb_udp(&fb, 0);
	fb_payload(&fb, 24, 301);
	fb_finish(&fb);
	ADD("pim6-register", 1, &fb, "", 14 + 40 + 5, W(PIM, GOOD, 0),
	    W(UDP, GOOD, 0));

	/* PIMv1 (draft-ietf-idmr-pim-sm-spec-09): IGMP type 0x14, code 0
	 * Router-Query (version 1 in the high nibble of byte 4), summed
	 * over the message as IGMP is; its holdtime 105 s. */
	catalog_eth4(&fb, 2);
	fb_proto(&fb, FB_PIM, "\x14\x00\x00\x00\x10\x00\x00\x69", 8);
	fb_finish(&fb);
	ADD("pimv1-igmp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(PIM, GOOD, 0));
	t = ADD("pimv1-igmp-bad", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(PIM, BAD, 0));
	t->f[t->len - 1] ^= 0x01;

	/* A Register shorter than its 8 bytes; a PIMv1 header over 103. */
	catalog_eth4(&fb, 103);
	fb_proto(&fb, FB_PIM, reg, 6);
	fb_finish(&fb);
	ADD("pim-register-short", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(PIM, UNVERIFIED, "length"));
	catalog_eth4(&fb, 103);
	fb_raw(&fb, v1, sizeof(v1));
	fb_finish(&fb);
	ADD("pim-version-1", 1, &fb, "PIM version not 2", NO_MUT,
	    W(IPV4, GOOD, 0));
}

/* RFC 3768 (VRRPv2), RFC 5798 (VRRPv3), OpenBSD's CARP. */
static void
vrrp(void)
{
	/* v2 advertisement: VRID 1, priority 100, one address, no
	 * authentication, 1 s; the address, 8 bytes of authentication. */
	static const uint8_t v2[20] = { 0x21, 1, 100, 1, 0, 1, 0, 0,
					192, 0, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0 };
	/* v3: VRID 7, priority 200, one address, max advert 100 cs. */
	static const uint8_t v3[12] = { 0x31, 7, 200, 1, 0, 100, 0, 0,
					192, 0, 2, 1 };
	static const uint8_t v3_6[24] = { 0x31, 7, 200, 1, 0, 100, 0, 0,
					  0xfe, 0x80, 0, 0, 0, 0, 0, 0,
					  0, 0, 0, 0, 0, 0, 0, 1 };
	/* CARP: version 2 type 1, VHID 5, advskew 0, authlen 7, demote 0,
	 * advbase 1, checksum, 8-byte counter, 20-byte HMAC (36 bytes). */
	uint8_t carp[36] = { 0x21, 5, 0, 7, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0,
			     0x12, 0x34 };
	static const uint8_t v4[8] = { 0x41, 1, 100, 0, 0, 1, 0, 0 };
	struct fb fb;
	struct fb_rec *ip;
	struct tcase *t;
	size_t i;

	for (i = 16; i < sizeof(carp); i++)
		carp[i] = (uint8_t)(0x5a + 7 * i);	/* the HMAC */

	catalog_eth4(&fb, 112);
	fb_proto(&fb, FB_VRRP, v2, sizeof(v2));
	fb_finish(&fb);
	ADD("vrrp2", 1, &fb, "", 14 + 20 + 9, W(IPV4, GOOD, 0),
	    W(VRRP, GOOD, 0));
	t = ADD("vrrp2-bad", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(VRRP, BAD, 0));
	t->f[14 + 20 + 11] ^= 0x01;

	catalog_eth4(&fb, 112);
	fb_proto(&fb, FB_VRRP, v3, sizeof(v3));
	fb_finish(&fb);
	ADD("vrrp3", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(VRRP, GOOD, 0));

	ip = catalog_eth6(&fb, 112);
	fb_proto(&fb, FB_VRRP, v3_6, sizeof(v3_6));
	fb_finish(&fb);
	ADD("vrrp3-ipv6", 1, &fb, "", LAST, W(VRRP, GOOD, 0));
	set_partial(&fb, ip, 112, 14 + 40, 6, sizeof(v3_6));
	ADD("vrrp3-ipv6-partial", 1, &fb, "", NO_MUT,
	    W(VRRP, PARTIAL, "offload"));

	catalog_eth4(&fb, 112);
	fb_proto(&fb, FB_VRRP, carp, sizeof(carp));
	fb_finish(&fb);
	ADD("carp", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(VRRP, GOOD, 0));
	catalog_eth6(&fb, 112);
	fb_proto(&fb, FB_VRRP, carp, sizeof(carp));
	fb_finish(&fb);
	ADD("carp-ipv6", 1, &fb, "", LAST, W(VRRP, GOOD, 0));

	catalog_eth4(&fb, 112);
	fb_proto(&fb, FB_VRRP, v2, 6);
	fb_finish(&fb);
	ADD("vrrp-short", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(VRRP, UNVERIFIED, "length"));
	catalog_eth4(&fb, 112);
	fb_raw(&fb, v4, sizeof(v4));
	fb_finish(&fb);
	ADD("vrrp-version-4", 1, &fb, "VRRP version not 2 or 3", NO_MUT,
	    W(IPV4, GOOD, 0));
}

/* RFC 2328 (OSPFv2) appendix D.4, RFC 5340 (OSPFv3) appendix A.3.1. */
static void
ospf(void)
{
	/* v2 Hello: router 10.0.0.1, area 0, AuType (bytes 14-15), the
	 * authentication field (16-23), then mask, interval 10, options,
	 * priority 1, dead interval 40, DR, BDR (appendix A.3.2). */
	uint8_t v2[44] = { 2, 1, 0, 0, 10, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0,
			   0, 0, 0, 0, 0, 0, 0, 0,
			   255, 255, 255, 0, 0, 10, 0x02, 1, 0, 0, 0, 40,
			   10, 0, 0, 1, 0, 0, 0, 0 };
	/* v3 Hello: router 10.0.0.1, area 0, instance 0; interface ID 5,
	 * priority 1, options, intervals 10 and 40, DR, BDR. */
	static const uint8_t v3[36] = { 3, 1, 0, 0, 10, 0, 0, 1, 0, 0, 0, 0,
					0, 0, 0, 0,
					0, 0, 0, 5, 1, 0, 0, 0x13, 0, 10, 0,
					40, 10, 0, 0, 1, 0, 0, 0, 0 };
	struct fb fb;
	struct fb_rec *ip, *r;
	struct tcase *t;
	size_t off4 = 14 + 20;

	catalog_eth4(&fb, 89);
	fb_proto(&fb, FB_OSPF, v2, sizeof(v2));
	fb_finish(&fb);
	ADD("ospf2-hello", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(OSPF, GOOD, 0));
	t = ADD("ospf2-hello-bad", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(OSPF, BAD, 0));
	t->f[off4 + 30] ^= 0x01;	/* options */

	/* Simple password (AuType 1): the password is not summed. */
	v2[15] = 1;
	memcpy(v2 + 16, "secret\0\0", 8);
	catalog_eth4(&fb, 89);
	fb_proto(&fb, FB_OSPF, v2, sizeof(v2));
	fb_finish(&fb);
	ADD("ospf2-password", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(OSPF, GOOD, 0));
	t = ADD("ospf2-password-other", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(OSPF, GOOD, 0));
	memcpy(t->f + off4 + 16, "SECRET!?", 8);

	/* Cryptographic (AuType 2): key ID 1, digest length 16, sequence
	 * number; the digest follows the packet; no checksum (D.4.3). */
	v2[15] = 2;
	memcpy(v2 + 16, "\0\0\x01\x10\0\0\0\x2a", 8);
	catalog_eth4(&fb, 89);
	r = fb_proto(&fb, FB_OSPF, v2, sizeof(v2));
	r->coverage = sizeof(v2);
	fb_payload(&fb, 16, 310);
	fb_finish(&fb);
	ADD("ospf2-crypto", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(OSPF, UNVERIFIED, "authentication"));

	/* Link-local signalling (RFC 5613) after the packet: not summed. */
	v2[15] = 0;
	memset(v2 + 16, 0, 8);
	v2[30] |= 0x10;			/* the L bit */
	catalog_eth4(&fb, 89);
	r = fb_proto(&fb, FB_OSPF, v2, sizeof(v2));
	r->coverage = sizeof(v2);
	fb_raw(&fb, "\xff\xf6\0\x03\0\x01\0\x04\0\0\0\x01", 12);
	fb_finish(&fb);
	ADD("ospf2-lls", 1, &fb, "", off4 + 40, W(IPV4, GOOD, 0),
	    W(OSPF, GOOD, 0));
	t = ADD("ospf2-length-past", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(OSPF, UNVERIFIED, "length"));
	put16(t->f + off4 + 2, 60);

	ip = catalog_eth6(&fb, 89);
	fb_proto(&fb, FB_OSPF, v3, sizeof(v3));
	fb_finish(&fb);
	ADD("ospf3-hello", 1, &fb, "", LAST, W(OSPF, GOOD, 0));
	set_partial(&fb, ip, 89, 14 + 40, 12, sizeof(v3));
	ADD("ospf3-hello-partial", 1, &fb, "", NO_MUT,
	    W(OSPF, PARTIAL, "offload"));

	/* Each version over the other IP: its rule does not apply. */
	catalog_eth6(&fb, 89);
	fb_proto(&fb, FB_OSPF, v2, sizeof(v2));
	fb_finish(&fb);
	ADD("ospf2-over-ipv6", 1, &fb, "", NO_MUT,
	    W(OSPF, UNVERIFIED, "version"));
}

/* RFC 2205 section 3.1.1. */
static void
rsvp(void)
{
	/* Path message: version 1, type 1, TTL 63; a SESSION object
	 * (class 1, C-type 1: address, protocol UDP, flags, port). */
	static const uint8_t path[20] = { 0x10, 1, 0, 0, 63, 0, 0, 0,
					  0, 12, 1, 1, 198, 51, 100, 2,
					  17, 0, 0x13, 0x88 };
	struct fb fb;
	struct tcase *t;

	catalog_eth4(&fb, 46);
	fb_proto(&fb, FB_RSVP, path, sizeof(path));
	fb_finish(&fb);
	ADD("rsvp-path", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(RSVP, GOOD, 0));
	t = ADD("rsvp-path-bad", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(RSVP, BAD, 0));
	t->f[t->len - 1] ^= 0x10;
	t = ADD("rsvp-none", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(RSVP, NONE, 0));
	put16(t->f + 14 + 20 + 2, 0);
	t = ADD("rsvp-length-past", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(RSVP, UNVERIFIED, "length"));
	put16(t->f + 14 + 20 + 6, 24);

	catalog_eth6(&fb, 46);
	fb_proto(&fb, FB_RSVP, path, sizeof(path));
	fb_finish(&fb);
	ADD("rsvp-ipv6", 1, &fb, "", LAST, W(RSVP, GOOD, 0));
}

/* EIGRP (RFC 7868 section 6.6). */
static void
eigrp(void)
{
	/* Hello: version 2, opcode 5, flags, sequence, ack, virtual router
	 * 0, AS 100; a Parameter TLV (K1 = K3 = 1, hold time 15). */
	static const uint8_t hello[32] = { 2, 5, 0, 0, 0, 0, 0, 0,
					   0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100,
					   0, 1, 0, 12, 1, 0, 1, 0, 0, 0,
					   0, 15 };
	struct fb fb;

	catalog_eth4(&fb, 88);
	fb_proto(&fb, FB_EIGRP, hello, sizeof(hello));
	fb_finish(&fb);
	ADD("eigrp-hello", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(EIGRP, GOOD, 0));
	catalog_eth6(&fb, 88);
	fb_proto(&fb, FB_EIGRP, hello, sizeof(hello));
	fb_finish(&fb);
	ADD("eigrp-ipv6", 1, &fb, "", LAST, W(EIGRP, GOOD, 0));
	catalog_eth4(&fb, 88);
	fb_proto(&fb, FB_EIGRP, hello, 16);
	fb_finish(&fb);
	ADD("eigrp-short", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(EIGRP, UNVERIFIED, "length"));
}

/* PGM (RFC 3208 section 8): zero is "none", except in data packets. */
static void
pgm(void)
{
	/* SPM: ports 7500 and 7501, type 0, no options, checksum, GSI, TSDU
	 * length 0; SPM_SQN 7, trail 1, lead 6, NLA AFI 1 (IPv4), 192.0.2.1. */
	static const uint8_t spm[36] = { 0x1d, 0x4c, 0x1d, 0x4d, 0, 0, 0, 0,
					 1, 2, 3, 4, 5, 6, 0, 0,
					 0, 0, 0, 7, 0, 0, 0, 1, 0, 0, 0, 6,
					 0, 1, 0, 0, 192, 0, 2, 1 };
	/* ODATA (type 4), TSDU length 5; data_sqn 6, trail 1, "hello". */
	static const uint8_t odata[29] = { 0x1d, 0x4c, 0x1d, 0x4d, 4, 0, 0, 0,
					   1, 2, 3, 4, 5, 6, 0, 5,
					   0, 0, 0, 6, 0, 0, 0, 1,
					   'h', 'e', 'l', 'l', 'o' };
	struct fb fb;
	struct tcase *t;

	catalog_eth4(&fb, 113);
	fb_proto(&fb, FB_PGM, spm, sizeof(spm));
	fb_finish(&fb);
	ADD("pgm-spm", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(PGM, GOOD, 0));
	t = ADD("pgm-spm-none", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(PGM, NONE, 0));
	put16(t->f + 14 + 20 + 6, 0);
	catalog_eth4(&fb, 113);
	fb_proto(&fb, FB_PGM, odata, sizeof(odata));
	fb_finish(&fb);
	ADD("pgm-odata", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(PGM, GOOD, 0));
	/* Data is verified even with a zero field. */
	t = ADD("pgm-odata-zero", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(PGM, BAD, 0));
	put16(t->f + 14 + 20 + 6, 0);
	t = ADD("pgm-rdata-zero", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(PGM, BAD, 0));
	t->f[14 + 20 + 4] = 5;	/* RDATA */
	put16(t->f + 14 + 20 + 6, 0);
	/* Computed 0 (catalog.c's trick for UDP: the word that makes the
	 * data sum to 0xffff): sent as 0xffff; a data packet's 0x0000 is
	 * then "none" or that zero, not bad (tshark agrees). */
	catalog_eth4(&fb, 113);
	fb_proto(&fb, FB_PGM, odata, sizeof(odata));
	put16(fb.b + 14 + 20 + 24, 0);
	fb_finish(&fb);
	put16(fb.b + 14 + 20 + 24, get16(fb.b + 14 + 20 + 6));
	fb_finish(&fb);
	if (get16(fb.b + 14 + 20 + 6) != 0xffff)
		abort();	/* the construction itself went wrong */
	ADD("pgm-odata-computed-zero", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(PGM, GOOD, 0));
	put16(fb.b + 14 + 20 + 6, 0);
	ADD("pgm-odata-computed-zero-sent-0", 1, &fb, "", NO_MUT,
	    W(IPV4, GOOD, 0), W(PGM, GOOD, 0));
	catalog_eth6(&fb, 113);
	fb_proto(&fb, FB_PGM, odata, sizeof(odata));
	fb_finish(&fb);
	ADD("pgm-odata-ipv6", 1, &fb, "", LAST, W(PGM, GOOD, 0));
	catalog_eth4(&fb, 113);
	fb_proto(&fb, FB_PGM, odata, 12);
	fb_finish(&fb);
	ADD("pgm-short", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(PGM, UNVERIFIED, "length"));
	catalog_eth4(&fb, 113);
	fb_proto(&fb, FB_PGM, odata, sizeof(odata));
	fb_finish(&fb);
	t = ADD("pgm-type-unknown", 1, &fb, "PGM type unknown", NO_MUT,
		W(IPV4, GOOD, 0));
	t->f[14 + 20 + 4] = 0x30;
}

/* HIP (RFC 7401 section 5.1.1): summed as TCP is, pseudo-header too. */
static void
hip(void)
{
	/* I1: next header 59 (none), length 4 (40 bytes), type 1, version
	 * 2 with the fixed S bit, checksum, controls 0, two 16-byte HITs. */
	uint8_t i1[40] = { 59, 4, 1, 0x21, 0, 0, 0, 0 };
	struct fb fb;
	struct fb_rec *ip;
	size_t k;

	for (k = 8; k < 40; k++)
		i1[k] = (uint8_t)(0x20 + k * 7);
	ip = catalog_eth4(&fb, 139);
	fb_proto(&fb, FB_HIP, i1, sizeof(i1));
	fb_finish(&fb);
	ADD("hip-i1", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(HIP, GOOD, 0));
	set_partial(&fb, ip, 139, 14 + 20, 4, sizeof(i1));
	ADD("hip-i1-partial", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(HIP, PARTIAL, "offload"));
	catalog_eth6(&fb, 139);
	fb_proto(&fb, FB_HIP, i1, sizeof(i1));
	fb_finish(&fb);
	ADD("hip6-i1", 1, &fb, "", LAST, W(HIP, GOOD, 0));
	catalog_eth4(&fb, 139);
	fb_proto(&fb, FB_HIP, i1, 24);
	fb_finish(&fb);
	ADD("hip-short", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(HIP, UNVERIFIED, "length"));
}

/*
 * The IPv6 Mobility Header (RFC 6275 section 6.1.1): (Header Len + 1) * 8
 * bytes and the pseudo-header with next header 135, summed here by hand.
 */
static void
mobility(void)
{
	/* A Binding Update: payload protocol 59, Header Len 1 (16 bytes),
	 * type 5, reserved, checksum, sequence, flags (A), lifetime, and a
	 * PadN option to the 8-byte boundary. */
	static const uint8_t bu[16] = { 59, 1, 5, 0, 0, 0, 0x12, 0x34,
					0x80, 0, 0, 0x10, 1, 2, 0, 0 };
	const size_t o = 14 + 40;
	struct fb fb;
	struct fb_rec *ip;
	struct tcase *t;

	ip = catalog_eth6(&fb, 135);
	fb_raw(&fb, bu, sizeof(bu));
	fb_finish(&fb);
	put16(fb.b + o + 4, ref_csum(fb.b + o, sizeof(bu),
				     fb_pseudo(ip, 135, sizeof(bu))));
	ADD("mh-binding-update", 1, &fb, "", LAST, W(MH, GOOD, 0));
	t = ADD("mh-bad", 1, &fb, "", NO_MUT, W(MH, BAD, 0));
	t->f[o + 5] ^= 0x40;
	/* Bytes after the header's length are not summed ... */
	ip = catalog_eth6(&fb, 135);
	fb_raw(&fb, bu, sizeof(bu));
	fb_raw(&fb, "\x5a\x5a\x5a\x5a\x5a\x5a\x5a\x5a", 8);
	fb_finish(&fb);
	put16(fb.b + o + 4, ref_csum(fb.b + o, sizeof(bu),
				     fb_pseudo(ip, 135, sizeof(bu))));
	ADD("mh-trailing", 1, &fb, "", o + 7, W(MH, GOOD, 0));
	/* ... a Header Len past the payload, or a payload under 8 bytes,
	 * leaves it unverified ... */
	t = ADD("mh-length-past", 1, &fb, "", NO_MUT,
		W(MH, UNVERIFIED, "length"));
	t->f[o + 1] = 3;
	catalog_eth6(&fb, 135);
	fb_raw(&fb, bu, 6);
	fb_finish(&fb);
	ADD("mh-short", 1, &fb, "", NO_MUT, W(MH, UNVERIFIED, "length"));
	/* ... and over IPv4 protocol 135 is noted. */
	catalog_eth4(&fb, 135);
	fb_raw(&fb, bu, sizeof(bu));
	fb_finish(&fb);
	ADD("mh-over-ipv4", 1, &fb, "IP protocol without a checked checksum",
	    NO_MUT, W(IPV4, GOOD, 0));
}

/*
 * Shim6 (RFC 5533), IPv6 next header 140: a control message's checksum
 * covers its header alone, no pseudo-header (section 5.3); a payload
 * extension header (P bit) has none, and both lead to the next header.
 */
static void
shim6(void)
{
	/* An I1 message: next header 59, Hdr Ext Len 1 (16 bytes), type 1,
	 * checksum, the initiator's context tag and nonce. */
	static const uint8_t i1[16] = { 59, 1, 1, 0, 0, 0, 0x12, 0x34,
					0x56, 0x78, 0x9a, 0xbc, 1, 2, 3, 4 };
	/* A payload extension header to TCP: P set, a context tag. */
	static const uint8_t pay[8] = { 6, 0, 0x80 | 0x12, 0x34, 0x56,
					0x78, 0x9a, 0xbc };
	const size_t o = 14 + 40;
	uint8_t h[16];
	struct fb fb;
	struct tcase *t;

	memcpy(h, i1, sizeof(h));
	put16(h + 4, ref_csum(h, sizeof(h), 0));
	catalog_eth6(&fb, 140);
	fb_raw(&fb, h, sizeof(h));
	fb_finish(&fb);
	ADD("shim6-i1", 1, &fb, "", LAST, W(SHIM6, GOOD, 0));
	t = ADD("shim6-i1-bad", 1, &fb, "", NO_MUT, W(SHIM6, BAD, 0));
	t->f[o + 9] ^= 0x04;
	/* A payload extension header: the TCP segment after it verified. */
	catalog_eth6(&fb, 140);
	fb_raw(&fb, pay, sizeof(pay));
	fb_tcp(&fb);
	fb_payload(&fb, 40, 6);
	fb_finish(&fb);
	ADD("shim6-payload-tcp", 1, &fb, "", LAST, W(TCP, GOOD, 0));
	/* A control message with a next header: both verified. */
	h[0] = 17;
	put16(h + 4, 0);
	put16(h + 4, ref_csum(h, sizeof(h), 0));
	catalog_eth6(&fb, 140);
	fb_raw(&fb, h, sizeof(h));
	fb_udp(&fb, 0);
	fb_payload(&fb, 12, 7);
	fb_finish(&fb);
	ADD("shim6-i1-udp", 1, &fb, "", LAST, W(SHIM6, GOOD, 0),
	    W(UDP, GOOD, 0));
	/* A header length past the packet: noted, nothing verified. */
	memcpy(h, i1, sizeof(h));
	h[1] = 3;
	catalog_eth6(&fb, 140);
	fb_raw(&fb, h, sizeof(h));
	fb_finish(&fb);
	ADD0("shim6-length-past", 1, &fb,
	     "IPv6 extension header past its packet");
}

/* DCCP (RFC 4340 sections 5.1 and 9). */
static void
dccp(void)
{
	/*
	 * DCCP-Data with 48-bit sequence numbers (X = 1): ports 5001 and
	 * 5002, Data Offset 4 (16 bytes), CCVal 0 and CsCov (byte 5),
	 * checksum, type 2 with X, reserved, sequence number.
	 */
	uint8_t data[16] = { 0x13, 0x89, 0x13, 0x8a, 4, 0, 0, 0,
			     (2 << 1) | 1, 0, 0, 0, 0, 0, 0, 9 };
	struct fb fb;
	struct fb_rec *ip;
	struct tcase *t;
	size_t off4 = 14 + 20;

	catalog_eth4(&fb, 33);
	fb_proto(&fb, FB_DCCP, data, sizeof(data));
	fb_payload(&fb, 41, 320);
	fb_finish(&fb);
	ADD("dccp", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(DCCP, GOOD, 0));
	t = ADD("dccp-bad", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(DCCP, BAD, 0));
	t->f[off4 + 20] ^= 0x08;

	ip = catalog_eth6(&fb, 33);
	fb_proto(&fb, FB_DCCP, data, sizeof(data));
	fb_payload(&fb, 30, 321);
	fb_finish(&fb);
	ADD("dccp-ipv6", 1, &fb, "", LAST, W(DCCP, GOOD, 0));
	set_partial(&fb, ip, 33, 14 + 40, 6, 16 + 30);
	ADD("dccp-ipv6-partial", 1, &fb, "", NO_MUT,
	    W(DCCP, PARTIAL, "offload"));

	/* CsCov 2: the header and 4 bytes of data; the rest is free. */
	data[5] = 0x32;			/* CCVal 3, CsCov 2 */
	catalog_eth4(&fb, 33);
	fb_proto(&fb, FB_DCCP, data, sizeof(data));
	fb_payload(&fb, 40, 322);
	fb_finish(&fb);
	ADD("dccp-cscov-2", 1, &fb, "", off4 + 19, W(IPV4, GOOD, 0),
	    W(DCCP, GOOD, 0));
	t = ADD("dccp-cscov-2-tail", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(DCCP, GOOD, 0));
	t->f[t->len - 1] ^= 0xff;
	/* CsCov 15 is 56 bytes of data: past these 40 (section 9.2). */
	t = ADD("dccp-cscov-past", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(DCCP, UNVERIFIED, "coverage"));
	t->f[off4 + 5] = 0x0f;
	/* Data Offset 2: below the generic header (section 5.1). */
	t = ADD("dccp-data-offset-2", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(DCCP, UNVERIFIED, "header length"));
	t->f[off4 + 4] = 2;
}

/*
 * SCTP (RFC 9260): the CRC32c over the common header and every chunk to
 * the IP payload's end.  A DATA chunk of 13 bytes of user data (padded to
 * 16) and a SACK; the same over IPv6, in an IPv4-in-IPv6 tunnel and
 * quoted whole by an ICMP error; an odd payload (the last chunk unpadded:
 * the IP length decides); cut by the snapshot length, too short for the
 * common header, and a zero field (what a sender leaves when its NIC
 * computes the CRC, Linux's CHECKSUM_PARTIAL for SCTP).
 */
static void
sctp(void)
{
	/* Ports 5000 and 5001, verification tag, checksum (zero here). */
	static const uint8_t common[12] = { 0x13, 0x88, 0x13, 0x89, 0xde,
					    0xad, 0xbe, 0xef };
	/* DATA (0): flags B|E, length 16 + 13, TSN 1, stream 0, seq 0, PPID 0. */
	static const uint8_t data[16] = { 0, 3, 0, 29, 0, 0, 0, 1 };
	/* SACK (3): length 16, cumulative TSN 7, a_rwnd 65536, no gaps. */
	static const uint8_t sack[16] = { 3, 0, 0, 16, 0, 0, 0, 7, 0, 1, 0, 0 };
	struct fb fb, in;
	struct tcase *t;
	size_t off4 = 14 + 20;

	catalog_eth4(&fb, 132);
	fb_proto(&fb, FB_SCTP, common, sizeof(common));
	fb_raw(&fb, data, sizeof(data));
	fb_payload(&fb, 13, 330);
	fb_raw(&fb, "\0\0\0", 3);	/* padding to 4 bytes */
	fb_raw(&fb, sack, sizeof(sack));
	fb_finish(&fb);
	ADD("sctp", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(SCTP, GOOD, 0));
	t = ADD("sctp-bad", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(SCTP, BAD, 0));
	t->f[off4 + 12 + 20] ^= 0x40;
	/* Only the field's last two bytes wrong: 'stored' cannot tell. */
	t = ADD("sctp-bad-high-bytes", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(SCTP, BAD, 0));
	t->f[off4 + 11] ^= 0x01;
	t = ADD("sctp-zero", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(SCTP, BAD, 0));
	memset(t->f + off4 + 8, 0, 4);
	t = ADD("sctp-truncated", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
		W(SCTP, UNVERIFIED, "truncated"));
	t->len -= 10;

	catalog_eth6(&fb, 132);
	fb_proto(&fb, FB_SCTP, common, sizeof(common));
	fb_raw(&fb, sack, sizeof(sack));
	fb_raw(&fb, data, sizeof(data));
	fb_payload(&fb, 13, 331);
	fb_finish(&fb);
	/* The payload ends with the unpadded DATA chunk: 12 + 16 + 29. */
	ADD("sctp-ipv6-odd", 1, &fb, "", LAST, W(SCTP, GOOD, 0));
	t = ADD("sctp-ipv6-bad", 1, &fb, "", NO_MUT, W(SCTP, BAD, 0));
	t->f[t->len - 1] ^= 0x01;

	catalog_eth6(&fb, 4);
	fb_ipv4(&fb, 132, A4, B4, NULL, 0);
	fb_proto(&fb, FB_SCTP, common, sizeof(common));
	fb_raw(&fb, sack, sizeof(sack));
	fb_finish(&fb);
	ADD("sctp-4in6", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(SCTP, GOOD, 0));

	catalog_eth4(&fb, 132);
	fb_proto(&fb, FB_SCTP, common, 8);
	fb_finish(&fb);
	ADD("sctp-short", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(SCTP, UNVERIFIED, "length"));

	/* An ICMP error quoting a whole SCTP packet. */
	fb_init(&in);
	fb_ipv4(&in, 132, B4, A4, NULL, 0);
	fb_proto(&in, FB_SCTP, common, sizeof(common));
	fb_raw(&in, sack, sizeof(sack));
	fb_finish(&in);
	catalog_eth4(&fb, 1);
	fb_icmp(&fb, 3, 3, 0);
	fb.b[fb.len - 3] = 0;	/* RFC 4884 length: none */
	fb_raw(&fb, in.b, in.len);
	fb_finish(&fb);
	ADD("sctp-icmp-quote", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0), W(IPV4, GOOD, 0), W(SCTP, GOOD, 0));
}

void
catalog_other(void)
{
	pim();
	vrrp();
	ospf();
	rsvp();
	eigrp();
	pgm();
	hip();
	mobility();
	shim6();
	dccp();
	sctp();
}
