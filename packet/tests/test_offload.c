/* SPDX-License-Identifier: MIT */
/*
 * packet/tests/test_offload.c - inetcsum_offload_prepare() and
 * inetcsum_offload_complete() against the naive reference of l4gen.c on
 * random TCP and UDP packets over IPv4 (options, source routes) and IPv6
 * (extension headers, Home Address, routing headers, jumbograms):
 *   - prepare writes the folded pseudo-header sum (reference), changes no
 *     other byte, returns csum_start / csum_offset / end, and the frame
 *     checker calls the field "partial" (reason "offload");
 *   - complete then gives the reference checksum (a computed 0 as 0xffff)
 *     and the frame checker calls it good; completing a packet whose field
 *     was zeroed gives the same;
 *   - errors: every truncation, lying lengths, other protocols, fragments,
 *     bad complete() bounds; nothing is written on error.
 * INETCSUM_TEST_SEED replays a run; INETCSUM_TEST_QUICK=1 does fewer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "inetcsum.h"
#include "inetcsum_packet.h"
#include "l4gen.h"

#define PKT_CAP	(200u * 1024)

static uint64_t rs;
static unsigned long failures, checked;
/* Packets whose pseudo-header sum was also their right checksum. */
static unsigned long coincidences;
static uint8_t *pkt, *copy;

#define FAIL(g, ...) do {						\
	failures++;							\
	fprintf(stderr, "FAIL %s:%d [%s]: ", __FILE__, __LINE__,	\
		(g)->desc);						\
	fprintf(stderr, __VA_ARGS__);					\
	fputc('\n', stderr);						\
} while (0)

static unsigned
get16(const uint8_t *p)
{
	return (unsigned)p[0] << 8 | p[1];
}

static enum inetcsum_status
verdict(const struct l4gen *g, const uint8_t *p, const char **reason)
{
	struct inetcsum_frame_result r;

	inetcsum_frame_check(g->l3 == 0 ? INETCSUM_LINK_RAW :
			     INETCSUM_LINK_ETHERNET, p, g->len, g->len, &r);
	if (r.nlayers == 0)
		return INETCSUM_UNVERIFIED;
	*reason = r.layers[r.nlayers - 1].reason;
	return r.layers[r.nlayers - 1].status;
}

static void
one(unsigned shapes, size_t plen)
{
	struct inetcsum_offload o;
	struct l4gen g;
	size_t f, i;
	unsigned want, got;
	const char *why = NULL;
	int r;

	checked++;
	if (l4gen_make(&g, pkt, PKT_CAP, &rs, plen, shapes) < 0) {
		FAIL(&g, "generator");
		return;
	}
	f = g.l4 + (g.udp ? 6 : 16);
	memcpy(copy, pkt, g.len);
	r = inetcsum_offload_prepare(pkt, g.len, g.l3, &o);
	if (g.big && !g.v6) {
		if (r != INETCSUM_EUNSUPP || memcmp(copy, pkt, g.len) != 0)
			FAIL(&g, "IPv4 over 64 KiB: %d", r);
		return;
	}
	if (r != 0) {
		FAIL(&g, "prepare: %s", inetcsum_pkt_strerror(r));
		return;
	}
	if (o.csum_start != g.l4 || o.csum_offset != f - g.l4 ||
	    o.end != g.len || o.proto != (g.udp ? 17 : 6) || o.ipv6 != g.v6)
		FAIL(&g, "prepare: start %zu offset %zu end %zu", o.csum_start,
		     o.csum_offset, o.end);
	want = l4gen_ref_partial(&g);
	if (get16(pkt + f) != want)
		FAIL(&g, "prepare: field %04x, want %04x", get16(pkt + f),
		     want);
	for (i = 0; i < g.len; i++)
		if (pkt[i] != copy[i] && i != f && i != f + 1)
			FAIL(&g, "prepare changed byte %zu", i);
	/*
	 * The checker must call the field "partial (offload)", unless the
	 * pseudo-header sum happens to be the packet's correct checksum too
	 * (about one random packet in 65536): then GOOD is the right verdict,
	 * as the checker tries the full sum first.  The full checksum is
	 * computed with the field zeroed; 0 and 0xffff are the same value.
	 */
	if (!g.big && !g.v6) {
		enum inetcsum_status st = verdict(&g, pkt, &why);
		unsigned full = l4gen_ref_full(&g);

		if (st == INETCSUM_GOOD &&
		    (full == want || (full % 0xffff == 0 && want % 0xffff == 0)))
			coincidences++;
		else if (st != INETCSUM_PARTIAL || why == NULL ||
			 strcmp(why, "offload") != 0)
			FAIL(&g, "frame checker: not partial (offload): %s",
			     inetcsum_status_name(st));
	}
	/* The IPv4 header checksum holds junk; the checker needs it right
	 * only for the IPv4 layer, which is not looked at. */
	r = inetcsum_offload_complete(pkt, o.end, o.csum_start, o.csum_offset);
	want = l4gen_ref_full(&g);
	if (want == 0)
		want = 0xffff;	/* complete() never stores 0 */
	got = get16(pkt + f);
	if (r != 0 || got != want)
		FAIL(&g, "complete: %d field %04x, want %04x", r, got, want);
	for (i = 0; i < g.len; i++)
		if (pkt[i] != copy[i] && i != f && i != f + 1)
			FAIL(&g, "complete changed byte %zu", i);
	if (!g.big && verdict(&g, pkt, &why) != INETCSUM_GOOD)
		FAIL(&g, "frame checker: completed field not good");
	/* Errors: every truncation; nothing written. */
	if (g.len < 4000 && !g.big) {
		size_t cut;

		for (cut = 0; cut < g.len; cut++) {
			memcpy(copy, pkt, g.len);
			r = inetcsum_offload_prepare(pkt, cut, g.l3, &o);
			if (r != INETCSUM_EBADLEN ||
			    memcmp(copy, pkt, g.len) != 0)
				FAIL(&g, "prepare cut at %zu: %d", cut, r);
			checked++;
		}
	}
}

static void
errors(void)
{
	struct inetcsum_offload o;
	struct l4gen g;
	uint8_t b[64];
	int r;

	l4gen_make(&g, pkt, PKT_CAP, &rs, 100, L4GEN_V4 | L4GEN_TCP |
		   L4GEN_PLAIN);
	memset(b, 0, sizeof(b));
	if (inetcsum_offload_complete(b, 20, 0, 19) != INETCSUM_EINVAL ||
	    inetcsum_offload_complete(b, 20, 21, 0) != INETCSUM_EINVAL ||
	    inetcsum_offload_complete(b, 20, 4, 15) != INETCSUM_EINVAL ||
	    inetcsum_offload_complete(b, 20, 4, 5) != INETCSUM_EINVAL ||
	    inetcsum_offload_complete(NULL, 20, 0, 6) != INETCSUM_EINVAL ||
	    inetcsum_offload_prepare(pkt, g.len, g.l3, NULL) !=
	    INETCSUM_EINVAL)
		FAIL(&g, "bounds not rejected");
	/* complete() over 4..20 with the field at 18: RFC 1071 by hand. */
	b[4] = 0x45;
	b[5] = 0x00;
	b[6] = 0x00;
	b[7] = 0x1c;
	if (inetcsum_offload_complete(b, 20, 4, 14) != 0 ||
	    get16(b + 18) != (0xffffu & ~(0x4500u + 0x001cu)))
		FAIL(&g, "complete by hand: %04x", get16(b + 18));
	pkt[g.l3 + 9] = 1;
	r = inetcsum_offload_prepare(pkt, g.len, g.l3, &o);
	if (r != INETCSUM_EPROTO)
		FAIL(&g, "ICMP: %d", r);
	pkt[g.l3 + 9] = 6;
	pkt[g.l3 + 7] = 1;	/* fragment offset 8 */
	if (inetcsum_offload_prepare(pkt, g.len, g.l3, &o) != INETCSUM_EUNSUPP)
		FAIL(&g, "fragment");
	pkt[g.l3 + 7] = 0;
	pkt[g.l3 + 2]++;
	if (inetcsum_offload_prepare(pkt, g.len, g.l3, &o) != INETCSUM_EBADLEN)
		FAIL(&g, "total length past the buffer");
	checked += 8;
}

int
main(void)
{
	const char *s = getenv("INETCSUM_TEST_SEED");
	int quick = getenv("INETCSUM_TEST_QUICK") != NULL &&
		    strcmp(getenv("INETCSUM_TEST_QUICK"), "1") == 0;
	uint64_t seed = s ? strtoull(s, NULL, 0) : (uint64_t)time(NULL);
	unsigned long k, n = quick ? 300 : 3000;

	printf("test_offload: seed 0x%llx (INETCSUM_TEST_SEED replays), "
	       "kernel %s\n", (unsigned long long)seed, inetcsum_impl_name());
	rs = seed;
	pkt = malloc(PKT_CAP);
	copy = malloc(PKT_CAP);
	if (pkt == NULL || copy == NULL)
		return 1;
	for (k = 0; k < n; k++) {
		unsigned shapes = (unsigned)(l4gen_rand(&rs) % 16);

		if (k % 20 == 0)
			shapes |= L4GEN_BIG;
		one(shapes, k % 4 == 0 ? l4gen_rand(&rs) % 3000 :
		    l4gen_rand(&rs) % 60000);
	}
	errors();
	printf("test_offload: %lu checks, %lu failures (%lu packets whose "
	       "pseudo-header sum is also their checksum)\n", checked, failures,
	       coincidences);
	return failures ? 1 : 0;
}
