/* SPDX-License-Identifier: MIT */
/*
 * packet/tests/test_gro.c - inetcsum_gro_verify() and
 * inetcsum_gro_coalesce() against l4gen.c's naive reference: a random TCP
 * packet (IPv4 options, IPv6 extension headers, TCP options) is cut by the
 * reference GSO into segments of a random MSS (odd ones give odd payload
 * offsets); every segment must verify, and coalescing them must give back
 * the original packet byte for byte with its naive checksums.  Corrupted
 * segments must fail verification; broken flows (a gap, a changed header)
 * must be refused with nothing written.
 *
 * Then bursts: random TCP/UDP segments over IPv4 (with and without
 * options: the fast and the general path) and IPv6, some corrupted or
 * malformed, in bursts of 0 to 70 (across gro.c's chunks of 32), through
 * every walk gro.c has (the per-segment loop and the batch path, every
 * prefetch choice; inetcsum_pkt_gro_verify()): each status must be the
 * verdict recomputed from scratch (naive sums over the generator's own
 * layout), each payload_sum fold as the naive payload sum and equal the
 * per-segment loop's bit for bit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inetcsum.h"
#include "inetcsum_packet.h"
#include "l4gen.h"

/* gro.c's walks with their knobs (packet/packet_internal.h). */
size_t inetcsum_pkt_gro_verify(struct inetcsum_gro_seg *segs, size_t n,
			       size_t group, size_t ahead, size_t lines);

static int failures;
static uint64_t rs = 0x6a09e667f3bcc908u;

#define CHECK(cond, ...)						\
	do {								\
		if (!(cond)) {						\
			if (failures++ < 20) {				\
				fprintf(stderr, "FAIL %s:%d: ",		\
					__FILE__, __LINE__);		\
				fprintf(stderr, __VA_ARGS__);		\
				fprintf(stderr, "\n");			\
			}						\
		}							\
	} while (0)

#define MAXSEG 64

static void
put16(uint8_t *p, unsigned v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void
set_sums(struct l4gen *g)
{
	uint8_t *h = g->pkt + g->l3;

	if (!g->v6) {
		put16(h + 10, 0);
		put16(h + 10, l4gen_csum(h, g->ip_hlen, 0));
	}
	put16(g->pkt + g->l4 + (g->udp ? 6 : 16), l4gen_ref_full(g));
}

#define BURST_MAX	70
#define SLOT		2048

/* The walks compared: group ((size_t)-1: loop), ahead, lines. */
static const size_t walks[][3] = {
	{ (size_t)-1, 0, 0 }, { (size_t)-1, 1, 0 }, { (size_t)-1, 2, 2 },
	{ (size_t)-1, 4, 0 }, { 0, 0, 0 }, { 1, 0, 0 }, { 1, 2, 0 },
	{ 3, 1, 2 }, { 8, 8, 0 }, { 32, 32, 0 }, { 5, 64, 1 },
};

/*
 * One segment of a burst in 'slot': a random TCP/UDP packet with right
 * sums, maybe damaged; returns its naive verdict, and its payload's naive
 * checksum in '*pay' (host value), or -1 there if it cannot be parsed.
 */
static int
burst_seg(uint8_t *slot, struct inetcsum_gro_seg *s, long *pay)
{
	static const unsigned shapes[] = { L4GEN_V4 | L4GEN_TCP,
		L4GEN_V4 | L4GEN_UDP, L4GEN_V4 | L4GEN_TCP | L4GEN_PLAIN,
		L4GEN_V4 | L4GEN_UDP | L4GEN_PLAIN, L4GEN_V6 | L4GEN_TCP,
		L4GEN_V6 | L4GEN_UDP };
	static uint8_t tmp[SLOT + 64];
	struct l4gen g;
	uint8_t *ip;
	size_t l4, l4len, iplen, f;
	int want = 0;

	do {
		l4gen_make(&g, tmp, sizeof(tmp), &rs,
			   (size_t)(l4gen_rand(&rs) % 1500),
			   shapes[l4gen_rand(&rs) % 6]);
	} while (g.big || g.len - g.l3 > SLOT);
	set_sums(&g);
	iplen = g.len - g.l3;
	memcpy(slot, tmp + g.l3, iplen);
	ip = slot;
	l4 = g.l4 - g.l3;
	l4len = iplen - l4;
	f = l4 + (g.udp ? 6 : 16);
	s->pkt = slot;
	s->len = iplen;
	*pay = l4gen_csum(slot + l4 + g.l4_hlen, g.plen, 0);
	switch (l4gen_rand(&rs) % 12) {
	case 0:		/* a payload bit, or one of the checksum field */
		if (g.plen != 0)
			slot[l4 + g.l4_hlen +
			     (size_t)(l4gen_rand(&rs) % g.plen)] ^= 0x04;
		else
			slot[f + 1] ^= 0x04;
		*pay = l4gen_csum(slot + l4 + g.l4_hlen, g.plen, 0);
		break;
	case 1:		/* the IPv4 header (TTL), or the IPv6 flow label */
		ip[g.v6 ? 3 : 8] ^= 0x40;
		break;
	case 2:		/* a zero field: none (UDP/IPv4), illegal, or bad */
		slot[f] = slot[f + 1] = 0;
		break;
	case 3:
		s->pkt = NULL;
		*pay = -1;
		return INETCSUM_EINVAL;
	case 4:		/* cut inside the L4 header */
		s->len = l4 + 1 + (size_t)(l4gen_rand(&rs) % 6);
		*pay = -1;
		return INETCSUM_EBADLEN;
	case 5:
		if (!g.v6) {
			ip[9] = 1;	/* ICMP */
			*pay = -1;
			return INETCSUM_EPROTO;
		}
		break;
	default:
		break;
	}
	/* The verdict from scratch, over the generator's layout. */
	if (!g.v6 && l4gen_csum(ip, g.ip_hlen, 0) != 0)
		want = INETCSUM_EBADSUM;
	else if (g.udp && slot[f] == 0 && slot[f + 1] == 0)
		want = g.v6 ? INETCSUM_EBADSUM : 0;
	else if (l4gen_csum(slot + l4, l4len, l4gen_pseudo(&g, l4len)) != 0)
		want = INETCSUM_EBADSUM;
	return want;
}

static void
bursts(unsigned long rounds)
{
	static uint8_t mem[BURST_MAX * SLOT];
	struct inetcsum_gro_seg s[BURST_MAX], ref[BURST_MAX];
	int want[BURST_MAX];
	long pay[BURST_MAX];
	unsigned long r;
	size_t n, k, w, good, goodw;

	CHECK(inetcsum_gro_verify(NULL, 0) == 0, "empty burst");
	for (r = 0; r < rounds; r++) {
		n = r < 3 * (BURST_MAX + 1) ? r % (BURST_MAX + 1) :
		    (size_t)(l4gen_rand(&rs) % (BURST_MAX + 1));
		for (k = 0, good = 0; k < n; k++) {
			want[k] = burst_seg(mem + k * SLOT, &ref[k], &pay[k]);
			good += want[k] == 0;
		}
		/* The public function (whatever walk it takes). */
		memcpy(s, ref, n * sizeof(s[0]));
		CHECK(inetcsum_gro_verify(s, n) == good, "burst of %zu", n);
		for (k = 0; k < n; k++) {
			uint8_t b[2];
			uint16_t v = inetcsum_fold(s[k].payload_sum);

			memcpy(b, &v, 2);
			CHECK(s[k].status == want[k], "burst %zu, segment %zu: "
			      "status %d, want %d", n, k, s[k].status,
			      want[k]);
			CHECK(pay[k] < 0 ? s[k].payload_sum == 0 :
			      (long)(b[0] << 8 | b[1]) == pay[k],
			      "burst %zu, segment %zu: payload sum", n, k);
		}
		/* The per-segment loop without prefetch (gro.c before the
		 * batch path) as the bit-for-bit reference of the others. */
		memcpy(ref, s, n * sizeof(s[0]));
		inetcsum_pkt_gro_verify(ref, n, (size_t)-1, 0, 0);
		for (w = 0; w < sizeof(walks) / sizeof(walks[0]); w++) {
			memcpy(s, ref, n * sizeof(s[0]));
			for (k = 0; k < n; k++) {
				s[k].status = 12345;
				s[k].payload_sum = 0xdeadbeef;
			}
			goodw = inetcsum_pkt_gro_verify(s, n, walks[w][0],
							walks[w][1],
							walks[w][2]);
			CHECK(goodw == good, "walk %zu: %zu good, want %zu",
			      w, goodw, good);
			for (k = 0; k < n; k++)
				CHECK(s[k].status == ref[k].status &&
				      s[k].payload_sum == ref[k].payload_sum,
				      "walk %zu, burst %zu, segment %zu: "
				      "%d %08x, loop %d %08x", w, n, k,
				      s[k].status, s[k].payload_sum,
				      ref[k].status, ref[k].payload_sum);
		}
	}
}

int
main(void)
{
	static uint8_t pkt[8192], segs[65536], out[8192], out2[8192];
	int quick = getenv("INETCSUM_TEST_QUICK") != NULL;
	unsigned long rounds = quick ? 300 : 3000, i, merged = 0;

	for (i = 0; i < rounds; i++) {
		struct inetcsum_gro_seg s[MAXSEG];
		size_t lens[MAXSEG], nseg, k, off, mss;
		struct l4gen g;
		int r;

		if (l4gen_make(&g, pkt, sizeof(pkt), &rs,
			       1 + (size_t)(l4gen_rand(&rs) % 4000),
			       L4GEN_V4 | L4GEN_V6 | L4GEN_TCP) != 0 || g.big)
			continue;
		pkt[g.l4 + 13] = 0x18;	/* ACK PSH */
		set_sums(&g);
		mss = 1 + (size_t)(l4gen_rand(&rs) % 1500);
		nseg = l4gen_ref_gso(&g, mss, 0, segs, sizeof(segs), lens,
				     MAXSEG);
		if (nseg == 0)
			continue;
		for (k = 0, off = 0; k < nseg; off += lens[k], k++) {
			s[k].pkt = segs + off + g.l3;
			s[k].len = lens[k] - g.l3;
		}
		CHECK(inetcsum_gro_verify(s, nseg) == nseg, "%s: verify",
		      g.desc);
		r = inetcsum_gro_coalesce(out, sizeof(out), s, nseg);
		CHECK(r == (int)(g.len - g.l3) &&
		      memcmp(out, pkt + g.l3, g.len - g.l3) == 0,
		      "%s mss %zu, %zu segments: coalesce %d (%s)", g.desc,
		      mss, nseg, r, r < 0 ? inetcsum_pkt_strerror(r) : "");
		merged++;

		/* A flipped payload bit fails its segment only. */
		k = (size_t)(l4gen_rand(&rs) % nseg);
		{
			uint8_t *b = (uint8_t *)s[k].pkt + s[k].len - 1;

			*b ^= 0x10;
			CHECK(inetcsum_gro_verify(s, nseg) == nseg - 1 &&
			      s[k].status == INETCSUM_EBADSUM,
			      "%s: corrupted segment %zu", g.desc, k);
			memset(out2, 0xa5, sizeof(out2));
			CHECK(inetcsum_gro_coalesce(out2, sizeof(out2), s, nseg)
			      == INETCSUM_EBADSUM && out2[0] == 0xa5,
			      "coalesce of a bad segment");
			*b ^= 0x10;
			inetcsum_gro_verify(s, nseg);
		}
		if (nseg >= 3) {
			struct inetcsum_gro_seg t[MAXSEG];

			/* A gap: the middle segment missing. */
			memcpy(t, s, sizeof(s[0]) * nseg);
			memmove(t + 1, t + 2, sizeof(t[0]) * (nseg - 2));
			CHECK(inetcsum_gro_coalesce(out2, sizeof(out2), t,
						    nseg - 1) == INETCSUM_EFLOW &&
			      out2[0] == 0xa5, "gap");
			CHECK(inetcsum_gro_coalesce(out2, 10, s, nseg) ==
			      INETCSUM_ENOSPC, "cap");
		}
	}
	CHECK(merged > rounds / 2, "only %lu merged", merged);
	bursts(quick ? 300 : 2000);
	printf("test_gro: %lu flows coalesced, %d failures (kernel %s)\n",
	       merged, failures, inetcsum_impl_name());
	return failures != 0;
}
