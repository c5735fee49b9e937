/* SPDX-License-Identifier: MIT */
/*
 * packet/tests/test_ip_packet.c - inetcsum_ip_check() and inetcsum_ip_fill()
 * against the catalog, whose frames carry checksums computed by the naive
 * builder (frames.c, no libinetcsum):
 *  - check gives the verdicts of inetcsum_frame_check(LINK_RAW);
 *  - fill over scrambled fields restores the builder's value of every field
 *    (or its ones' complement twin 0x0000/0xffff outside UDP), changes no
 *    other byte and leaves the packet verifying GOOD;
 *  - fill fails with the documented code and writes nothing on malformed
 *    packets (every catalog frame whose lengths lie, cut at every byte);
 *  - the UDP rules: zero over IPv4 is filled (kept with the flag), a
 *    computed 0 is stored as 0xffff; a zero field whose datagram lies
 *    about its length is refused, one in a first fragment left alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"

static uint64_t rng = 0x2545f4914f6cdd1du;

static unsigned
rnd16(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng >> 48);
}

/* Where the IP packet starts in a catalog frame; -1 if not applicable. */
static long
ip_start(const struct tcase *t)
{
	size_t off;

	switch (t->linktype) {
	case INETCSUM_LINK_RAW:
	case INETCSUM_LINK_IPV4:
	case INETCSUM_LINK_IPV6:
		return 0;
	case INETCSUM_LINK_ETHERNET:
		off = 12;
		while (off + 2 <= t->len &&
		       (get16(t->f + off) == 0x8100 ||
			get16(t->f + off) == 0x88a8 ||
			get16(t->f + off) == 0x9100))
			off += 4;
		if (off + 2 > t->len || (get16(t->f + off) != 0x0800 &&
					 get16(t->f + off) != 0x86dd))
			return -1;
		return (long)off + 2;
	}
	return -1;
}

static int
fillable(enum inetcsum_status s, const char *reason)
{
	if (s == INETCSUM_UNVERIFIED)
		return reason != NULL && (strcmp(reason, "fragment") == 0 ||
					  strcmp(reason, "quoted") == 0);
	return 1;
}

/* A note that makes fill refuse the packet (docs/packet.md). */
static int
bad_note(const char *note)
{
	static const char *const bad[] = {
		"too many", "too deep", "truncated", "longer than",
		"past its packet",
	};
	size_t i;

	for (i = 0; note != NULL && i < sizeof(bad) / sizeof(bad[0]); i++)
		if (strstr(note, bad[i]) != NULL)
			return 1;
	return 0;
}

/* A quick comparison of two results (layer by layer). */
static int
same_result(const struct inetcsum_frame_result *a,
	    const struct inetcsum_frame_result *b, size_t shift)
{
	size_t i;

	if (a->nlayers != b->nlayers)
		return 0;
	for (i = 0; i < a->nlayers; i++)
		if (a->layers[i].proto != b->layers[i].proto ||
		    a->layers[i].status != b->layers[i].status ||
		    a->layers[i].stored != b->layers[i].stored ||
		    a->layers[i].field_offset + shift !=
		    b->layers[i].field_offset)
			return 0;
	return 1;
}

static void
test_case(const struct tcase *t, size_t *nfill, size_t *nerr)
{
	struct inetcsum_frame_result fr, r, r2;
	long s = ip_start(t);
	uint8_t *p, *ref;
	size_t len, i;
	int ok = 1, n, k;

	if (s < 0 || t->len != t->origlen || (size_t)s >= t->len)
		return;
	len = t->len - (size_t)s;
	ref = malloc(len);
	memcpy(ref, t->f + s, len);
	p = guard_copy(ref, len);
	if ((ref[0] >> 4) != 4 && (ref[0] >> 4) != 6) {
		CHECK(inetcsum_ip_check(p, len, &r) == INETCSUM_EPROTO,
		      "%s: version", t->name);
		goto out;
	}
	n = inetcsum_ip_check(p, len, &r);
	inetcsum_frame_check(INETCSUM_LINK_RAW, ref, len, len, &fr);
	CHECK(n >= 0 && same_result(&fr, &r, 0) && memcmp(p, ref, len) == 0,
	      "%s: ip_check differs from frame_check", t->name);
	for (i = 0; i < r.nlayers; i++)
		if (r.layers[i].status == INETCSUM_BAD ||
		    r.layers[i].status == INETCSUM_PARTIAL ||
		    r.layers[i].status == INETCSUM_ILLEGAL ||
		    !fillable(r.layers[i].status, r.layers[i].reason))
			ok = 0;
	if (bad_note(r.note))
		ok = 0;
	if (!ok) {
		/* Unless only BAD/PARTIAL/ILLEGAL: that is fillable too. */
		int err = bad_note(r.note);

		for (i = 0; i < r.nlayers; i++)
			if (!fillable(r.layers[i].status, r.layers[i].reason))
				err = 1;
		if (err) {
			k = inetcsum_ip_fill(p, len, 0, &r2);
			CHECK(k < 0 && memcmp(p, ref, len) == 0,
			      "%s: malformed packet filled (%d)", t->name, k);
			++*nerr;
		} else {
			k = inetcsum_ip_fill(p, len, 0, &r2);
			inetcsum_ip_check(p, len, &r2);
			for (i = 0; i < r2.nlayers; i++)
				CHECK(fillable(r2.layers[i].status,
					       r2.layers[i].reason) &&
				      r2.layers[i].status != INETCSUM_BAD &&
				      r2.layers[i].status != INETCSUM_PARTIAL &&
				      r2.layers[i].status != INETCSUM_ILLEGAL,
				      "%s: layer %zu %s after fill", t->name,
				      i, inetcsum_status_name(
					      r2.layers[i].status));
			++*nfill;
		}
		goto out;
	}
	/* Scramble every field the fill must restore, then fill. */
	for (i = 0; i < r.nlayers; i++) {
		size_t fo = r.layers[i].field_offset;

		if (r.layers[i].status == INETCSUM_NONE ||
		    r.layers[i].status == INETCSUM_UNVERIFIED)
			continue;
		/* A zero UDP field would become NONE: kept by the flag. */
		if (r.layers[i].proto == INETCSUM_PROTO_UDP)
			put16(p + fo, rnd16() | 1);
		else
			put16(p + fo, (i & 1) ? 0 : rnd16());
	}
	k = inetcsum_ip_fill(p, len, INETCSUM_FILL_KEEP_UDP_NONE, NULL);
	CHECK(k >= 0, "%s: fill failed: %s", t->name,
	      inetcsum_pkt_strerror(k));
	for (i = 0; i < len; i++) {
		if (p[i] == ref[i])
			continue;
		CHECK(is_field_byte(&r, i), "%s: byte %zu changed", t->name,
		      i);
	}
	for (i = 0; i < r.nlayers; i++) {
		size_t fo = r.layers[i].field_offset;
		unsigned a, b;
		int udp = r.layers[i].proto == INETCSUM_PROTO_UDP ||
			  r.layers[i].proto == INETCSUM_PROTO_UDPLITE;

		if (r.layers[i].status == INETCSUM_UNVERIFIED)
			continue;
		a = get16(p + fo);
		b = get16(ref + fo);
		CHECK(a == b || (!udp && (a == 0 || a == 0xffff) &&
				 (b == 0 || b == 0xffff)),
		      "%s: layer %zu (%s) filled %04x, builder %04x",
		      t->name, i, inetcsum_proto_name(r.layers[i].proto),
		      a, b);
	}
	n = inetcsum_ip_check(p, len, &r2);
	CHECK(n == 0, "%s: %d bad layers after fill", t->name, n);
	++*nfill;

	/* Every cut of the packet: fill fails or succeeds consistently,
	 * never writes on failure, never touches a byte past the cut. */
	for (i = 1; i < len; i++) {
		uint8_t *q = guard_copy(ref, i);

		k = inetcsum_ip_fill(q, i, 0, &r2);
		if (k < 0)
			CHECK(memcmp(q, ref, i) == 0,
			      "%s: cut at %zu: failed fill wrote", t->name, i);
		guard_free(q, i);
	}
out:
	guard_free(p, len);
	free(ref);
}

/* The UDP rules of fill on one hand-built IPv4 datagram. */
static void
test_udp_rules(void)
{
	struct inetcsum_frame_result r;
	struct fb fb;
	uint8_t p[FB_MAX];
	size_t len, pay;
	unsigned v;
	int k;

	fb_init(&fb);
	fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	fb_udp(&fb, 0);
	pay = fb.len;
	fb_payload(&fb, 100, 7);
	fb_finish(&fb);
	len = fb.len;

	/* A zero field is filled by default, kept with the flag. */
	memcpy(p, fb.b, len);
	put16(p + 26, 0);
	k = inetcsum_ip_fill(p, len, 0, &r);
	CHECK(k == 2 && r.layers[1].status == INETCSUM_NONE &&
	      memcmp(p, fb.b, len) == 0, "udp zero: fill");
	memcpy(p, fb.b, len);
	put16(p + 26, 0);
	put16(p + 10, 0x1234);
	k = inetcsum_ip_fill(p, len, INETCSUM_FILL_KEEP_UDP_NONE, NULL);
	CHECK(k == 1 && get16(p + 26) == 0 && get16(p + 10) == get16(fb.b + 10),
	      "udp zero: keep");

	/* A zero field whose datagram cannot be summed (the IP length
	 * lies): refused, with or without the flag, nothing written. */
	memcpy(p, fb.b, len);
	put16(p + 26, 0);
	put16(p + 10, 0x1234);
	for (k = 0; k < 2; k++)
		CHECK(inetcsum_ip_fill(p, len - 1, k ? INETCSUM_FILL_KEEP_UDP_NONE :
				       0, NULL) == INETCSUM_EBADLEN &&
		      get16(p + 26) == 0 && get16(p + 10) == 0x1234,
		      "udp zero, length lies (flags %d)", k);
	/* In a first fragment it is left zero, the header filled. */
	p[6] |= 0x20;
	k = inetcsum_ip_fill(p, len, 0, &r);
	CHECK(k == 1 && get16(p + 26) == 0 &&
	      inetcsum_ip_check(p, len, &r) == 0, "udp zero in a fragment");

	/* Make the computed checksum 0: add the field to a payload word. */
	memcpy(p, fb.b, len);
	v = get16(p + 26);
	{
		uint32_t w = get16(p + pay) + v;

		w = (w & 0xffff) + (w >> 16);
		put16(p + pay, w);
	}
	put16(p + 26, 0x5555);
	k = inetcsum_ip_fill(p, len, 0, NULL);
	CHECK(k == 2 && get16(p + 26) == 0xffff, "udp computed 0: %04x",
	      get16(p + 26));
	CHECK(inetcsum_ip_check(p, len, &r) == 0 &&
	      r.layers[1].status == INETCSUM_GOOD, "udp 0xffff verifies");

	/* Bad arguments. */
	CHECK(inetcsum_ip_fill(NULL, 20, 0, NULL) == INETCSUM_EINVAL, "NULL");
	CHECK(inetcsum_ip_fill(p, 0, 0, NULL) == INETCSUM_EBADLEN, "len 0");
	CHECK(inetcsum_ip_fill(p, len, 0x80, NULL) == INETCSUM_EINVAL,
	      "flag");
	CHECK(inetcsum_ip_check(p, len, NULL) == INETCSUM_EINVAL, "out");
	CHECK(strcmp(inetcsum_pkt_strerror(INETCSUM_EBADLEN), "bad length")
	      == 0 && strcmp(inetcsum_pkt_strerror(-99), "unknown error") == 0,
	      "strerror");
}

int
main(void)
{
	struct tcase *cases;
	size_t n = catalog_build(&cases), i, nfill = 0, nerr = 0;

	for (i = 0; i < n; i++)
		test_case(&cases[i], &nfill, &nerr);
	test_udp_rules();
	CHECK(nfill > 20 && nerr > 5, "too few cases: %zu filled, %zu errors",
	      nfill, nerr);
	printf("test_ip_packet: %zu packets filled, %zu refused, %d failures "
	       "(kernel %s)\n", nfill, nerr, test_failures,
	       inetcsum_impl_name());
	return test_failures != 0;
}
