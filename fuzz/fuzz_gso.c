/* SPDX-License-Identifier: MIT */
/*
 * fuzz/fuzz_gso.c - software GSO (inetcsum_gso_plan/segment, packet/gso.c)
 * and IP fragmentation (inetcsum_frag_plan/packet, packet/frag.c) over
 * fuzzer input.  Byte 0 chooses the mode, bytes 1-2 an MSS:
 *   even: bytes 4.. are a packet whose IP header starts at byte 3 % 32;
 *         plan and segment must agree, write only the planned bytes (the
 *         output is an exact-size heap copy), give segments whose payloads
 *         add up to the planned payload and which the frame checker finds
 *         no bad checksum in; an error must leave the output untouched.
 *         The same packet is fragmented with the MSS as MTU, under the
 *         same rules, each fragment at most MTU IP bytes and, with an
 *         IPv4 header, one whose checksum the frame checker finds good;
 *   odd:  bytes 3..10 seed a generated packet (tests/packet/l4gen.c) of at
 *         most 600 payload bytes, segmented with every MSS from 1 to past
 *         its payload, in both checksum modes, and compared byte for byte
 *         with the naive reference.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "inetcsum_packet.h"
#include "l4gen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * After a plan failed, the writer must fail too and write nothing: it is
 * given 'poison' filled with 0xa5 ('poisoned()'), which 'untouched()'
 * then checks, and room for two pieces.
 */
static uint8_t poison[64];
static struct inetcsum_gso_seg poison_segs[2];

static uint8_t *
poisoned(void)
{
	memset(poison, 0xa5, sizeof(poison));
	return poison;
}

static void
untouched(int written)
{
	size_t i;

	if (written >= 0)
		abort();
	for (i = 0; i < sizeof(poison); i++)
		if (poison[i] != 0xa5)
			abort();
}

/*
 * Exact-size heap memory for 'bytes' of output in 'n' pieces, so that
 * ASan reports a write past what the plan said.
 */
static uint8_t *
exact(size_t bytes, size_t n, struct inetcsum_gso_seg **pieces)
{
	*pieces = malloc(n * sizeof(**pieces));
	return malloc(bytes);
}

/*
 * Whether the frame checker finds a bad checksum in the output piece 's'
 * of 'out', whose IP header is at 'l3' (0: raw IP, 14: Ethernet; pieces
 * with their header elsewhere are not checked); with 'ipv4_only', only in
 * its own IPv4 header (a fragment's upper layer is the datagram's).
 */
static int
found_bad(const uint8_t *out, const struct inetcsum_gso_seg *s, size_t l3,
	  int ipv4_only)
{
	struct inetcsum_frame_result r;
	size_t k;

	if (l3 != 0 && l3 != 14)
		return 0;
	inetcsum_frame_check(l3 ? INETCSUM_LINK_ETHERNET : INETCSUM_LINK_RAW,
			     out + s->offset, s->len, s->len, &r);
	for (k = 0; k < r.nlayers; k++)
		if (r.layers[k].status == INETCSUM_BAD && (!ipv4_only ||
		    (r.layers[k].proto == INETCSUM_PROTO_IPV4 &&
		     r.layers[k].field_offset == l3 + 10)))
			return 1;
	return 0;
}

/* The fragments of 'pkt' for 'mtu' (see the top of the file). */
static void
frag(const uint8_t *pkt, size_t len, size_t l3, size_t mtu)
{
	struct inetcsum_frag_plan fp;
	struct inetcsum_gso_seg *fr;
	uint8_t *out;
	size_t i;

	if (inetcsum_frag_plan(pkt, len, l3, mtu, &fp) < 0) {
		untouched(inetcsum_frag_packet(pkt, len, l3, mtu, 1, poisoned(),
					       sizeof(poison), poison_segs, 2));
		return;
	}
	/* A plan that passed has at least one fragment, and the writer
	 * makes exactly the planned ones. */
	out = exact(fp.out_len, fp.nfrags, &fr);
	if (inetcsum_frag_packet(pkt, len, l3, mtu, 1, out, fp.out_len, fr,
				 fp.nfrags) != (int)fp.nfrags || fp.nfrags == 0)
		abort();
	for (i = 0; i < fp.nfrags; i++)
		if (fr[i].len <= l3 || fr[i].len - l3 > mtu ||
		    (!fp.ipv6 && found_bad(out, &fr[i], l3, 1)))
			abort();
	free(out);
	free(fr);
}

static void
raw(const uint8_t *data, size_t size)
{
	struct inetcsum_gso_plan pl;
	struct inetcsum_gso_seg *segs;
	size_t mss = (size_t)data[1] << 8 | data[2], l3 = data[3] % 32;
	size_t len = size - 4, i, sum = 0;
	uint8_t *pkt = malloc(len ? len : 1), *out;
	int n;

	memcpy(pkt, data + 4, len);
	frag(pkt, len, l3, mss);
	if (inetcsum_gso_plan(pkt, len, l3, mss, &pl) < 0) {
		untouched(inetcsum_gso_segment(pkt, len, l3, mss, 0, poisoned(),
					       sizeof(poison), poison_segs, 2));
		free(pkt);
		return;
	}
	if (pl.nsegs > 100000) {
		free(pkt);
		return;
	}
	out = exact(pl.out_len, pl.nsegs, &segs);
	n = inetcsum_gso_segment(pkt, len, l3, mss, 0, out, pl.out_len, segs,
				 pl.nsegs);
	if (n < 0 || (size_t)n != pl.nsegs)
		abort();
	for (i = 0; i < pl.nsegs; i++) {
		if (segs[i].len < pl.hdr_len)
			abort();
		sum += segs[i].len - pl.hdr_len;
		if (found_bad(out, &segs[i], l3, 0))
			abort();
	}
	if (sum != pl.payload)
		abort();
	free(out);
	free(segs);
	free(pkt);
}

static void
generated(const uint8_t *data)
{
	static uint8_t pkt[4096], out[1u << 20], ref[1u << 20];
	static size_t lens[1024];
	static struct inetcsum_gso_seg segs[1024];
	struct l4gen g;
	uint64_t s;
	size_t mss, i;
	int n;

	memcpy(&s, data + 3, 8);
	if (l4gen_make(&g, pkt, sizeof(pkt), &s, l4gen_rand(&s) % 601,
		       (unsigned)(l4gen_rand(&s) % 16)) < 0)
		return;
	for (mss = 1; mss <= g.plen + 2; mss++) {
		int partial = (int)(mss & 1);
		size_t nr = l4gen_ref_gso(&g, mss, partial, ref, sizeof(ref),
					  lens, 1024);

		if (nr == 0)
			continue;	/* more than the buffers hold */
		n = inetcsum_gso_segment(g.pkt, g.len, g.l3, mss,
					 partial ? INETCSUM_GSO_PARTIAL : 0,
					 out, sizeof(out), segs, 1024);
		if (n < 0 || (size_t)n != nr)
			abort();
		for (i = 0; i < nr; i++)
			if (segs[i].len != lens[i])
				abort();
		if (memcmp(out, ref, segs[nr - 1].offset + lens[nr - 1]) != 0)
			abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 11)
		return 0;
	if (data[0] & 1)
		generated(data);
	else
		raw(data, size);
	return 0;
}
