/* SPDX-License-Identifier: MIT */
/*
 * tests/lib/ref_crc32c.c - the naive reference CRC32c (ref_crc32c.h):
 * each byte enters the low end of the reflected register and eight single
 * shifts follow, subtracting (XOR) the polynomial whenever a 1 leaves.
 * tests/core/test_crc32c.c checks it against the RFC 3720 vectors before
 * anything is judged by it.
 */
#include "ref_crc32c.h"

uint32_t
inetcsum_ref_crc32c(uint32_t crc, const void *data, size_t len)
{
	const unsigned char *p = data;
	uint32_t reg = ~crc;
	size_t i;
	int bit;

	for (i = 0; i < len; i++) {
		reg ^= p[i];
		for (bit = 0; bit < 8; bit++) {
			if (reg & 1)
				reg = (reg >> 1) ^ 0x82F63B78u;
			else
				reg >>= 1;
		}
	}
	return ~reg;
}
