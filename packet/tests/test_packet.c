/* SPDX-License-Identifier: MIT */
/*
 * packet/tests/test_packet.c - the verdicts of every catalogued frame, and
 * the fixer: every GOOD field corrupted in turn must come back BAD with the
 * original value expected and be restored byte for byte; a corrupted
 * payload byte must be repaired by rewriting checksum fields only, inner
 * layers first; NONE, ILLEGAL, UNVERIFIED and (by default) PARTIAL fields
 * are never written.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"

static int
pm_zero(unsigned v)
{
	return v == 0 || v == 0xffff;
}

/* Fix 'f' and check the result: no BAD left, only fields changed. */
static int
fix_and_recheck(const struct tcase *t, uint8_t *f, unsigned flags,
		const char *what)
{
	struct inetcsum_frame_result before, after;
	size_t i;
	int n;

	n = inetcsum_frame_fix(t->linktype, f, t->len, t->origlen, flags,
			       &before);
	CHECK(n >= 0, "%s %s: fix returned %d", t->name, what, n);
	inetcsum_frame_check(t->linktype, f, t->len, t->origlen, &after);
	CHECK(after.nlayers == before.nlayers, "%s %s: layer count changed",
	      t->name, what);
	for (i = 0; i < after.nlayers && i < before.nlayers; i++) {
		enum inetcsum_status s0 = before.layers[i].status;
		enum inetcsum_status s1 = after.layers[i].status;

		if (s0 == INETCSUM_BAD ||
		    (s0 == INETCSUM_PARTIAL && (flags & INETCSUM_FIX_PARTIAL)))
			CHECK(s1 == INETCSUM_GOOD, "%s %s: layer %zu %s after "
			      "fix", t->name, what, i,
			      inetcsum_status_name(s1));
		else
			CHECK(s1 == s0, "%s %s: layer %zu went %s -> %s",
			      t->name, what, i, inetcsum_status_name(s0),
			      inetcsum_status_name(s1));
	}
	return n;
}

static void
test_case(const struct tcase *t)
{
	struct inetcsum_frame_result r0, r;
	uint8_t *f = malloc(t->len + 1);
	size_t i, j;
	int ret, n, clean = 1;

	ret = inetcsum_frame_check(t->linktype, t->f, t->len, t->origlen, &r0);
	CHECK(ret == t->ret, "%s: returned %d", t->name, ret);
	expect(t->name, &r0, t->w, t->n, t->note);
	if (ret < 0) {
		memcpy(f, t->f, t->len);
		n = inetcsum_frame_fix(t->linktype, f, t->len, t->origlen,
				       INETCSUM_FIX_PARTIAL, &r);
		CHECK(n == -1 && memcmp(f, t->f, t->len) == 0,
		      "%s: fix returned %d", t->name, n);
		free(f);
		return;
	}
	for (i = 0; i < r0.nlayers; i++)
		clean &= r0.layers[i].status != INETCSUM_BAD;
	for (i = 0; i < r0.nlayers; i++) {
		const struct inetcsum_layer *l = &r0.layers[i];

		if (l->field_offset + 2 <= t->len)
			CHECK(l->stored == get16(t->f + l->field_offset),
			      "%s: layer %zu stored %04x", t->name, i,
			      l->stored);
		CHECK(l->status != INETCSUM_UNVERIFIED || l->reason != NULL,
		      "%s: layer %zu unverified without a reason", t->name, i);
	}

	/* Fixing the frame as it is: exactly the BAD fields (and PARTIAL). */
	for (j = 0; j < 2; j++) {
		unsigned flags = j ? INETCSUM_FIX_PARTIAL : 0;
		size_t want = 0;

		memcpy(f, t->f, t->len);
		n = fix_and_recheck(t, f, flags, j ? "fix-partial" : "fix");
		for (i = 0; i < r0.nlayers; i++)
			want += r0.layers[i].status == INETCSUM_BAD ||
				(j && r0.layers[i].status == INETCSUM_PARTIAL);
		if (want == 0)
			CHECK(n == 0 && memcmp(f, t->f, t->len) == 0,
			      "%s: fix of a frame without BAD fields wrote %d",
			      t->name, n);
		else
			CHECK(n >= 1, "%s: nothing fixed", t->name);
		for (i = 0; i < t->len; i++)
			if (f[i] != t->f[i])
				CHECK(is_field_byte(&r0, i), "%s: byte %zu "
				      "changed", t->name, i);
	}

	/* Each GOOD field corrupted in turn. */
	for (i = 0; i < r0.nlayers; i++) {
		static const unsigned flips[] = { 0x1234, 0x0101, 0x8000 };
		const struct inetcsum_layer *l = &r0.layers[i];
		unsigned bad;
		size_t k;

		if (l->status != INETCSUM_GOOD)
			continue;
		/*
		 * A corrupted value that happens to be the layer's offload
		 * "partial" value (its pseudo-header sum) is rightly called
		 * PARTIAL, not BAD: try other corruptions until one is not.
		 * No case is dropped: if none works, or the corruption changed
		 * how many layers the frame has, that is a failure.
		 */
		for (k = 0; k < sizeof(flips) / sizeof(flips[0]); k++) {
			memcpy(f, t->f, t->len);
			bad = l->stored ^ flips[k];
			put16(f + l->field_offset, bad);
			inetcsum_frame_check(t->linktype, f, t->len,
					     t->origlen, &r);
			if (r.nlayers != r0.nlayers ||
			    r.layers[i].status != INETCSUM_PARTIAL)
				break;
		}
		CHECK(r.nlayers == r0.nlayers, "%s: corrupting field %zu made "
		      "%zu layers of %zu", t->name, i, r.nlayers, r0.nlayers);
		if (r.nlayers != r0.nlayers)
			continue;
		CHECK(r.layers[i].status == INETCSUM_BAD &&
		      (r.layers[i].expected == l->stored ||
		       (pm_zero(l->stored) && pm_zero(r.layers[i].expected))),
		      "%s: corrupted layer %zu: %s, expected %04x (was %04x)",
		      t->name, i, inetcsum_status_name(r.layers[i].status),
		      r.layers[i].expected, l->stored);
		n = fix_and_recheck(t, f, 0, "corrupt-field");
		CHECK(n >= 1, "%s: corrupt field %zu not fixed", t->name, i);
		/* Exact unless the frame had other BAD fields, or +-0. */
		if (clean && !pm_zero(l->stored))
			CHECK(memcmp(f, t->f, t->len) == 0,
			      "%s: field %zu not restored exactly", t->name, i);
	}

	/* A covered payload byte corrupted: fixed through fields only. */
	if (t->mut != NO_MUT) {
		int bad = 0;

		memcpy(f, t->f, t->len);
		f[t->mut] ^= 0x5a;
		inetcsum_frame_check(t->linktype, f, t->len, t->origlen, &r);
		for (i = 0; i < r.nlayers; i++)
			bad += r.layers[i].status == INETCSUM_BAD;
		CHECK(bad > 0, "%s: corrupting byte %zu went unnoticed",
		      t->name, t->mut);
		/*
		 * Fewer writes than BAD layers is right when an outer GRE or
		 * ICMP checksum covers the inner field that was fixed: the
		 * field's change cancels the damage in the outer sum.
		 */
		n = fix_and_recheck(t, f, 0, "corrupt-payload");
		CHECK(n >= 1 && n <= bad, "%s: fixed %d fields, %d were bad",
		      t->name, n, bad);
		for (i = 0; i < t->len; i++)
			if (i != t->mut && f[i] != t->f[i])
				CHECK(is_field_byte(&r0, i), "%s: byte %zu "
				      "changed", t->name, i);
	}
	free(f);
}

static void
test_names(void)
{
	CHECK(strcmp(inetcsum_proto_name(INETCSUM_PROTO_UDPLITE), "udplite")
	      == 0, "proto name");
	CHECK(strcmp(inetcsum_proto_name(INETCSUM_PROTO_GRE), "gre") == 0,
	      "proto name");
	CHECK(strcmp(inetcsum_status_name(INETCSUM_ILLEGAL), "illegal") == 0,
	      "status name");
	CHECK(strcmp(inetcsum_status_name(INETCSUM_PARTIAL), "partial") == 0,
	      "status name");
}

int
main(void)
{
	struct tcase *cases;
	size_t n = catalog_build(&cases), i;

	for (i = 0; i < n; i++)
		test_case(&cases[i]);
	test_names();
	printf("test_packet: %zu frames, %d failures (kernel %s)\n", n,
	       test_failures, inetcsum_impl_name());
	return test_failures ? 1 : 0;
}
