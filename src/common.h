/* SPDX-License-Identifier: MIT */
/*
 * src/common.h - internal types and compiler macros shared by every source
 * file of libinetcsum.  Never installed.
 */
#ifndef INETCSUM_COMMON_H
#define INETCSUM_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../include/inetcsum.h"

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

#ifdef __GNUC__
#  define INETCSUM_FORCEINLINE inline __attribute__((always_inline))
#  define INETCSUM_NOINLINE __attribute__((noinline))
#  define likely(x) __builtin_expect(!!(x), 1)
#  define unlikely(x) __builtin_expect(!!(x), 0)
   /*
    * A software prefetch for reading.  It is only ever issued for addresses
    * inside the buffer being summed (see the kernels), so it never touches
    * memory the caller did not give us.  On PowerPC gcc emits dcbt.
    */
#  define INETCSUM_PREFETCH(p) __builtin_prefetch((p), 0, 3)
#else
#  define INETCSUM_FORCEINLINE inline
#  define INETCSUM_NOINLINE
#  define likely(x) (x)
#  define unlikely(x) (x)
#  define INETCSUM_PREFETCH(p) ((void)(p))
#endif

/*
 * INETCSUM_TARGET("avx2") compiles one function for an ISA above the build's
 * baseline, so the whole tree builds with baseline flags (even as a plain
 * "cc src/\*.c src/\*\/\*.c") and the dispatcher decides at run time whether
 * the function may be called.
 */
#if defined(__GNUC__) || defined(__clang__)
#  define INETCSUM_TARGET(isa) __attribute__((target(isa)))
#else
#  define INETCSUM_TARGET(isa)
#endif

/*
 * Build-time software prefetch distance of the portable kernel, in bytes;
 * 0 turns it off.  See src/generic/csum_generic.c for how the default was
 * chosen.
 */
#ifndef INETCSUM_PREFETCH_DISTANCE
#  define INETCSUM_PREFETCH_DISTANCE 512
#endif

/* Unaligned native-order loads and stores without aliasing UB. */
static INETCSUM_FORCEINLINE u64
load_u64(const void *p)
{
	u64 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static INETCSUM_FORCEINLINE u32
load_u32(const void *p)
{
	u32 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static INETCSUM_FORCEINLINE u16
load_u16(const void *p)
{
	u16 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static INETCSUM_FORCEINLINE void
store_u64(void *p, u64 v)
{
	memcpy(p, &v, sizeof(v));
}

/*
 * Ones' complement (end-around carry) additions.  If a + b wraps, the
 * wrapped value is at most 2^64 - 2, so adding the carry back cannot wrap
 * again.  A nonzero operand never yields a zero result, which keeps the
 * "partial sum is 0 only for all-zero data" promise of the API.
 */
static INETCSUM_FORCEINLINE u64
add64_eac(u64 a, u64 b)
{
	a += b;
	return a + (a < b);
}

static INETCSUM_FORCEINLINE u32
add32_eac(u32 a, u32 b)
{
	a += b;
	return a + (a < b);
}

/* Fold a 64-bit ones' complement accumulator to 32 bits, preserving it mod 0xffff. */
static INETCSUM_FORCEINLINE u32
fold64_to_32(u64 s)
{
	return add32_eac((u32)s, (u32)(s >> 32));
}

/* Fold a 32-bit partial sum to 16 bits (not complemented). */
static INETCSUM_FORCEINLINE u16
fold32_to_16(u32 s)
{
	s = (s & 0xffff) + (s >> 16);	/* at most 0x1fffe */
	s = (s & 0xffff) + (s >> 16);	/* at most 0xffff */
	return (u16)s;
}

/* Swap the two bytes of each 16-bit half: the partial sum of odd-offset data. */
static INETCSUM_FORCEINLINE u32
rotate_partial(u32 s)
{
	return (s >> 8) | (s << 24);
}

/*
 * Sum of the 0..7 bytes at 'p' as 16-bit words in memory order, an odd last
 * byte being the first byte of a word whose second byte is zero (RFC 1071).
 * Exact (at most 0xffffffff + 0xffff + 0xffff); never reads outside
 * [p, p + (len & 7)).  Shared by the portable and the x86 scalar code.
 */
static INETCSUM_FORCEINLINE u64
sum_tail7(const u8 *p, size_t len)
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
	if (len & 1) {
		/* Copying into a zeroed word puts the byte first on any CPU. */
		u16 w = 0;

		memcpy(&w, p, 1);
		s += w;
	}
	return s;
}

#endif /* INETCSUM_COMMON_H */
