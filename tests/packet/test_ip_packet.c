/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/test_ip_packet.c - inetcsum_ip_check() and inetcsum_ip_fill()
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
#include <sys/mman.h>	/* mprotect: a refused packet is only read */
#include <unistd.h>

#include "catalog.h"
#include "l4gen.h"

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
					  strcmp(reason, "quoted") == 0 ||
					  /* no checksum to compute: OSPF's
					   * AuType 2, a version's rule over
					   * the other IP */
					  strcmp(reason, "authentication") == 0 ||
					  strcmp(reason, "version") == 0);
	return 1;
}

/* A note that makes fill refuse the packet (docs/packet.md). */
static int
bad_note(const char *note)
{
	static const char *const bad[] = {
		"too many", "too deep", "truncated", "longer than",
		"past its packet", "below its header length",
		"options malformed", "outside its",
	};
	size_t i;

	for (i = 0; note != NULL && i < sizeof(bad) / sizeof(bad[0]); i++)
		if (strstr(note, bad[i]) != NULL)
			return 1;
	return 0;
}

/*
 * inetcsum_ip_fill() of a guard copy of 'b' in read-only pages, for a
 * packet fill is to refuse: a refused packet is only read, not even
 * written for a moment (its contract), and a write here is a crash.
 */
static int
fill_ro(const uint8_t *b, size_t len)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	uint8_t *p = guard_copy(b, len);
	uintptr_t lo = (uintptr_t)p / pg * pg;
	int n;

	if (mprotect((void *)lo, (uintptr_t)(p + len) - lo, PROT_READ) != 0) {
		perror("mprotect");
		abort();
	}
	n = inetcsum_ip_fill(p, len, 0, NULL);
	guard_free(p, len);
	return n;
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
		/* A zero UDP (RSVP, PGM) field would become NONE: kept by
		 * the flag. */
		if (r.layers[i].proto == INETCSUM_PROTO_UDP ||
		    r.layers[i].proto == INETCSUM_PROTO_RSVP ||
		    r.layers[i].proto == INETCSUM_PROTO_PGM)
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

		/* A PIM Register summed whole is filled in the RFC's form. */
		if (r.layers[i].status == INETCSUM_UNVERIFIED || t->alt_form)
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
			CHECK(memcmp(q, ref, i) == 0 && fill_ro(ref, i) == k,
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

/*
 * The length rule (issue 23)
 * --------------------------
 * Random IP packets of every kind the parser follows: a protocol without
 * a checked checksum, TCP, UDP, ICMP/ICMPv6, IGMP, IP in IP and IPv6 in
 * IP, GRE with and without a checksum (carrying IP or not), nested up to
 * three deep, first and later IPv4 fragments, link padding after the
 * packet.  One IP length field of one of its headers is then set to a
 * value that fits or lies (past the container, below the header, short
 * enough to cut what it carries), and l4gen_ref_lengths_lie() (naive,
 * written from the rule) says which.  Then:
 *   fill   INETCSUM_EBADLEN with no byte written exactly when a length
 *          lies, success otherwise;
 *   check  shows the lie exactly then (a layer "length", "header length"
 *          or "truncated", or a note that fill refuses), and equals
 *          frame_check (test_case() does that for the catalog);
 *   fix    on the lying packet writes no field the lie concerns (those
 *          are UNVERIFIED) and no other byte: an IPv4 header checksum, or
 *          a GRE checksum whose outer packet is sound, is still repaired;
 *   frame  an outer length past the bytes held is a snapshot cut when the
 *          frame's origlen says those bytes were on the wire: no "length",
 *          no refusal note.
 */
struct lg {
	struct fb fb;
	size_t ip[8];		/* offsets of the IP headers, outermost first */
	size_t nip;
};

static uint64_t lrs = 0x9e3779b97f4a7c15u;

static unsigned
lrnd(unsigned n)
{
	return (unsigned)(l4gen_rand(&lrs) % n);
}

/* One IP packet of version 6 if 'v6', else 4 (and what it carries). */
static void
lg_ip(struct lg *g, unsigned depth, int v6)
{
	static const unsigned gre_flags[] = { 0, 0x8000, 0x2000, 0xb000 };
	unsigned kind = lrnd(depth < 2 ? 8 : 5), proto;
	struct fb_rec *r;
	int inner_v6 = (int)lrnd(2);

	switch (kind) {
	case 0: proto = 253; break;
	case 1: proto = 6; break;
	case 2: proto = 17; break;
	case 3: proto = v6 ? 58 : 1; break;
	case 4: proto = v6 ? 253 : 2; break;
	case 5:
	case 6: proto = inner_v6 ? 41 : 4; break;
	default: proto = 47; break;
	}
	if (g->nip < sizeof(g->ip) / sizeof(g->ip[0]))
		g->ip[g->nip++] = g->fb.len;
	if (v6)
		r = fb_ipv6(&g->fb, proto, A6, B6);
	else
		r = fb_ipv4(&g->fb, proto, A4, B4, NULL, 0);
	(void)r;
	switch (proto) {
	case 6:
		fb_tcp(&g->fb);
		break;
	case 17:
		fb_udp(&g->fb, 0);
		break;
	case 1:
	case 58:
		fb_icmp(&g->fb, v6 ? 128 : 8, 0, v6);
		break;
	case 2:
		fb_igmp(&g->fb);
		break;
	case 4:
	case 41:
		lg_ip(g, depth + 1, inner_v6);
		return;
	case 47:
		if (lrnd(3) == 0) {
			fb_gre(&g->fb, gre_flags[lrnd(4)], 0x88b5);
			break;
		}
		fb_gre(&g->fb, gre_flags[lrnd(4)], inner_v6 ? 0x86dd : 0x0800);
		lg_ip(g, depth + 1, inner_v6);
		return;
	}
	fb_payload(&g->fb, lrnd(40), lrnd(256));
}

static int
lie_shown(const struct inetcsum_frame_result *r)
{
	size_t i;

	for (i = 0; i < r->nlayers; i++) {
		const char *why = r->layers[i].reason;

		if (r->layers[i].status == INETCSUM_UNVERIFIED && why != NULL &&
		    (strcmp(why, "length") == 0 ||
		     strcmp(why, "header length") == 0 ||
		     strcmp(why, "truncated") == 0))
			return 1;
	}
	return bad_note(r->note);
}

static void
test_length_rule(void)
{
	unsigned long rounds = getenv("INETCSUM_TEST_QUICK") ? 4000 : 40000;
	unsigned long i, lies = 0, fits = 0, cuts = 0;
	struct inetcsum_frame_result r, fr;
	struct lg g;

	for (i = 0; i < rounds; i++) {
		uint8_t ref[FB_MAX], *p;
		size_t len, h, k, lf, cont, hl;
		unsigned orig, v;
		int lie, n, v6;

		g.nip = 0;
		fb_init(&g.fb);
		lg_ip(&g, 0, (int)lrnd(2));
		fb_finish(&g.fb);
		len = g.fb.len;
		memcpy(ref, g.fb.b, len);
		/* Fragments: MF on the first, an offset on a later one. */
		for (h = 0; h < g.nip; h++)
			if (ref[g.ip[h]] >> 4 == 4 && lrnd(8) == 0)
				ref[g.ip[h] + (lrnd(2) ? 6 : 7)] |=
					lrnd(2) ? 0x20 : 0x01;
		/* Link padding after the packet. */
		k = lrnd(4) == 0 ? lrnd(6) : 0;
		while (k-- > 0)
			ref[len++] = (uint8_t)lrnd(256);
		CHECK(!l4gen_ref_lengths_lie(ref, len), "length rule %lu: the "
		      "builder's packet lies", i);

		/* One length field set to a value that fits or lies. */
		h = lrnd((unsigned)g.nip);
		v6 = ref[g.ip[h]] >> 4 == 6;
		lf = g.ip[h] + (v6 ? 4 : 2);
		hl = v6 ? 0 : 20;	/* what the field counts beyond */
		orig = get16(ref + lf);
		cont = len - g.ip[h] - (v6 ? 40 : 0);	/* bytes held, at most */
		switch (lrnd(7)) {
		case 0: v = orig + 1 + lrnd(8); break;
		case 1: v = (unsigned)cont; break;
		case 2: v = 0xffff; break;
		case 3: v = lrnd(0x10000); break;
		case 4: v = hl ? lrnd(20) : lrnd(8); break;
		case 5: v = orig > 8 ? orig - 1 - lrnd(8) : orig; break;
		default: v = orig; break;
		}
		if (v6 && v == 0)
			v = 1;	/* 0 is a jumbogram, not a length */
		v &= 0xffff;
		put16(ref + lf, v);
		lie = l4gen_ref_lengths_lie(ref, len);
		lie ? lies++ : fits++;

		p = guard_copy(ref, len);
		n = inetcsum_ip_fill(p, len, 0, NULL);
		if (lie)
			CHECK(n == INETCSUM_EBADLEN && memcmp(p, ref, len) == 0 &&
			      fill_ro(ref, len) == n,
			      "length rule %lu: header %zu length %u (was %u) "
			      "of %zu bytes lies: fill %d%s", i, h, v, orig,
			      len, n, memcmp(p, ref, len) ? ", wrote" : "");
		else
			CHECK(n >= 0, "length rule %lu: header %zu length %u "
			      "(was %u) of %zu bytes fits: fill %s", i, h, v,
			      orig, len, inetcsum_pkt_strerror(n));
		memcpy(p, ref, len);
		n = inetcsum_ip_check(p, len, &r);
		CHECK(n >= 0 && lie_shown(&r) == lie,
		      "length rule %lu: check %s the lie of header %zu (%u, "
		      "was %u; note %s)", i, lie ? "hides" : "invents", h, v,
		      orig, r.note ? r.note : "none");
		if (lie) {
			n = inetcsum_frame_fix(INETCSUM_LINK_RAW, p, len, len,
					       INETCSUM_FIX_PARTIAL, &fr);
			for (k = 0; k < len; k++) {
				size_t m;
				int ok = p[k] == ref[k];

				for (m = 0; !ok && m < fr.nlayers; m++)
					ok = fr.layers[m].status !=
					     INETCSUM_UNVERIFIED &&
					     k - fr.layers[m].field_offset < 2;
				CHECK(ok, "length rule %lu: fix of a lying "
				      "packet wrote byte %zu", i, k);
			}
		}
		/* The outer packet longer than the bytes held: a lie as an IP
		 * packet, a snapshot cut as a frame whose origlen covers it. */
		if (h == 0 && v > cont) {
			size_t wire = g.ip[0] + (v6 ? 40 : 0) + v;

			inetcsum_frame_check(INETCSUM_LINK_RAW, ref, len, wire,
					     &fr);
			CHECK(!lie_shown(&fr) || !bad_note(fr.note),
			      "length rule %lu: a snapshot cut taken for a lie "
			      "(note %s)", i, fr.note ? fr.note : "none");
			for (k = 0; k < fr.nlayers; k++)
				CHECK(fr.layers[k].reason == NULL ||
				      strcmp(fr.layers[k].reason, "length") != 0,
				      "length rule %lu: layer %zu 'length' in "
				      "a snapshot cut", i, k);
			cuts++;
		}
		guard_free(p, len);
	}
	CHECK(lies > rounds / 4 && fits > rounds / 4 && cuts > rounds / 20,
	      "length rule: %lu lies, %lu fits, %lu cuts", lies, fits, cuts);
	printf("length rule: %lu packets whose lengths lie, %lu that fit, %lu "
	       "snapshot cuts\n", lies, fits, cuts);
}

static size_t
hex(uint8_t *out, const char *s)
{
	size_t n = 0;

	while (*s) {
		unsigned v;

		if (*s == ' ') {
			s++;
			continue;
		}
		sscanf(s, "%2x", &v);
		out[n++] = (uint8_t)v;
		s += 2;
	}
	return n;
}

/* Issue 23's four packets: each EBADLEN, nothing written, and shown. */
static void
test_issue23(void)
{
	static const char *const cases[] = {
		/* total length 40, protocol 253, 20 bytes */
		"45000028 00010000 40fd0000 c0000201 c0000202",
		/* the same as TCP, fragment offset 1 */
		"45000028 00010001 40060000 c0000201 c0000202",
		/* IPv6, payload length 20, none present */
		"60000000 0014fd40 20010db8000000000000000000000001"
		"20010db8000000000000000000000002",
		/* IP in IP cut to 70 of 80 bytes */
		"45000050 00010000 40040000 0a000001 0a000002"
		"4500003c 00020000 40060000 c0000201 c0000202"
		"30390050 00000001 00000000 50180000 00000000"
		"0000000000000000000000000000000000000000",
	};
	struct inetcsum_frame_result r;
	uint8_t b[128], *p;
	size_t i, len;
	int n;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		len = hex(b, cases[i]);
		if (i == 3)
			len = 70;
		p = guard_copy(b, len);
		n = inetcsum_ip_fill(p, len, 0, &r);
		CHECK(n == INETCSUM_EBADLEN && memcmp(p, b, len) == 0,
		      "issue 23 case %zu: fill %d", i, n);
		CHECK(inetcsum_ip_check(p, len, &r) >= 0 && lie_shown(&r),
		      "issue 23 case %zu: check shows no lie (note %s)", i,
		      r.note ? r.note : "none");
		CHECK(l4gen_ref_lengths_lie(b, len), "issue 23 case %zu: the "
		      "reference misses it", i);
		guard_free(p, len);
	}
}

/* 'b' is refused with 'err', from read-only pages (fill_ro()). */
static void
expect_refused(const uint8_t *b, size_t len, int err, const char *what)
{
	int n = fill_ro(b, len);

	CHECK(n == err, "%s: fill %d, want %d", what, n, err);
}

/*
 * Lies that a fragment or a zero UDP field hid: fill accepted malformed
 * IPv4 options on a fragment, and check said nothing of a zero-field UDP
 * datagram whose length lies, though fill refused it.  Each is now
 * refused by fill, nothing written, and shown by check.
 */
static void
test_hidden_lies(void)
{
	static const uint8_t bad_opt[4] = { 0x44, 9, 0, 0 };	/* 9 of 4 */
	struct inetcsum_frame_result r;
	struct fb fb;
	uint8_t p[FB_MAX];
	size_t len;
	int k;

	fb_init(&fb);
	fb_ipv4(&fb, 17, A4, B4, bad_opt, sizeof(bad_opt));
	fb_udp(&fb, 0);
	fb_payload(&fb, 8, 3);
	fb_finish(&fb);
	len = fb.len;
	/* A non-first fragment and a first one (MF). */
	for (k = 0; k < 2; k++) {
		memcpy(p, fb.b, len);
		put16(p + 6, k == 0 ? 0x0001 : 0x2000);
		expect_refused(p, len, INETCSUM_EUNSUPP, k == 0 ?
			       "options of a non-first fragment" :
			       "options of a first fragment");
		CHECK(inetcsum_ip_check(p, len, &r) >= 0 &&
		      (bad_note(r.note) ||
		       (r.nlayers == 2 && r.layers[1].reason != NULL &&
			strcmp(r.layers[1].reason, "ip options") == 0)),
		      "options of a fragment (%d): not shown (note %s)", k,
		      r.note ? r.note : "none");
	}

	/* A zero UDP field, the UDP length 8 past its IP payload; and a
	 * zero UDP-Lite field, its coverage past its datagram. */
	for (k = 0; k < 2; k++) {
		fb_init(&fb);
		fb_ipv4(&fb, k ? 136 : 17, A4, B4, NULL, 0);
		fb_udp(&fb, k);
		fb_payload(&fb, 12, 5);
		fb_finish(&fb);
		len = fb.len;
		memcpy(p, fb.b, len);
		put16(p + 24, 20 + 8);
		put16(p + 26, 0);
		expect_refused(p, len, INETCSUM_EBADLEN, k ?
			       "UDP-Lite coverage, zero field" :
			       "UDP length, zero field");
		CHECK(inetcsum_ip_check(p, len, &r) >= 0 && lie_shown(&r),
		      "zero field (%d): the lying length not shown (note %s)",
		      k, r.note ? r.note : "none");
	}
}

/*
 * A zero UDP or RSVP field is NONE or ILLEGAL from the field alone, and
 * the layer shows no reason; fill must still know why the datagram could
 * not have been verified: behind an unknown routing header or malformed
 * IPv4 options it refuses the packet (EUNSUPP), for an RSVP length past
 * its packet too (EBADLEN), nothing written; an RSVP length that fits is
 * filled, its zero field kept with the flag.  (A zero UDP field in a first
 * fragment, left zero: test_udp_rules().)
 */
static void
test_zero_field_reasons(void)
{
	static const uint8_t rh[24] = { 17, 2, 253, 1 };  /* unknown type */
	static const uint8_t bad_opt[4] = { 0x44, 9, 0, 0 };	/* 9 of 4 */
	/* RSVP common header: version 1, Path, field 0, TTL, length 40. */
	static const uint8_t rsvp[8] = { 0x10, 1, 0, 0, 64, 0, 0, 40 };
	struct inetcsum_frame_result r;
	struct fb fb;
	uint8_t p[FB_MAX];
	size_t len;
	int n;

	fb_init(&fb);
	fb_ipv6(&fb, 43, A6, B6);
	fb_raw(&fb, rh, sizeof(rh));
	fb_udp(&fb, 0);
	fb_payload(&fb, 20, 11);
	fb_finish(&fb);
	len = fb.len;
	memcpy(p, fb.b, len);
	put16(p + 40 + sizeof(rh) + 6, 0);
	n = inetcsum_ip_check(p, len, &r);
	CHECK(n == 1 && r.nlayers == 1 &&
	      r.layers[0].status == INETCSUM_ILLEGAL,
	      "zero UDP behind a routing header: check %d", n);
	expect_refused(p, len, INETCSUM_EUNSUPP,
		       "zero UDP behind a routing header");

	fb_init(&fb);
	fb_ipv4(&fb, 17, A4, B4, bad_opt, sizeof(bad_opt));
	fb_udp(&fb, 0);
	fb_payload(&fb, 20, 12);
	fb_finish(&fb);
	len = fb.len;
	memcpy(p, fb.b, len);
	put16(p + 24 + 6, 0);
	expect_refused(p, len, INETCSUM_EUNSUPP,
		       "zero UDP behind malformed options");

	fb_init(&fb);
	fb_ipv4(&fb, 46, A4, B4, NULL, 0);
	fb_raw(&fb, rsvp, sizeof(rsvp));
	fb_payload(&fb, 24, 13);
	fb_finish(&fb);
	len = fb.len;		/* 20 + 32: the RSVP length 40 lies */
	memcpy(p, fb.b, len);
	n = inetcsum_ip_check(p, len, &r);
	CHECK(n == 0 && r.nlayers == 2 && r.layers[1].status == INETCSUM_NONE,
	      "zero RSVP, its length past its packet: check %d", n);
	expect_refused(p, len, INETCSUM_EBADLEN,
		       "zero RSVP, its length past its packet");
	put16(p + 20 + 6, 32);	/* the length it has: filled, field kept */
	put16(p + 10, 0x1234);
	n = inetcsum_ip_fill(p, len, INETCSUM_FILL_KEEP_UDP_NONE, &r);
	CHECK(n >= 1 && get16(p + 22) == 0 &&
	      inetcsum_ip_check(p, len, &r) == 0 &&
	      r.layers[0].status == INETCSUM_GOOD,
	      "zero RSVP of the right length: fill %d", n);
}

/*
 * An IPv6 routing header of an unknown type with segments left hides the
 * final destination, which only a pseudo-header uses.  GRE's checksum
 * uses none (RFC 2784): it is verified and filled, and the tunnel's
 * payload too, where both were "routing header" and fill refused.  TCP
 * behind the same header still cannot be verified.
 */
static void
test_routing_beyond_pseudo(void)
{
	/* Next header GRE, 2 x 8 bytes more, type 253, 1 segment left. */
	static const uint8_t rh[24] = { 47, 2, 253, 1 };
	struct inetcsum_frame_result r;
	struct fb fb;
	uint8_t *p;
	size_t len, i;
	int n;

	fb_init(&fb);
	fb_ipv6(&fb, 43, A6, B6);
	fb_raw(&fb, rh, sizeof(rh));
	fb_gre(&fb, 0x8000, 0x0800);
	fb_ipv4(&fb, 17, A4, B4, NULL, 0);
	fb_udp(&fb, 0);
	fb_payload(&fb, 30, 9);
	fb_finish(&fb);
	len = fb.len;
	p = guard_copy(fb.b, len);
	n = inetcsum_ip_check(p, len, &r);
	CHECK(n == 0 && r.nlayers == 3, "GRE behind a routing header: "
	      "check %d, %zu layers", n, r.nlayers);
	for (i = 0; i < r.nlayers; i++)
		CHECK(r.layers[i].status == INETCSUM_GOOD, "GRE behind a "
		      "routing header: layer %zu %s (%s)", i,
		      inetcsum_status_name(r.layers[i].status),
		      r.layers[i].reason ? r.layers[i].reason : "-");
	/* Every field scrambled, fill gives the builder's bytes back. */
	for (i = 0; i < r.nlayers; i++)
		put16(p + r.layers[i].field_offset, 0x1234);
	n = inetcsum_ip_fill(p, len, 0, NULL);
	CHECK(n == 3 && memcmp(p, fb.b, len) == 0, "GRE behind a routing "
	      "header: fill %d", n);
	guard_free(p, len);

	fb_init(&fb);
	fb_ipv6(&fb, 43, A6, B6);
	fb_raw(&fb, rh, sizeof(rh));
	fb.b[fb.len - sizeof(rh)] = 6;
	fb_tcp(&fb);
	fb_payload(&fb, 30, 9);
	fb_finish(&fb);
	len = fb.len;
	expect_refused(fb.b, len, INETCSUM_EUNSUPP, "TCP behind a routing "
		       "header");
	n = inetcsum_ip_check(fb.b, len, &r);
	CHECK(n == 0 && r.nlayers == 1 &&
	      r.layers[0].status == INETCSUM_UNVERIFIED &&
	      r.layers[0].reason != NULL &&
	      strcmp(r.layers[0].reason, "routing header") == 0,
	      "TCP behind a routing header: check %d", n);
}

/*
 * Source routes a node drops the packet for, which check and fill took
 * as valid: their final destination is not known.  IPv4: a live pointer
 * with no whole address under it, a second source route (Linux's
 * ip_options_compile() and ip_options_rcv_srr()); IPv6: more segments
 * left than addresses (RFC 2460 section 4.4; RFC 8754 section 4.3.1.1),
 * and a hop-by-hop header that is not first (RFC 8200 section 4.1).
 * Fill refuses each (EUNSUPP), and so does offload_prepare (EPROTO for
 * the hop-by-hop header).
 */
static void
test_route_errors(void)
{
	/* LSRR of one address, pointer 5: live, 3 bytes under it. */
	static const uint8_t mid[8] = { 131, 7, 5, 10, 0, 0, 1, 0 };
	/* Two LSRRs of one address each, both live. */
	static const uint8_t twice[16] = { 131, 7, 4, 10, 0, 0, 1, 131, 7, 4,
					   10, 0, 0, 2, 0, 0 };
	/* Type 0, one address, 5 segments left; an SRH whose Last Entry
	 * is 0, 2 segments left; destination options, then a hop-by-hop
	 * header (RFC 8200 section 4.1: only first). */
	static const uint8_t rh0[24] = { 6, 2, 0, 5 };
	static const uint8_t srh[24] = { 6, 2, 4, 2, 0 };
	static const uint8_t hbh2[24] = { 0, 0, 1, 4, 0, 0, 0, 0,
					  6, 1, 1, 12 };
	struct inetcsum_offload o;
	struct fb fb;
	int k;

	for (k = 0; k < 5; k++) {
		fb_init(&fb);
		if (k == 0)
			fb_ipv4(&fb, 6, A4, B4, mid, sizeof(mid));
		else if (k == 1)
			fb_ipv4(&fb, 6, A4, B4, twice, sizeof(twice));
		else {
			fb_ipv6(&fb, k == 4 ? 60 : 43, A6, B6);
			fb_raw(&fb, k == 2 ? rh0 : k == 3 ? srh : hbh2,
			       sizeof(rh0));
		}
		fb_tcp(&fb);
		fb_payload(&fb, 20, 4);
		fb_finish(&fb);
		expect_refused(fb.b, fb.len, INETCSUM_EUNSUPP, k == 0 ?
			       "LSRR pointer inside an address" : k == 1 ?
			       "two source routes" : k == 2 ?
			       "RH0 with more segments left than addresses" :
			       k == 3 ? "SRH with more segments left than "
			       "entries" : "hop-by-hop header not first");
		CHECK(inetcsum_offload_prepare(fb.b, fb.len, 0, &o) ==
		      (k == 4 ? INETCSUM_EPROTO : INETCSUM_EUNSUPP),
		      "route error %d: prepare", k);
	}
}

/*
 * Reasons that said a snapshot cut where there was none, or a lie where
 * there was a cut: IP in IP whose payload is empty, ending where the
 * buffer does, was "truncated" (it is "length", as with bytes after it);
 * an ICMPv6 error whose quote ends inside the quoted IPv6 header had the
 * note "IPv6 header longer than its packet", a lie that fill refused,
 * where a quote cut anywhere else is only "quoted".
 */
static void
test_empty_and_cut_inner(void)
{
	static const uint8_t cut6[20] = { 0x60, 0, 0, 0, 0, 11, 17, 64 };
	struct inetcsum_frame_result r;
	struct fb fb;
	uint8_t p[FB_MAX];
	int n;

	fb_init(&fb);
	fb_ipv4(&fb, 4, A4, B4, NULL, 0);
	fb_finish(&fb);
	n = inetcsum_ip_check(fb.b, fb.len, &r);
	CHECK(n == 0 && r.nlayers == 2 && r.layers[1].reason != NULL &&
	      strcmp(r.layers[1].reason, "length") == 0,
	      "IP in IP, empty payload: %s",
	      r.nlayers == 2 && r.layers[1].reason ? r.layers[1].reason : "-");

	fb_init(&fb);
	fb_ipv6(&fb, 58, A6, B6);
	fb_icmp(&fb, 1, 4, 1);
	fb_raw(&fb, cut6, sizeof(cut6));
	fb_finish(&fb);
	memcpy(p, fb.b, fb.len);
	n = inetcsum_ip_check(p, fb.len, &r);
	CHECK(n == 0 && r.note != NULL &&
	      strcmp(r.note, "quote ends in the IPv6 header") == 0,
	      "ICMPv6 quote cut in the IPv6 header: note %s",
	      r.note ? r.note : "none");
	put16(p + 42, 0x1234);
	n = inetcsum_ip_fill(p, fb.len, 0, NULL);
	CHECK(n == 1 && memcmp(p, fb.b, fb.len) == 0,
	      "ICMPv6 quote cut in the IPv6 header: fill %d", n);
}

int
main(void)
{
	struct tcase *cases;
	size_t n = catalog_build(&cases), i, nfill = 0, nerr = 0;

	for (i = 0; i < n; i++)
		test_case(&cases[i], &nfill, &nerr);
	test_udp_rules();
	test_issue23();
	test_hidden_lies();
	test_zero_field_reasons();
	test_routing_beyond_pseudo();
	test_route_errors();
	test_empty_and_cut_inner();
	test_length_rule();
	CHECK(nfill > 20 && nerr > 5, "too few cases: %zu filled, %zu errors",
	      nfill, nerr);
	printf("test_ip_packet: %zu packets filled, %zu refused, %d failures "
	       "(kernel %s)\n", nfill, nerr, test_failures,
	       inetcsum_impl_name());
	return test_failures != 0;
}
