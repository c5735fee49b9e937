/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/catalog.c - hand-built frames for every rule the packet
 * module implements (docs/packet.md), each with the verdicts it must get.
 * Frames are built correct by frames.c and then broken on purpose where a
 * case needs it; test_packet.c also corrupts every GOOD field of every
 * case, and test_truncate.c cuts every case at every byte.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"

static void macsec_frames(void);
static void avsp_frames(void);
static void l2_tag_frames(void);
static void nflog_ipnet_frames(void);
static void pktap_frames(void);
static void arcnet_frames(void);
static void prefix_frames(void);

#define MAX_CASES 512
static struct tcase cases[MAX_CASES];
static size_t ncases;

struct tcase *
catalog_add(const char *name, int lt, const struct fb *fb, const char *note,
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
	t->alt_form = 0;
	t->mut = mut == LAST ? fb->len - 1 : mut;
	return t;
}

void
catalog_ipv4_recsum(uint8_t *h)
{
	put16(h + 10, 0);
	put16(h + 10, ref_csum(h, (size_t)(h[0] & 15) * 4, 0));
}

struct fb_rec *
catalog_eth4(struct fb *fb, unsigned proto)
{
	fb_init(fb);
	fb_eth(fb, NULL, 0, 0x0800);
	return fb_ipv4(fb, proto, A4, B4, NULL, 0);
}

struct fb_rec *
catalog_eth6(struct fb *fb, unsigned nh)
{
	fb_init(fb);
	fb_eth(fb, NULL, 0, 0x86dd);
	return fb_ipv6(fb, nh, A6, B6);
}

void
catalog_udp_ports(struct fb *fb, size_t off, unsigned sport, unsigned dport)
{
	put16(fb->b + off, sport);
	put16(fb->b + off + 2, dport);
}

void
catalog_udp_recsum(struct fb *fb, const struct fb_rec *ip, size_t off)
{
	size_t len = get16(fb->b + off + 4);
	uint16_t v;

	put16(fb->b + off + 6, 0);
	v = ref_csum(fb->b + off, len, fb_pseudo(ip, 17, len));
	put16(fb->b + off + 6, v ? v : 0xffff);
}

void
catalog_inner_tcp4(struct fb *fb, unsigned seed)
{
	fb_ipv4(fb, 6, "10.1.0.1", "10.1.0.2", NULL, 0);
	fb_tcp(fb);
	fb_payload(fb, 24, seed);
}

/* Plain protocols over IPv4 and IPv6, VLAN stacks, padding. */
static void
basics(void)
{
	static const unsigned q1[] = { 0x8100 };
	static const unsigned q2[] = { 0x88a8, 0x8100 };
	static const unsigned q3[] = { 0x9100, 0x88a8, 0x8100 };
	/* Frames that end in an ethertype, and the note each gets. */
	static const struct {
		const char *name;
		unsigned type;
		const char *note;
	} ends[] = {
		{ "arp", 0x0806, "" },
		{ "aoe", 0x88a2, "" },
		{ "tipc", 0x88ca, "" },
		{ "profinet-rt", 0x8892, "" },
		{ "cfm", 0x8902, "" },
		{ "fcoe", 0x8906, "ethertype not parsed" },
		{ "unknown-ethertype", 0x88b5, "ethertype not parsed" },
	};
	struct fb fb;
	size_t i;

	catalog_eth4(&fb, 6);
	fb_tcp(&fb);
	fb_payload(&fb, 101, 1);
	fb_finish(&fb);
	ADD("ipv4-tcp", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(TCP, GOOD, 0));

	catalog_eth4(&fb, 17);
	fb_udp(&fb, 0);
	fb_payload(&fb, 33, 2);
	fb_finish(&fb);
	ADD("ipv4-udp", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(UDP, GOOD, 0));

	catalog_eth4(&fb, 1);
	fb_icmp(&fb, 8, 0, 0);
	fb_payload(&fb, 56, 3);
	fb_finish(&fb);
	ADD("ipv4-icmp-echo", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(ICMP, GOOD, 0));

	catalog_eth4(&fb, 2);
	fb_igmp(&fb);
	fb_finish(&fb);
	ADD("ipv4-igmp", 1, &fb, "", LAST, W(IPV4, GOOD, 0), W(IGMP, GOOD, 0));

	catalog_eth6(&fb, 6);
	fb_tcp(&fb);
	fb_payload(&fb, 200, 4);
	fb_finish(&fb);
	ADD("ipv6-tcp", 1, &fb, "", LAST, W(TCP, GOOD, 0));

	catalog_eth6(&fb, 17);
	fb_udp(&fb, 0);
	fb_payload(&fb, 7, 5);
	fb_finish(&fb);
	ADD("ipv6-udp", 1, &fb, "", LAST, W(UDP, GOOD, 0));

	catalog_eth6(&fb, 58);
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
	catalog_eth4(&fb, 17);
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
	catalog_eth4(&fb, 6);
	fb_tcp(&fb);
	fb_finish(&fb);
	fb_raw(&fb, "\x01\x02\x03\x04\x05\x06", 6);
	ADD("ethernet-padding-tcp", 1, &fb, "", 14 + 20 + 19,
	    W(IPV4, GOOD, 0), W(TCP, GOOD, 0));
	catalog_eth6(&fb, 58);
	fb_icmp(&fb, 128, 0, 1);
	fb_finish(&fb);
	fb_raw(&fb, "\x01\x02\x03", 3);
	ADD("ethernet-padding-icmpv6", 1, &fb, "", 14 + 40 + 7,
	    W(ICMPV6, GOOD, 0));

	/* A corrupted field of each kind, as built (others are in tests). */
	catalog_eth4(&fb, 6);
	fb_tcp(&fb);
	fb_payload(&fb, 20, 11);
	fb_finish(&fb);
	fb.b[14 + 20 + 16] ^= 0x40;
	fb.b[14 + 10] ^= 0x01;
	ADD("ipv4-tcp-both-bad", 1, &fb, "", LAST, W(IPV4, BAD, 0),
	    W(TCP, BAD, 0));

	/* ARP has no checksum: parsed to its end, and so are ATA over
	 * Ethernet, TIPC, PROFINET and CFM, with nothing IP inside.  FCoE
	 * may carry IP over Fibre Channel, and unknown types: noted. */
	for (i = 0; i < sizeof(ends) / sizeof(ends[0]); i++) {
		fb_init(&fb);
		fb_eth(&fb, NULL, 0, ends[i].type);
		fb_payload(&fb, ends[i].type == 0x0806 ? 28 : 46,
			   (unsigned)(12 + i));
		ADD0(ends[i].name, 1, &fb, ends[i].note);
	}
	macsec_frames();
	avsp_frames();
	l2_tag_frames();
	nflog_ipnet_frames();
	pktap_frames();
	arcnet_frames();
	prefix_frames();
	/* ESP over IPv4: the payload is encrypted, counted as such. */
	catalog_eth4(&fb, 50);
	fb_payload(&fb, 64, 17);
	fb_finish(&fb);
	ADD("ipv4-esp", 1, &fb, "not parsable (encrypted): ESP", NO_MUT,
	    W(IPV4, GOOD, 0));
}

/*
 * MACsec (IEEE 802.1AE): integrity only (TCI 0x00, a 6-byte SecTAG; and
 * with an SCI, TCI 0x20, 14 bytes), the original ethertype and an IPv4/TCP
 * packet in clear, a 16-byte ICV at the end, which the IP length leaves
 * out; then encrypted (TCI 0x2c: SC, E, C), which is counted as not
 * parsable; and a SecTAG cut short.  A short frame's SecTAG gives its
 * secure data's length (SL, under 48 bytes), which bounds the data
 * whatever follows: a 12-byte ICV, or an SL longer than the frame.
 */
/* Integrity-only MACsec with SecTAG 'tag' around an IPv4/TCP packet. */
static void
macsec_clear(const char *name, const uint8_t *tag, size_t ntag,
	     size_t payload, unsigned seed)
{
	uint8_t icv[16];
	struct fb fb;

	memset(icv, 0xa5, sizeof(icv));
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x88e5);
	fb_raw(&fb, tag, ntag);
	fb_ipv4(&fb, 6, A4, B4, NULL, 0);
	fb_tcp(&fb);
	fb_payload(&fb, payload, seed);
	fb_finish(&fb);
	fb_raw(&fb, icv, sizeof(icv));
	/* A payload byte before the ICV, which TCP covers, as the mutation. */
	ADD(name, 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0))->mut = fb.len - sizeof(icv) - 1;
}

/* IPv4/UDP with 4 bytes of data under a SecTAG whose SL is 'sl', and an
 * ICV of 'nicv' bytes. */
static void
macsec_short(struct fb *fb, unsigned sl, size_t nicv)
{
	uint8_t tag[8] = { 0x00, 0x00, 0x00, 0x00, 0x00, 0x45, 0x08, 0x00 };
	uint8_t icv[16];

	tag[1] = (uint8_t)sl;
	memset(icv, 0x5a, sizeof(icv));
	fb_init(fb);
	fb_eth(fb, NULL, 0, 0x88e5);
	fb_raw(fb, tag, sizeof(tag));
	fb_ipv4(fb, 17, A4, B4, NULL, 0);
	fb_udp(fb, 0);
	fb_payload(fb, 4, 21);
	fb_finish(fb);
	fb_raw(fb, icv, nicv);
}

static void
macsec_frames(void)
{
	static const uint8_t tag[] = { 0x00, 0x00, 0x00, 0x00, 0x00, 0x07,
				       0x08, 0x00 };
	static const uint8_t tag_sci[] = {
		0x20, 0x00, 0x00, 0x00, 0x00, 0x09,
		0x02, 0x00, 0x5e, 0x10, 0x00, 0x01, 0x00, 0x01, 0x08, 0x00,
	};
	static const uint8_t enc[] = { 0x2c, 0x00, 0x00, 0x00, 0x00, 0x0b };
	struct fb fb;
	int i;

	macsec_clear("macsec-integrity", tag, sizeof(tag), 40, 18);
	macsec_clear("macsec-integrity-sci", tag_sci, sizeof(tag_sci), 33, 19);
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x88e5);
	fb_raw(&fb, enc, sizeof(enc));
	fb_payload(&fb, 80, 20);
	ADD0("macsec-encrypted", 1, &fb, "not parsable (encrypted): MACsec");
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x88e5);
	fb_raw(&fb, enc, 3);
	ADD0("macsec-cut", 1, &fb, "truncated in the MACsec SecTAG");
	/* SL 34: the ethertype and the 32-byte IPv4 packet. */
	macsec_short(&fb, 34, 12);
	ADD("macsec-short-length", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0))->mut = fb.len - 12 - 1;
	macsec_short(&fb, 47, 12);
	ADD0("macsec-short-length-past", 1, &fb, "short length outside");
	/* MACsec in MACsec, ten deep: a level each, as tunnels are. */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x88e5);
	for (i = 0; i < 10; i++) {
		fb_raw(&fb, tag, 6);
		fb_raw(&fb, i < 9 ? "\x88\xe5" : "\x08\x00", 2);
	}
	fb_ipv4(&fb, 6, A4, B4, NULL, 0);
	fb_tcp(&fb);
	fb_finish(&fb);
	for (i = 0; i < 10; i++)
		fb_raw(&fb, tag, 8);	/* 16 bytes of ICV per level */
	for (i = 0; i < 10; i++)
		fb_raw(&fb, tag, 8);
	ADD0("macsec-too-deep", 1, &fb, "tunnels nested too deep");
}

/*
 * Arista's timestamp header (ethertype 0xd28b; packet/link.c): subtype 1,
 * a version that gives the timestamp's size (64 bits: 0x0010 TAI, 0x0110
 * UTC; 48 bits: 0x0020, 0x0120), the timestamp, the original ethertype.
 * Behind it IPv4/TCP, and a VLAN tag and IPv6/UDP; under a VLAN tag; then
 * the forms with no known length (another subtype, an unknown version),
 * and a header cut short.
 */
static void
avsp_frames(void)
{
	static const uint8_t ts64[] = { 0x00, 0x01, 0x00, 0x10, 0x5c, 0xee,
		0xed, 0x37, 0x38, 0x4b, 0x4d, 0xc8, 0x08, 0x00 };
	static const uint8_t ts48_utc[] = { 0x00, 0x01, 0x01, 0x20, 0xed, 0x37,
		0x38, 0x4b, 0x4d, 0xc8, 0x81, 0x00, 0x00, 0x65, 0x86, 0xdd };
	static const uint8_t ts64_utc[] = { 0x00, 0x01, 0x01, 0x10, 0x5c, 0xee,
		0xed, 0x38, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00 };
	static const uint8_t tgen[] = { 0xca, 0xfe, 0x00, 0x01, 0x00, 0x00,
		0x00, 0x07, 0x00, 0x10 };
	static const uint8_t ver_unknown[] = { 0x00, 0x01, 0x00, 0x30, 0x00,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x00 };
	static const unsigned q1[] = { 0x8100 };
	struct fb fb;

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0xd28b);
	fb_raw(&fb, ts64, sizeof(ts64));
	fb_ipv4(&fb, 6, A4, B4, NULL, 0);
	fb_tcp(&fb);
	fb_payload(&fb, 24, 22);
	fb_finish(&fb);
	ADD("avsp-ts64-ipv4-tcp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0xd28b);
	fb_raw(&fb, ts48_utc, sizeof(ts48_utc));
	fb_ipv6(&fb, 17, A6, B6);
	fb_udp(&fb, 0);
	fb_payload(&fb, 17, 23);
	fb_finish(&fb);
	ADD("avsp-ts48-vlan-ipv6-udp", 1, &fb, "", LAST, W(UDP, GOOD, 0));

	fb_init(&fb);
	fb_eth(&fb, q1, 1, 0xd28b);
	fb_raw(&fb, ts64_utc, sizeof(ts64_utc));
	fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	fb_udp(&fb, 0);
	fb_payload(&fb, 9, 24);
	fb_finish(&fb);
	ADD("vlan-avsp-ts64-ipv4-udp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0));

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0xd28b);
	fb_raw(&fb, tgen, sizeof(tgen));
	fb_payload(&fb, 16, 25);
	ADD0("avsp-tgen", 1, &fb, "Arista (AVSP) subtype not parsed");

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0xd28b);
	fb_raw(&fb, ver_unknown, sizeof(ver_unknown));
	fb_ipv4(&fb, 6, A4, B4, NULL, 0);
	fb_tcp(&fb);
	fb_finish(&fb);
	ADD0("avsp-version-unknown", 1, &fb,
	     "Arista (AVSP) timestamp version not parsed");

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0xd28b);
	fb_raw(&fb, ts64, 9);
	ADD0("avsp-short", 1, &fb,
	     "Arista (AVSP) header past the end of its packet");
	/* The same bytes of a longer frame, cut by the snapshot length. */
	fb_payload(&fb, 40, 26);
	ADD0("avsp-snapshot-cut", 1, &fb,
	     "truncated in the Arista (AVSP) header")->len = 14 + 9;
}

/*
 * The other headers before the network layer that tshark decodes through
 * (packet/link.c): 802.1ah PBB (an I-TAG and the customer's Ethernet
 * header, here under an S-tag and over a C-tag), Cisco FabricPath (its
 * tag, then a whole Ethernet frame; an FCS after), Cisco's VN-Tag (4 bytes)
 * and the 802.1BR E-Tag (6 bytes), each followed by the next ethertype;
 * then each of them ending the packet early, or cut by the snapshot; and
 * Cisco ISL, told by its destination address.
 */
static void
l2_tag_frames(void)
{
	static const uint8_t itag[] = { 0x60, 0x01, 0x02, 0x03 };
	static const uint8_t vntag[] = { 0x80, 0x05, 0x00, 0x07, 0x08, 0x00 };
	static const uint8_t etag[] = { 0x20, 0x00, 0x00, 0x11, 0x00, 0x00,
					0x86, 0xdd };
	static const uint8_t fptag[] = { 0x40, 0x20 };
	static const unsigned s1[] = { 0x88a8 }, q1[] = { 0x8100 };
	struct fb fb;
	uint16_t islen;

	fb_init(&fb);
	fb_eth(&fb, s1, 1, 0x88e7);
	fb_raw(&fb, itag, sizeof(itag));
	fb_eth(&fb, q1, 1, 0x0800);
	fb_ipv4(&fb, 6, A4, B4, NULL, 0);
	fb_tcp(&fb);
	fb_payload(&fb, 30, 27);
	fb_finish(&fb);
	ADD("pbb-vlan-ipv4-tcp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x8926);
	fb_raw(&fb, vntag, sizeof(vntag));
	fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	fb_udp(&fb, 0);
	fb_payload(&fb, 21, 28);
	fb_finish(&fb);
	ADD("vntag-ipv4-udp", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0));

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x893f);
	fb_raw(&fb, etag, sizeof(etag));
	fb_ipv6(&fb, 6, A6, B6);
	fb_tcp(&fb);
	fb_payload(&fb, 15, 29);
	fb_finish(&fb);
	ADD("etag-ipv6-tcp", 1, &fb, "", LAST, W(TCP, GOOD, 0));

	/* Cisco FabricPath: the FTag and TTL, then a whole Ethernet frame;
	 * with the 4-byte FCS that Wireshark expects at the end. */
	fb_init(&fb);
	fb_eth(&fb, q1, 1, 0x8903);
	fb_raw(&fb, fptag, sizeof(fptag));
	fb_eth(&fb, q1, 1, 0x0800);
	fb_ipv4(&fb, 6, A4, B4, NULL, 0);
	fb_tcp(&fb);
	fb_payload(&fb, 30, 31);
	fb_finish(&fb);
	fb_raw(&fb, "\x12\x34\x56\x78", 4);
	ADD("fabricpath-vlan-ipv4-tcp", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0))->mut = 18 + 2 + 18 + 40 + 3;	/* payload */
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x8903);
	fb_raw(&fb, fptag, 1);
	ADD0("fabricpath-short", 1, &fb,
	     "FabricPath tag past the end of its packet");

	/* Cisco ISL: 01-00-0c-00-00 and frame type 0 (Ethernet), the
	 * sender, a length from byte 14, aa aa 03, the sender's OUI, VLAN 5,
	 * index, reserved; then an Ethernet frame with its FCS, which the
	 * length counts (tcpdump's DTP.pcap carries DTP so). */
	fb_init(&fb);
	fb_raw(&fb, "\x01\x00\x0c\x00\x00\x00\x02\x00\x00\x00\x00\x07", 12);
	fb_len16(&fb, 0, 2);
	fb_raw(&fb, "\0\0", 2);
	fb_raw(&fb, "\xaa\xaa\x03\x00\x00\x0c\x00\x0a\x00\x00\x00\x00",
	       12);
	fb_eth(&fb, NULL, 0, 0x0800);
	fb_ipv4(&fb, 6, A4, B4, NULL, 0);
	fb_tcp(&fb);
	fb_payload(&fb, 30, 33);
	fb_finish(&fb);
	fb_raw(&fb, "\x12\x34\x56\x78", 4);
	islen = (uint16_t)(fb.len - 14);
	put16(fb.b + 12, islen);
	ADD("isl-ipv4-tcp", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0))->mut = 26 + 14 + 40 + 3;	/* payload */
	/* A length past the frame: parsed as far as it goes, and said. */
	put16(fb.b + 12, (uint16_t)(islen + 100));
	ADD("isl-length-past", 1, &fb, "ISL length past", NO_MUT,
	    W(IPV4, GOOD, 0), W(TCP, GOOD, 0));
	put16(fb.b + 12, 11);
	ADD0("isl-length-short", 1, &fb, "ISL length below");
	put16(fb.b + 12, islen);
	fb.b[5] = 0x10;		/* Token Ring */
	ADD0("isl-token-ring", 1, &fb, "ISL frame type not Ethernet");

	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x88e7);
	fb_raw(&fb, itag, 3);
	ADD0("pbb-short", 1, &fb, "802.1ah I-TAG past the end of its packet");
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x8926);
	fb_raw(&fb, vntag, 5);
	ADD0("vntag-short", 1, &fb, "VN-Tag past the end of its packet");
	fb_payload(&fb, 40, 30);
	ADD0("vntag-snapshot-cut", 1, &fb, "truncated in a VN-Tag")->len =
		14 + 5;
	fb_init(&fb);
	fb_eth(&fb, NULL, 0, 0x893f);
	fb_raw(&fb, etag, 7);
	ADD0("etag-short", 1, &fb, "E-Tag past the end of its packet");
}

/* An IPv4/TCP (v6 0) or IPv6/UDP (v6 1) packet, built whole, into 'ip'. */
static void
bare_ip(struct fb *ip, int v6, size_t payload, unsigned seed)
{
	fb_init(ip);
	if (v6) {
		fb_ipv6(ip, 17, A6, B6);
		fb_udp(ip, 0);
	} else {
		fb_ipv4(ip, 6, A4, B4, NULL, 0);
		fb_tcp(ip);
	}
	fb_payload(ip, payload, seed);
	fb_finish(ip);
}

/* A frame of the link-layer bytes 'pre', then the packet built in 'ip'. */
static void
fb_after(struct fb *fb, const uint8_t *pre, size_t npre, const struct fb *ip)
{
	fb_init(fb);
	fb_raw(fb, pre, npre);
	fb_raw(fb, ip->b, ip->len);
}

/* 'v' as 2 bytes in the order 'big' says (NFLOG's TLVs: the host's). */
static void
put16_order(uint8_t *p, unsigned v, int big)
{
	p[big ? 0 : 1] = (uint8_t)(v >> 8);
	p[big ? 1 : 0] = (uint8_t)v;
}

/*
 * NFLOG (LINKTYPE_NFLOG 239): the family, a packet-header TLV (type 1),
 * the payload TLV (type 9) holding the IP packet, padded to 4 bytes; TLVs
 * little-endian as an x86 host writes them, and once big-endian.  Then
 * ipnet (LINKTYPE_IPNET 226): a 24-byte header with the family, the IP
 * packet.  Each: good, a payload byte as the mutation; and the forms noted.
 */
static void
nflog_frame(struct fb *fb, int v6, int big, unsigned seed, int with_payload)
{
	struct fb ip;
	uint8_t h[4] = { 0, 0, 0, 0 }, t1[8], t9[4], pad[3] = { 0, 0, 0 };

	bare_ip(&ip, v6, 37, seed);
	h[0] = v6 ? 10 : 2;
	put16_order(t1, 8, big);
	put16_order(t1 + 2, 1, big);
	t1[4] = v6 ? 0x86 : 0x08;	/* hw_protocol, network order */
	t1[5] = v6 ? 0xdd : 0x00;
	t1[6] = 3;			/* hook */
	t1[7] = 0;
	put16_order(t9, 4 + (unsigned)ip.len, big);
	put16_order(t9 + 2, with_payload ? 9 : 10, big);
	fb_init(fb);
	fb_raw(fb, h, sizeof(h));
	fb_raw(fb, t1, sizeof(t1));
	fb_raw(fb, t9, sizeof(t9));
	fb_raw(fb, ip.b, ip.len);
	fb_raw(fb, pad, (4 - ip.len % 4) % 4);
}

static void
nflog_ipnet_frames(void)
{
	struct fb fb, ip;
	uint8_t hdr[24];

	nflog_frame(&fb, 0, 0, 21, 1);
	ADD("nflog-ipv4-tcp", 239, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0))->mut = 4 + 8 + 4 + 20 + 20 + 3;
	nflog_frame(&fb, 1, 0, 22, 1);
	ADD("nflog-ipv6-udp", 239, &fb, "", NO_MUT,
	    W(UDP, GOOD, 0))->mut = 4 + 8 + 4 + 40 + 8 + 3;
	nflog_frame(&fb, 0, 1, 23, 1);
	ADD("nflog-big-endian-tlvs", 239, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));
	nflog_frame(&fb, 0, 0, 24, 0);
	ADD0("nflog-no-payload-tlv", 239, &fb,
	     "NFLOG frame without a payload TLV");

	memset(hdr, 0, sizeof(hdr));
	hdr[0] = 1;			/* dli_version */
	bare_ip(&ip, 0, 29, 25);
	hdr[1] = 2;			/* AF_INET */
	put16(hdr + 6, (unsigned)ip.len);	/* dli_pktlen (low half) */
	fb_after(&fb, hdr, sizeof(hdr), &ip);
	ADD("ipnet-ipv4-tcp", 226, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));
	bare_ip(&ip, 1, 31, 26);
	hdr[1] = 26;			/* Solaris AF_INET6 */
	put16(hdr + 6, (unsigned)ip.len);
	fb_after(&fb, hdr, sizeof(hdr), &ip);
	ADD("ipnet-ipv6-udp", 226, &fb, "", LAST, W(UDP, GOOD, 0));
	hdr[1] = 7;
	fb_after(&fb, hdr, sizeof(hdr), &ip);
	ADD0("ipnet-unknown-family", 226, &fb, "ipnet family not parsed");
}

/*
 * Apple PKTAP (LINKTYPE_PKTAP 258, and Darwin's DLT 149 as older macOS
 * wrote it): a 108-byte header, little-endian as a Mac writes it, then
 * a packet of its pth_dlt: Ethernet, DLT_NULL, Darwin's DLT_RAW (12);
 * once with the header big-endian; and a record that holds no packet.
 */
static void
pktap_header(struct fb *fb, unsigned dlt, unsigned type, int big)
{
	uint8_t h[108];
	unsigned i;
	const unsigned w[3] = { sizeof(h), type, dlt };

	memset(h, 0, sizeof(h));
	for (i = 0; i < 3; i++) {
		uint8_t *p = h + 4 * i;

		p[big ? 0 : 3] = (uint8_t)(w[i] >> 24);
		p[big ? 1 : 2] = (uint8_t)(w[i] >> 16);
		p[big ? 2 : 1] = (uint8_t)(w[i] >> 8);
		p[big ? 3 : 0] = (uint8_t)w[i];
	}
	memcpy(h + 12, "en0", 3);
	fb_init(fb);
	fb_raw(fb, h, sizeof(h));
}

static void
pktap_frames(void)
{
	static const uint8_t af_inet_le[4] = { 2, 0, 0, 0 };
	struct fb fb, ip;

	pktap_header(&fb, 1, 1, 0);
	fb_eth(&fb, NULL, 0, 0x0800);
	fb_ipv4(&fb, 6, A4, B4, NULL, 0);
	fb_tcp(&fb);
	fb_payload(&fb, 41, 27);
	fb_finish(&fb);
	ADD("pktap-ether-ipv4-tcp", 258, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));
	bare_ip(&ip, 0, 35, 28);
	pktap_header(&fb, 0, 1, 0);
	fb_raw(&fb, af_inet_le, sizeof(af_inet_le));
	fb_raw(&fb, ip.b, ip.len);
	ADD("pktap-null-ipv4-tcp", 258, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));
	bare_ip(&ip, 1, 30, 29);
	pktap_header(&fb, 12, 1, 0);
	fb_raw(&fb, ip.b, ip.len);
	ADD("pktap-raw-ipv6-udp", 258, &fb, "", LAST, W(UDP, GOOD, 0));
	bare_ip(&ip, 1, 30, 30);
	pktap_header(&fb, 12, 1, 0);
	fb_raw(&fb, ip.b, ip.len);
	ADD("pktap-149-raw-ipv6-udp", 149, &fb, "", LAST, W(UDP, GOOD, 0));
	bare_ip(&ip, 0, 30, 31);
	pktap_header(&fb, 12, 1, 1);
	fb_raw(&fb, ip.b, ip.len);
	ADD("pktap-big-endian-header", 258, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));
	pktap_header(&fb, 1, 2, 0);
	fb_payload(&fb, 20, 32);
	ADD0("pktap-no-packet", 258, &fb, "PKTAP record without a packet");
}

/*
 * Linux ARCNET (LINKTYPE_ARCNET_LINUX 129): IPv4 in the RFC 1201 form
 * (protocol 212, split flag 0, sequence), in the RFC 1051 form (240, the
 * packet right after the protocol id), IPv6 (196, the RFC 1201 form), a
 * split packet's first piece (parsed) and a later piece (noted, not
 * reassembled), and another protocol (noted).
 */
static void
arcnet_frames(void)
{
	static const uint8_t h1201[8] = { 0x01, 0x02, 0x00, 0x00, 212, 0, 0,
					  7 };
	static const uint8_t h1051[5] = { 0x01, 0x02, 0x00, 0x00, 240 };
	static const uint8_t h6[8] = { 0x01, 0x02, 0x00, 0x00, 196, 0, 0, 8 };
	static const uint8_t hsplit[8] = { 0x01, 0x02, 0x00, 0x00, 212, 3, 0,
					   9 };
	static const uint8_t hlater[8] = { 0x01, 0x02, 0x00, 0x00, 212, 2, 0,
					   9 };
	static const uint8_t harp[8] = { 0x01, 0x02, 0x00, 0x00, 213, 0, 0,
					 1 };
	struct fb fb, ip;

	bare_ip(&ip, 0, 26, 33);
	fb_after(&fb, h1201, sizeof(h1201), &ip);
	ADD("arcnet-1201-ipv4-tcp", 129, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));
	fb_after(&fb, h1051, sizeof(h1051), &ip);
	ADD("arcnet-1051-ipv4-tcp", 129, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));
	bare_ip(&ip, 1, 26, 34);
	fb_after(&fb, h6, sizeof(h6), &ip);
	ADD("arcnet-ipv6-udp", 129, &fb, "", LAST, W(UDP, GOOD, 0));
	bare_ip(&ip, 0, 26, 37);
	fb_after(&fb, hsplit, sizeof(hsplit), &ip);
	ADD("arcnet-split-first", 129, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0));
	fb_init(&fb);
	fb_raw(&fb, hlater, sizeof(hlater));
	fb_payload(&fb, 60, 36);
	ADD0("arcnet-split-later", 129, &fb, "a later piece, not reassembled");
	fb_init(&fb);
	fb_raw(&fb, harp, sizeof(harp));
	fb_payload(&fb, 28, 35);
	ADD0("arcnet-arp", 129, &fb, "ARCNET protocol not parsed");
}

/*
 * Link types that put a fixed header before a framing parsed elsewhere,
 * each with an IPv4/TCP packet: OpenBSD enc
 * (109) and pflog (117, its 61-byte header padded to 64), ATM RFC 1483
 * LLC/SNAP (100), PPP and Cisco HDLC with a direction byte (204, 205), an
 * MPLS label stack (219).
 */
static void
prefixed(const char *name, int lt, const uint8_t *pre, size_t npre)
{
	struct fb fb, ip;

	bare_ip(&ip, 0, 23, (unsigned)lt);
	fb_after(&fb, pre, npre, &ip);
	ADD(name, lt, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(TCP, GOOD, 0))->mut = npre + 40 + 5;
}

static void
prefix_frames(void)
{
	static const uint8_t enc_h[12] = { 2, 0, 0, 0, 0, 0, 0x10, 0x01,
					   0, 0, 0, 0 };
	static const uint8_t snap[8] = { 0xaa, 0xaa, 0x03, 0, 0, 0, 0x08, 0 };
	static const uint8_t ppp_dir[5] = { 0x00, 0xff, 0x03, 0x00, 0x21 };
	static const uint8_t chdlc_dir[5] = { 0x01, 0x0f, 0x00, 0x08, 0x00 };
	static const uint8_t mpls[4] = { 0x00, 0x01, 0x01, 0x40 };
	uint8_t pflog_h[64];

	memset(pflog_h, 0, sizeof(pflog_h));
	pflog_h[0] = 61;	/* PFLOG_HDRLEN: the header less its padding */
	pflog_h[1] = 2;		/* AF_INET */
	memcpy(pflog_h + 4, "em0", 3);
	prefixed("enc-ipv4-tcp", 109, enc_h, sizeof(enc_h));
	prefixed("pflog-ipv4-tcp", 117, pflog_h, sizeof(pflog_h));
	prefixed("atm-rfc1483-ipv4-tcp", 100, snap, sizeof(snap));
	prefixed("ppp-with-dir-ipv4-tcp", 204, ppp_dir, sizeof(ppp_dir));
	prefixed("chdlc-with-dir-ipv4-tcp", 205, chdlc_dir, sizeof(chdlc_dir));
	prefixed("mpls-ipv4-tcp", 219, mpls, sizeof(mpls));
	/* BSD DLT numbers in files: DLT_RAW (12, 14), OpenBSD's DLT_ENC
	 * (13); and Cisco HDLC on the PPP link types (9, 204), which
	 * Wireshark's PPP dissector recognizes by the first byte. */
	prefixed("dlt-raw-12-ipv4-tcp", 12, enc_h, 0);
	prefixed("dlt-enc-13-ipv4-tcp", 13, enc_h, sizeof(enc_h));
	prefixed("dlt-raw-14-ipv4-tcp", 14, enc_h, 0);
	prefixed("ppp-chdlc-ipv4-tcp", 9, chdlc_dir + 1, 4);
	prefixed("ppp-with-dir-chdlc-ipv4-tcp", 204, chdlc_dir, 5);
}

/* TCP data offset below 5: a bogus header length (as tshark says). */
static void
tcp_header_length(void)
{
	struct fb fb;

	catalog_eth4(&fb, 6);
	fb_tcp(&fb);
	fb_payload(&fb, 20, 14);
	fb_finish(&fb);
	fb.b[14 + 20 + 12] = 0x30;	/* data offset 3; checksum now wrong */
	ADD("tcp-data-offset-3", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(TCP, UNVERIFIED, "header length"));
}

/* UDP zero rules, UDP-Lite coverage, computed-zero checksums. */
static void
udp_rules(void)
{
	struct fb fb;
	struct fb_rec *u;
	size_t off;
	struct tcase *t;

	catalog_eth4(&fb, 17);
	fb_udp(&fb, 0);
	fb_payload(&fb, 20, 20);
	fb_finish(&fb);
	put16(fb.b + 14 + 20 + 6, 0);
	ADD("ipv4-udp-zero-none", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(UDP, NONE, 0));

	catalog_eth6(&fb, 17);
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
	catalog_eth4(&fb, 17);
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

	catalog_eth6(&fb, 17);
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
	catalog_eth4(&fb, 6);
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
	catalog_eth4(&fb, 136);
	fb_udp(&fb, 1);
	fb_payload(&fb, 40, 25);
	fb_finish(&fb);
	ADD("ipv4-udplite-cov0", 1, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDPLITE, GOOD, 0));

	catalog_eth6(&fb, 136);
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

	catalog_eth4(&fb, 136);
	u = fb_udp(&fb, 1);
	u->coverage = 4;
	fb_payload(&fb, 20, 27);
	fb_finish(&fb);
	ADD("udplite-cov-too-small", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(UDPLITE, UNVERIFIED, "coverage"));

	catalog_eth4(&fb, 136);
	u = fb_udp(&fb, 1);
	u->coverage = 29;
	fb_payload(&fb, 20, 28);
	fb_finish(&fb);
	ADD("udplite-cov-too-big", 1, &fb, "", NO_MUT, W(IPV4, GOOD, 0),
	    W(UDPLITE, UNVERIFIED, "coverage"));

	catalog_eth4(&fb, 136);
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

	ip = catalog_eth4(&fb, 6);
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

	ip = catalog_eth6(&fb, 17);
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

	/* Protocol 4, Linux's ETH_P_802_2: LLC/SNAP follows. */
	fb_init(&fb);
	fb_raw(&fb, sll, 14);
	fb_raw(&fb, "\x00\x04\xaa\xaa\x03\0\0\0\x08\x00", 10);
	fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	fb_udp(&fb, 0);
	fb_payload(&fb, 30, 44);
	fb_finish(&fb);
	ADD("sll-llc-snap-ipv4-udp", 113, &fb, "", LAST, W(IPV4, GOOD, 0),
	    W(UDP, GOOD, 0));

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
size_t
catalog_build(struct tcase **out)
{
	ncases = 0;
	basics();
	udp_rules();
	partial();
	links();
	catalog_lengths();
	catalog_ipv4();
	catalog_ipv6();
	catalog_tunnels();
	tcp_header_length();
	catalog_encap();
	catalog_overlay();
	catalog_links();
	catalog_other();
	catalog_nhrp();
	*out = cases;
	return ncases;
}
