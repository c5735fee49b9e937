/* SPDX-License-Identifier: MIT */
/*
 * packet/tests/catalog.c - hand-built frames for every rule the packet
 * module implements (docs/packet.md), each with the verdicts it must get.
 * Frames are built correct by frames.c and then broken on purpose where a
 * case needs it; test_packet.c also corrupts every GOOD field of every
 * case, and test_truncate.c cuts every case at every byte.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"

#define A4 "192.0.2.1"
#define B4 "198.51.100.2"
#define A6 "2001:db8::1"
#define B6 "2001:db8::2"
#define LAST ((size_t)-2)	/* corrupt the frame's last byte */

#define MAX_CASES 160
static struct tcase cases[MAX_CASES];
static size_t ncases;

#define W(p, s, r) { INETCSUM_PROTO_##p, INETCSUM_##s, r }
#define ADD(name, lt, fb, note, mut, ...)				\
	add(name, lt, fb, note, mut, (const struct want[]){ __VA_ARGS__ }, \
	    sizeof((const struct want[]){ __VA_ARGS__ }) / sizeof(struct want))
#define ADD0(name, lt, fb, note) add(name, lt, fb, note, NO_MUT, NULL, 0)

static struct tcase *
add(const char *name, int lt, const struct fb *fb, const char *note,
    size_t mut, const struct want *w, size_t n)
{
	struct tcase *t;

	if (ncases == MAX_CASES)
		abort();
	t = &cases[ncases++];
	t->name = name;
	t->linktype = lt;
	memcpy(t->f, fb->b, fb->len);
	t->len = fb->len;
	t->origlen = fb->len;
	if (n)
		memcpy(t->w, w, n * sizeof(*w));
	t->n = n;
	t->note = note;
	t->ret = 0;
	t->mut = mut == LAST ? fb->len - 1 : mut;
	return t;
}

/* Recompute an IPv4 header checksum after a test edits the header. */
static void
ipv4_recsum(uint8_t *h)
{
	put16(h + 10, 0);
	put16(h + 10, ref_csum(h, (size_t)(h[0] & 15) * 4, 0));
}

static struct fb_rec *
eth4(struct fb *fb, unsigned proto)
{
	fb_init(fb);
	fb_eth(fb, NULL, 0, 0x0800);
	return fb_ipv4(fb, proto, A4, B4, NULL, 0);
}

static struct fb_rec *
eth6(struct fb *fb, unsigned nh)
{
	fb_init(fb);
	fb_eth(fb, NULL, 0, 0x86dd);
	return fb_ipv6(fb, nh, A6, B6);
}

/* Plain protocols over IPv4 and IPv6, VLAN stacks, padding. */
static void
basics(void)
{
	static const unsigned q1[] = { 0x8100 };
	static const unsigned q2[] = { 0x88a8, 0x8100 };
	static const unsigned q3[] = { 0x9100, 0x88a8, 0x8100 };
	struct fb fb;
	struct fb_rec *r;

	eth4(&fb, 6);
	fb_tcp(&fb);
	fb_payload(&fb, 101, 1);
	fb_finish(&fb);
	ADD("ipv4-tcp", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(TCP, GOOD, 0));

	eth4(&fb, 17);
	fb_udp(&fb, 0);
	fb_payload(&fb, 33, 2);
	fb_finish(&fb);
	ADD("ipv4-udp", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(UDP, GOOD, 0));

	eth4(&fb, 1);
	fb_icmp(&fb, 8, 0, 0);
	fb_payload(&fb, 56, 3);
	fb_finish(&fb);
	ADD("ipv4-icmp-echo", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0));

	eth4(&fb, 2);
	fb_igmp(&fb);
	fb_finish(&fb);
	ADD("ipv4-igmp", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(IGMP, GOOD, 0));

	eth6(&fb, 6);
	fb_tcp(&fb);
	fb_payload(&fb, 200, 4);
	fb_finish(&fb);
	ADD("ipv6-tcp", 1, &fb, "", LAST, W(TCP, GOOD, 0));

	eth6(&fb, 17);
	fb_udp(&fb, 0);
	fb_payload(&fb, 7, 5);
	fb_finish(&fb);
	ADD("ipv6-udp", 1, &fb, "", LAST, W(UDP, GOOD, 0));

	eth6(&fb, 58);
	fb_icmp(&fb, 128, 0, 1);
	fb_payload(&fb, 32, 6);
	fb_finish(&fb);
	ADD("ipv6-icmpv6-echo", 1, &fb, "", LAST, W(ICMPV6, GOOD, 0));

	fb_init(&fb);
	fb_eth(&fb, q1, 1, 0x0800);
	fb_ipv4(&fb, 6, A4, B4, NULL, 0);
	fb_tcp(&fb);
	fb_payload(&fb, 10, 7);
	fb_finish(&fb);
	ADD("vlan-8100", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(TCP, GOOD, 0));

	fb_init(&fb);
	fb_eth(&fb, q2, 2, 0x86dd);
	fb_ipv6(&fb, 17, A6, B6);
	fb_udp(&fb, 0);
	fb_payload(&fb, 10, 8);
	fb_finish(&fb);
	ADD("vlan-88a8-8100", 1, &fb, "", LAST, W(UDP, GOOD, 0));

	fb_init(&fb);
	fb_eth(&fb, q3, 3, 0x0800);
	fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	fb_udp(&fb, 0);
	fb_payload(&fb, 10, 9);
	fb_finish(&fb);
	ADD("vlan-9100-88a8-8100", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0));

	/* A 46-byte frame padded to 60 with nonzero bytes: never summed. */
	eth4(&fb, 17);
	fb_udp(&fb, 0);
	fb_payload(&fb, 3, 10);
	fb_finish(&fb);
	{
		size_t last = fb.len - 1;

		fb_raw(&fb, "\xaa\xbb\xcc\xdd\xee\xff\x11\x22\x33\x44\x55"
		       "\x66\x77\x88\x99", 60 - fb.len);
		ADD("ethernet-padding", 1, &fb, "", last, W(IPV4, GOOD, 0),
		    W(UDP, GOOD, 0));
	}

	/* TCP has no length of its own: only the IP total length bounds it. */
	eth4(&fb, 6);
	fb_tcp(&fb);
	fb_finish(&fb);
	fb_raw(&fb, "\x01\x02\x03\x04\x05\x06", 6);
	ADD("ethernet-padding-tcp", 1, &fb, "", 14 + 20 + 19,
	    W(IPV4, GOOD, 0), W(TCP, GOOD, 0));
	eth6(&fb, 58);
	fb_icmp(&fb, 128, 0, 1);
	fb_finish(&fb);
	fb_raw(&fb, "\x01\x02\x03", 3);
	ADD("ethernet-padding-icmpv6", 1, &fb, "", 14 + 40 + 7,
	    W(ICMPV6, GOOD, 0));

	/* A corrupted field of each kind, as built (others are in tests). */
	eth4(&fb, 6);
	fb_tcp(&fb);
	fb_payload(&fb, 20, 11);
	fb_finish(&fb);
	fb.b[14 + 20 + 16] ^= 0x40;
	fb.b[14 + 10] ^= 0x01;
	ADD("ipv4-tcp-both-bad", 1, &fb, "", LAST, W(IPV4, BAD, 0),
	    W(TCP, BAD, 0));

	/* Non-IP ethertypes are reported, not parsed. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x0806);
	fb_payload(&fb, 28, 12);
	ADD0("arp", 1, &fb, "ethertype");
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 46);
	fb_payload(&fb, 46, 13);
	ADD0("802.3-llc", 1, &fb, "802.3");
	(void)r;
}

/* UDP zero rules, UDP-Lite coverage, computed-zero checksums. */
static void
udp_rules(void)
{
	struct fb fb;
	struct fb_rec *u;
	size_t off;
	struct tcase *t;

	eth4(&fb, 17);
	fb_udp(&fb, 0);
	fb_payload(&fb, 20, 20);
	fb_finish(&fb);
	put16(fb.b + 14 + 20 + 6, 0);
	ADD("ipv4-udp-zero-none", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(UDP, NONE, 0));

	eth6(&fb, 17);
	fb_udp(&fb, 0);
	fb_payload(&fb, 20, 21);
	fb_finish(&fb);
	put16(fb.b + 14 + 40 + 6, 0);
	ADD("ipv6-udp-zero-illegal", 1, &fb, "", NO_MUT,
	    W(UDP, ILLEGAL, 0));

	/*
	 * Computed checksum 0: make the data sum to 0xffff by storing the
	 * checksum computed with a zero word into that word (x + ~x = -0).
	 */
	eth4(&fb, 17);
	fb_udp(&fb, 0);
	fb_payload(&fb, 2, 0);
	fb_payload(&fb, 20, 22);
	off = 14 + 20;
	put16(fb.b + off + 8, 0);
	fb_finish(&fb);
	put16(fb.b + off + 8, get16(fb.b + off + 6));
	fb_finish(&fb);
	if (get16(fb.b + off + 6) != 0xffff)
		abort();	/* the construction itself went wrong */
	ADD("ipv4-udp-computed-zero", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0));
	put16(fb.b + off + 6, 0);
	ADD("ipv4-udp-computed-zero-sent-0", 1, &fb, "", NO_MUT,
	    W(IPV4, GOOD, 0), W(UDP, NONE, 0));

	eth6(&fb, 17);
	fb_udp(&fb, 0);
	fb_payload(&fb, 2, 0);
	fb_payload(&fb, 20, 23);
	off = 14 + 40;
	put16(fb.b + off + 8, 0);
	fb_finish(&fb);
	put16(fb.b + off + 8, get16(fb.b + off + 6));
	fb_finish(&fb);
	if (get16(fb.b + off + 6) != 0xffff)
		abort();
	ADD("ipv6-udp-computed-zero", 1, &fb, "", LAST, W(UDP, GOOD, 0));
	put16(fb.b + off + 6, 0);
	ADD("ipv6-udp-computed-zero-sent-0", 1, &fb, "", NO_MUT,
	    W(UDP, ILLEGAL, 0));

	/* TCP with a computed 0: 0x0000 and 0xffff both verify. */
	eth4(&fb, 6);
	fb_tcp(&fb);
	fb_payload(&fb, 2, 0);
	fb_payload(&fb, 20, 24);
	off = 14 + 20;
	put16(fb.b + off + 20, 0);
	fb_finish(&fb);
	{
		unsigned c = get16(fb.b + off + 16);

		put16(fb.b + off + 20, c);
		fb_finish(&fb);
	}
	if (get16(fb.b + off + 16) != 0)
		abort();
	ADD("ipv4-tcp-computed-zero", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));
	put16(fb.b + off + 16, 0xffff);
	ADD("ipv4-tcp-computed-zero-sent-ffff", 1, &fb, "", NO_MUT,
	    W(IPV4, GOOD, 0), W(TCP, GOOD, 0));

	/* UDP-Lite (RFC 3828). */
	eth4(&fb, 136);
	fb_udp(&fb, 1);
	fb_payload(&fb, 40, 25);
	fb_finish(&fb);
	ADD("ipv4-udplite-cov0", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDPLITE, GOOD, 0));

	eth6(&fb, 136);
	u = fb_udp(&fb, 1);
	u->coverage = 12;
	fb_payload(&fb, 40, 26);
	fb_finish(&fb);
	t = ADD("ipv6-udplite-cov12", 1, &fb, "", 14 + 40 + 11,
		W(UDPLITE, GOOD, 0));
	/* A byte past the coverage changes nothing. */
	t = ADD("ipv6-udplite-cov12-tail", 1, &fb, "", NO_MUT,
		W(UDPLITE, GOOD, 0));
	t->f[t->len - 1] ^= 0xff;

	eth4(&fb, 136);
	u = fb_udp(&fb, 1);
	u->coverage = 4;
	fb_payload(&fb, 20, 27);
	fb_finish(&fb);
	ADD("udplite-cov-too-small", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(UDPLITE, UNVERIFIED, "coverage"));

	eth4(&fb, 136);
	u = fb_udp(&fb, 1);
	u->coverage = 29;
	fb_payload(&fb, 20, 28);
	fb_finish(&fb);
	ADD("udplite-cov-too-big", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(UDPLITE, UNVERIFIED, "coverage"));

	eth4(&fb, 136);
	fb_udp(&fb, 1);
	fb_payload(&fb, 20, 29);
	fb_finish(&fb);
	put16(fb.b + 14 + 20 + 6, 0);
	ADD("udplite-zero-illegal", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(UDPLITE, ILLEGAL, 0));
}

/* Checksum offload: the field holds the pseudo-header sum only. */
static void
partial(void)
{
	struct fb fb;
	struct fb_rec *ip;
	uint64_t s;
	size_t off, len;

	ip = eth4(&fb, 6);
	fb_tcp(&fb);
	fb_payload(&fb, 100, 30);
	fb_finish(&fb);
	off = 14 + 20;
	len = fb.len - off;
	s = fb_pseudo(ip, 6, len);
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	put16(fb.b + off + 16, (unsigned)s);	/* Linux: not complemented */
	ADD("tcp-partial-linux", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(TCP, PARTIAL, "offload"));
	put16(fb.b + off + 16, (unsigned)~s & 0xffff);
	ADD("tcp-partial-complemented", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(TCP, PARTIAL, "offload, complemented"));

	ip = eth6(&fb, 17);
	fb_udp(&fb, 0);
	fb_payload(&fb, 50, 31);
	fb_finish(&fb);
	off = 14 + 40;
	len = fb.len - off;
	s = fb_pseudo(ip, 17, len);
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	put16(fb.b + off + 6, (unsigned)s);
	ADD("udp6-partial-linux", 1, &fb, "", NO_MUT,
	    W(UDP, PARTIAL, "offload"));
}

/* Link types other than Ethernet. */
static void
links(void)
{
	static const uint8_t sll[16] = { 0, 0, 0, 1, 0, 6, 2, 0, 0, 0, 0, 1,
					 0, 0, 0x08, 0x00 };
	static const uint8_t sll_vlan[16] = { 0, 4, 0, 1, 0, 6, 2, 0, 0, 0,
					      0, 1, 0, 0, 0x81, 0x00 };
	static const uint8_t sll2[20] = { 0x86, 0xdd, 0, 0, 0, 0, 0, 2, 0, 1,
					  0, 6, 2, 0, 0, 0, 0, 1, 0, 0 };
	static const struct { const char *name; int lt; uint8_t h[4];
			      int v6; } loops[] = {
		{ "null-le-inet", 0, { 2, 0, 0, 0 }, 0 },
		{ "null-be-inet", 0, { 0, 0, 0, 2 }, 0 },
		{ "null-le-inet6-24", 0, { 24, 0, 0, 0 }, 1 },
		{ "null-le-inet6-28", 0, { 28, 0, 0, 0 }, 1 },
		{ "null-be-inet6-30", 0, { 0, 0, 0, 30 }, 1 },
		{ "loop-be-inet", 108, { 0, 0, 0, 2 }, 0 },
		{ "loop-be-inet6-24", 108, { 0, 0, 0, 24 }, 1 },
	};
	struct fb fb;
	size_t i;

	fb_init(&fb);
	fb_raw(&fb, sll, sizeof(sll));
	fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	fb_udp(&fb, 0);
	fb_payload(&fb, 30, 40);
	fb_finish(&fb);
	ADD("sll-ipv4-udp", 113, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0));

	fb_init(&fb);
	fb_raw(&fb, sll_vlan, sizeof(sll_vlan));
	fb_raw(&fb, "\x00\x64\x08\x00", 4);
	fb_ipv4(&fb, 6, A4, B4, NULL, 0);
	fb_tcp(&fb);
	fb_payload(&fb, 30, 41);
	fb_finish(&fb);
	ADD("sll-vlan-ipv4-tcp", 113, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));

	fb_init(&fb);
	fb_raw(&fb, sll2, sizeof(sll2));
	fb_ipv6(&fb, 6, A6, B6);
	fb_tcp(&fb);
	fb_payload(&fb, 30, 42);
	fb_finish(&fb);
	ADD("sll2-ipv6-tcp", 276, &fb, "", LAST, W(TCP, GOOD, 0));

	fb_init(&fb);
	fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	fb_udp(&fb, 0);
	fb_payload(&fb, 30, 43);
	fb_finish(&fb);
	ADD("raw-ipv4", 101, &fb, "", LAST, W(IPV4, GOOD, 0), W(UDP, GOOD, 0));
	ADD("ipv4-linktype", 228, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0));
	ADD0("ipv6-linktype-with-ipv4", 229, &fb, "version");

	fb_init(&fb);
	fb_ipv6(&fb, 58, A6, B6);
	fb_icmp(&fb, 129, 0, 1);
	fb_payload(&fb, 30, 44);
	fb_finish(&fb);
	ADD("raw-ipv6", 101, &fb, "", LAST, W(ICMPV6, GOOD, 0));
	ADD("ipv6-linktype", 229, &fb, "", LAST, W(ICMPV6, GOOD, 0));

	for (i = 0; i < sizeof(loops) / sizeof(loops[0]); i++) {
		fb_init(&fb);
		fb_raw(&fb, loops[i].h, 4);
		if (loops[i].v6)
			fb_ipv6(&fb, 17, A6, B6);
		else
			fb_ipv4(&fb, 17, A4, B4, NULL, 0);
		fb_udp(&fb, 0);
		fb_payload(&fb, 30, 45 + (unsigned)i);
		fb_finish(&fb);
		if (loops[i].v6)
			ADD(loops[i].name, loops[i].lt, &fb, "", LAST,
			    W(UDP, GOOD, 0));
		else
			ADD(loops[i].name, loops[i].lt, &fb, "", LAST,
			    W(IPV4, GOOD, 0), W(UDP, GOOD, 0));
	}
	/* OpenBSD LOOP is network order only: a little-endian AF is not IP. */
	fb_init(&fb);
	fb_raw(&fb, "\x02\0\0\0", 4);
	fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	fb_udp(&fb, 0);
	fb_finish(&fb);
	ADD0("loop-le-rejected", 108, &fb, "address family");
	ADD0("unknown-linktype", 147, &fb, "unknown link type")->ret = -1;
}

/* Length fields that lie, and snapshot-length truncation. */
static void
lengths(void)
{
	struct fb fb;
	struct tcase *t;
	uint8_t *h;

	eth4(&fb, 6);
	fb_tcp(&fb);
	fb_payload(&fb, 40, 50);
	fb_finish(&fb);
	h = fb.b + 14;
	put16(h + 2, get16(h + 2) + 10);
	ipv4_recsum(h);
	ADD("ipv4-total-length-too-long", 1, &fb, "", NO_MUT,
	    W(IPV4, GOOD, 0), W(TCP, UNVERIFIED, "length"));
	put16(h + 2, 10);
	ipv4_recsum(h);
	ADD("ipv4-total-length-below-header", 1, &fb, "", NO_MUT,
	    W(IPV4, GOOD, 0), W(TCP, UNVERIFIED, "length"));

	eth4(&fb, 6);
	fb_tcp(&fb);
	fb_finish(&fb);
	fb.b[14] = 0x44;
	ADD("ipv4-ihl-4", 1, &fb, "", NO_MUT,
	    W(IPV4, UNVERIFIED, "header length"));
	fb.b[14] = 0x4f;
	ADD("ipv4-ihl-past-frame", 1, &fb, "", NO_MUT,
	    W(IPV4, UNVERIFIED, "length"));

	/* Snapshot length: the rest was on the wire, just not captured. */
	eth4(&fb, 6);
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

	eth4(&fb, 6);
	fb_payload(&fb, 10, 52);
	fb_finish(&fb);
	ADD("tcp-shorter-than-header", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(TCP, UNVERIFIED, "length"));

	eth4(&fb, 17);
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

	eth6(&fb, 6);
	fb_tcp(&fb);
	fb_payload(&fb, 20, 54);
	fb_finish(&fb);
	put16(fb.b + 14 + 4, get16(fb.b + 14 + 4) + 1);
	ADD("ipv6-payload-length-too-long", 1, &fb, "", NO_MUT,
	    W(TCP, UNVERIFIED, "length"));

	/* RFC 2675 jumbogram: payload length 0, a hop-by-hop header. */
	eth6(&fb, 0);
	fb_raw(&fb, "\x11\0\xc2\x04\0\0\0\x24", 8);
	fb_udp(&fb, 0);
	fb_payload(&fb, 20, 55);
	fb_finish(&fb);
	put16(fb.b + 14 + 4, 0);
	ADD("ipv6-jumbogram", 1, &fb, "", NO_MUT,
	    W(UDP, UNVERIFIED, "jumbogram"));
}

/* IPv4 options and fragments. */
static void
ipv4_more(void)
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

	eth4(&fb, 6);
	fb_tcp(&fb);
	fb_payload(&fb, 64, 64);
	fb_finish(&fb);
	h = fb.b + 14;
	put16(h + 6, 0x2000);
	ipv4_recsum(h);
	ADD("ipv4-first-fragment", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(TCP, UNVERIFIED, "fragment"));
	put16(h + 6, 0x0008);
	ipv4_recsum(h);
	ADD("ipv4-later-fragment", 1, &fb, "non-first", NO_MUT,
	    W(IPV4, GOOD, 0));

	eth4(&fb, 17);
	fb_udp(&fb, 0);
	fb_payload(&fb, 64, 65);
	fb_finish(&fb);
	h = fb.b + 14;
	put16(h + 6, 0x2000);
	ipv4_recsum(h);
	put16(h + 20 + 6, 0);
	ADD("ipv4-fragment-udp-none", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(UDP, NONE, 0));
}

/* IPv6 extension headers. */
static void
ipv6_ext(void)
{
	uint8_t x[64];
	struct fb fb;
	struct fb_rec *ip;
	int v6;

	/* Hop-by-hop (PadN), then destination options with a home address. */
	ip = eth6(&fb, 0);
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

	/* Type 0 routing header, 2 addresses, segments left 2. */
	ip = eth6(&fb, 43);
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
	ip = eth6(&fb, 43);
	x[3] = 0;
	fb_raw(&fb, x, 40);
	fb_udp(&fb, 0);
	fb_payload(&fb, 40, 72);
	fb_finish(&fb);
	ADD("ipv6-rh0-segments-left-0", 1, &fb, "", LAST, W(UDP, GOOD, 0));

	/* Type 2 (Mobile IPv6) routing header. */
	ip = eth6(&fb, 43);
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
	ip = eth6(&fb, 43);
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

	/* An unknown routing type with segments left: unverifiable. */
	eth6(&fb, 43);
	x[2] = 253;
	fb_raw(&fb, x, 40);
	fb_tcp(&fb);
	fb_payload(&fb, 20, 75);
	fb_finish(&fb);
	ADD("ipv6-unknown-routing", 1, &fb, "", NO_MUT,
	    W(TCP, UNVERIFIED, "routing header"));

	/* Fragment header: first fragment, later fragment, atomic. */
	eth6(&fb, 44);
	fb_raw(&fb, "\x11\0\x00\x01\0\0\0\x2a", 8);
	fb_udp(&fb, 0);
	fb_payload(&fb, 20, 76);
	fb_finish(&fb);
	ADD("ipv6-first-fragment", 1, &fb, "", NO_MUT,
	    W(UDP, UNVERIFIED, "fragment"));
	eth6(&fb, 44);
	fb_raw(&fb, "\x11\0\x00\x10\0\0\0\x2a", 8);
	fb_payload(&fb, 20, 77);
	fb_finish(&fb);
	ADD0("ipv6-later-fragment", 1, &fb, "non-first");
	eth6(&fb, 44);
	fb_raw(&fb, "\x11\0\x00\x00\0\0\0\x2a", 8);
	fb_udp(&fb, 0);
	fb_payload(&fb, 20, 78);
	fb_finish(&fb);
	ADD("ipv6-atomic-fragment", 1, &fb, "", LAST, W(UDP, GOOD, 0));

	/* AH is skipped by its own length (RFC 4302: 4-byte units - 2). */
	eth6(&fb, 51);
	memset(x, 0, sizeof(x));
	x[0] = 6;
	x[1] = 4;
	fb_raw(&fb, x, 24);
	fb_tcp(&fb);
	fb_payload(&fb, 20, 79);
	fb_finish(&fb);
	ADD("ipv6-ah", 1, &fb, "", LAST, W(TCP, GOOD, 0));

	eth6(&fb, 50);
	fb_payload(&fb, 40, 80);
	fb_finish(&fb);
	ADD0("ipv6-esp", 1, &fb, "ESP");
}

/* Tunnels, verified layer by layer, and ICMP error quotes. */
static void
tunnels(void)
{
	struct fb fb, in;
	size_t i;

	eth4(&fb, 4);
	fb_ipv4(&fb, 6, "10.0.0.1", "10.0.0.2", NULL, 0);
	fb_tcp(&fb);
	fb_payload(&fb, 30, 90);
	fb_finish(&fb);
	ADD("ipip", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));

	eth4(&fb, 41);
	fb_ipv6(&fb, 17, A6, B6);
	fb_udp(&fb, 0);
	fb_payload(&fb, 30, 91);
	fb_finish(&fb);
	ADD("6in4", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(UDP, GOOD, 0));

	eth6(&fb, 4);
	fb_ipv4(&fb, 17, "10.0.0.1", "10.0.0.2", NULL, 0);
	fb_udp(&fb, 0);
	fb_payload(&fb, 30, 92);
	fb_finish(&fb);
	ADD("4in6", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(UDP, GOOD, 0));

	eth6(&fb, 41);
	fb_ipv6(&fb, 58, "2001:db8:9::1", "2001:db8:9::2");
	fb_icmp(&fb, 128, 0, 1);
	fb_payload(&fb, 30, 93);
	fb_finish(&fb);
	ADD("6in6", 1, &fb, "", LAST, W(ICMPV6, GOOD, 0));

	eth4(&fb, 47);
	fb_gre(&fb, 0xb000, 0x0800);	/* C, K, S */
	fb_ipv4(&fb, 6, "10.0.0.1", "10.0.0.2", NULL, 0);
	fb_tcp(&fb);
	fb_payload(&fb, 30, 94);
	fb_finish(&fb);
	ADD("gre-cks-ipv4-tcp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(GRE, GOOD, 0), W(IPV4, GOOD, 0), W(TCP, GOOD, 0));

	eth4(&fb, 47);
	fb_gre(&fb, 0x2000, 0x86dd);	/* K only: no GRE checksum */
	fb_ipv6(&fb, 17, A6, B6);
	fb_udp(&fb, 0);
	fb_payload(&fb, 30, 95);
	fb_finish(&fb);
	ADD("gre-k-ipv6-udp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0));

	{
		static const unsigned q[] = { 0x8100 };

		eth4(&fb, 47);
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

	eth6(&fb, 47);
	fb_gre(&fb, 0x8000, 0x0800);
	fb_ipv4(&fb, 1, "10.0.0.1", "10.0.0.2", NULL, 0);
	fb_icmp(&fb, 0, 0, 0);
	fb_payload(&fb, 31, 97);
	fb_finish(&fb);
	ADD("gre6-c-ipv4-icmp", 1, &fb, "", LAST, W(GRE, GOOD, 0),
	    W(IPV4, GOOD, 0), W(ICMP, GOOD, 0));

	eth4(&fb, 47);
	fb_gre(&fb, 0x2001, 0x880b);	/* version 1: PPTP */
	fb_payload(&fb, 30, 98);
	fb_finish(&fb);
	ADD("gre-v1", 1, &fb, "PPTP", NO_MUT, W(IPV4, GOOD, 0));

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
	eth4(&fb, 1);
	fb_icmp(&fb, 3, 3, 0);
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
	eth4(&fb, 1);
	fb_icmp(&fb, 11, 0, 0);
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
	eth6(&fb, 58);
	fb_icmp(&fb, 1, 4, 1);
	fb_raw(&fb, in.b, 48);
	fb_finish(&fb);
	ADD("icmpv6-unreach-quote", 1, &fb, "", LAST, W(ICMPV6, GOOD, 0),
	    W(UDP, UNVERIFIED, "quoted"));

	/* An echo reply is not an error: its data is not parsed. */
	eth4(&fb, 1);
	fb_icmp(&fb, 0, 0, 0);
	fb_raw(&fb, in.b, 48);
	fb_finish(&fb);
	ADD("icmp-echo-not-quote", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0));
}

size_t
catalog_build(struct tcase **out)
{
	ncases = 0;
	basics();
	udp_rules();
	partial();
	links();
	lengths();
	ipv4_more();
	ipv6_ext();
	tunnels();
	*out = cases;
	return ncases;
}
