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
#include "kernels.h"

/*
 * Inputs of at most this many bytes take the scalar path in every x86
 * kernel: up to 8 add/adc pairs, no vector setup and no horizontal
 * reduction (which alone costs about 10 cycles of latency for a 512-bit
 * vector).  IPv4 headers (20-60 bytes) and TCP headers fall here.  At 64
 * bytes the scalar path measured 10-15% faster than one vector plus its
 * reduction (inetcsum bench, 64 B hot).
 */
#define X86_SHORT_MAX INETCSUM_X86_SHORT_MAX

/*
 * Build-time software prefetch distance of the x86 vector kernels in bytes
 * (0: none).  The benchmark sweeps other distances through
 * 'partial_prefetch'; docs/x86-kernels.md records the sweep behind this
 * default.
 */
#ifndef INETCSUM_X86_PREFETCH_DISTANCE
#  define INETCSUM_X86_PREFETCH_DISTANCE 4096
#endif
/* The same for the scalar ADX kernel. */
#ifndef INETCSUM_X86_ADX_PREFETCH_DISTANCE
#  define INETCSUM_X86_ADX_PREFETCH_DISTANCE 4096
#endif

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
 * A 128-bit accumulator: adding a 64-bit word compiles to add + adc (the
 * carry goes into the high half), so the sum of up to 2^64 words is exact
 * and folds to 64 bits with one end-around carry.
 */
__extension__ typedef unsigned __int128 x86_u128;

static INETCSUM_FORCEINLINE u64
x86_fold128(x86_u128 acc)
{
	return add64_eac((u64)acc, (u64)(acc >> 64));
}

/*
 * Ones' complement sum of 0..X86_SHORT_MAX bytes, exact in 128 bits and
 * folded to 64: 0 only if every byte is zero.  The whole words are added by
 * a jump into straight-line code (one predictable indirect branch) rather
 * than a loop, and the last len & 7 bytes by x86_last_bytes().  gcc 12
 * compiles the _addcarry_u64() intrinsic in such code through a stack
 * slot and setb, which took about 13 cycles at 40 bytes; this is plain
 * add/adc.
 */
static INETCSUM_FORCEINLINE u64
x86_sum_short(const u8 *p, size_t len)
{
	x86_u128 acc = 0;

	if (len < 8)
		return sum_tail7(p, len);
	switch (len / 8) {
	case 8:
		acc += load_u64(p + 56);
		/* fall through */
	case 7:
		acc += load_u64(p + 48);
		/* fall through */
	case 6:
		acc += load_u64(p + 40);
		/* fall through */
	case 5:
		acc += load_u64(p + 32);
		/* fall through */
	case 4:
		acc += load_u64(p + 24);
		/* fall through */
	case 3:
		acc += load_u64(p + 16);
		/* fall through */
	case 2:
		acc += load_u64(p + 8);
		/* fall through */
	default:
		acc += load_u64(p);
	}
	acc += x86_last_bytes(p, len);
	return x86_fold128(acc);
}

/*
 * Copy 0..64 bytes as small memcpy() implementations do: two fixed-size
 * copies that overlap in the middle (the first and the last 32, 16, 8 or
 * 4 bytes), which compilers turn into a few unaligned loads and stores.
 * No byte outside [p, p + len) or [q, q + len) is touched.
 */
static INETCSUM_FORCEINLINE void
x86_copy_upto64(u8 *q, const u8 *p, size_t len)
{
	if (len >= 32) {
		memcpy(q, p, 32);
		memcpy(q + len - 32, p + len - 32, 32);
	} else if (len >= 16) {
		memcpy(q, p, 16);
		memcpy(q + len - 16, p + len - 16, 16);
	} else if (len >= 8) {
		memcpy(q, p, 8);
		memcpy(q + len - 8, p + len - 8, 8);
	} else if (len >= 4) {
		memcpy(q, p, 4);
		memcpy(q + len - 4, p + len - 4, 4);
	} else if (len != 0) {
		q[0] = p[0];
		q[len / 2] = p[len / 2];
		q[len - 1] = p[len - 1];
	}
}

/*
 * x86_sum_short() that also copies the bytes to 'q'.  The sum reads the
 * source (again, from L1), never the fresh copy: a load that overlaps a
 * just-stored different-sized chunk would wait for store forwarding to
 * fail.  Loading each word once and storing it was 2x slower at 64 bytes:
 * the loads and stores interleave and the loop does not overlap them.
 */
static INETCSUM_FORCEINLINE u64
x86_copy_short(u8 *q, const u8 *p, size_t len)
{
	x86_copy_upto64(q, p, len);
	return x86_sum_short(p, len);
}

#endif /* INETCSUM_X86_SCALAR_H */
