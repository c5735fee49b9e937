/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/test_packet.c - the verdicts of every catalogued frame, and
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

/*
 * 'expected' (issue 23): the same in frame_check() and frame_fix(), and
 * always the computed value; for a GOOD field it equals 'stored' unless
 * the field holds a zero.
 */
static void
check_equals_fix(const struct tcase *t, const uint8_t *f, const char *what)
{
	struct inetcsum_frame_result a, b;
	uint8_t *g = malloc(t->len + 1);
	size_t i;

	memcpy(g, f, t->len);
	inetcsum_frame_check(t->linktype, f, t->len, t->origlen, &a);
	inetcsum_frame_fix(t->linktype, g, t->len, t->origlen, 0, &b);
	CHECK(frame_results_equal(&a, &b), "%s %s: frame_check and frame_fix "
	      "report differently", t->name, what);
	for (i = 0; i < a.nlayers; i++)
		if (a.layers[i].status == INETCSUM_GOOD)
			CHECK(a.layers[i].expected == a.layers[i].stored ||
			      (pm_zero(a.layers[i].stored) &&
			       pm_zero(a.layers[i].expected)),
			      "%s %s: GOOD layer %zu stored %04x expected "
			      "%04x", t->name, what, i, a.layers[i].stored,
			      a.layers[i].expected);
	free(g);
}

/*
 * Every GOOD field that holds a zero (not UDP's) set to the other one:
 * still GOOD, 'expected' unchanged (it is computed, not copied), the same
 * from the fixer, which writes nothing.
 */
static void
other_zero(const struct tcase *t, const struct inetcsum_frame_result *r0)
{
	struct inetcsum_frame_result r;
	uint8_t *f = malloc(t->len + 1);
	size_t i;

	for (i = 0; i < r0->nlayers; i++) {
		const struct inetcsum_layer *l = &r0->layers[i];

		if (l->status != INETCSUM_GOOD || !pm_zero(l->stored) ||
		    l->proto == INETCSUM_PROTO_UDP ||
		    l->proto == INETCSUM_PROTO_UDPLITE ||
		    l->field_offset + 2 > t->len)
			continue;
		memcpy(f, t->f, t->len);
		put16(f + l->field_offset, l->stored ^ 0xffff);
		inetcsum_frame_check(t->linktype, f, t->len, t->origlen, &r);
		CHECK(r.nlayers == r0->nlayers &&
		      r.layers[i].status == INETCSUM_GOOD &&
		      r.layers[i].expected == l->expected,
		      "%s: layer %zu other zero: %s expected %04x (was %04x)",
		      t->name, i, inetcsum_status_name(r.layers[i].status),
		      r.layers[i].expected, l->expected);
		check_equals_fix(t, f, "other zero");
	}
	free(f);
}

/*
 * The 28-byte IPv4/ICMP echo, tuned so that both checksums
 * compute to 0x0000 (RFC 1071 by hand: the other words sum to 0xffff),
 * with each field 0x0000 or 0xffff: every form says GOOD with 'expected'
 * 0x0000, the naive value; frame_check, frame_fix and ip_check agree, the
 * fixer writes nothing, fill stores 0x0000.
 */
static void
test_zero_expected(void)
{
	uint8_t p[28] = {
		0x45, 0x00, 0x00, 0x1c, 0x00, 0x00, 0x00, 0x00,
		0x40, 0x01, 0x00, 0x00, 0xc0, 0x00, 0x02, 0x01,
		0xc6, 0x33, 0x64, 0x02,
		0x08, 0x00, 0x00, 0x00, 0xf7, 0xff, 0x00, 0x00,
	};
	struct inetcsum_frame_result a, b, c;
	uint8_t q[28];
	unsigned v;
	int k, n;

	/* The ID that makes the header's other words sum to 0xffff. */
	v = 0xffff - (ref_csum(p, 20, 0) ^ 0xffff);
	put16(p + 4, v);
	CHECK(ref_csum(p, 20, 0) == 0 && ref_csum(p + 20, 8, 0) == 0,
	      "zero case: built %04x %04x", ref_csum(p, 20, 0),
	      ref_csum(p + 20, 8, 0));
	for (k = 0; k < 4; k++) {
		put16(p + 10, (k & 1) ? 0xffff : 0);
		put16(p + 22, (k & 2) ? 0xffff : 0);
		memcpy(q, p, 28);
		inetcsum_frame_check(INETCSUM_LINK_RAW, p, 28, 28, &a);
		n = inetcsum_frame_fix(INETCSUM_LINK_RAW, q, 28, 28,
				       INETCSUM_FIX_PARTIAL, &b);
		CHECK(n == 0 && memcmp(p, q, 28) == 0, "zero case %d: fix "
		      "wrote %d", k, n);
		CHECK(inetcsum_ip_check(p, 28, &c) == 0 &&
		      frame_results_equal(&a, &b) &&
		      frame_results_equal(&a, &c),
		      "zero case %d: the forms differ", k);
		CHECK(a.nlayers == 2 && a.layers[0].status == INETCSUM_GOOD &&
		      a.layers[1].status == INETCSUM_GOOD &&
		      a.layers[0].expected == 0 && a.layers[1].expected == 0 &&
		      a.layers[0].stored == get16(p + 10) &&
		      a.layers[1].stored == get16(p + 22),
		      "zero case %d: %s %04x/%04x, %s %04x/%04x", k,
		      inetcsum_status_name(a.layers[0].status),
		      a.layers[0].stored, a.layers[0].expected,
		      inetcsum_status_name(a.layers[1].status),
		      a.layers[1].stored, a.layers[1].expected);
		CHECK(inetcsum_ip_fill(q, 28, 0, NULL) == 2 &&
		      get16(q + 10) == 0 && get16(q + 22) == 0,
		      "zero case %d: fill stored %04x %04x", k, get16(q + 10),
		      get16(q + 22));
	}
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
	check_equals_fix(t, t->f, "as built");
	other_zero(t, &r0);
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
		      (r.layers[i].expected == l->stored || t->alt_form ||
		       (pm_zero(l->stored) && pm_zero(r.layers[i].expected))),
		      "%s: corrupted layer %zu: %s, expected %04x (was %04x)",
		      t->name, i, inetcsum_status_name(r.layers[i].status),
		      r.layers[i].expected, l->stored);
		n = fix_and_recheck(t, f, 0, "corrupt-field");
		CHECK(n >= 1, "%s: corrupt field %zu not fixed", t->name, i);
		/* Exact unless the frame had other BAD fields, or +-0. */
		if (clean && !pm_zero(l->stored) && !t->alt_form)
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

/* RFC 1071 over 'n' bytes, written out: 0 when a checksum field in them
 * is right. */
static unsigned
naive_fold(const uint8_t *p, size_t n)
{
	uint32_t sum = 0;
	size_t i;

	for (i = 0; i + 1 < n; i += 2)
		sum += (uint32_t)p[i] << 8 | p[i + 1];
	if (n & 1)
		sum += (uint32_t)p[n - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return ~sum & 0xffff;
}

/*
 * An ICMP error under an IPv4 header whose total length is wrong: the ICMP
 * is UNVERIFIED, but the fixer repairs the quoted header inside it and must
 * keep the ICMP field right over the bytes it was right over (the frame
 * from the ICMP header on): updated incrementally, not left stale.
 */
static void
test_unverified_icmp_follows(const struct tcase *cases, size_t n)
{
	uint8_t f[FB_MAX];
	struct inetcsum_frame_result r;
	size_t i, icmp = 14 + 20;
	int found = 0, w;

	for (i = 0; i < n; i++) {
		const struct tcase *t = &cases[i];

		if (strcmp(t->name, "icmp-quote-bad-ipv4-outer-length") != 0)
			continue;
		found = 1;
		memcpy(f, t->f, t->len);
		CHECK(naive_fold(f + icmp, t->len - icmp) == 0,
		      "%s: ICMP not right over the frame as built", t->name);
		w = inetcsum_frame_fix(t->linktype, f, t->len, t->origlen, 0,
				       &r);
		CHECK(w == 2, "%s: fix wrote %d fields, want 2 (quoted "
		      "header, ICMP)", t->name, w);
		CHECK(naive_fold(f + icmp + 8, 20) == 0,
		      "%s: quoted IPv4 header not repaired", t->name);
		CHECK(naive_fold(f + icmp, t->len - icmp) == 0,
		      "%s: ICMP wrong over the frame after the fix", t->name);
	}
	CHECK(found, "icmp-quote-bad-ipv4-outer-length not in the catalog");
}

/*
 * INETCSUM_FRAME_NOT_READY (pcapng "checksum not ready"): every GOOD TCP or
 * UDP field of a catalogued frame corrupted in turn is PARTIAL ("not
 * ready") when no ICMP layer comes before it (the packet's own transport
 * layer), and stays BAD inside an ICMP quote; without the flag it is BAD.
 * fix with the flag leaves the field as it is unless INETCSUM_FIX_PARTIAL
 * asks, and then makes it GOOD.
 */
static void
test_not_ready(const struct tcase *cases, size_t n)
{
	struct inetcsum_frame_result r, plain;
	uint8_t f[FB_MAX], g[FB_MAX];
	size_t i, j, k, tried = 0, quoted = 0;

	for (i = 0; i < n; i++) {
		const struct tcase *t = &cases[i];
		struct inetcsum_frame_result base;

		inetcsum_frame_check(t->linktype, t->f, t->len, t->origlen,
				     &base);
		for (j = 0; j < base.nlayers; j++) {
			const struct inetcsum_layer *l = &base.layers[j];
			int in_quote = 0;

			if ((l->proto != INETCSUM_PROTO_TCP &&
			     l->proto != INETCSUM_PROTO_UDP) ||
			    l->status != INETCSUM_GOOD ||
			    l->field_offset + 2 > t->len)
				continue;
			for (k = 0; k < j; k++)
				if (base.layers[k].proto == INETCSUM_PROTO_ICMP ||
				    base.layers[k].proto ==
				    INETCSUM_PROTO_ICMPV6)
					in_quote = 1;
			memcpy(f, t->f, t->len);
			f[l->field_offset] ^= 0x3c;
			inetcsum_frame_check(t->linktype, f, t->len,
					     t->origlen, &plain);
			inetcsum_frame_check_flags(t->linktype, f, t->len,
						   t->origlen,
						   INETCSUM_FRAME_NOT_READY,
						   &r);
			tried++;
			quoted += in_quote;
			CHECK(plain.layers[j].status == INETCSUM_BAD,
			      "%s layer %zu: corrupted but %s", t->name, j,
			      inetcsum_status_name(plain.layers[j].status));
			if (in_quote) {
				CHECK(r.layers[j].status == INETCSUM_BAD,
				      "%s layer %zu: quoted, not ready made "
				      "it %s", t->name, j,
				      inetcsum_status_name(r.layers[j].status));
				continue;
			}
			CHECK(r.layers[j].status == INETCSUM_PARTIAL &&
			      r.layers[j].reason != NULL &&
			      strcmp(r.layers[j].reason, "not ready") == 0,
			      "%s layer %zu: not ready gave %s", t->name, j,
			      inetcsum_status_name(r.layers[j].status));
			memcpy(g, f, t->len);
			(void)inetcsum_frame_fix(t->linktype, g, t->len,
						 t->origlen,
						 INETCSUM_FRAME_NOT_READY, &r);
			CHECK(g[l->field_offset] == f[l->field_offset],
			      "%s layer %zu: not-ready field rewritten "
			      "without INETCSUM_FIX_PARTIAL", t->name, j);
			(void)inetcsum_frame_fix(t->linktype, g, t->len,
						 t->origlen,
						 INETCSUM_FRAME_NOT_READY |
						 INETCSUM_FIX_PARTIAL, &r);
			inetcsum_frame_check(t->linktype, g, t->len,
					     t->origlen, &r);
			CHECK(r.layers[j].status == INETCSUM_GOOD,
			      "%s layer %zu: %s after a fix with "
			      "INETCSUM_FIX_PARTIAL", t->name, j,
			      inetcsum_status_name(r.layers[j].status));
		}
	}
	CHECK(tried > 20 && quoted > 0, "not ready: %zu fields, %zu quoted",
	      tried, quoted);
}

static void
test_names(void)
{
	CHECK(strcmp(inetcsum_proto_name(INETCSUM_PROTO_ICMP_EXT), "icmpext")
	      == 0, "proto name");
	CHECK(strcmp(inetcsum_proto_name(INETCSUM_PROTO_UDPLITE), "udplite")
	      == 0, "proto name");
	CHECK(strcmp(inetcsum_proto_name(INETCSUM_PROTO_GRE), "gre") == 0,
	      "proto name");
	CHECK(strcmp(inetcsum_status_name(INETCSUM_ILLEGAL), "illegal") == 0,
	      "status name");
	CHECK(strcmp(inetcsum_status_name(INETCSUM_PARTIAL), "partial") == 0,
	      "status name");
}

/*
 * The network layer the link-layer walk reports (the result's 'l3'):
 * one frame per link layer and per way its header can end, VLAN tags
 * after SLL and SLL2 among them (where the tool's two walkers of old
 * disagreed), and an IP-in-IP packet whose inner header must not replace
 * the outer one.
 */
static void
test_l3(void)
{
	static const uint8_t v4[20] = { 0x45, 0, 0, 40, 0, 0, 0, 0, 64, 4 };
	static const uint8_t v6[40] = { 0x60, 0, 0, 0, 0, 0, 59, 64 };
	static const struct {
		const char *name;
		int linktype;
		const char *link;	/* link header, hex */
		int ip;			/* 4, 6, 44 (IPv4 in IPv4), 0 none */
		size_t caplen;		/* 0: all */
		enum inetcsum_l3 l3;
		size_t off;
	} t[] = {
		{ "ethernet ipv4", 1, "000000000001000000000002" "0800", 4,
		  0, INETCSUM_L3_IPV4, 14 },
		{ "ethernet qinq ipv6", 1, "000000000001000000000002"
		  "88a80001" "81000002" "86dd", 6, 0, INETCSUM_L3_IPV6, 22 },
		{ "sll vlan ipv4", 113, "00000001000600000000000100008100"
		  "00050800", 4, 0, INETCSUM_L3_IPV4, 20 },
		{ "sll2 vlan ipv6", 276, "8100000000000000000000010001"
		  "060000000000" "000786dd", 6, 0, INETCSUM_L3_IPV6, 24 },
		{ "sll cut", 113, "0000000100060000", 0, 0, INETCSUM_L3_CUT,
		  0 },
		{ "ethernet vlan cut", 1, "000000000001000000000002" "8100"
		  "00", 0, 0, INETCSUM_L3_CUT, 0 },
		{ "ethernet arp", 1, "000000000001000000000002" "0806", 4, 0,
		  INETCSUM_L3_OTHER, 14 },
		{ "ethernet 802.3", 1, "000000000001000000000002" "0014", 4, 0,
		  INETCSUM_L3_OTHER, 14 },
		{ "ethertype ipv4, version 6", 1, "000000000001000000000002"
		  "0800", 6, 0, INETCSUM_L3_OTHER, 14 },
		{ "ethernet ipv4, nothing after", 1, "000000000001000000000002"
		  "0800", 4, 14, INETCSUM_L3_IPV4, 14 },
		{ "link 228, version 6", 228, "", 6, 0, INETCSUM_L3_OTHER, 0 },
		{ "raw ipv6", 101, "", 6, 0, INETCSUM_L3_IPV6, 0 },
		{ "null af_inet", 0, "02000000", 4, 0, INETCSUM_L3_IPV4, 4 },
		{ "loop af 7", 108, "00000007", 4, 0, INETCSUM_L3_OTHER, 4 },
		{ "ppp", 9, "ff030021", 4, 0, INETCSUM_L3_NONE, 0 },
		{ "ethernet ipip", 1, "000000000001000000000002" "0800", 44,
		  0, INETCSUM_L3_IPV4, 14 },
		{ "ethernet vn-tag e-tag avsp ipv4", 1,
		  "000000000001000000000002" "8926" "00000000" "893f"
		  "000000000000" "d28b" "00010010" "0000000000000000" "0800",
		  4, 0, INETCSUM_L3_IPV4, 42 },
		{ "ethernet avsp cut", 1, "000000000001000000000002" "d28b"
		  "000100", 0, 0, INETCSUM_L3_CUT, 0 },
		{ "ethernet pbb ipv4", 1, "000000000001000000000002" "88e7"
		  "00000001" "000000000003000000000004" "0800", 4, 0,
		  INETCSUM_L3_OTHER, 14 },
	};
	struct inetcsum_frame_result r;
	uint8_t f[128];
	size_t i, n, k;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		for (n = 0; t[i].link[2 * n] != '\0'; n++) {
			unsigned b;

			sscanf(t[i].link + 2 * n, "%2x", &b);
			f[n] = (uint8_t)b;
		}
		if (t[i].ip == 4 || t[i].ip == 44) {
			memcpy(f + n, v4, 20);
			n += 20;
		}
		if (t[i].ip == 44) {
			memcpy(f + n, v4, 20);
			f[n - 20 + 3] = 60;
			f[n + 9] = 59;
			n += 20;
		}
		if (t[i].ip == 6) {
			memcpy(f + n, v6, 40);
			n += 40;
		}
		k = t[i].caplen ? t[i].caplen : n;
		inetcsum_frame_check(t[i].linktype, f, k, k, &r);
		CHECK(r.l3 == t[i].l3 && r.l3_offset == t[i].off,
		      "l3 %s: %d at %zu, want %d at %zu", t[i].name, (int)r.l3,
		      r.l3_offset, (int)t[i].l3, t[i].off);
	}
	/* An IP packet alone: its own header is its network layer. */
	memcpy(f, v4, 20);
	f[3] = 20;
	CHECK(inetcsum_ip_check(f, 20, &r) >= 0 &&
	      r.l3 == INETCSUM_L3_IPV4 && r.l3_offset == 0, "l3 ip_check");
}

/*
 * inetcsum_frame_udp_port() on the GRE-in-UDP case (ports 51001 and 4754):
 * 4754 declared plain UDP leaves the outer two layers; 51001 declared GRE
 * as well brings the inner ones back through the higher port; 0 restores
 * tshark's default.  Kinds past the last one are refused.
 */
static void
test_udp_ports(const struct tcase *cases, size_t n)
{
	struct inetcsum_frame_result r;
	const struct tcase *t = NULL;
	size_t i, all;

	for (i = 0; i < n; i++)
		if (strcmp(cases[i].name, "gre-in-udp-c-ipv4-tcp") == 0)
			t = &cases[i];
	CHECK(t != NULL, "udp ports: case gre-in-udp-c-ipv4-tcp missing");
	if (t == NULL)
		return;
	inetcsum_frame_check(t->linktype, t->f, t->len, t->origlen, &r);
	all = r.nlayers;
	CHECK(all == 5, "udp ports: %zu layers by default, want 5", all);
	CHECK(inetcsum_frame_udp_port(4754, INETCSUM_TUNNEL_NONE) == 0,
	      "udp ports: declare 4754 none");
	inetcsum_frame_check(t->linktype, t->f, t->len, t->origlen, &r);
	CHECK(r.nlayers == 2, "udp ports: 4754 none: %zu layers, want 2",
	      r.nlayers);
	CHECK(inetcsum_frame_udp_port(51001, INETCSUM_TUNNEL_GRE) == 0,
	      "udp ports: declare 51001 gre");
	inetcsum_frame_check(t->linktype, t->f, t->len, t->origlen, &r);
	CHECK(r.nlayers == all, "udp ports: 51001 gre: %zu layers, want %zu",
	      r.nlayers, all);
	CHECK(inetcsum_frame_udp_port(4754, 0) == 0 &&
	      inetcsum_frame_udp_port(51001, 0) == 0, "udp ports: restore");
	inetcsum_frame_check(t->linktype, t->f, t->len, t->origlen, &r);
	CHECK(r.nlayers == all, "udp ports: restored: %zu layers", r.nlayers);
	CHECK(inetcsum_frame_udp_port(1, INETCSUM_TUNNEL_CAPWAP + 1) == -1 &&
	      inetcsum_frame_udp_port(0, INETCSUM_TUNNEL_GRE) == -1 &&
	      inetcsum_frame_udp_port(65536, INETCSUM_TUNNEL_GRE) == -1,
	      "udp ports: bad kinds and ports refused");
	CHECK(inetcsum_frame_udp_port(1, INETCSUM_TUNNEL_CAPWAP) == 0 &&
	      inetcsum_frame_udp_port(1, 0) == 0, "udp ports: last kind");
}

int
main(void)
{
	struct tcase *cases;
	size_t n = catalog_build(&cases), i;

	for (i = 0; i < n; i++)
		test_case(&cases[i]);
	test_names();
	test_zero_expected();
	test_unverified_icmp_follows(cases, n);
	test_not_ready(cases, n);
	test_l3();
	test_udp_ports(cases, n);
	printf("test_packet: %zu frames, %d failures (kernel %s)\n", n,
	       test_failures, inetcsum_impl_name());
	return test_failures ? 1 : 0;
}
