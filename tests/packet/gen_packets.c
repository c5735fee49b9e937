/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/gen_packets.c - packets made by the packet operations
 * of issue 11, written to a pcap file (LINKTYPE_RAW, 101) for
 * tests/suites/26-packet-api.sh, which checks them with "inetcsum check"
 * and with tshark.  The checksums come only from the API under test:
 *   fill     random TCP/UDP packets of tests/packet/l4gen.c (IPv4 options,
 *            live LSRR, IPv6 extension headers, routing headers, Home
 *            Address; their checksum fields hold junk) and hand-built
 *            ICMP, ICMPv6, IGMP and GRE (checksum bit set, carrying
 *            IPv4/UDP) packets, and PIM, VRRP, EIGRP and DCCP ones (over
 *            IPv4 and IPv6, DCCP with a random checksum coverage), and
 *            SCTP ones (IPv4 and IPv6, any length: the last chunk need
 *            not be padded), each through inetcsum_ip_fill();
 *   nat      filled TCP/UDP packets after one to three rewrites of an
 *            address or a port (inetcsum_nat_addr/_port);
 *   ttl      filled IPv4 packets after one to five
 *            inetcsum_ipv4_ttl_dec(INETCSUM_TTL_VERIFY);
 *   gro      TCP packets cut by l4gen's reference GSO at a random MSS,
 *            verified (inetcsum_gro_verify) and merged back
 *            (inetcsum_gro_coalesce).
 * Nothing is verified here: that is the checkers' job, so a wrong value
 * stored by the API reaches the file.  The program fails only when a call
 * returns an error.  It prints how many packets of each kind it wrote and
 * how many checksums of each protocol they carry at their outer level.
 *
 * Usage: gen_packets FILE [seed]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inetcsum.h"
#include "inetcsum_packet.h"
#include "l4gen.h"

#define ROUNDS	300	/* per kind */
#define MAXSEG	64

static FILE *out;
static uint64_t rs;
static unsigned long n_ipv4, n_tcp, n_udp, n_icmp, n_icmpv6, n_igmp, n_gre;
static unsigned long n_pim, n_vrrp, n_eigrp, n_dccp, n_sctp;

static void
put32le(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static void
die(const char *what, int err)
{
	fprintf(stderr, "gen_packets: %s: %s\n", what,
		inetcsum_pkt_strerror(err));
	exit(1);
}

/* One record; counts the outer checksums the packet carries. */
static void
emit(const uint8_t *p, size_t len)
{
	static uint32_t ts;
	uint8_t h[16];
	size_t l4 = 40;
	unsigned proto = p[6];

	put32le(h, ++ts);
	put32le(h + 4, 0);
	put32le(h + 8, (uint32_t)len);
	put32le(h + 12, (uint32_t)len);
	if (fwrite(h, 16, 1, out) != 1 || fwrite(p, 1, len, out) != len) {
		perror("gen_packets: write");
		exit(1);
	}
	if (p[0] >> 4 == 4) {
		n_ipv4++;
		proto = p[9];
		l4 = (size_t)(p[0] & 15) * 4;
	} else {
		/* IPv6: step over extension headers (hop-by-hop 0,
		 * routing 43, destination options 60). */
		while ((proto == 0 || proto == 43 || proto == 60) &&
		       l4 + 8 <= len) {
			proto = p[l4];
			l4 += ((size_t)p[l4 + 1] + 1) * 8;
		}
	}
	n_tcp += proto == 6;
	n_udp += proto == 17;
	n_icmp += proto == 1;
	n_icmpv6 += proto == 58;
	n_igmp += proto == 2;
	n_gre += proto == 47;
	n_pim += proto == 103;
	n_vrrp += proto == 112;
	n_eigrp += proto == 88;
	n_dccp += proto == 33;
	n_sctp += proto == 132;
}

/* A random TCP/UDP packet from l4gen, its fields junk; the IP packet in
 * 'g->pkt + g->l3'. */
static int
make(struct l4gen *g, uint8_t *buf, size_t cap, unsigned shapes)
{
	if (l4gen_make(g, buf, cap, &rs, (size_t)(l4gen_rand(&rs) % 1400),
		       shapes) != 0 || g->big)
		return -1;
	return 0;
}

static void
fill(uint8_t *p, size_t len)
{
	int k = inetcsum_ip_fill(p, len, 0, NULL);

	if (k < 0)
		die("inetcsum_ip_fill", k);
}

/* IPv4 header, no options, checksum field junk. */
static size_t
ipv4(uint8_t *p, unsigned proto, size_t payload, unsigned ttl)
{
	memset(p, 0, 20);
	p[0] = 0x45;
	put16(p + 2, (unsigned)(20 + payload));
	put16(p + 4, (unsigned)l4gen_rand(&rs) & 0xffff);
	p[8] = (uint8_t)ttl;
	p[9] = (uint8_t)proto;
	put16(p + 10, 0xbeef);
	memcpy(p + 12, "\xc0\x00\x02\x07\xc6\x33\x64\x09", 8);
	return 20;
}

static void
junk(uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (uint8_t)l4gen_rand(&rs);
}

/* ICMP echo, ICMPv6 echo, IGMPv2 report, GRE(C) carrying IPv4/UDP. */
static void
other(unsigned i)
{
	uint8_t p[2048];
	size_t n = 8 + (size_t)(l4gen_rand(&rs) % 600), h;

	switch (i % 4) {
	case 0:
		h = ipv4(p, 1, n, 64);
		junk(p + h, n);
		p[h] = 8;
		p[h + 1] = 0;
		break;
	case 1:
		memset(p, 0, 40);
		p[0] = 0x60;
		put16(p + 4, (unsigned)n);
		p[6] = 58;
		p[7] = 64;
		memcpy(p + 8, "\x20\x01\x0d\xb8\0\0\0\0\0\0\0\0\0\0\0\x01", 16);
		memcpy(p + 24, "\x20\x01\x0d\xb8\0\0\0\0\0\0\0\0\0\0\0\x02", 16);
		h = 40;
		junk(p + h, n);
		p[h] = 128;
		p[h + 1] = 0;
		break;
	case 2:
		n = 8;
		h = ipv4(p, 2, n, 1);
		memcpy(p + h, "\x16\x00\x12\x34\xe0\x00\x00\xfb", 8);
		break;
	default:
		/* GRE with checksum (C bit, RFC 2784), then IPv4/UDP. */
		h = ipv4(p, 47, n + 8 + 20 + 8, 64);
		memcpy(p + h, "\x80\x00\x08\x00\x55\x55\x00\x00", 8);
		ipv4(p + h + 8, 17, n + 8, 63);
		put16(p + h + 28, 40000 + (unsigned)(l4gen_rand(&rs) % 1000));
		put16(p + h + 30, 9);
		put16(p + h + 32, (unsigned)n + 8);
		junk(p + h + 34, 2);
		junk(p + h + 36, n);
		n += 36;
		break;
	}
	fill(p, h + n);
	emit(p, h + n);
}

/* An IPv6 header, 2001:db8::1 to 2001:db8::2, for 'nh'. */
static size_t
ipv6(uint8_t *p, unsigned nh, size_t payload)
{
	memset(p, 0, 40);
	p[0] = 0x60;
	put16(p + 4, (unsigned)payload);
	p[6] = (uint8_t)nh;
	p[7] = 255;
	memcpy(p + 8, "\x20\x01\x0d\xb8\0\0\0\0\0\0\0\0\0\0\0\x01", 16);
	memcpy(p + 24, "\x20\x01\x0d\xb8\0\0\0\0\0\0\0\0\0\0\0\x02", 16);
	return 40;
}

/*
 * The protocols of packet/l4_other.c that tshark verifies: a PIM Hello
 * (IPv4, IPv6: pseudo-header), VRRPv2 (IPv4) and VRRPv3 (IPv6), EIGRP,
 * DCCP-Data over IPv4 and IPv6 with a random CsCov inside the packet.
 * Their bodies are junk; the checksum fields too, until fill.
 */
static void
routing(unsigned i)
{
	uint8_t p[2048];
	size_t n = (size_t)(l4gen_rand(&rs) % 400), h;
	int v6 = (i / 4) & 1;

	switch (i % 4) {
	case 0:		/* PIM Hello: version 2, type 0 */
		n += 4;
		h = v6 ? ipv6(p, 103, n) : ipv4(p, 103, n, 1);
		junk(p + h, n);
		p[h] = 0x20;
		break;
	case 1:		/* VRRP: version 2 over IPv4, 3 over IPv6 */
		n = 8 + 4 * (n % 8);
		h = v6 ? ipv6(p, 112, n) : ipv4(p, 112, n, 255);
		junk(p + h, n);
		p[h] = v6 ? 0x31 : 0x21;
		break;
	case 2:		/* EIGRP, version 2 */
		n += 20;
		h = v6 ? ipv6(p, 88, n) : ipv4(p, 88, n, 2);
		junk(p + h, n);
		p[h] = 2;
		break;
	default:	/* DCCP-Data with X = 1 (16-byte header) */
		n += 16;
		h = v6 ? ipv6(p, 33, n) : ipv4(p, 33, n, 64);
		junk(p + h, n);
		p[h + 4] = 4;
		/* CsCov 0 (all) or one whose coverage fits the packet. */
		p[h + 5] = (uint8_t)((p[h + 5] & 0xf0) |
				     (l4gen_rand(&rs) % (1 + (n - 16) / 4 + 1) %
				      16));
		p[h + 8] = (2 << 1) | 1;
		break;
	}
	fill(p, h + n);
	emit(p, h + n);
}

/*
 * SCTP over IPv4 and IPv6: the common header and one DATA chunk whose
 * length field covers the rest (unpadded when the length is not a
 * multiple of 4); the CRC32c field junk until fill.
 */
static void
sctp(unsigned i)
{
	uint8_t p[2048];
	size_t n = 12 + 16 + (size_t)(l4gen_rand(&rs) % 1200), h;

	h = (i & 1) ? ipv6(p, 132, n) : ipv4(p, 132, n, 64);
	junk(p + h, n);
	p[h + 12] = 0;			/* DATA */
	p[h + 13] = 3;			/* B and E */
	put16(p + h + 14, (unsigned)(n - 12));
	fill(p, h + n);
	emit(p, h + n);
}

static void
gro(void)
{
	static uint8_t pkt[8192], segs[65536], merged[8192];
	struct inetcsum_gro_seg s[MAXSEG];
	size_t lens[MAXSEG], nseg, k, off, mss;
	struct l4gen g;
	int r;

	for (;;) {
		if (l4gen_make(&g, pkt, sizeof(pkt), &rs,
			       1 + (size_t)(l4gen_rand(&rs) % 4000),
			       L4GEN_V4 | L4GEN_V6 | L4GEN_TCP) != 0 || g.big)
			continue;
		/* Linux's GRO merges no IPv4 with options (docs/packet.md). */
		if (!g.v6 && pkt[g.l3] != 0x45)
			continue;
		pkt[g.l4 + 13] = 0x18;	/* ACK PSH: flags a flow may merge */
		mss = 500 + (size_t)(l4gen_rand(&rs) % 1000);
		nseg = l4gen_ref_gso(&g, mss, 0, segs, sizeof(segs), lens,
				     MAXSEG);
		if (nseg != 0)
			break;
	}
	for (k = 0, off = 0; k < nseg; off += lens[k], k++) {
		s[k].pkt = segs + off + g.l3;
		s[k].len = lens[k] - g.l3;
	}
	if (inetcsum_gro_verify(s, nseg) != nseg)
		die("inetcsum_gro_verify", s[0].status);
	r = inetcsum_gro_coalesce(merged, sizeof(merged), s, nseg);
	if (r < 0)
		die("inetcsum_gro_coalesce", r);
	emit(merged, (size_t)r);
}

int
main(int argc, char **argv)
{
	static const uint8_t hdr[24] = {
		0xd4, 0xc3, 0xb2, 0xa1, 2, 0, 4, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 4, 0, 101, 0, 0, 0,	/* snaplen 256 KiB */
	};
	static uint8_t buf[4096];
	unsigned long n[4] = { 0, 0, 0, 0 };
	struct l4gen g;
	unsigned i;
	int k, r;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: gen_packets FILE [seed]\n");
		return 2;
	}
	rs = argc == 3 ? strtoull(argv[2], NULL, 0) : 0x26a5e11u;
	out = fopen(argv[1], "wb");
	if (out == NULL || fwrite(hdr, sizeof(hdr), 1, out) != 1) {
		perror(argv[1]);
		return 1;
	}
	/* fill */
	for (i = 0; i < ROUNDS; i++) {
		if (i % 4 == 3) {
			other(i / 4);
		} else {
			if (make(&g, buf, sizeof(buf), 0x0f) != 0)
				continue;
			fill(g.pkt + g.l3, g.len - g.l3);
			emit(g.pkt + g.l3, g.len - g.l3);
		}
		n[0]++;
	}
	/* nat */
	for (i = 0; i < ROUNDS; i++) {
		uint8_t *p, a[16];
		size_t len;
		unsigned m, times;

		if (make(&g, buf, sizeof(buf), 0x0f) != 0)
			continue;
		p = g.pkt + g.l3;
		len = g.len - g.l3;
		fill(p, len);
		times = 1 + (unsigned)(l4gen_rand(&rs) % 3);
		for (m = 0; m < times; m++) {
			unsigned which = (unsigned)(l4gen_rand(&rs) & 1);

			junk(a, sizeof(a));
			if (l4gen_rand(&rs) & 1)
				r = inetcsum_nat_addr(p, len, which, a);
			else
				r = inetcsum_nat_port(p, len, which,
					(uint16_t)(a[0] << 8 | a[1]));
			if (r < 0)
				die("inetcsum_nat_*", r);
		}
		emit(p, len);
		n[1]++;
	}
	/* ttl */
	for (i = 0; i < ROUNDS; i++) {
		uint8_t *p;
		unsigned m, times;

		if (make(&g, buf, sizeof(buf), L4GEN_V4 | L4GEN_TCP |
			 L4GEN_UDP) != 0)
			continue;
		p = g.pkt + g.l3;
		if (p[8] < 6)
			p[8] = 64;
		fill(p, g.len - g.l3);
		times = 1 + (unsigned)(l4gen_rand(&rs) % 5);
		for (m = 0; m < times; m++) {
			k = inetcsum_ipv4_ttl_dec(p, g.len - g.l3,
						  INETCSUM_TTL_VERIFY);
			if (k < 0)
				die("inetcsum_ipv4_ttl_dec", k);
		}
		emit(p, g.len - g.l3);
		n[2]++;
	}
	/* gro */
	for (i = 0; i < ROUNDS; i++) {
		gro();
		n[3]++;
	}
	/* fill: the routing and control protocols, DCCP (last, so that
	 * the random packets before them stay those of earlier versions) */
	for (i = 0; i < ROUNDS / 2; i++) {
		routing(i);
		n[0]++;
	}
	/* fill: SCTP, after them for the same reason */
	for (i = 0; i < ROUNDS / 4; i++) {
		sctp(i);
		n[0]++;
	}
	if (fclose(out) != 0) {
		perror(argv[1]);
		return 1;
	}
	printf("packets fill %lu nat %lu ttl %lu gro %lu\n", n[0], n[1], n[2],
	       n[3]);
	printf("ip %lu tcp %lu udp %lu icmp %lu icmpv6 %lu igmp %lu gre %lu "
	       "pim %lu vrrp %lu eigrp %lu dccp %lu sctp %lu\n", n_ipv4, n_tcp,
	       n_udp, n_icmp, n_icmpv6, n_igmp, n_gre, n_pim, n_vrrp, n_eigrp,
	       n_dccp, n_sctp);
	return 0;
}
