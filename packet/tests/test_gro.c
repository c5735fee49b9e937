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
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inetcsum.h"
#include "inetcsum_packet.h"
#include "l4gen.h"

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
	printf("test_gro: %lu flows coalesced, %d failures (kernel %s)\n",
	       merged, failures, inetcsum_impl_name());
	return failures != 0;
}
