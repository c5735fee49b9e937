/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/test_truncate.c - hostile input: every catalogued frame cut
 * at every byte, and randomly damaged copies, each placed flush against an
 * unmapped page so that reading or writing one byte past 'caplen' faults.
 *
 * Properties checked:
 *  - a cut frame (snapshot length) never gets a verdict the whole frame
 *    would not get: a layer that is GOOD, BAD or PARTIAL at a cut has the
 *    same verdict and field in the whole frame; everything past the cut is
 *    UNVERIFIED or absent;
 *  - a frame whose record claims it ended at the cut (origlen == caplen:
 *    the length fields lie) and randomly damaged frames are parsed without
 *    faults, and fixing them leaves no BAD or PARTIAL layer, changes no
 *    other verdict and writes checksum fields only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"

static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint32_t
rnd(void)
{
	/* xorshift64 (Marsaglia 2003): reproducible, no libc state. */
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 32);
}

static int
has_verdict(enum inetcsum_status s)
{
	return s == INETCSUM_GOOD || s == INETCSUM_BAD ||
	       s == INETCSUM_PARTIAL;
}

/* Fix a guarded copy of 'f' and check the fixer's promises. */
static void
fix_property(const char *name, int lt, const uint8_t *f, size_t caplen,
	     size_t origlen)
{
	struct inetcsum_frame_result r0, r1;
	uint8_t *g = guard_copy(f, caplen);
	size_t i;
	int n;

	n = inetcsum_frame_fix(lt, g, caplen, origlen, INETCSUM_FIX_PARTIAL,
			       &r0);
	inetcsum_frame_check(lt, g, caplen, origlen, &r1);
	CHECK(n >= -1 && r1.nlayers == r0.nlayers,
	      "%s cut %zu/%zu: fix returned %d, %zu -> %zu layers", name,
	      caplen, origlen, n, r0.nlayers, r1.nlayers);
	for (i = 0; i < r0.nlayers && i < r1.nlayers; i++) {
		enum inetcsum_status s0 = r0.layers[i].status;
		enum inetcsum_status s1 = r1.layers[i].status;

		CHECK(!has_verdict(s0) ||
		      r0.layers[i].field_offset + 2 <= caplen,
		      "%s cut %zu: verdict on an uncaptured field", name,
		      caplen);
		if (s0 == INETCSUM_BAD || s0 == INETCSUM_PARTIAL)
			s0 = INETCSUM_GOOD;
		CHECK(s0 == s1, "%s cut %zu/%zu: layer %zu %s after fix",
		      name, caplen, origlen, i, inetcsum_status_name(s1));
		if (s0 != s1)
			print_result(&r1);
	}
	for (i = 0; i < caplen; i++)
		if (g[i] != f[i])
			CHECK(is_field_byte(&r0, i), "%s cut %zu: fix changed "
			      "byte %zu", name, caplen, i);
	guard_free(g, caplen);
}

static void
cuts(const struct tcase *t)
{
	struct inetcsum_frame_result full, r;
	size_t cut, i;

	inetcsum_frame_check(t->linktype, t->f, t->len, t->origlen, &full);
	for (cut = 0; cut <= t->len; cut++) {
		uint8_t *g = guard_copy(t->f, cut);

		inetcsum_frame_check(t->linktype, g, cut, t->origlen, &r);
		guard_free(g, cut);
		for (i = 0; i < r.nlayers; i++) {
			const struct inetcsum_layer *l = &r.layers[i];

			if (!has_verdict(l->status))
				continue;
			CHECK(i < full.nlayers &&
			      full.layers[i].status == l->status &&
			      full.layers[i].field_offset == l->field_offset &&
			      full.layers[i].expected == l->expected,
			      "%s cut at %zu: layer %zu is %s, whole frame "
			      "disagrees", t->name, cut, i,
			      inetcsum_status_name(l->status));
		}
		fix_property(t->name, t->linktype, t->f, cut, t->origlen);
		fix_property(t->name, t->linktype, t->f, cut, cut);
	}
}

static void
damage(const struct tcase *t, unsigned rounds)
{
	uint8_t f[FB_MAX];
	unsigned k, j;

	for (k = 0; k < rounds && t->len > 0; k++) {
		unsigned nbytes = 1 + rnd() % 4;
		size_t cut = t->len - rnd() % (t->len / 4 + 1);

		memcpy(f, t->f, t->len);
		for (j = 0; j < nbytes; j++)
			f[rnd() % t->len] = (uint8_t)rnd();
		fix_property(t->name, t->linktype, f, cut,
			     rnd() & 1 ? t->origlen : cut);
	}
}

int
main(int argc, char **argv)
{
	struct tcase *cases;
	size_t n = catalog_build(&cases), i;
	unsigned rounds = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 300;

	/* Emulated (QEMU) runs set INETCSUM_TEST_QUICK: fewer random rounds. */
	if (argc == 1 && getenv("INETCSUM_TEST_QUICK") != NULL)
		rounds = 20;

	for (i = 0; i < n; i++) {
		cuts(&cases[i]);
		damage(&cases[i], rounds);
	}
	printf("test_truncate: %zu frames cut at every byte, %u damaged "
	       "copies each, %d failures\n", n, rounds, test_failures);
	return test_failures ? 1 : 0;
}
