/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_ref.c - the benchmark's reference checksum and CRC32c
 * (see bench_ref.h).  Slow and obvious on purpose: one word per step, no wide
 * loads, no library code, no cleverness to get wrong.
 */
#include <string.h>

#include "bench_ref.h"

uint16_t
inetcsum_bench_ref_csum(const void *data, size_t len)
{
	const unsigned char *p = data;
	const uint16_t one = 1;
	unsigned char first;
	uint64_t s = 0;
	uint16_t net;
	size_t i;

	/*
	 * Network order: byte pair (b0, b1) is the word b0 * 256 + b1, as the
	 * RFC writes the sum on paper.  Each word is below 2^16, so 64 bits
	 * cannot overflow before 2^48 words (512 TiB).
	 */
	for (i = 0; i + 1 < len; i += 2)
		s += ((uint64_t)p[i] << 8) | p[i + 1];
	if (len & 1)
		s += (uint64_t)p[len - 1] << 8;
	while (s > 0xffff)
		s = (s & 0xffff) + (s >> 16);
	net = (uint16_t)~s;
	/*
	 * Memory order is what a native 16-bit load of the two checksum
	 * bytes gives: the same value on a big-endian CPU, swapped on a
	 * little-endian one (probed here, not assumed from a macro).
	 */
	memcpy(&first, &one, 1);
	return first == 1 ? (uint16_t)((net >> 8) | (net << 8)) : net;
}

uint32_t
inetcsum_bench_ref_crc32c(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint32_t r = 0xffffffffu;
	size_t i, bit;

	/* Reflected Castagnoli polynomial; the mask is all ones when the
	 * bit shifted out is 1. */
	for (i = 0; i < len; i++)
		for (r ^= p[i], bit = 0; bit < 8; bit++)
			r = (r >> 1) ^ (0x82F63B78u & (0u - (r & 1)));
	return ~r;
}
