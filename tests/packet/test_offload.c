/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/test_offload.c - inetcsum_offload_prepare() and
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

/*
 * The hop-by-hop header of a 68-byte IPv6 TCP packet: a Jumbo Payload
 * option beside a payload length is an error (RFC 2675 section 3; Linux's
 * ipv6_hop_jumbo() drops it) that prepare, NAT and GSO accepted while
 * check and fill refused it.  The same header with PadN is an ordinary
 * packet, and a payload length 0 with no jumbo option at all leaves the
 * hop-by-hop header past an empty payload: a length that lies.
 */
static void
hop_by_hop_jumbo(void)
{
	static const uint8_t jumbo[8] = { 6, 0, 0xc2, 4, 0, 1, 0, 0 };
	static const uint8_t padn[8] = { 6, 0, 1, 4, 0, 0, 0, 0 };
	struct inetcsum_offload o;
	struct inetcsum_gso_plan gp;
	struct l4gen g;
	uint8_t b[68];
	int r, k;

	snprintf(g.desc, sizeof(g.desc), "hop-by-hop jumbo option");
	for (k = 0; k < 3; k++) {
		memset(b, 0, sizeof(b));
		b[0] = 0x60;
		put16(b + 4, k == 2 ? 0 : 28);
		b[6] = 0;		/* hop-by-hop */
		b[7] = 64;
		b[23] = 1;
		b[39] = 2;
		memcpy(b + 40, k == 0 ? jumbo : padn, 8);
		b[48 + 12] = 5 << 4;	/* TCP, data offset 5 */
		memcpy(copy, b, sizeof(b));
		r = inetcsum_offload_prepare(copy, sizeof(b), 0, &o);
		if (r != (k == 1 ? 0 : INETCSUM_EBADLEN) ||
		    (r != 0 && memcmp(copy, b, sizeof(b)) != 0))
			FAIL(&g, "case %d: prepare %d", k, r);
		memcpy(copy, b, sizeof(b));
		r = inetcsum_nat_port(copy, sizeof(b), INETCSUM_NAT_SRC, 80);
		if (r != (k == 1 ? 0 : INETCSUM_EBADLEN) ||
		    (r != 0 && memcmp(copy, b, sizeof(b)) != 0))
			FAIL(&g, "case %d: nat_port %d", k, r);
		r = inetcsum_gso_plan(b, sizeof(b), 0, 1448, &gp);
		if (r != (k == 1 ? 0 : INETCSUM_EBADLEN))
			FAIL(&g, "case %d: gso_plan %d", k, r);
		checked += 3;
	}
}

/*
 * Destination options with a Home Address option (RFC 6275 section 6.3):
 * one is the pseudo-header's source; a second, in the same header (case 1)
 * or in another destination options header (case 2), is a packet Linux's
 * ipv6_dest_hao() drops ("hao duplicated"), which prepare, NAT and GSO
 * took with the last one as the source (EUNSUPP now, as check and fill
 * call it "ip options").  Case 3: an option that runs past its header.
 */
static void
home_address_twice(void)
{
	struct inetcsum_offload o;
	struct inetcsum_gso_plan gp;
	struct l4gen g;
	uint8_t b[40 + 48 + 24 + 20];
	size_t len, l4, k;
	int r, want;

	snprintf(g.desc, sizeof(g.desc), "home address twice");
	for (k = 0; k < 4; k++) {
		uint8_t *d = b + 40;

		memset(b, 0, sizeof(b));
		b[0] = 0x60;
		b[6] = 60;		/* destination options */
		b[7] = 64;
		b[23] = 1;
		b[39] = 2;
		/* PadN to 8n+6, the option, PadN to 8n+6, the option. */
		d[0] = k == 2 ? 60 : 6;
		d[1] = 5;
		d[2] = 1;
		d[3] = 2;
		d[6] = 201;
		d[7] = 16;
		d[8] = 0x20;
		d[23] = 0x99;
		d[24] = 1;
		d[25] = 4;
		if (k == 1) {
			d[30] = 201;
			d[31] = 16;
			d[32] = 0x20;
			d[47] = 0x98;
		} else if (k == 3) {
			d[30] = 0x1e;	/* an unknown option, 18 bytes long */
			d[31] = 18;
		} else {
			d[30] = 1;	/* PadN to the header's end */
			d[31] = 16;
		}
		l4 = 40 + 48;
		if (k == 2) {
			/* A second header: PadN, the option. */
			d = b + l4;
			d[0] = 6;
			d[1] = 2;
			d[2] = 1;
			d[3] = 2;
			d[6] = 201;
			d[7] = 16;
			d[8] = 0x20;
			d[23] = 0x97;
			l4 += 24;
		}
		len = l4 + 20;
		put16(b + 4, len - 40);
		b[l4 + 12] = 5 << 4;	/* TCP, data offset 5 */
		want = k == 0 ? 0 : INETCSUM_EUNSUPP;
		memcpy(copy, b, len);
		r = inetcsum_offload_prepare(copy, len, 0, &o);
		if (r != want || (r != 0 && memcmp(copy, b, len) != 0))
			FAIL(&g, "case %zu: prepare %d", k, r);
		if (r == 0 && o.csum_start != l4)
			FAIL(&g, "case %zu: csum_start %zu", k, o.csum_start);
		if (r == 0) {
			/* The device's sum, then RFC 1071 by hand over the
			 * pseudo-header with the home address as source. */
			uint32_t sum = 20 + 6;
			size_t i;

			inetcsum_offload_complete(copy, len, o.csum_start,
						  o.csum_offset);
			for (i = 0; i < 16; i += 2)
				sum += get16(b + 48 + i) + get16(b + 24 + i);
			for (i = l4; i < len; i += 2)
				sum += get16(copy + i);
			while (sum > 0xffff)
				sum = (sum & 0xffff) + (sum >> 16);
			if (sum != 0xffff)
				FAIL(&g, "case %zu: sum %04x with the home "
				     "address", k, (unsigned)sum);
		}
		memcpy(copy, b, len);
		r = inetcsum_nat_port(copy, len, INETCSUM_NAT_SRC, 80);
		if (r != want || (r != 0 && memcmp(copy, b, len) != 0))
			FAIL(&g, "case %zu: nat_port %d", k, r);
		r = inetcsum_gso_plan(b, len, 0, 1448, &gp);
		if (r != want)
			FAIL(&g, "case %zu: gso_plan %d", k, r);
		checked += 3;
	}
}

/*
 * The naive device of skb_checksum_help(): the big-endian words of
 * [start, len) counted from 'start' (an odd tail padded with a zero
 * byte), the field as it stands, into 64 bits; folded, complemented, a 0
 * sent as 0xffff, and stored high byte first at start + offset, whatever
 * the parity of 'offset'.
 */
static unsigned
device_ref(const uint8_t *b, size_t len, size_t start)
{
	uint64_t s = 0;
	size_t i;

	for (i = start; i < len; i += 2)
		s += (unsigned)b[i] << 8 | (i + 1 < len ? b[i + 1] : 0);
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	s = ~s & 0xffff;
	return s == 0 ? 0xffff : (unsigned)s;
}

/*
 * Every csum_start and csum_offset around a small buffer, odd ones
 * included: accepted exactly when Linux accepts them (the field inside
 * the packet, csum_start + csum_offset + 2 <= len), then the bytes the
 * reference stores and no other byte changed; refused with nothing
 * written otherwise.  Random contents, and all-zero and all-0xff ones
 * for the 0/0xffff corner.
 */
static void
complete_bounds(void)
{
	struct l4gen g = { 0 };
	uint8_t b[40], ref[40];
	size_t len, st, off, i;
	int round, r;

	strcpy(g.desc, "complete bounds");
	for (round = 0; round < 12; round++) {
		for (len = 0; len <= sizeof(b); len++) {
			for (st = 0; st <= len + 1; st++) {
				for (off = 0; off <= len + 1; off++) {
					int ok = st <= len && off <= len - st &&
						 len - st - off >= 2;

					for (i = 0; i < sizeof(b); i++)
						ref[i] = round == 0 ? 0 :
							 round == 1 ? 0xff :
							 (uint8_t)l4gen_rand(&rs);
					memcpy(b, ref, sizeof(b));
					r = inetcsum_offload_complete(b, len, st,
								      off);
					checked++;
					if (!ok) {
						if (r != INETCSUM_EINVAL ||
						    memcmp(b, ref, sizeof(b)))
							FAIL(&g, "len %zu start "
							     "%zu offset %zu: %d",
							     len, st, off, r);
						continue;
					}
					{
						unsigned v = device_ref(ref, len,
									st);

						ref[st + off] = (uint8_t)(v >> 8);
						ref[st + off + 1] = (uint8_t)v;
					}
					if (r != 0 || memcmp(b, ref, sizeof(b)))
						FAIL(&g, "len %zu start %zu "
						     "offset %zu: %d, field "
						     "%04x want %04x", len, st,
						     off, r, get16(b + st + off),
						     get16(ref + st + off));
				}
			}
		}
	}
	/* The case: an odd offset Linux writes. */
	memset(b, 0, sizeof(b));
	b[4] = 0x45;
	b[7] = 0x1c;
	if (inetcsum_offload_complete(b, 20, 4, 5) != 0 ||
	    get16(b + 9) != (0xffffu & ~(0x4500u + 0x001cu)))
		FAIL(&g, "odd offset: %04x", get16(b + 9));
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
	hop_by_hop_jumbo();
	home_address_twice();
	complete_bounds();
	printf("test_offload: %lu checks, %lu failures (%lu packets whose "
	       "pseudo-header sum is also their checksum)\n", checked, failures,
	       coincidences);
	return failures ? 1 : 0;
}
