/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/test_fast_path.c - packet/pkt_fast.h's inline locators
 * against the general walk they stand in for.  fast_find_l4() (IPv4
 * without options) and fast_find_l4_6() (IPv6 without extension headers)
 * may decline any packet, but a packet they take must be one that
 * inetcsum_pkt_find_l4() takes too, with every field of the layout the
 * same; and their pseudo-header sums must fold as the general one does.
 *
 * The packets: l4gen.c's random TCP/UDP packets of every shape, most of
 * them then damaged in the bytes the locators read (version, lengths,
 * protocol or next header, fragment bits, data offset, UDP length) or cut
 * or padded, each put flush against a guard page so that a read past the
 * buffer faults.  The test also counts how many of each locator's takes
 * it saw, and fails if either never took one (the checks would then have
 * tested nothing).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inetcsum.h"
#include "l4gen.h"
#include "test_util.h"
#include "pkt_fast.h"	/* the locators under test */

static int failures;

#define CHECK_PRINT_MAX 20UL
#include "check.h"

#define CAP 4096

/* One byte of the locators' view changed, or the length. */
static size_t
damage(uint8_t *p, size_t len, uint64_t *rs)
{
	static const size_t v4[] = { 0, 2, 3, 6, 7, 9, 32, 24, 25 };
	static const size_t v6[] = { 0, 4, 5, 6, 52, 44, 45 };
	uint64_t r = l4gen_rand(rs);
	int is6 = len != 0 && p[0] >> 4 == 6;
	size_t at = is6 ? v6[r % 7] : v4[r % 9];

	switch ((r >> 8) % 8) {
	case 0:		/* a random value */
		if (at < len)
			p[at] = (uint8_t)(r >> 16);
		break;
	case 1:		/* one up or down */
		if (at < len)
			p[at] = (uint8_t)(p[at] + ((r >> 16) & 1 ? 1 : -1));
		break;
	case 2:		/* zero */
		if (at < len)
			p[at] = 0;
		break;
	case 3:		/* TCP or UDP, or another protocol */
		if (len > 9)
			p[is6 ? 6 : 9] = (uint8_t[]){ 6, 17, 1, 58, 0, 44 }
						[(r >> 16) % 6];
		break;
	case 4:		/* cut */
		len = (size_t)((r >> 16) % (len + 1));
		break;
	case 5:		/* padded (the buffer has the room) */
		len += (size_t)((r >> 16) % 64);
		if (len > CAP)
			len = CAP;
		break;
	default:	/* as built */
		break;
	}
	return len;
}

/* Every field of two layouts equal; 'what' names the locator. */
static void
same_loc(const struct inetcsum_l4loc *a, const struct inetcsum_l4loc *b,
	 const char *what, const char *desc)
{
	CHECK(a->l3 == b->l3 && a->l4 == b->l4 && a->end == b->end &&
	      a->ip_hlen == b->ip_hlen && a->l4_hlen == b->l4_hlen &&
	      a->csum_offset == b->csum_offset &&
	      a->proto_field == b->proto_field && a->jumbo == b->jumbo &&
	      a->src == b->src && a->dst == b->dst && a->proto == b->proto &&
	      a->v6 == b->v6 && a->big == b->big,
	      "%s: %s: layout differs (l4 %zu/%zu end %zu/%zu hlen %zu/%zu "
	      "proto_field %zu/%zu)", what, desc, a->l4, b->l4, a->end,
	      b->end, a->l4_hlen, b->l4_hlen, a->proto_field,
	      b->proto_field);
}

/* A packet locator 'what' took: the walk must take it too ('rg' 0), with
 * the same layout. */
static void
check_take(const char *what, const struct inetcsum_l4loc *fast, int rg,
	   const struct inetcsum_l4loc *gen, const char *desc, size_t len)
{
	CHECK(rg == 0, "%s took what the walk refuses (%d): %s, len %zu",
	      what, rg, desc, len);
	if (rg == 0)
		same_loc(fast, gen, what, desc);
}

int
main(void)
{
	static uint8_t tmp[CAP];
	struct inetcsum_test_buf buf = { 0 };
	struct inetcsum_l4loc gen, fast;
	uint64_t rs;
	unsigned long r, rounds, took4 = 0, took6 = 0;

	inetcsum_test_init("test_fast_path");
	rs = inetcsum_test_seed();
	rounds = inetcsum_test_quick() ? 20000 : 200000;
	inetcsum_test_buf_alloc(&buf, CAP);
	for (r = 0; r < rounds; r++) {
		struct l4gen g;
		uint8_t *p;
		size_t len, k;
		int rg, f4, f6;

		l4gen_make(&g, tmp, sizeof(tmp), &rs,
			   (size_t)(l4gen_rand(&rs) % 1500),
			   (r & 1 ? L4GEN_PLAIN : 0) | L4GEN_TCP | L4GEN_UDP |
			   L4GEN_V4 | L4GEN_V6);
		if (g.big || g.len - g.l3 > CAP - 64)
			continue;
		len = g.len - g.l3;
		memmove(tmp, tmp + g.l3, len);
		memset(tmp + len, 0xa5, CAP - len);
		for (k = l4gen_rand(&rs) % 3; k > 0; k--)
			len = damage(tmp, len, &rs);
		p = inetcsum_test_buf_tail(&buf, 0, len);
		memcpy(p, tmp, len);

		rg = inetcsum_pkt_find_l4(p, len, 0, &gen);
		f4 = fast_find_l4(p, len, &fast);
		if (f4) {
			took4++;
			check_take("fast_find_l4", &fast, rg, &gen, g.desc,
				   len);
		}
		f6 = fast_find_l4_6(p, len, &fast);
		if (f6) {
			took6++;
			check_take("fast_find_l4_6", &fast, rg, &gen, g.desc,
				   len);
		}
		CHECK(!(f4 && f6), "both locators took %s", g.desc);
		if ((f4 || f6) && rg == 0) {
			size_t l4len = gen.end - gen.l4;
			u64 ps = f4 ? fast_pseudo4(p, gen.proto, l4len) :
				      fast_pseudo6(p, gen.proto, l4len);

			CHECK(fast_fold64(ps) ==
			      fast_fold64(inetcsum_pkt_l4_pseudo(&gen, l4len)),
			      "pseudo-header sum: %s", g.desc);
		}
	}
	inetcsum_test_buf_free(&buf);
	CHECK(took4 > rounds / 20 && took6 > rounds / 20,
	      "the locators took too few packets to test: %lu IPv4, %lu "
	      "IPv6 of %lu", took4, took6, rounds);
	printf("test_fast_path: %lu rounds, IPv4 fast %lu, IPv6 fast %lu, "
	       "%d failures\n", rounds, took4, took6, failures);
	return failures != 0;
}
