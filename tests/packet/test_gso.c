/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/test_gso.c - inetcsum_gso_plan() and inetcsum_gso_segment()
 * against the naive reference of l4gen.c, byte for byte, on random TCP and
 * UDP super-packets over IPv4 (options, source routes) and IPv6 (extension
 * headers, Home Address, routing headers, BIG TCP with and without the jumbo
 * header), random MSS, both checksum modes; each segment also checked by the
 * frame checker (inetcsum_frame_check()) and the payload stream compared
 * with the input's, with the payload prefetched as the tuning table says,
 * then into L1 and into L2.  Then a hand-worked case for the Linux rules
 * (flags, sequence and ID wrap), every MSS from 1 on small packets, and the
 * errors: truncations at every byte, lying lengths, wrong protocols, MSS 0,
 * short output; on error the output must be untouched.  Jumbograms (RFC
 * 2675, Linux BIG TCP) apart: TCP and UDP with the jumbo hop-by-hop header
 * against the reference, every segment an ordinary packet (payload length
 * set, no jumbo option), and the jumbo errors: a payload length beside the
 * option, an option value that lies or is below 65536, an option of the
 * wrong length, an option sharing its header.  INETCSUM_GSO_FIXEDID (the IPv4
 * ID kept in every segment) against the reference with its fixed-ID switch,
 * on the same random packets: refused without DF, no change for IPv6, and a
 * hand-worked case.
 *
 *   test_gso [--pcap FILE]   FILE: every Ethernet segment made, as a pcap
 *                            (for inetcsum check and tshark, 27-segment.sh)
 * INETCSUM_TEST_SEED replays a run; INETCSUM_TEST_QUICK=1 does fewer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "inetcsum.h"
#include "inetcsum_packet.h"
#include "l4gen.h"
#include "packet_hooks.h"	/* gso.c's prefetch into L1 or L2 */

#define PKT_CAP		(200u * 1024)
#define OUT_CAP		(8u * 1024 * 1024)
#define MAX_SEGS	(140u * 1024)
#define CANARY		0xa5

static uint64_t rs;
static unsigned long failures, checked;
static uint8_t *pkt, *out, *ref;
static size_t *ref_lens;
static struct inetcsum_gso_seg *segs;
static FILE *pcap;

#define FAIL(g, ...) do {						\
	failures++;							\
	fprintf(stderr, "FAIL %s:%d [%s]: ", __FILE__, __LINE__,	\
		(g)->desc);						\
	fprintf(stderr, __VA_ARGS__);					\
	fputc('\n', stderr);						\
} while (0)

static void
pcap_write(const uint8_t *p, size_t n)
{
	uint32_t h[4] = { 0, 0, (uint32_t)n, (uint32_t)n };

	if (pcap == NULL)
		return;
	fwrite(h, sizeof(h), 1, pcap);
	fwrite(p, 1, n, pcap);
}

static int
untouched(const uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != CANARY)
			return 0;
	return 1;
}

static int
linktype(const struct l4gen *g)
{
	return g->l3 == 0 ? INETCSUM_LINK_RAW : INETCSUM_LINK_ETHERNET;
}

/* Every layer of segment 'p' is good (the frame checker's verdict). */
static void
check_frame(const struct l4gen *g, const uint8_t *p, size_t n, size_t i)
{
	struct inetcsum_frame_result r;
	size_t k;

	inetcsum_frame_check(linktype(g), p, n, n, &r);
	if (r.nlayers != (g->v6 ? 1u : 2u))
		FAIL(g, "segment %zu: %zu layers (%s)", i, r.nlayers,
		     r.note ? r.note : "");
	for (k = 0; k < r.nlayers; k++)
		if (r.layers[k].status != INETCSUM_GOOD)
			FAIL(g, "segment %zu: %s %s", i,
			     inetcsum_proto_name(r.layers[k].proto),
			     inetcsum_status_name(r.layers[k].status));
}

/* One packet, one MSS, one mode: the library against the reference. */
static void
run_one(struct l4gen *g, size_t mss, unsigned flags)
{
	struct inetcsum_gso_plan pl;
	size_t n, i, pos = 0, hdr = g->payload - (g->jumbo ? 8 : 0);
	int r;

	checked++;
	if ((flags & INETCSUM_GSO_FIXEDID) && !g->v6 &&
	    !(g->pkt[g->l3 + 6] & 0x40)) {
		/* Only an atomic datagram (DF) may repeat its ID. */
		memset(out, CANARY, 4096);
		r = inetcsum_gso_segment(g->pkt, g->len, g->l3, mss, flags,
					 out, OUT_CAP, segs, MAX_SEGS);
		if (r != INETCSUM_EINVAL || !untouched(out, 4096))
			FAIL(g, "fixed ID without DF: %d", r);
		return;
	}
	n = l4gen_ref_gso_ids(g, mss, (flags & INETCSUM_GSO_PARTIAL) != 0,
			      (flags & INETCSUM_GSO_FIXEDID) != 0, ref,
			      OUT_CAP, ref_lens, MAX_SEGS);
	if (n == 0) {
		FAIL(g, "reference output too big for mss %zu", mss);
		return;
	}
	r = inetcsum_gso_plan(g->pkt, g->len, g->l3, mss, &pl);
	if (r != 0) {
		FAIL(g, "plan mss %zu: %s", mss, inetcsum_pkt_strerror(r));
		return;
	}
	for (i = 0; i < n; i++)
		pos += ref_lens[i];
	if (pl.nsegs != n || pl.out_len != pos || pl.hdr_len != hdr ||
	    pl.payload != g->plen || pl.proto != (g->udp ? 17 : 6) ||
	    pl.ipv6 != g->v6)
		FAIL(g, "plan mss %zu: %zu segs %zu bytes hdr %zu, want %zu "
		     "%zu %zu", mss, pl.nsegs, pl.out_len, pl.hdr_len, n,
		     pos, hdr);
	memset(out, CANARY, pos + 64);
	r = inetcsum_gso_segment(g->pkt, g->len, g->l3, mss, flags, out, pos,
				 segs, n);
	if (r != (int)n) {
		FAIL(g, "segment mss %zu: %d (%s), want %zu", mss, r,
		     inetcsum_pkt_strerror(r), n);
		return;
	}
	if (!untouched(out + pos, 64))
		FAIL(g, "wrote past the output");
	if (memcmp(out, ref, pos) != 0) {
		for (i = 0; i < pos && out[i] == ref[i]; i++)
			;
		FAIL(g, "mss %zu flags %u: output differs from the reference "
		     "at byte %zu", mss, flags, i);
		return;
	}
	for (i = 0, pos = 0; i < n; i++) {
		const uint8_t *sp = out + segs[i].offset;

		if (segs[i].offset != pos || segs[i].len != ref_lens[i])
			FAIL(g, "segment %zu at %zu+%zu, want %zu+%zu", i,
			     segs[i].offset, segs[i].len, pos, ref_lens[i]);
		/* The payload stream, byte for byte. */
		if (memcmp(sp + hdr, g->pkt + g->payload + i * mss,
			   segs[i].len - hdr) != 0)
			FAIL(g, "segment %zu: payload differs", i);
		if (flags & INETCSUM_GSO_PARTIAL) {
			/* Completed as a device would, it is the full one. */
			size_t l4 = g->l4 - (g->jumbo ? 8 : 0);
			size_t f = l4 + (g->udp ? 6 : 16);

			if (inetcsum_offload_complete(out + segs[i].offset,
						      segs[i].len, l4,
						      f - l4) != 0)
				FAIL(g, "complete segment %zu", i);
			check_frame(g, sp, segs[i].len, i);
		} else if (!g->big || i < 4) {
			check_frame(g, sp, segs[i].len, i);
		}
		if (linktype(g) == INETCSUM_LINK_ETHERNET && g->l3 == 14 &&
		    !(flags & INETCSUM_GSO_PARTIAL) && i < 8)
			pcap_write(sp, segs[i].len);
		pos += segs[i].len;
	}
}

static size_t
random_plen(int big)
{
	switch (l4gen_rand(&rs) % 6) {
	case 0:
		return l4gen_rand(&rs) % 4;
	case 1:
		return l4gen_rand(&rs) % 3000;
	case 2:
		return 1448 * (1 + l4gen_rand(&rs) % 8) + l4gen_rand(&rs) % 3;
	case 3:
		return big ? l4gen_rand(&rs) % 70000 : 65535 - 400;
	default:
		return l4gen_rand(&rs) % 65000;
	}
}

static size_t
random_mss(size_t plen)
{
	switch (l4gen_rand(&rs) % 6) {
	case 0:
		return 1448;
	case 1:
		return 1 + l4gen_rand(&rs) % 64;
	case 2:
		return plen + l4gen_rand(&rs) % 3;
	case 3:
		return 536 + l4gen_rand(&rs) % 9000;
	default:
		return 100 + l4gen_rand(&rs) % 2000;
	}
}

static void
random_cases(unsigned long n)
{
	unsigned long k;

	for (k = 0; k < n; k++) {
		unsigned shapes = (unsigned)(l4gen_rand(&rs) % 16);
		int big = l4gen_rand(&rs) % 10 == 0;
		struct l4gen g;
		size_t plen = random_plen(big), mss;

		if (big)
			shapes |= L4GEN_BIG;
		if (l4gen_make(&g, pkt, PKT_CAP, &rs, plen, shapes) < 0) {
			FAIL(&g, "generator");
			continue;
		}
		mss = random_mss(g.plen);
		if (mss == 0)
			mss = 1;
		/* A segment must fit a 16-bit IP length (tested below). */
		if (mss > 60000)
			mss = 60000;
		if (mss < 64 && g.plen > 20000)
			mss += 1400;
		run_one(&g, mss, (l4gen_rand(&rs) % 3 == 0 ?
				  INETCSUM_GSO_PARTIAL : 0) |
			(l4gen_rand(&rs) % 3 == 0 ? INETCSUM_GSO_FIXEDID : 0));
	}
}

/* Every MSS from 1 to past the payload, on small packets. */
static void
every_mss(unsigned long n)
{
	unsigned long k;

	for (k = 0; k < n; k++) {
		struct l4gen g;
		size_t mss;

		l4gen_make(&g, pkt, PKT_CAP, &rs, l4gen_rand(&rs) % 400, 0);
		/* Both modes, with and without fixed IDs. */
		for (mss = 1; mss <= g.plen + 2; mss++)
			run_one(&g, mss, (mss & 1 ? 0 : INETCSUM_GSO_PARTIAL) |
				(mss & 2 ? INETCSUM_GSO_FIXEDID : 0));
	}
}

/*
 * Worked by hand from tcp_gso_segment() and inet_gso_segment(): 3000
 * bytes, MSS 1000, flags CWR|ACK|PSH|FIN, sequence 0xfffffc00 (it wraps
 * in the last segment) and ID 0xffff (it wraps in the second).
 */
static void
linux_rules(void)
{
	static const unsigned want_flags[3] = { 0x90, 0x10, 0x19 };
	static const unsigned want_id[3] = { 0xffff, 0x0000, 0x0001 };
	static const uint32_t want_seq[3] = { 0xfffffc00u, 0xffffffe8u,
					      0x000003d0u };
	struct l4gen g;
	size_t i;
	int r;

	l4gen_make(&g, pkt, PKT_CAP, &rs, 3000,
		   L4GEN_V4 | L4GEN_TCP | L4GEN_PLAIN);
	pkt[g.l3 + 4] = pkt[g.l3 + 5] = 0xff;
	pkt[g.l4 + 4] = pkt[g.l4 + 5] = 0xff;
	pkt[g.l4 + 6] = 0xfc;
	pkt[g.l4 + 7] = 0x00;
	pkt[g.l4 + 13] = 0x99;
	r = inetcsum_gso_segment(pkt, g.len, g.l3, 1000, 0, out, OUT_CAP,
				 segs, 3);
	if (r != 3) {
		FAIL(&g, "hand-worked case: %d segments", r);
		return;
	}
	for (i = 0; i < 3; i++) {
		const uint8_t *s = out + segs[i].offset;
		uint32_t seq = (uint32_t)get16(s + g.l4 + 4) << 16 |
			       get16(s + g.l4 + 6);

		if (s[g.l4 + 13] != want_flags[i] ||
		    get16(s + g.l3 + 4) != want_id[i] || seq != want_seq[i] ||
		    get16(s + g.l3 + 2) != g.payload - g.l3 + 1000 ||
		    segs[i].len != g.payload + 1000)
			FAIL(&g, "hand-worked segment %zu: flags %02x id %04x "
			     "seq %08x", i, s[g.l4 + 13], get16(s + g.l3 + 4),
			     (unsigned)seq);
		check_frame(&g, s, segs[i].len, i);
	}
	checked++;

	/*
	 * The same with INETCSUM_GSO_FIXEDID: every segment keeps ID 0xffff
	 * (and so one header checksum for the two full ones); refused
	 * without DF, with nothing written.
	 */
	pkt[g.l3 + 6] &= (uint8_t)~0x40;
	memset(out, CANARY, 4096);
	r = inetcsum_gso_segment(pkt, g.len, g.l3, 1000, INETCSUM_GSO_FIXEDID,
				 out, OUT_CAP, segs, 3);
	if (r != INETCSUM_EINVAL || !untouched(out, 4096))
		FAIL(&g, "fixed ID without DF: %d", r);
	pkt[g.l3 + 6] |= 0x40;
	r = inetcsum_gso_segment(pkt, g.len, g.l3, 1000, INETCSUM_GSO_FIXEDID,
				 out, OUT_CAP, segs, 3);
	if (r != 3) {
		FAIL(&g, "hand-worked fixed-ID case: %d segments", r);
		return;
	}
	for (i = 0; i < 3; i++) {
		const uint8_t *s = out + segs[i].offset;

		if (s[g.l4 + 13] != want_flags[i] ||
		    get16(s + g.l3 + 4) != 0xffff ||
		    (i > 0 && get16(s + g.l3 + 10) !=
		     get16(out + segs[0].offset + g.l3 + 10)))
			FAIL(&g, "hand-worked fixed-ID segment %zu: flags %02x "
			     "id %04x", i, s[g.l4 + 13], get16(s + g.l3 + 4));
		check_frame(&g, s, segs[i].len, i);
	}
	checked++;
}

/* 'r' must be 'want' and the output untouched. */
static void
expect_err(const struct l4gen *g, const uint8_t *p, size_t len, size_t mss,
	   int want, const char *what)
{
	struct inetcsum_gso_plan pl;
	int r;

	checked++;
	memset(out, CANARY, 4096);
	memset(&pl, CANARY, sizeof(pl));
	r = inetcsum_gso_segment(p, len, g->l3, mss, 0, out, OUT_CAP, segs,
				 MAX_SEGS);
	if (r != want)
		FAIL(g, "%s: %d (%s), want %d (%s)", what, r,
		     inetcsum_pkt_strerror(r), want,
		     inetcsum_pkt_strerror(want));
	if (want < 0 && !untouched(out, 4096))
		FAIL(g, "%s: output written on error", what);
	if (want < 0 && inetcsum_gso_plan(p, len, g->l3, mss, &pl) != want)
		FAIL(g, "%s: plan disagrees", what);
}

static void
errors(unsigned long n)
{
	unsigned long k;
	size_t cut;

	for (k = 0; k < n; k++) {
		struct l4gen g;
		struct inetcsum_gso_plan pl;
		size_t l3, ihl;
		unsigned save;
		int r;

		l4gen_make(&g, pkt, PKT_CAP, &rs, 1 + l4gen_rand(&rs) % 3000,
			   0);
		l3 = g.l3;
		/* Every cut: headers truncated, or a length that lies. */
		for (cut = 0; cut < g.len; cut++)
			expect_err(&g, pkt, cut, 1000, INETCSUM_EBADLEN,
				   "cut");
		expect_err(&g, pkt, g.len, 0, INETCSUM_EINVAL, "mss 0");
		/* Short output: one byte, one segment. */
		inetcsum_gso_plan(pkt, g.len, l3, 100, &pl);
		memset(out, CANARY, 4096);
		r = inetcsum_gso_segment(pkt, g.len, l3, 100, 0, out,
					 pl.out_len - 1, segs, MAX_SEGS);
		if (r != INETCSUM_ENOSPC || !untouched(out, 4096))
			FAIL(&g, "short output: %d", r);
		r = inetcsum_gso_segment(pkt, g.len, l3, 100, 0, out,
					 pl.out_len, segs, pl.nsegs - 1);
		if (r != INETCSUM_ENOSPC || !untouched(out, 4096))
			FAIL(&g, "short segment array: %d", r);
		r = inetcsum_gso_segment(pkt, g.len, l3, 100, 4, out,
					 OUT_CAP, segs, MAX_SEGS);
		if (r != INETCSUM_EINVAL)
			FAIL(&g, "unknown flag: %d", r);
		/* Ethernet padding is not part of the packet. */
		memset(pkt + g.len, 0, 10);
		run_one(&g, 700, 0);
		inetcsum_gso_plan(pkt, g.len, l3, 700, &pl);
		r = inetcsum_gso_segment(pkt, g.len + 10, l3, 700, 0, out,
					 OUT_CAP, segs, MAX_SEGS);
		if (r < 0 || memcmp(out, ref, pl.out_len) != 0)
			FAIL(&g, "padding changed the result: %d", r);
		/* Lying lengths and foreign protocols, one at a time. */
		if (!g.v6) {
			ihl = (size_t)(pkt[l3] & 15) * 4;
			save = get16(pkt + l3 + 2);
			pkt[l3 + 2] = (uint8_t)((ihl - 1) >> 8);
			pkt[l3 + 3] = (uint8_t)(ihl - 1);
			expect_err(&g, pkt, g.len, 100, INETCSUM_EBADLEN,
				   "total length below IHL");
			pkt[l3 + 2] = (uint8_t)((save + 1) >> 8);
			pkt[l3 + 3] = (uint8_t)(save + 1);
			expect_err(&g, pkt, g.len, 100, INETCSUM_EBADLEN,
				   "total length past the buffer");
			pkt[l3 + 2] = (uint8_t)(save >> 8);
			pkt[l3 + 3] = (uint8_t)save;
			save = pkt[l3];
			pkt[l3] = 0x44;
			expect_err(&g, pkt, g.len, 100, INETCSUM_EBADLEN,
				   "IHL 4");
			pkt[l3] = 0x55;
			expect_err(&g, pkt, g.len, 100, INETCSUM_EPROTO,
				   "version 5");
			pkt[l3] = (uint8_t)save;
			pkt[l3 + 6] |= 0x20;
			expect_err(&g, pkt, g.len, 100, INETCSUM_EUNSUPP,
				   "MF set");
			pkt[l3 + 6] &= (uint8_t)~0x20;
			save = pkt[l3 + 9];
			pkt[l3 + 9] = 1;
			expect_err(&g, pkt, g.len, 100, INETCSUM_EPROTO,
				   "ICMP");
			pkt[l3 + 9] = (uint8_t)save;
		} else {
			save = get16(pkt + l3 + 4);
			pkt[l3 + 4] = (uint8_t)((save + 1) >> 8);
			pkt[l3 + 5] = (uint8_t)(save + 1);
			expect_err(&g, pkt, g.len, 100, INETCSUM_EBADLEN,
				   "payload length past the buffer");
			pkt[l3 + 4] = (uint8_t)(save >> 8);
			pkt[l3 + 5] = (uint8_t)save;
			save = pkt[l3 + 6];
			pkt[l3 + 6] = 44;
			expect_err(&g, pkt, g.len, 100, INETCSUM_EUNSUPP,
				   "fragment header");
			pkt[l3 + 6] = 50;
			expect_err(&g, pkt, g.len, 100, INETCSUM_EPROTO,
				   "ESP");
			pkt[l3 + 6] = (uint8_t)save;
		}
		if (!g.udp) {
			save = pkt[g.l4 + 12];
			pkt[g.l4 + 12] = 0x40;
			expect_err(&g, pkt, g.len, 100, INETCSUM_EBADLEN,
				   "TCP data offset 4");
			pkt[g.l4 + 12] = (uint8_t)save;
		} else {
			save = get16(pkt + g.l4 + 4);
			pkt[g.l4 + 4] = (uint8_t)((save - 1) >> 8);
			pkt[g.l4 + 5] = (uint8_t)(save - 1);
			expect_err(&g, pkt, g.len, 100, INETCSUM_EBADLEN,
				   "UDP length short of the datagram");
			pkt[g.l4 + 4] = (uint8_t)(save >> 8);
			pkt[g.l4 + 5] = (uint8_t)save;
		}
		/* A segment longer than a 16-bit IP length can say. */
		expect_err(&g, pkt, g.len, 0x10000, 1, "mss 64 Ki, one segment");
	}
	/* BIG TCP: an MSS that makes a segment past 16 bits. */
	{
		struct l4gen g;

		l4gen_make(&g, pkt, PKT_CAP, &rs, 100, L4GEN_BIG | L4GEN_TCP);
		expect_err(&g, pkt, g.len, 0x10000, INETCSUM_EINVAL,
			   "BIG TCP, mss 64 Ki");
	}
}

/* A BIG TCP or UDP packet over IPv6 with the jumbo hop-by-hop header. */
static void
make_jumbo(struct l4gen *g, int udp)
{
	do
		l4gen_make(g, pkt, PKT_CAP, &rs, l4gen_rand(&rs) % 70000,
			   L4GEN_BIG | L4GEN_V6 | (udp ? L4GEN_UDP : L4GEN_TCP));
	while (g->jumbo == 0);
}

/* Segments of the last run_one(): ordinary IPv6, no jumbo option. */
static void
check_unjumbo(const struct l4gen *g, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const uint8_t *ip = out + segs[i].offset + g->l3;

		if (get16(ip + 4) != segs[i].len - g->l3 - 40 ||
		    get16(ip + 4) == 0 ||
		    (ip[6] == 0 && ip[40 + 2] == 0xc2))
			FAIL(g, "segment %zu of %zu (%zu bytes at %zu): payload "
			     "length %u, next header %u: still a jumbogram", i,
			     n, segs[i].len, segs[i].offset, get16(ip + 4),
			     ip[6]);
	}
}

static void
jumbograms(unsigned long n)
{
	static const size_t msses[] = { 1448, 8948, 7, 65000 };
	unsigned long k, fails;
	struct l4gen g;
	struct inetcsum_gso_plan pl;
	size_t j, m, len, hl;
	unsigned save;

	for (k = 0; k < n; k++) {
		make_jumbo(&g, (int)(k & 1));
		m = k % 5 == 4 ? 500 + l4gen_rand(&rs) % 9000 :
		    msses[k % 4];
		if (m > 65535 - (g.payload - g.l3 - 48))
			m = 65535 - (g.payload - g.l3 - 48);
		fails = failures;
		run_one(&g, m, k % 3 == 2 ? INETCSUM_GSO_PARTIAL : 0);
		if (failures == fails &&
		    inetcsum_gso_plan(g.pkt, g.len, g.l3, m, &pl) == 0)
			check_unjumbo(&g, pl.nsegs);
	}

	/* The errors, on a TCP and a UDP jumbogram. */
	for (k = 0; k < 2 * n; k++) {
		make_jumbo(&g, (int)(k & 1));
		j = g.len - g.l3 - 40;	/* the jumbo payload length */
		/* A payload length beside the option: the true one modulo
		 * 2^16, and one that makes a plausible small packet. */
		put16(pkt + g.l3 + 4, j & 0xffff ? j & 0xffff : 1);
		expect_err(&g, pkt, g.len, 1448, INETCSUM_EBADLEN,
			   "jumbo option with a payload length");
		put16(pkt + g.l3 + 4, g.payload - g.l3 - 40 + 100);
		expect_err(&g, pkt, g.len, 1448, INETCSUM_EBADLEN,
			   "jumbo option with a small payload length");
		put16(pkt + g.l3 + 4, 0);
		/* Option values that lie or are below 65536. */
		put32(pkt + g.jumbo + 4, (uint32_t)j + 1);
		expect_err(&g, pkt, g.len, 1448, INETCSUM_EBADLEN,
			   "jumbo length past the buffer");
		put32(pkt + g.jumbo + 4, 0xffffffffu);
		expect_err(&g, pkt, g.len, 1448, INETCSUM_EBADLEN,
			   "jumbo length 2^32 - 1");
		put32(pkt + g.jumbo + 4, 65535);
		expect_err(&g, pkt, g.len, 1448, INETCSUM_EBADLEN,
			   "jumbo length 65535");
		put32(pkt + g.jumbo + 4, (uint32_t)(l4gen_rand(&rs) % 65536));
		expect_err(&g, pkt, g.len, 1448, INETCSUM_EBADLEN,
			   "jumbo length below 65536");
		put32(pkt + g.jumbo + 4, (uint32_t)j);
		/* The buffer cut short of the jumbo length. */
		expect_err(&g, pkt, g.len - 1 - l4gen_rand(&rs) % 1000, 1448,
			   INETCSUM_EBADLEN, "jumbogram cut short");
		/* An option length of 3 or 5. */
		pkt[g.jumbo + 3] = k & 2 ? 3 : 5;
		expect_err(&g, pkt, g.len, 1448, INETCSUM_EBADLEN,
			   "jumbo option of the wrong length");
		pkt[g.jumbo + 3] = 4;
		if (g.udp) {
			/* RFC 2675 section 4: a jumbo UDP length is 0. */
			save = get16(pkt + g.l4 + 4);
			put16(pkt + g.l4 + 4, 0xffff);
			expect_err(&g, pkt, g.len, 1448, INETCSUM_EBADLEN,
				   "UDP length beside a jumbo length");
			put16(pkt + g.l4 + 4, save);
		}
		/* Unchanged, it still segments as the reference does. */
		run_one(&g, 1448, 0);

		/*
		 * The option sharing its header (a 16-byte hop-by-hop header:
		 * jumbo, then PadN): valid, but not BIG TCP's own header, so
		 * refused (Linux leaves it, and every segment would carry
		 * it); with a payload length as well, a length error.
		 */
		len = g.len + 8;
		hl = g.jumbo + 8;
		memmove(pkt + hl + 8, pkt + hl, g.len - hl);
		pkt[g.jumbo + 1] = 1;
		put32(pkt + g.jumbo + 4, (uint32_t)j + 8);
		memcpy(pkt + hl, "\x01\x06\0\0\0\0\0\0", 8);
		expect_err(&g, pkt, len, 1448, INETCSUM_EUNSUPP,
			   "jumbo option beside others");
		/* Nonzero: 0 is what a jumbogram carries (as above). */
		put16(pkt + g.l3 + 4, (j + 8) & 0xffff ? (j + 8) & 0xffff : 1);
		expect_err(&g, pkt, len, 1448, INETCSUM_EBADLEN,
			   "shared jumbo option with a payload length");
	}
}

int
main(int argc, char **argv)
{
	const char *s = getenv("INETCSUM_TEST_SEED");
	int quick = getenv("INETCSUM_TEST_QUICK") != NULL &&
		    strcmp(getenv("INETCSUM_TEST_QUICK"), "1") == 0;
	uint64_t seed = s ? strtoull(s, NULL, 0) : (uint64_t)time(NULL);

	if (argc == 3 && strcmp(argv[1], "--pcap") == 0) {
		static const uint32_t hdr[6] = { 0xa1b2c3d4u, 0x00040002u, 0,
						 0, 65535, 1 };

		pcap = fopen(argv[2], "wb");
		if (pcap == NULL) {
			perror(argv[2]);
			return 1;
		}
		fwrite(hdr, sizeof(hdr), 1, pcap);
	}
	printf("test_gso: seed 0x%llx (INETCSUM_TEST_SEED replays), kernel "
	       "%s\n", (unsigned long long)seed, inetcsum_impl_name());
	rs = seed;
	pkt = malloc(PKT_CAP + 64);
	out = malloc(OUT_CAP + 64);
	ref = malloc(OUT_CAP);
	ref_lens = malloc(MAX_SEGS * sizeof(*ref_lens));
	segs = malloc(MAX_SEGS * sizeof(*segs));
	if (!pkt || !out || !ref || !ref_lens || !segs)
		return 1;
	linux_rules();
	random_cases(quick ? 300 : 3000);
	/* The payload prefetch into L1 and into L2 (packet/gso.c; the tuning
	 * table picks one per CPU, inetcsum_packet_tuning_set() overrides
	 * it): the same segments either way. */
	{
		struct inetcsum_packet_tuning t;

		inetcsum_packet_tuning(&t);
		if (inetcsum_packet_tuning_set(0, 0) != 0 ||
		    inetcsum_pkt_gso_prefetch_l2_in_use() != 0) {
			failures++;
			fprintf(stderr, "FAIL: GSO prefetch not set to L1\n");
		}
		random_cases(quick ? 30 : 300);
		if (inetcsum_packet_tuning_set(0, 1) != 0 ||
		    inetcsum_pkt_gso_prefetch_l2_in_use() != 1) {
			failures++;
			fprintf(stderr, "FAIL: GSO prefetch not set to L2\n");
		}
		random_cases(quick ? 30 : 300);
		inetcsum_packet_tuning_set(0, t.gso_l2);
	}
	every_mss(quick ? 4 : 30);
	errors(quick ? 10 : 60);
	jumbograms(quick ? 10 : 60);
	if (pcap != NULL && fclose(pcap) != 0)
		return 1;
	printf("test_gso: %lu checks, %lu failures\n", checked, failures);
	return failures ? 1 : 0;
}
