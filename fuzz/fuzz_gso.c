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
 *   odd:  bytes 3..10 seed a generated packet (packet/tests/l4gen.c) of at
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

/* The fragments of 'pkt' for 'mtu' (see the top of the file). */
static void
frag(const uint8_t *pkt, size_t len, size_t l3, size_t mtu)
{
	struct inetcsum_frag_plan fp;
	struct inetcsum_gso_seg *fr;
	struct inetcsum_frame_result r;
	uint8_t *out;
	size_t i, k;
	int n;

	if (inetcsum_frag_plan(pkt, len, l3, mtu, &fp) < 0) {
		uint8_t b[64];
		struct inetcsum_gso_seg s[2];

		memset(b, 0xa5, sizeof(b));
		if (inetcsum_frag_packet(pkt, len, l3, mtu, 1, b, sizeof(b), s,
					 2) >= 0)
			abort();
		for (i = 0; i < sizeof(b); i++)
			if (b[i] != 0xa5)
				abort();
		return;
	}
	out = malloc(fp.out_len);
	fr = malloc(fp.nfrags * sizeof(*fr));
	n = inetcsum_frag_packet(pkt, len, l3, mtu, 1, out, fp.out_len, fr,
				 fp.nfrags);
	if (n < 1 || (size_t)n != fp.nfrags)
		abort();
	for (i = 0; i < fp.nfrags; i++) {
		if (fr[i].len <= l3 || fr[i].len - l3 > mtu)
			abort();
		if ((l3 != 0 && l3 != 14) || fp.ipv6)
			continue;
		inetcsum_frame_check(l3 ? INETCSUM_LINK_ETHERNET :
				     INETCSUM_LINK_RAW, out + fr[i].offset,
				     fr[i].len, fr[i].len, &r);
		for (k = 0; k < r.nlayers; k++)
			if (r.layers[k].proto == INETCSUM_PROTO_IPV4 &&
			    r.layers[k].field_offset == l3 + 10 &&
			    r.layers[k].status == INETCSUM_BAD)
				abort();
	}
	free(out);
	free(fr);
}

static void
raw(const uint8_t *data, size_t size)
{
	struct inetcsum_gso_plan pl;
	struct inetcsum_gso_seg *segs;
	struct inetcsum_frame_result r;
	size_t mss = (size_t)data[1] << 8 | data[2], l3 = data[3] % 32;
	size_t len = size - 4, i, k, sum = 0;
	uint8_t *pkt = malloc(len ? len : 1), *out;
	int n;

	memcpy(pkt, data + 4, len);
	frag(pkt, len, l3, mss);
	if (inetcsum_gso_plan(pkt, len, l3, mss, &pl) < 0) {
		uint8_t b[64];
		struct inetcsum_gso_seg s[2];

		memset(b, 0xa5, sizeof(b));
		if (inetcsum_gso_segment(pkt, len, l3, mss, 0, b, sizeof(b), s,
					 2) >= 0)
			abort();
		for (i = 0; i < sizeof(b); i++)
			if (b[i] != 0xa5)
				abort();
		free(pkt);
		return;
	}
	if (pl.nsegs > 100000) {
		free(pkt);
		return;
	}
	out = malloc(pl.out_len);
	segs = malloc(pl.nsegs * sizeof(*segs));
	n = inetcsum_gso_segment(pkt, len, l3, mss, 0, out, pl.out_len, segs,
				 pl.nsegs);
	if (n < 0 || (size_t)n != pl.nsegs)
		abort();
	for (i = 0; i < pl.nsegs; i++) {
		if (segs[i].len < pl.hdr_len)
			abort();
		sum += segs[i].len - pl.hdr_len;
		if (l3 != 0 && l3 != 14)
			continue;
		inetcsum_frame_check(l3 ? INETCSUM_LINK_ETHERNET :
				     INETCSUM_LINK_RAW, out + segs[i].offset,
				     segs[i].len, segs[i].len, &r);
		for (k = 0; k < r.nlayers; k++)
			if (r.layers[k].status == INETCSUM_BAD)
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
