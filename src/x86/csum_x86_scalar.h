/* SPDX-License-Identifier: MIT */
/*
 * src/x86/csum_x86_scalar.h - scalar helpers shared by the x86-64 kernels:
 * the short-input path (a single add-with-carry chain) and the bounded
 * tail loads.  Everything here is baseline x86-64 (adc is in every x86-64
 * CPU), so it inlines into any target-attributed kernel.
 */
#ifndef INETCSUM_X86_SCALAR_H
#define INETCSUM_X86_SCALAR_H

#include <immintrin.h>

#include "../common.h"

/*
 * Inputs shorter than this many bytes take the scalar path in every x86
 * kernel: up to 7 dependent adc instructions, no vector setup and no
 * horizontal reduction (which alone costs about 10 cycles of latency for a
 * 512-bit vector).  IPv4 headers (20-60 bytes) and TCP headers fall here.
 */
#define X86_SHORT_LEN 64

/*
 * Build-time software prefetch distance of the x86 vector kernels in bytes
 * (0: none).  The benchmark sweeps other distances through
 * 'partial_prefetch'; docs/x86-kernels.md records the sweep behind this
 * default.
 */
#ifndef INETCSUM_X86_PREFETCH_DISTANCE
#  define INETCSUM_X86_PREFETCH_DISTANCE 0
#endif
/* The same for the scalar ADX kernel. */
#ifndef INETCSUM_X86_ADX_PREFETCH_DISTANCE
#  define INETCSUM_X86_ADX_PREFETCH_DISTANCE 0
#endif

/*
 * Sum of the 0..7 bytes at 'p' as 16-bit words, an odd last byte being the
 * first byte of a word whose second byte is zero (RFC 1071).  Exact (at most
 * 0xffffffff + 0xffff + 0xff), never reads outside [p, p + len).
 */
static INETCSUM_FORCEINLINE u64
x86_sum_tail7(const u8 *p, size_t len)
{
	u64 s = 0;

	if (len & 4) {
		s += load_u32(p);
		p += 4;
	}
	if (len & 2) {
		s += load_u16(p);
		p += 2;
	}
	if (len & 1)
		s += *p;	/* little-endian: the byte is the low half */
	return s;
}

/*
 * The last 'len & 7' bytes of a buffer of 'len' >= 8 bytes, zero-extended
 * as one 64-bit word, read with a single load of the 8 bytes that end at
 * p + len (inside the buffer, since len >= 8).  The kept bytes start at
 * offset len - (len & 7), a multiple of 8, so they keep their 16-bit word
 * positions, and the shift pads an odd last byte with zero as RFC 1071
 * asks.  Returns 0 when len is a multiple of 8.
 */
static INETCSUM_FORCEINLINE u64
x86_last_bytes(const u8 *p, size_t len)
{
	unsigned r = (unsigned)(len & 7);

	if (r == 0)
		return 0;
	return load_u64(p + len - 8) >> (64 - 8 * r);
}

/*
 * Ones' complement sum of any number of bytes with one add-with-carry
 * chain, for short inputs: the carry of each 64-bit addition goes into the
 * next one (adc), and the last carry is added back with add64_eac, which
 * cannot wrap twice.  The result is 0 only if every byte is zero: an
 * end-around-carry sum of nonzero words is never zero.
 */
static INETCSUM_FORCEINLINE u64
x86_sum_short(const u8 *p, size_t len)
{
	unsigned long long s = 0;
	unsigned char c = 0;
	size_t i, n;

	if (len < 8)
		return x86_sum_tail7(p, len);
	n = len / 8;
	for (i = 0; i < n; i++)
		c = _addcarry_u64(c, s, load_u64(p + 8 * i), &s);
	c = _addcarry_u64(c, s, x86_last_bytes(p, len), &s);
	return add64_eac(s, c);
}

/* x86_sum_short() that also copies the bytes to 'q'. */
static INETCSUM_FORCEINLINE u64
x86_copy_short(u8 *q, const u8 *p, size_t len)
{
	unsigned long long s = 0;
	unsigned char c = 0;
	size_t i, n = len / 8;

	for (i = 0; i < n; i++) {
		u64 w = load_u64(p + 8 * i);

		store_u64(q + 8 * i, w);
		c = _addcarry_u64(c, s, w, &s);
	}
	if (len & 7) {
		/* The source is summed, not the copy: see the fused copy notes. */
		memcpy(q + 8 * n, p + 8 * n, len & 7);
		c = _addcarry_u64(c, s, len >= 8 ? x86_last_bytes(p, len) :
				  x86_sum_tail7(p, len), &s);
	}
	return add64_eac(s, c);
}

#endif /* INETCSUM_X86_SCALAR_H */
