/* SPDX-License-Identifier: MIT */
/*
 * tests/lib/bytes.h - big-endian (network order) reads and writes of 16-
 * and 32-bit fields, byte by byte, for the test programs, their helpers
 * and the benchmarks that build packets: the naive side never relies on
 * the host's byte order or alignment.  Values are truncated to the
 * field's width.
 */
#ifndef INETCSUM_TESTS_BYTES_H
#define INETCSUM_TESTS_BYTES_H

#include <stdint.h>

static inline void
put16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static inline void
put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static inline unsigned
get16(const uint8_t *p)
{
	return (unsigned)p[0] << 8 | p[1];
}

static inline uint32_t
get32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

#endif /* INETCSUM_TESTS_BYTES_H */
