/* SPDX-License-Identifier: MIT */
/*
 * fuzz/fuzz_ip_packet.c - the packet operations of issue 11 (verify, fill,
 * TTL decrement, NAT; packet/ip_packet.c, forward.c) over fuzzer input.
 * Byte 0 holds options (bit 0: fill with INETCSUM_FILL_KEEP_UDP_NONE, bit
 * 1: rewrite the destination rather than the source, bit 2: decrement the
 * TTL with INETCSUM_TTL_VERIFY), bytes 1-16 an address, 17-18 a port, and
 * the rest is an IP packet.  Every call works on a copy flush against a
 * PROT_NONE page (tests/lib/test_util.c), so a read or write one byte past the
 * packet faults even without a sanitizer.  What must hold:
 *   check   the verdicts of inetcsum_frame_check(INETCSUM_LINK_RAW), and
 *           the count of BAD and ILLEGAL layers as its result; nothing
 *           written;
 *   fill    on error, nothing written; on success, only checksum fields
 *           changed, no layer left BAD, PARTIAL or ILLEGAL, and a second
 *           fill changes nothing;
 *   forward on error, nothing written; on the raw bytes, a success keeps
 *   and NAT the IPv4 header's sum (modulo 0xffff: a wrong checksum stays
 *           wrong by the same amount) and changes only the rewritten bytes
 *           and checksum fields; on the filled packet (every checksum
 *           right), the result equals a fill of the packet rewritten by
 *           hand (the API's "equals a full recomputation bit for bit").
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "inetcsum_packet.h"
#include "frames.h"	/* frame_results_equal(), is_field_byte() */
#include "test_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define HDR	19	/* option byte, address, port */

static struct inetcsum_test_buf gbuf;

/* 'len' bytes of 'src' flush against the guard page. */
static uint8_t *
guarded(const uint8_t *src, size_t len)
{
	return inetcsum_test_buf_put(&gbuf, 1u << 17, src, len);
}

/* The naive sum of an IPv4 header modulo 0xffff (fields in place). */
static unsigned
hdr_mod(const uint8_t *h)
{
	size_t n = (size_t)(h[0] & 15) * 4, i;
	unsigned long s = 0;

	for (i = 0; i < n; i += 2)
		s += (unsigned)h[i] << 8 | h[i + 1];
	return (unsigned)(s % 0xffff);
}

static void
check(const uint8_t *pkt, size_t len, struct inetcsum_frame_result *r)
{
	struct inetcsum_frame_result fr;
	uint8_t *p = guarded(pkt, len);
	size_t i, bad = 0;
	int n, v = len ? pkt[0] >> 4 : 0;

	n = inetcsum_ip_check(p, len, r);
	if (memcmp(p, pkt, len) != 0)
		abort();
	if (len == 0 || (v != 4 && v != 6)) {
		if (n != (len == 0 ? INETCSUM_EBADLEN : INETCSUM_EPROTO))
			abort();
		r->nlayers = 0;
		return;
	}
	inetcsum_frame_check(INETCSUM_LINK_RAW, p, len, len, &fr);
	if (n < 0 || !frame_results_equal(r, &fr))
		abort();
	for (i = 0; i < r->nlayers; i++)
		bad += r->layers[i].status == INETCSUM_BAD ||
		       r->layers[i].status == INETCSUM_ILLEGAL;
	if ((size_t)n != bad)
		abort();
}

/*
 * The zero UDP field at 'field' (layer 'k') is out of fill's reach, in a
 * first fragment or in an ICMP error's quote cut short: with the field
 * made nonzero, the layer is UNVERIFIED for "fragment" or "quoted" (the
 * zero hides the reason).
 */
static int
out_of_reach(const uint8_t *pkt, size_t len, size_t field, size_t k)
{
	static uint8_t q[1u << 17];
	struct inetcsum_frame_result r;

	memcpy(q, pkt, len);
	q[field + 1] = 1;
	inetcsum_ip_check(q, len, &r);
	return k < r.nlayers && r.layers[k].status == INETCSUM_UNVERIFIED &&
	       r.layers[k].reason != NULL &&
	       (strcmp(r.layers[k].reason, "fragment") == 0 ||
		strcmp(r.layers[k].reason, "quoted") == 0);
}

/* Fill a copy into 'out' (len bytes); returns fill's result. */
static int
fill(const uint8_t *pkt, size_t len, unsigned flags,
     const struct inetcsum_frame_result *before, uint8_t *out)
{
	struct inetcsum_frame_result r;
	uint8_t *p = guarded(pkt, len);
	size_t i;
	int k;

	k = inetcsum_ip_fill(p, len, flags, NULL);
	memcpy(out, p, len);
	if (k < 0) {
		if (memcmp(p, pkt, len) != 0)
			abort();
		return k;
	}
	for (i = 0; i < len; i++)
		if (p[i] != pkt[i] && !is_field_byte(before, i))
			abort();
	if (inetcsum_ip_check(p, len, &r) < 0)
		abort();
	for (i = 0; i < r.nlayers; i++) {
		enum inetcsum_status st = r.layers[i].status;

		if (st == INETCSUM_BAD || st == INETCSUM_PARTIAL)
			abort();
		/* A zero UDP field left as it was: only in a fragment or a
		 * cut quote. */
		if (st == INETCSUM_ILLEGAL ||
		    (st == INETCSUM_NONE && !(flags & INETCSUM_FILL_KEEP_UDP_NONE)))
			if (!out_of_reach(p, len, r.layers[i].field_offset, i))
				abort();
	}
	if (inetcsum_ip_fill(p, len, flags, NULL) != k ||
	    memcmp(p, out, len) != 0)
		abort();
	return k;
}

/* The offset of the TCP/UDP port 'which' (first L4 layer), or -1. */
static size_t
l4_port(const struct inetcsum_frame_result *r, unsigned which)
{
	size_t k;

	for (k = 0; k < r->nlayers; k++) {
		const struct inetcsum_layer *l = &r->layers[k];

		if (l->proto == INETCSUM_PROTO_TCP && l->field_offset >= 16)
			return l->field_offset - 16 + which * 2;
		if (l->proto == INETCSUM_PROTO_UDP && l->field_offset >= 6)
			return l->field_offset - 6 + which * 2;
		if (l->proto != INETCSUM_PROTO_IPV4)
			return (size_t)-1;
	}
	return (size_t)-1;
}

/*
 * 1 if 'p' parses into the same protocols at the same offsets as 'before',
 * and stops (or not) for the same reason.
 */
static int
same_structure(const uint8_t *p, size_t len,
	       const struct inetcsum_frame_result *before)
{
	struct inetcsum_frame_result now;
	size_t i;

	if (inetcsum_ip_check(p, len, &now) < 0 ||
	    now.nlayers != before->nlayers || now.note != before->note)
		return 0;
	for (i = 0; i < now.nlayers; i++)
		if (now.layers[i].proto != before->layers[i].proto ||
		    now.layers[i].field_offset != before->layers[i].field_offset)
			return 0;
	return 1;
}

/*
 * One rewrite of 'pkt': op 0 the TTL, 1 an address, 2 a port.  'filled':
 * every checksum of 'pkt' is right (fill succeeded with 'flags').
 */
static void
rewrite(const uint8_t *pkt, size_t len, int op, const uint8_t *arg,
	unsigned flags, int filled, const struct inetcsum_frame_result *before)
{
	static uint8_t want[1u << 17];
	unsigned which = arg[0] >> 1 & 1;
	uint8_t *p = guarded(pkt, len), b[2];
	size_t off = 0, n = 0, i;
	int r, v4 = len > 0 && pkt[0] >> 4 == 4, v6 = len > 0 && pkt[0] >> 4 == 6;

	if (op == 0) {
		r = inetcsum_ipv4_ttl_dec(p, len,
			arg[0] & 4 ? INETCSUM_TTL_VERIFY : 0);
		off = 8;
		n = 1;
	} else if (op == 1) {
		r = inetcsum_nat_addr(p, len, which, arg + 1);
		n = v6 ? 16 : 4;
		off = (v6 ? 8 : 12) + which * n;
	} else {
		r = inetcsum_nat_port(p, len, which,
				      (uint16_t)(arg[17] << 8 | arg[18]));
		n = 2;
		off = l4_port(before, which);
	}
	if (r < 0) {
		if (memcmp(p, pkt, len) != 0)
			abort();
		return;
	}
	if (!v4 && !v6)
		abort();
	/* The IPv4 header's sum is kept modulo 0xffff. */
	if (v4 && hdr_mod(p) != hdr_mod(pkt))
		abort();
	if (op == 0 && p[8] + 1 != pkt[8])
		abort();
	if (op == 2 && off == (size_t)-1)
		abort();	/* a port rewritten where no TCP/UDP layer is */
	for (i = 0; i < len; i++)
		if (p[i] != pkt[i] && !(i - off < n) &&
		    !(v4 && (i == 10 || i == 11)) && !is_field_byte(before, i))
			abort();
	if (!filled)
		return;
	/*
	 * A new port can change what the packet is: rewritten to a tunnel's
	 * well-known port (4790, VXLAN-GPE, say) its payload becomes an
	 * inner packet, whose bytes the rewrite rightly left alone but a
	 * fill would now treat as checksum fields, or refuse.  The rewrite's
	 * result is comparable with a fill only while the layers stay the
	 * same.
	 */
	if (!same_structure(p, len, before))
		return;
	/* The same rewrite by hand, then every checksum from scratch. */
	memcpy(want, pkt, len);
	if (op == 0) {
		want[8]--;
	} else if (op == 1) {
		memcpy(want + off, arg + 1, n);
	} else {
		b[0] = arg[17];
		b[1] = arg[18];
		memcpy(want + off, b, 2);
	}
	if (inetcsum_ip_fill(want, len, flags, NULL) < 0 ||
	    memcmp(want, p, len) != 0)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t filled[1u << 17];
	struct inetcsum_frame_result before;
	const uint8_t *pkt = data + HDR;
	size_t len;
	unsigned flags;
	int op, ok;

	if (size < HDR || size - HDR > sizeof(filled))
		return 0;
	len = size - HDR;
	flags = data[0] & 1 ? INETCSUM_FILL_KEEP_UDP_NONE : 0;
	check(pkt, len, &before);
	ok = fill(pkt, len, flags, &before, filled) >= 0;
	for (op = 0; op < 3; op++) {
		rewrite(pkt, len, op, data, flags, 0, &before);
		if (ok) {
			struct inetcsum_frame_result fr;

			check(filled, len, &fr);
			rewrite(filled, len, op, data, flags, 1, &fr);
		}
	}
	return 0;
}
