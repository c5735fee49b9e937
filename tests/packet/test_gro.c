/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/test_gro.c - inetcsum_gro_verify() and
 * inetcsum_gro_coalesce() against l4gen.c's naive reference: a random TCP
 * packet (IPv4 options, IPv6 extension headers, TCP options) is cut by the
 * reference GSO into segments of a random MSS (odd ones give odd payload
 * offsets); every segment must verify, and coalescing them must give back
 * the original packet byte for byte with its naive checksums.  Corrupted
 * segments must fail verification; broken flows (a gap, a changed header)
 * must be refused with nothing written.
 *
 * Then bursts: random TCP/UDP segments over IPv4 (with and without
 * options) and IPv6 (with and without extension headers: the inline and
 * the general paths), some corrupted, malformed or padded past their IP
 * length, every fourth burst of one layout, in bursts of 0 to 70
 * (across gro.c's chunks of 32), laid
 * out in order, shuffled or in order but for one swap (near and far
 * segments for gro.c's far prefetch), through every walk gro.c has (the
 * per-segment loop and the batch path, every prefetch choice;
 * inetcsum_pkt_gro_verify()): each status must be the
 * verdict recomputed from scratch (naive sums over the generator's own
 * layout), each payload_sum fold as the naive payload sum and equal the
 * per-segment loop's bit for bit.  Between two such rounds of bursts,
 * inetcsum_packet_tuning_set() and inetcsum_packet_tuning(): values set,
 * kept and refused, and the far distance set (3) is the one the second
 * round's default walk takes.
 *
 * Then which segments merge (Linux's GRO rules, docs/packet.md): random
 * flows built segment by segment, each perturbed once at a random segment
 * (PSH, SYN, RST, URG, FIN, CWR, ECE, window, ack, an option byte, the
 * urgent pointer, the IPv4 ID or IPv6 flow label, TTL / hop limit, TOS /
 * traffic class, DF / an extension header byte, an address, the ports, a
 * payload larger or smaller than the MSS or empty, a sequence gap, a bad
 * checksum, padding, the reserved bit, the data offset, NULL) and the IDs
 * counting up, fixed with DF or fixed without, against ref_run(), the
 * rules written out field by field, and ref_merge(), the merge done
 * naively: inetcsum_gro_coalesce_prefix() must merge as many, report the
 * MSS and fixed IDs and write the same bytes, inetcsum_gro_coalesce() all
 * or refuse with the right code.  Hand-made flows pin each bullet of
 * issue 23 item 3 to its count.  Last, GRO then GSO: segments of the
 * reference GSO (IDs counting up or fixed), merged run by run and cut
 * again by inetcsum_gso_segment() with the reported MSS and flags, must
 * come back byte for byte.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inetcsum.h"
#include "inetcsum_packet.h"
#include "l4gen.h"

#include "packet_hooks.h"	/* gro.c's walks with their knobs */

static int failures;
static uint64_t rs = 0x6a09e667f3bcc908u;

#define CHECK_PRINT_MAX 20UL
#include "check.h"

#define MAXSEG 64

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

/* The walks compared: group ((size_t)-1: loop), ahead, lines, far. */
static const size_t walks[][5] = {
	{ (size_t)-1, 0, 0, 0, 0 }, { (size_t)-1, 1, 0, 0, 0 },
	{ (size_t)-1, 2, 2, 0, 0 }, { (size_t)-1, 4, 0, 0, 0 },
	{ 0, 0, 0, 0, 0 }, { 1, 0, 0, 0, 0 }, { 1, 2, 0, 0, 0 },
	{ 3, 1, 2, 0, 0 }, { 8, 8, 0, 0, 0 }, { 32, 32, 0, 0, 0 },
	{ 5, 64, 1, 0, 0 }, { (size_t)-1, 100, 1, 0, 0 },
	{ (size_t)-1, 4, 0, 32, 0 }, { (size_t)-1, 2, 2, 16, 0 },
	{ (size_t)-1, 0, 0, 8, 0 }, { (size_t)-1, 1, 1, 100, 0 },
	{ (size_t)-1, 8, 0, 4, 0 }, { (size_t)-1, 4, 0, 8, 0 },
	{ (size_t)-1, 4, 0, 8, 1 }, { (size_t)-1, 4, 0, 32, 2 },
	{ (size_t)-1, 0, 0, 8, 3 }, { (size_t)-1, 2, 1, 0, 100 },
	{ (size_t)-1, 4, 0, 8, 4 },
};

/*
 * One segment of a burst in 'slot': a random TCP/UDP packet with right
 * sums, of 'shape' (0: any of those below) with 'plen' payload bytes
 * ((size_t)-1: a random number), maybe damaged; returns its naive
 * verdict, and its payload's naive checksum in '*pay' (host value), or -1
 * there if it cannot be parsed.
 */
static int
burst_seg(uint8_t *slot, struct inetcsum_gro_seg *s, long *pay,
	  unsigned shape, size_t plen)
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
			   plen != (size_t)-1 ? plen :
			   (size_t)(l4gen_rand(&rs) % 1500),
			   shape != 0 ? shape : shapes[l4gen_rand(&rs) % 6]);
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
	case 6:		/* padding past the IP length (an Ethernet minimum) */
		if (iplen < SLOT) {
			size_t pad = 1 + (size_t)(l4gen_rand(&rs) %
						  (SLOT - iplen < 46 ?
						   SLOT - iplen : 46));

			memset(slot + iplen, 0x5a, pad);
			s->len = iplen + pad;
		}
		break;
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
	static const unsigned plain[] = {
		L4GEN_V4 | L4GEN_TCP | L4GEN_PLAIN,
		L4GEN_V4 | L4GEN_UDP | L4GEN_PLAIN,
		L4GEN_V6 | L4GEN_TCP | L4GEN_PLAIN,
		L4GEN_V6 | L4GEN_UDP | L4GEN_PLAIN };
	unsigned long r;
	unsigned shape;
	size_t n, k, w, good, goodw, plen, slot[BURST_MAX];

	CHECK(inetcsum_gro_verify(NULL, 0) == 0, "empty burst");
	for (r = 0; r < rounds; r++) {
		n = r < 3 * (BURST_MAX + 1) ? r % (BURST_MAX + 1) :
		    (size_t)(l4gen_rand(&rs) % (BURST_MAX + 1));
		/* The segments in their slots in order (each near the one
		 * before it, for gro.c's far prefetch), shuffled (mostly
		 * far), or in order but for one swap (both kinds). */
		for (k = 0; k < n; k++)
			slot[k] = k;
		for (k = n; r % 3 != 0 && k > 1; k--) {
			size_t j = (size_t)(l4gen_rand(&rs) % k), t = slot[j];

			slot[j] = slot[k - 1];
			slot[k - 1] = t;
			if (r % 3 == 2)
				break;
		}
		/* One layout for the whole burst in every fourth round (one
		 * shape without options or extension headers: the walk's
		 * inline IPv4 and IPv6 paths, segment after segment), the
		 * payloads of one length or of any; a layout per segment
		 * otherwise. */
		shape = 0;
		plen = (size_t)-1;
		if (r % 4 == 3) {
			shape = plain[l4gen_rand(&rs) % 4];
			if (l4gen_rand(&rs) % 3 != 0)
				plen = (size_t)(l4gen_rand(&rs) % 1500);
		}
		for (k = 0, good = 0; k < n; k++) {
			want[k] = burst_seg(mem + slot[k] * SLOT, &ref[k],
					    &pay[k], shape, plen);
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
		inetcsum_pkt_gro_verify(ref, n, (size_t)-1, 0, 0, 0, 0);
		for (w = 0; w < sizeof(walks) / sizeof(walks[0]); w++) {
			memcpy(s, ref, n * sizeof(s[0]));
			for (k = 0; k < n; k++) {
				s[k].status = 12345;
				s[k].payload_sum = 0xdeadbeef;
			}
			goodw = inetcsum_pkt_gro_verify(s, n, walks[w][0],
							walks[w][1],
							walks[w][2],
							walks[w][3],
							walks[w][4]);
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

/* ====================================================================== */
/*  Which segments merge: Linux's GRO rules against a naive reference      */
/* ====================================================================== */

/*
 * The flows below are built segment by segment from a template header (an
 * l4gen packet's IP and TCP headers), each with its own payload length,
 * sequence number, IPv4 ID and flags, then perturbed in one way and
 * checked against ref_run(): the rules of docs/packet.md ("GRO: what
 * merges") written out field by field from the list, over the bytes, not
 * from gro.c.
 */
#define FSEGS		64
#define FSLOT		2048
#define TH_FIN		0x01
#define TH_SYN		0x02
#define TH_RST		0x04
#define TH_PSH		0x08
#define TH_ACK		0x10
#define TH_URG		0x20
#define TH_ECE		0x40
#define TH_CWR		0x80

struct tmpl {
	struct l4gen g;		/* addresses for the pseudo-header */
	uint8_t h[512];		/* IP header through TCP options */
	size_t l4, thl;		/* TCP header offset and length in h */
	int v6;
};

struct flowbuf {
	uint8_t mem[FSEGS * FSLOT];
	struct inetcsum_gro_seg s[FSEGS];
	size_t n;
};

/* Where the TCP header of an IP packet starts, walked naively. */
static size_t
naive_l4(const uint8_t *b)
{
	size_t off = 40;
	unsigned nh;

	if (b[0] >> 4 == 4)
		return (size_t)(b[0] & 15) * 4;
	nh = b[6];
	while (nh == 0 || nh == 43 || nh == 60) {
		nh = b[off];
		off += ((size_t)b[off + 1] + 1) * 8;
	}
	return off;
}

/* The IP packet's own length, from its length field. */
static size_t
naive_iplen(const uint8_t *b)
{
	return b[0] >> 4 == 4 ? get16(b + 2) : 40 + (size_t)get16(b + 4);
}

/* IPv4 header and TCP checksums recomputed from scratch (the naive sums;
 * the pseudo-header addresses are the template's). */
static void
refix(const struct tmpl *t, uint8_t *b)
{
	size_t l4 = naive_l4(b), l4len = naive_iplen(b) - l4;

	if (!t->v6) {
		b[10] = b[11] = 0;
		put16(b + 10, l4gen_csum(b, l4, 0));
	}
	b[l4 + 16] = b[l4 + 17] = 0;
	put16(b + l4 + 16, l4gen_csum(b + l4, l4len,
				      l4gen_pseudo(&t->g, l4len)));
}

/* The naive verdict of inetcsum_gro_verify(): both sums right. */
static int
naive_ok(const struct tmpl *t, const uint8_t *b)
{
	size_t l4 = naive_l4(b), l4len = naive_iplen(b) - l4;

	if (!t->v6 && l4gen_csum(b, l4, 0) != 0)
		return 0;
	return l4gen_csum(b + l4, l4len, l4gen_pseudo(&t->g, l4len)) == 0;
}

/*
 * Segment 'i' of a flow into 'f': the template, 4 more option bytes (NOPs,
 * the data offset one word longer) if 'extra', 'plen' payload bytes
 * (pattern from 'i' and the sequence number), 'seq', 'id', 'flags'.
 */
static void
build_seg(const struct tmpl *t, struct flowbuf *f, size_t i, size_t plen,
	  uint32_t seq, unsigned id, unsigned flags, int extra)
{
	uint8_t *b = f->mem + i * FSLOT;
	size_t hl = t->l4 + t->thl + (extra ? 4 : 0), k;

	memcpy(b, t->h, t->l4 + t->thl);
	if (extra) {
		memset(b + t->l4 + t->thl, 1, 4);
		b[t->l4 + 12] = (uint8_t)((t->thl + 4) / 4 << 4 |
					  (b[t->l4 + 12] & 15));
	}
	for (k = 0; k < plen; k++)
		b[hl + k] = (uint8_t)(k * 7 + seq + (k >> 8));
	if (t->v6) {
		put16(b + 4, hl + plen - 40);
	} else {
		put16(b + 2, hl + plen);
		put16(b + 4, id & 0xffff);
	}
	put32(b + t->l4 + 4, seq);
	b[t->l4 + 13] = (uint8_t)flags;
	refix(t, b);
	f->s[i].pkt = b;
	f->s[i].len = hl + plen;
}

/*
 * The naive rules: how many segments of 'f' make the first packet, and
 * whether its IDs are fixed; -1 if segs[0] itself is refused (NULL or
 * not verified).  'why' gets 2 if the run stopped for the 64 KiB limit
 * before a segment that the other rules would take, else 1.
 */
static int
ref_run(const struct tmpl *t, const struct flowbuf *f, const int *ok,
	size_t *total, int *fixed, int *why)
{
	const uint8_t *a = f->s[0].pkt, *b;
	size_t l4, thl, mss, plen, i, k;
	uint32_t seq;
	int v6 = t->v6;

	*fixed = 0;
	*why = 1;
	if (a == NULL || !ok[0])
		return -1;
	l4 = naive_l4(a);
	thl = (size_t)(a[l4 + 12] >> 4) * 4;
	mss = naive_iplen(a) - l4 - thl;
	*total = naive_iplen(a);
	seq = get32(a + l4 + 4) + (uint32_t)mss;
	/* The first alone: no payload, a flag that flushes, not clean. */
	if (mss == 0 || (a[l4 + 13] & (TH_URG | TH_PSH | TH_RST | TH_SYN |
				      TH_FIN)))
		return 1;
	if (f->s[0].len != naive_iplen(a))
		return 1;
	if (!v6 && (get16(a + 6) & 0xbfff) != 0)
		return 1;
	/* Linux's inet_gro_receive() holds IPv4 only as 0x45: no options. */
	if (!v6 && a[0] != 0x45)
		return 1;
	for (i = 1; i < f->n; i++) {
		b = f->s[i].pkt;
		if (b == NULL || !ok[i])
			return (int)i;
		if (f->s[i].len != naive_iplen(b) || naive_l4(b) != l4 ||
		    (size_t)(b[l4 + 12] >> 4) * 4 != thl)
			return (int)i;
		if (!v6) {
			unsigned id0 = get16(a + 4), id = get16(b + 4);

			/* Flags, version and IHL, TOS, DF, TTL, protocol,
			 * addresses, options. */
			if ((get16(b + 6) & 0xbfff) != 0 || b[0] != a[0] ||
			    b[1] != a[1] || get16(b + 6) != get16(a + 6) ||
			    b[8] != a[8] || b[9] != a[9] ||
			    memcmp(b + 12, a + 12, 8) != 0 ||
			    memcmp(b + 20, a + 20, l4 - 20) != 0)
				return (int)i;
			if (i == 1)
				*fixed = id == id0 && (a[6] & 0x40);
			if (id != (*fixed ? id0 : (id0 + i) & 0xffff))
				return (int)i;
		} else {
			/* Traffic class and flow label, next header, hop
			 * limit, addresses, extension headers. */
			if (memcmp(b, a, 4) != 0 || b[6] != a[6] ||
			    b[7] != a[7] || memcmp(b + 8, a + 8, 32) != 0 ||
			    memcmp(b + 40, a + 40, l4 - 40) != 0)
				return (int)i;
		}
		/* Ports, ack and data offset, flags but CWR/PSH/FIN, no CWR,
		 * window, options. */
		if (memcmp(b + l4, a + l4, 4) != 0 ||
		    memcmp(b + l4 + 8, a + l4 + 8, 5) != 0 ||
		    ((b[l4 + 13] ^ a[l4 + 13]) &
		     ~(TH_CWR | TH_PSH | TH_FIN)) != 0 ||
		    (b[l4 + 13] & TH_CWR) ||
		    memcmp(b + l4 + 14, a + l4 + 14, 2) != 0 ||
		    memcmp(b + l4 + 20, a + l4 + 20, thl - 20) != 0)
			return (int)i;
		plen = naive_iplen(b) - l4 - thl;
		if (plen == 0 || plen > mss || get32(b + l4 + 4) != seq)
			return (int)i;
		if (*total + plen > 65535) {
			*why = 2;
			return (int)i;
		}
		*total += plen;
		seq += (uint32_t)plen;
		k = i + 1;
		if ((b[l4 + 13] & (TH_PSH | TH_FIN | TH_URG | TH_RST |
				   TH_SYN)) || plen < mss)
			return (int)k;
	}
	return (int)f->n;
}

/* The first 'k' segments of 'f' merged naively into 'o'. */
static size_t
ref_merge(const struct tmpl *t, const struct flowbuf *f, size_t k,
	  uint8_t *o)
{
	const uint8_t *a = f->s[0].pkt;
	size_t l4 = naive_l4(a), hl = l4 + (size_t)(a[l4 + 12] >> 4) * 4;
	size_t pos = hl, i;

	memcpy(o, a, hl);
	for (i = 0; i < k; i++) {
		const uint8_t *b = f->s[i].pkt;
		size_t plen = naive_iplen(b) - hl;

		memcpy(o + pos, b + hl, plen);
		pos += plen;
		o[l4 + 13] |= b[l4 + 13] & (TH_PSH | TH_FIN);
	}
	if (t->v6)
		put16(o + 4, pos - 40);
	else
		put16(o + 2, pos);
	refix(t, o);
	return pos;
}

/* A template from a random l4gen TCP packet: ACK (maybe ECE), no other
 * flag, urgent pointer random, DF random, IPv4 options or IPv6 extension
 * headers or none. */
static void
make_tmpl(struct tmpl *t, unsigned shapes)
{
	static uint8_t buf[4096];

	do
		l4gen_make(&t->g, buf, sizeof(buf), &rs, 0,
			   L4GEN_TCP | shapes);
	while (t->g.payload - t->g.l3 > sizeof(t->h));
	t->v6 = t->g.v6;
	t->l4 = t->g.l4 - t->g.l3;
	t->thl = t->g.l4_hlen;
	memcpy(t->h, buf + t->g.l3, t->l4 + t->thl);
	t->h[t->l4 + 13] = (uint8_t)(TH_ACK |
				     (l4gen_rand(&rs) % 4 == 0 ? TH_ECE : 0));
}

/* Verify 'f' (inetcsum_gro_verify()) and the naive verdicts into 'ok'. */
static void
verify_flow(const struct tmpl *t, struct flowbuf *f, int *ok)
{
	size_t i;

	inetcsum_gro_verify(f->s, f->n);
	for (i = 0; i < f->n; i++) {
		ok[i] = f->s[i].pkt != NULL &&
			naive_ok(t, f->s[i].pkt);
		CHECK(f->s[i].pkt == NULL || (f->s[i].status == 0) == ok[i],
		      "segment %zu: status %d, naive %d", i, f->s[i].status,
		      ok[i]);
	}
}

static uint8_t got[70000], want_pkt[70000];
static unsigned long runs_checked, runs_short;

/*
 * Both calls on flow 'f' against ref_run() and ref_merge(): the prefix
 * (length, count, MSS, FIXEDID, bytes, nothing past the packet written)
 * and the all-or-nothing call.  Returns the reference's count.
 */
static int
check_flow(const struct tmpl *t, struct flowbuf *f, const char *what)
{
	struct inetcsum_gro_info info;
	int ok[FSEGS], fixed, why, k, r, all;
	size_t total = 0, len, l4, mss, i;

	verify_flow(t, f, ok);
	k = ref_run(t, f, ok, &total, &fixed, &why);
	memset(got, 0xa5, sizeof(got));
	r = inetcsum_gro_coalesce_prefix(got, sizeof(got), f->s, f->n, &info);
	runs_checked++;
	if (k < 0) {
		CHECK(r == (f->s[0].pkt == NULL ? INETCSUM_EINVAL :
			    INETCSUM_EBADSUM) && got[0] == 0xa5,
		      "%s: first segment refused: %d", what, r);
		return k;
	}
	runs_short += (size_t)k < f->n;
	len = ref_merge(t, f, (size_t)k, want_pkt);
	l4 = naive_l4(f->s[0].pkt);
	mss = naive_iplen(f->s[0].pkt) - l4 -
	      (size_t)(((const uint8_t *)f->s[0].pkt)[l4 + 12] >> 4) * 4;
	CHECK(r == (int)len && info.nsegs == (size_t)k && info.mss == mss &&
	      info.gso_flags == (!t->v6 && k >= 2 && fixed ?
				 INETCSUM_GSO_FIXEDID : 0u),
	      "%s (%s): prefix %d (%s) of %zu segments, %zu merged, mss "
	      "%zu, flags %u; want %zu bytes, %d segments, mss %zu, fixed "
	      "%d", what, t->g.desc, r, r < 0 ? inetcsum_pkt_strerror(r) :
	      "", f->n, info.nsegs, info.mss, info.gso_flags, len, k, mss,
	      fixed);
	CHECK(r != (int)len || (memcmp(got, want_pkt, len) == 0 &&
				got[len] == 0xa5),
	      "%s (%s): merged bytes differ", what, t->g.desc);
	/* A buffer one byte short: refused, nothing written. */
	memset(got, 0xa5, len);
	CHECK(inetcsum_gro_coalesce_prefix(got, len - 1, f->s, f->n, NULL) ==
	      INETCSUM_ENOSPC && got[0] == 0xa5, "%s: cap", what);

	/* All or nothing: a segment NULL or not verified anywhere is that
	 * error, checked before the rules. */
	for (i = 0, all = 0; i < f->n && all == 0; i++)
		if (f->s[i].pkt == NULL)
			all = INETCSUM_EINVAL;
	for (i = 0; i < f->n && all == 0; i++)
		if (!ok[i])
			all = INETCSUM_EBADSUM;
	if (all == 0 && (size_t)k < f->n)
		all = why == 2 ? INETCSUM_ENOSPC : INETCSUM_EFLOW;
	r = inetcsum_gro_coalesce(got, sizeof(got), f->s, f->n);
	if (all == 0)
		CHECK(r == (int)len && memcmp(got, want_pkt, len) == 0,
		      "%s (%s): coalesce %d, want %zu", what, t->g.desc, r,
		      len);
	else
		CHECK(r == all && got[0] == 0xa5,
		      "%s (%s): coalesce of a flow that stops at %d of %zu: "
		      "%d", what, t->g.desc, k, f->n, r);
	return k;
}

/* The perturbations of one segment; see flows(). */
enum {
	P_NONE, P_PSH, P_SYN, P_RST, P_URG, P_FIN, P_CWR, P_ECE, P_WINDOW,
	P_ACK, P_OPTION, P_URGPTR, P_ID, P_TTL, P_TOS, P_DF, P_ADDR,
	P_PORTS, P_BIGGER, P_SMALLER, P_EMPTY, P_SEQ, P_BADSUM, P_PAD,
	P_EVIL, P_DOFF, P_NULL, P_COUNT
};

static const char *const pnames[P_COUNT] = {
	"none", "PSH", "SYN", "RST", "URG", "FIN", "CWR", "ECE", "window",
	"ack", "option byte", "urgent pointer", "IPv4 ID / flow label",
	"TTL / hop limit", "TOS / traffic class", "DF / extension header",
	"address", "ports", "larger than mss", "smaller than mss",
	"no payload", "sequence gap", "bad checksum", "padding",
	"reserved bit", "data offset", "NULL",
};

/*
 * Random flows, one perturbation each at a random segment: 1 to 12
 * segments (sometimes 40-48 to cross 64 KiB), an MSS from 1 to 1460, the
 * last segment full or short, maybe PSH on the last and CWR on the first,
 * IDs counting up from a random start (through the wrap), fixed with DF,
 * or fixed without DF.
 */
static void
flows(unsigned long rounds)
{
	static struct flowbuf f;
	struct tmpl t;
	unsigned long r;
	size_t plens[FSEGS];
	unsigned long per[P_COUNT] = { 0 };

	for (r = 0; r < rounds; r++) {
		static const unsigned shapes[] = { L4GEN_V4 | L4GEN_PLAIN,
			L4GEN_V4, L4GEN_V6, L4GEN_V6 | L4GEN_PLAIN };
		int p = (int)(r % P_COUNT), big = l4gen_rand(&rs) % 16 == 0;
		int idmode = (int)(l4gen_rand(&rs) % 4);	/* 3: fixed */
		size_t n, mss, i, j, extra = (size_t)-1;
		uint32_t seq = (uint32_t)l4gen_rand(&rs);
		unsigned id0 = l4gen_rand(&rs) % 3 == 0 ?
			       0xfffe : (unsigned)(l4gen_rand(&rs) & 0xffff);
		uint8_t *b;
		size_t l4;
		char what[96];

		make_tmpl(&t, shapes[l4gen_rand(&rs) % 4]);
		if (big) {
			n = 40 + (size_t)(l4gen_rand(&rs) % 9);
			mss = 1300 + (size_t)(l4gen_rand(&rs) % 160);
		} else {
			n = 1 + (size_t)(l4gen_rand(&rs) % 12);
			mss = 1 + (size_t)(l4gen_rand(&rs) % 1460);
		}
		if (!t.v6 && idmode == 3)
			t.h[6] |= 0x40;		/* fixed with DF */
		else if (!t.v6 && idmode == 2)
			t.h[6] &= (uint8_t)~0x40;	/* fixed without */
		j = (size_t)(l4gen_rand(&rs) % n);
		for (i = 0; i < n; i++)
			plens[i] = mss;
		if (l4gen_rand(&rs) % 2)
			plens[n - 1] = 1 + (size_t)(l4gen_rand(&rs) % mss);
		if (p == P_BIGGER)
			plens[j] = mss + 1 + (size_t)(l4gen_rand(&rs) % 40);
		else if (p == P_SMALLER && mss > 1)
			plens[j] = 1 + (size_t)(l4gen_rand(&rs) % (mss - 1));
		else if (p == P_EMPTY)
			plens[j] = 0;
		else if (p == P_DOFF && t.thl <= 56)
			extra = j;	/* the data offset has room */
		f.n = n;
		for (i = 0; i < n; i++) {
			unsigned fl = t.h[t.l4 + 13];

			if (i == 0 && l4gen_rand(&rs) % 4 == 0)
				fl |= TH_CWR;
			if (i == n - 1 && l4gen_rand(&rs) % 2)
				fl |= TH_PSH;
			build_seg(&t, &f, i, plens[i], seq,
				  idmode >= 2 ? id0 : id0 + (unsigned)i, fl,
				  i == extra);
			seq += (uint32_t)plens[i];
		}
		/* The perturbation of segment j, its sums refixed. */
		b = (uint8_t *)f.s[j].pkt;
		l4 = naive_l4(b);
		switch (p) {
		case P_PSH: b[l4 + 13] |= TH_PSH; break;
		case P_SYN: b[l4 + 13] |= TH_SYN; break;
		case P_RST: b[l4 + 13] |= TH_RST; break;
		case P_URG:
			b[l4 + 13] |= TH_URG;
			put16(b + l4 + 18, 1 + l4gen_rand(&rs) % 100);
			break;
		case P_FIN: b[l4 + 13] |= TH_FIN; break;
		case P_CWR: b[l4 + 13] |= TH_CWR; break;
		case P_ECE: b[l4 + 13] ^= TH_ECE; break;
		case P_WINDOW: b[l4 + 14 + l4gen_rand(&rs) % 2] ^= 0x10; break;
		case P_ACK: b[l4 + 8 + l4gen_rand(&rs) % 4] ^= 0x01; break;
		case P_OPTION:
			if (t.thl > 20)
				b[l4 + 20 + l4gen_rand(&rs) % (t.thl - 20)]
					^= 0x20;
			else
				b[l4 + 12] ^= 0x02;	/* a reserved bit */
			break;
		case P_URGPTR: b[l4 + 18 + l4gen_rand(&rs) % 2] ^= 0x81; break;
		case P_ID:
			if (t.v6)
				b[3] ^= 0x01;		/* flow label */
			else
				put16(b + 4, get16(b + 4) +
				      1 + l4gen_rand(&rs) % 0xfffe);
			break;
		case P_TTL: b[t.v6 ? 7 : 8] ^= 0x04; break;
		case P_TOS:
			if (t.v6)
				b[1] ^= 0x10;		/* traffic class */
			else
				b[1] ^= 0x04;
			break;
		case P_DF:
			/*
			 * IPv6: a byte of the first extension header that
			 * neither its walk nor the pseudo-header reads: a
			 * routing header's reserved/tag byte 6, else the last
			 * byte, PadN data in every options header l4gen
			 * writes.
			 */
			if (!t.v6)
				b[6] ^= 0x40;
			else if (l4 > 40 && b[6] == 43)
				b[40 + 6] ^= 0x01;
			else if (l4 > 40)
				b[40 + ((size_t)b[41] + 1) * 8 - 1] ^= 0x01;
			break;
		case P_ADDR: {
			/* Two 16-bit words of the source swapped: another
			 * address, every checksum unchanged. */
			uint8_t w[2], *a = b + (t.v6 ? 8 : 12);

			memcpy(w, a, 2);
			memcpy(a, a + 2, 2);
			memcpy(a + 2, w, 2);
			break;
		}
		case P_PORTS: {
			uint8_t w[2];

			memcpy(w, b + l4, 2);
			memcpy(b + l4, b + l4 + 2, 2);
			memcpy(b + l4 + 2, w, 2);
			break;
		}
		case P_SEQ:
			put32(b + l4 + 4, get32(b + l4 + 4) +
			      (l4gen_rand(&rs) % 2 ? 1u : 0xffffffffu));
			break;
		case P_PAD:
			memset(b + f.s[j].len, 0, 10);
			f.s[j].len += 1 + (size_t)(l4gen_rand(&rs) % 10);
			break;
		case P_EVIL:
			if (!t.v6)
				b[6] ^= 0x80;
			break;
		default:
			break;
		}
		if (p != P_ADDR && p != P_PORTS)
			refix(&t, b);
		if (p == P_BADSUM)
			b[f.s[j].len - 1] ^= 0x08;
		if (p == P_NULL)
			f.s[j].pkt = NULL;
		snprintf(what, sizeof(what), "%s at %zu of %zu, mss %zu, "
			 "ids %d", pnames[p], j, n, mss, idmode);
		per[p] += check_flow(&t, &f, what) != (int)n;
	}
	/* Every perturbation must have cut some flows short (else it was
	 * not tested). */
	for (r = 1; r < P_COUNT; r++)
		CHECK(r == P_URGPTR ? per[r] <= per[P_NONE] * 2 + rounds / 50 :
		      per[r] > 0, "perturbation %s cut %lu flows", pnames[r],
		      per[r]);
}

/* ---------------------------------------------------------------------- */
/*  Hand-made regressions, one per bullet of issue 23 item 3               */
/* ---------------------------------------------------------------------- */

/* A fixed template: IPv4 with DF, TTL 64 (or IPv6, flow label 0x12345, hop
 * limit 64), TCP ports 12345 -> 80, ACK, window 0xffff and a timestamp
 * option (NOP NOP TS, 32-byte header). */
static void
hand_tmpl(struct tmpl *t, int v6)
{
	static const uint8_t tcp[32] = {
		0x30, 0x39, 0x00, 0x50, 0, 0, 0, 0, 1, 2, 3, 4,
		0x80, TH_ACK, 0xff, 0xff, 0, 0, 0, 0,
		1, 1, 8, 10, 0, 0, 0x12, 0x34, 0, 0, 0x56, 0x78,
	};
	uint8_t *h = t->h;

	memset(t, 0, sizeof(*t));
	t->v6 = t->g.v6 = v6;
	if (v6) {
		static const uint8_t a[32] = {
			0x20, 0x01, 0x0d, 0xb8, [15] = 1,
			[16] = 0x20, 0x01, 0x0d, 0xb8, [31] = 2,
		};

		h[0] = 0x60;
		h[1] = 0x01;
		h[2] = 0x23;
		h[3] = 0x45;
		h[6] = 6;
		h[7] = 64;
		memcpy(h + 8, a, 32);
		memcpy(t->g.src, a, 16);
		memcpy(t->g.dst, a + 16, 16);
		t->l4 = 40;
	} else {
		static const uint8_t ip[20] = {
			0x45, 0, 0, 0, 0, 0, 0x40, 0, 64, 6, 0, 0,
			192, 0, 2, 1, 192, 0, 2, 2,
		};

		memcpy(h, ip, 20);
		memcpy(t->g.src, ip + 12, 4);
		memcpy(t->g.dst, ip + 16, 4);
		t->l4 = 20;
	}
	memcpy(h + t->l4, tcp, 32);
	t->thl = 32;
	snprintf(t->g.desc, sizeof(t->g.desc), "hand %s", v6 ? "ipv6" : "ipv4");
}

/* 'n' segments of 'plen' payload bytes (0 in plens: 'plen'), IDs from
 * 'id0' counting up (or all 'id0' if 'fixed'), sequence from 1000. */
static void
hand_flow(const struct tmpl *t, struct flowbuf *f, size_t n, size_t plen,
	  const size_t *plens, unsigned id0, int fixed)
{
	uint32_t seq = 1000;
	size_t i, pl;

	f->n = n;
	for (i = 0; i < n; i++) {
		pl = plens != NULL ? plens[i] : plen;
		build_seg(t, f, i, pl, seq, fixed ? id0 : id0 + (unsigned)i,
			  TH_ACK, 0);
		seq += (uint32_t)pl;
	}
}

/* Segment 'i' of 'f' as bytes to change (then refix()). */
static uint8_t *
seg(struct flowbuf *f, size_t i)
{
	return (uint8_t *)f->s[i].pkt;
}

/* The prefix must merge 'want' segments (and report 'flags'); all of
 * them must coalesce only if want == n. */
static void
expect_run(const struct tmpl *t, struct flowbuf *f, size_t want,
	   unsigned flags, const char *what)
{
	struct inetcsum_gro_info info;
	int r;

	inetcsum_gro_verify(f->s, f->n);
	r = inetcsum_gro_coalesce_prefix(got, sizeof(got), f->s, f->n, &info);
	CHECK(r > 0 && info.nsegs == want && info.gso_flags == flags,
	      "%s (%s): %d, %zu merged (flags %u), want %zu (flags %u)", what,
	      t->g.desc, r, info.nsegs, info.gso_flags, want, flags);
	/* Cross-checked with the naive rules too. */
	CHECK(check_flow(t, f, what) == (int)want, "%s: the naive rules "
	      "disagree with the hand-made answer", what);
	r = inetcsum_gro_coalesce(got, sizeof(got), f->s, f->n);
	CHECK(want == f->n ? r > 0 : r == INETCSUM_EFLOW || r ==
	      INETCSUM_ENOSPC, "%s: coalesce of all %zu: %d", what, f->n, r);
}

static void
hand_cases(void)
{
	static struct flowbuf f;
	struct tmpl t;
	size_t sz[FSEGS];
	int v6;

	hand_tmpl(&t, 0);
	/* The good flow: 4 x 100 bytes, IDs counting up. */
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	expect_run(&t, &f, 4, 0, "plain flow");
	/* PSH in the middle ends the packet after it; the rest merges. */
	seg(&f, 1)[20 + 13] |= TH_PSH;
	refix(&t, seg(&f, 1));
	expect_run(&t, &f, 2, 0, "PSH on segment 1");
	f.n = 2;
	memmove(f.s, f.s + 2, 2 * sizeof(f.s[0]));
	expect_run(&t, &f, 2, 0, "the segments after the PSH");
	/* SYN, RST, URG: alone when first, never merged later. */
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	seg(&f, 0)[33] |= TH_SYN;
	refix(&t, seg(&f, 0));
	expect_run(&t, &f, 1, 0, "SYN on segment 0");
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	seg(&f, 2)[33] |= TH_SYN;
	refix(&t, seg(&f, 2));
	expect_run(&t, &f, 2, 0, "SYN on segment 2");
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	seg(&f, 1)[33] |= TH_RST;
	refix(&t, seg(&f, 1));
	expect_run(&t, &f, 1, 0, "RST on segment 1");
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	seg(&f, 2)[33] |= TH_URG;
	put16(seg(&f, 2) + 38, 5);
	refix(&t, seg(&f, 2));
	expect_run(&t, &f, 2, 0, "URG on segment 2");
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	seg(&f, 0)[33] |= TH_URG;
	refix(&t, seg(&f, 0));
	expect_run(&t, &f, 1, 0, "URG on segment 0");
	/* The urgent pointer alone is not compared (Linux does not). */
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	put16(seg(&f, 1) + 38, 77);
	refix(&t, seg(&f, 1));
	expect_run(&t, &f, 4, 0, "urgent pointer without URG");
	/* FIN merges, then ends; CWR only on the first. */
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	seg(&f, 1)[33] |= TH_FIN;
	refix(&t, seg(&f, 1));
	expect_run(&t, &f, 2, 0, "FIN on segment 1");
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	seg(&f, 0)[33] |= TH_CWR;
	refix(&t, seg(&f, 0));
	expect_run(&t, &f, 4, 0, "CWR on segment 0");
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	seg(&f, 2)[33] |= TH_CWR;
	refix(&t, seg(&f, 2));
	expect_run(&t, &f, 2, 0, "CWR on segment 2");

	/* IPv4 IDs: counting up (through the wrap) or fixed with DF. */
	hand_flow(&t, &f, 4, 100, NULL, 0xfffe, 0);
	expect_run(&t, &f, 4, 0, "IDs 0xfffe, 0xffff, 0, 1");
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	put16(seg(&f, 1) + 4, 7);
	refix(&t, seg(&f, 1));
	expect_run(&t, &f, 1, 0, "IDs 100, 7, 102, 103");
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	put16(seg(&f, 3) + 4, 5);
	refix(&t, seg(&f, 3));
	expect_run(&t, &f, 3, 0, "IDs 100, 101, 102, 5");
	hand_flow(&t, &f, 4, 100, NULL, 100, 1);
	expect_run(&t, &f, 4, INETCSUM_GSO_FIXEDID, "IDs all 100, DF");
	hand_flow(&t, &f, 4, 100, NULL, 100, 1);
	put16(seg(&f, 2) + 4, 102);
	refix(&t, seg(&f, 2));
	expect_run(&t, &f, 2, INETCSUM_GSO_FIXEDID, "IDs 100, 100, 102, 100");
	t.h[6] = 0;	/* no DF */
	hand_flow(&t, &f, 4, 100, NULL, 100, 1);
	expect_run(&t, &f, 1, 0, "IDs all 100, no DF");
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	expect_run(&t, &f, 4, 0, "IDs counting up, no DF");
	t.h[6] = 0x40;

	/* Unequal sizes: larger than the first ends before, smaller after,
	 * none at all before. */
	sz[0] = 100, sz[1] = 100, sz[2] = 50, sz[3] = 100;
	hand_flow(&t, &f, 4, 0, sz, 100, 0);
	expect_run(&t, &f, 3, 0, "sizes 100, 100, 50, 100");
	sz[0] = 50, sz[1] = 100;
	hand_flow(&t, &f, 2, 0, sz, 100, 0);
	expect_run(&t, &f, 1, 0, "sizes 50, 100");
	sz[0] = 100, sz[1] = 100, sz[2] = 0, sz[3] = 100;
	hand_flow(&t, &f, 4, 0, sz, 100, 0);
	expect_run(&t, &f, 2, 0, "sizes 100, 100, 0, 100");
	sz[0] = 0, sz[1] = 100;
	hand_flow(&t, &f, 2, 0, sz, 100, 0);
	expect_run(&t, &f, 1, 0, "sizes 0, 100");

	/* Differing TCP options, ack, window, sequence. */
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	seg(&f, 2)[20 + 27] ^= 1;	/* TSval */
	refix(&t, seg(&f, 2));
	expect_run(&t, &f, 2, 0, "timestamp of segment 2");
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	seg(&f, 1)[20 + 11] ^= 1;
	refix(&t, seg(&f, 1));
	expect_run(&t, &f, 1, 0, "ack of segment 1");
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	seg(&f, 1)[20 + 15] ^= 1;
	refix(&t, seg(&f, 1));
	expect_run(&t, &f, 1, 0, "window of segment 1");
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	put32(seg(&f, 2) + 24, 1000 + 201);
	refix(&t, seg(&f, 2));
	expect_run(&t, &f, 2, 0, "sequence gap before segment 2");

	/* IPv4 TTL, TOS, DF; padding; the reserved bit. */
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	seg(&f, 1)[8] = 63;
	refix(&t, seg(&f, 1));
	expect_run(&t, &f, 1, 0, "TTL of segment 1");
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	seg(&f, 2)[1] = 0x10;
	refix(&t, seg(&f, 2));
	expect_run(&t, &f, 2, 0, "TOS of segment 2");
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	seg(&f, 3)[6] = 0;
	refix(&t, seg(&f, 3));
	expect_run(&t, &f, 3, 0, "DF of segment 3");
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	memset(seg(&f, 0) + f.s[0].len, 0, 6);
	f.s[0].len += 6;
	expect_run(&t, &f, 1, 0, "Ethernet padding after segment 0");
	hand_flow(&t, &f, 4, 100, NULL, 100, 0);
	seg(&f, 1)[6] |= 0x80;
	refix(&t, seg(&f, 1));
	expect_run(&t, &f, 1, 0, "reserved bit of segment 1");

	/* 64 KiB: 46 x 1448 bytes over 52 header bytes make 66660; 45 fit. */
	hand_flow(&t, &f, 46, 1448, NULL, 100, 0);
	expect_run(&t, &f, 45, 0, "46 x 1448 bytes");

	/* IPv6: hop limit, flow label, traffic class. */
	for (v6 = 1; v6 <= 1; v6++) {
		hand_tmpl(&t, 1);
		hand_flow(&t, &f, 4, 100, NULL, 0, 0);
		expect_run(&t, &f, 4, 0, "plain IPv6 flow");
		seg(&f, 1)[7] = 63;
		expect_run(&t, &f, 1, 0, "hop limit of segment 1");
		hand_flow(&t, &f, 4, 100, NULL, 0, 0);
		seg(&f, 2)[3] ^= 1;
		expect_run(&t, &f, 2, 0, "flow label of segment 2");
		hand_flow(&t, &f, 4, 100, NULL, 0, 0);
		seg(&f, 3)[1] ^= 0x10;
		expect_run(&t, &f, 3, 0, "traffic class of segment 3");
	}
}

/* ---------------------------------------------------------------------- */
/*  GRO then GSO is the identity                                           */
/* ---------------------------------------------------------------------- */

/*
 * Segments cut by the reference GSO (IDs counting up, or fixed with DF),
 * sometimes split by a PSH in the middle or flagged so that each goes
 * alone, merged run by run with inetcsum_gro_coalesce_prefix(); each run
 * cut again by inetcsum_gso_segment() with the MSS and flags it reported
 * must give back its segments byte for byte.
 */
static void
gro_gso_identity(unsigned long rounds)
{
	static uint8_t pkt[8192], cut[65536], again[70000], merged[70000];
	struct inetcsum_gso_seg gs[MAXSEG];
	struct inetcsum_gro_seg s[MAXSEG];
	struct inetcsum_gro_info info;
	unsigned long r, fixed_runs = 0;
	struct tmpl tt;

	for (r = 0; r < rounds; r++) {
		size_t lens[MAXSEG], nseg, k, off, mss, i, runs = 0, want;
		int fixed, split = -1, alone;
		struct l4gen g;
		uint8_t *t;
		int m, n;

		/* Every fourth packet IPv4 without options, the only kind
		 * whose IDs can be fixed (half of them). */
		if (l4gen_make(&g, pkt, sizeof(pkt), &rs,
			       1 + (size_t)(l4gen_rand(&rs) % 4000),
			       (r % 4 == 0 ? L4GEN_V4 | L4GEN_PLAIN :
				L4GEN_V4 | L4GEN_V6) | L4GEN_TCP) != 0 ||
		    g.big)
			continue;
		t = pkt + g.l4;
		alone = l4gen_rand(&rs) % 8 == 0;
		if (!alone)
			t[13] = (uint8_t)(TH_ACK | (t[13] & (TH_PSH | TH_FIN |
					  TH_CWR | TH_ECE)));
		/* SYN, RST and URG flush; IPv4 options are never held. */
		alone = (t[13] & (TH_SYN | TH_RST | TH_URG)) != 0 ||
			(!g.v6 && pkt[g.l3] != 0x45);
		fixed = !g.v6 && l4gen_rand(&rs) % 2;
		if (fixed)
			pkt[g.l3 + 6] |= 0x40;
		mss = 1 + (size_t)(l4gen_rand(&rs) % 1500);
		nseg = l4gen_ref_gso_ids(&g, mss, 0, fixed, cut, sizeof(cut),
					 lens, MAXSEG);
		if (nseg == 0)
			continue;
		for (k = 0, off = 0; k < nseg; off += lens[k], k++) {
			s[k].pkt = cut + off + g.l3;
			s[k].len = lens[k] - g.l3;
		}
		if (nseg >= 3 && l4gen_rand(&rs) % 3 == 0) {
			split = (int)(l4gen_rand(&rs) % (nseg - 1));
			tt.g = g;
			tt.v6 = g.v6;
			((uint8_t *)s[split].pkt)[g.l4 - g.l3 + 13] |= TH_PSH;
			refix(&tt, (uint8_t *)s[split].pkt);
		}
		CHECK(inetcsum_gro_verify(s, nseg) == nseg, "%s: verify",
		      g.desc);
		for (k = 0; k < nseg; k += info.nsegs, runs++) {
			n = inetcsum_gro_coalesce_prefix(merged,
					sizeof(merged), s + k, nseg - k, &info);
			if (n < 0) {
				CHECK(0, "%s: prefix at %zu: %d", g.desc, k, n);
				break;
			}
			fixed_runs += info.gso_flags != 0;
			CHECK(info.gso_flags == (fixed && info.nsegs >= 2 ?
						 INETCSUM_GSO_FIXEDID : 0u),
			      "%s: flags %u", g.desc, info.gso_flags);
			m = inetcsum_gso_segment(merged, (size_t)n, 0, info.mss,
						 info.gso_flags, again,
						 sizeof(again), gs, MAXSEG);
			CHECK(m == (int)info.nsegs, "%s: gso of run at %zu: "
			      "%d, want %zu", g.desc, k, m, info.nsegs);
			for (i = 0; m > 0 && i < (size_t)m; i++)
				CHECK(gs[i].len == s[k + i].len &&
				      memcmp(again + gs[i].offset, s[k + i].pkt,
					     s[k + i].len) == 0,
				      "%s mss %zu: run at %zu, segment %zu "
				      "differs after GRO then GSO", g.desc,
				      mss, k, i);
		}
		want = alone ? nseg : split >= 0 ? 2 : 1;
		CHECK(runs == want, "%s mss %zu: %zu runs of %zu segments, "
		      "want %zu", g.desc, mss, runs, nseg, want);
	}
	/* IPv4 without options with DF, two segments or more: about 1 in 8
	 * (a statistical floor; the rounds' sequence is fixed). */
	CHECK(fixed_runs > rounds / 100, "only %lu fixed-ID runs", fixed_runs);
	printf("test_gro: GRO then GSO, %lu rounds, %lu runs with fixed IDs\n",
	       rounds, fixed_runs);
}

/*
 * inetcsum_packet_tuning_set(): each value in range sets its choice and
 * leaves the other, 0 and -1 keep them, and a value out of range changes
 * nothing; inetcsum_packet_tuning() reads them back.  Leaves the GRO
 * walk's far distance at 3, which the bursts after it then take.
 */
static void
prefetch_setting(void)
{
	struct inetcsum_packet_tuning t, u;

	inetcsum_packet_tuning(&t);
	CHECK(t.gro_far >= 1 && t.gro_far <= 1024 &&
	      (t.gso_l2 == 0 || t.gso_l2 == 1), "in use: %zu/%d", t.gro_far,
	      t.gso_l2);
	CHECK(inetcsum_packet_tuning_set(5, -1) == 0, "set 5/-1");
	inetcsum_packet_tuning(&u);
	CHECK(u.gro_far == 5 && u.gso_l2 == t.gso_l2, "after 5/-1: %zu/%d",
	      u.gro_far, u.gso_l2);
	CHECK(inetcsum_packet_tuning_set(0, !t.gso_l2) == 0, "set 0/l2");
	inetcsum_packet_tuning(&u);
	CHECK(u.gro_far == 5 && u.gso_l2 == !t.gso_l2, "after 0/%d: %zu/%d",
	      !t.gso_l2, u.gro_far, u.gso_l2);
	CHECK(inetcsum_packet_tuning_set(1025, 0) < 0 &&
	      inetcsum_packet_tuning_set(0, 2) < 0 &&
	      inetcsum_packet_tuning_set(1, -2) < 0, "out of range accepted");
	inetcsum_packet_tuning(&u);
	CHECK(u.gro_far == 5 && u.gso_l2 == !t.gso_l2,
	      "a refused call changed %zu/%d", u.gro_far, u.gso_l2);
	CHECK(inetcsum_packet_tuning_set(1024, t.gso_l2) == 0 &&
	      inetcsum_packet_tuning_set(3, -1) == 0, "set 1024, 3");
	inetcsum_packet_tuning(&u);
	CHECK(u.gro_far == 3 && u.gso_l2 == t.gso_l2, "after 3: %zu/%d",
	      u.gro_far, u.gso_l2);
	inetcsum_packet_tuning(NULL);
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
		if (!g.v6 && pkt[g.l3] != 0x45) {
			/* IPv4 options: Linux merges no such segment. */
			memset(out2, 0xa5, sizeof(out2));
			r = inetcsum_gro_coalesce(out2, sizeof(out2), s, nseg);
			CHECK(nseg == 1 ? r == (int)(g.len - g.l3) :
			      r == INETCSUM_EFLOW && out2[0] == 0xa5,
			      "%s, %zu segments: coalesce %d", g.desc, nseg, r);
			continue;
		}
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
	prefetch_setting();
	bursts(quick ? 100 : 500);	/* with the distance set there */
	hand_cases();
	flows(quick ? 3000 : 30000);
	gro_gso_identity(quick ? 300 : 3000);
	printf("test_gro: %lu flows coalesced, %lu runs checked against the "
	       "naive rules (%lu cut short), %d failures (kernel %s)\n",
	       merged, runs_checked, runs_short, failures,
	       inetcsum_impl_name());
	return failures != 0;
}
