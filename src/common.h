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

/* A kernel's two entry points (src/impl.h), as the dispatcher calls them. */
typedef u32 (*inetcsum_partial_fn)(const void *data, size_t len, u32 sum);
typedef u32 (*inetcsum_copy_fn)(void *dst, const void *src, size_t len,
				u32 sum);

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
   /*
    * The same for a line about to be written (PowerPC dcbtst: the line
    * comes in ready to be modified).  Only where the ISA has such a hint
    * in its base set: elsewhere it would be nothing or a plain prefetch.
    */
#  if defined(__powerpc__) || defined(__powerpc64__)
#    define INETCSUM_PREFETCH_W(p) __builtin_prefetch((p), 1, 3)
#  endif
#else
#  define INETCSUM_FORCEINLINE inline
#  define INETCSUM_NOINLINE
#  define likely(x) (x)
#  define unlikely(x) (x)
#  define INETCSUM_PREFETCH(p) ((void)(p))
#endif
#ifndef INETCSUM_PREFETCH_W
#  define INETCSUM_PREFETCH_W(p) ((void)(p))
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
 * Software prefetch of the portable kernel, per platform: the L1 data cache
 * line (INETCSUM_CACHE_LINE, bytes; one prefetch is issued per line) and
 * how many lines ahead (INETCSUM_PREFETCH_LINES).  The distance is their
 * product unless INETCSUM_PREFETCH_DISTANCE (bytes, 0 = off) is given.
 * All three can be set at build time (CMake options of the same names),
 * which is how a build for one core picks its row:
 *
 *   platform                      line  lines  distance  source
 *   PowerPC 32-bit (44x, e500v1/   32     4     128 B    Linux
 *     v2, 603, 74xx): default                            asm/cache.h
 *   PowerPC 8xx (set by build)     16     1      16 B    (L1_CACHE_SHIFT,
 *   PowerPC 47x (set by build)    128     4     512 B     MAX_COPY_PREFETCH)
 *   PowerPC e500mc (set by build)  64     4     256 B
 *   PowerPC 64-bit                128     4     512 B    Linux line size
 *   s390x                         256     2     512 B    z/Architecture line
 *   Alpha EV4/EV5                  32     4     128 B    21064/21164 L1
 *   Alpha EV6 and later            64     8     512 B    21264 L1
 *   anything else (x86-64, arm64)  64     8     512 B    measured, below
 *
 * The line sizes are the hardware's.  The distance was measured only on
 * x86-64 (src/generic/csum_generic.c: 512 bytes was best at 1448-byte
 * packets); the PowerPC 32-bit rows follow the dcbt patch this project
 * started from (128 bytes ahead on a 44x, which has no hardware
 * prefetcher; 256 was already worse) and the kernel's per-platform
 * MAX_COPY_PREFETCH; the others keep 512 bytes, an unmeasured guess.
 * docs/prefetch.md has a cache model of the PowerPC rows.
 */
#ifndef INETCSUM_CACHE_LINE
#  if defined(__powerpc64__)
#    define INETCSUM_CACHE_LINE 128
#    define INETCSUM_DEFAULT_PREFETCH_LINES 4
#  elif defined(__powerpc__)
#    define INETCSUM_CACHE_LINE 32
#    define INETCSUM_DEFAULT_PREFETCH_LINES 4
#  elif defined(__s390x__)
#    define INETCSUM_CACHE_LINE 256
#    define INETCSUM_DEFAULT_PREFETCH_LINES 2
#  elif defined(__alpha__) && !defined(__alpha_ev6__)
#    define INETCSUM_CACHE_LINE 32
#    define INETCSUM_DEFAULT_PREFETCH_LINES 4
#  else
#    define INETCSUM_CACHE_LINE 64
#    define INETCSUM_DEFAULT_PREFETCH_LINES 8
#  endif
#endif
#ifndef INETCSUM_DEFAULT_PREFETCH_LINES
#  define INETCSUM_DEFAULT_PREFETCH_LINES 4
#endif
#ifndef INETCSUM_PREFETCH_LINES
#  define INETCSUM_PREFETCH_LINES INETCSUM_DEFAULT_PREFETCH_LINES
#endif
#ifndef INETCSUM_PREFETCH_DISTANCE
#  define INETCSUM_PREFETCH_DISTANCE \
	((size_t)INETCSUM_CACHE_LINE * INETCSUM_PREFETCH_LINES)
#endif
#if INETCSUM_CACHE_LINE < 8 || (INETCSUM_CACHE_LINE & (INETCSUM_CACHE_LINE - 1))
#  error "INETCSUM_CACHE_LINE must be a power of two, at least 8"
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

/*
 * Fold a 32-bit partial sum to 16 bits (not complemented): the high half
 * of s + (s rotated by 16) is hi + lo with the end-around carry of their
 * sum, two operations fewer than adding the halves twice and the same
 * value for every s (checked for all 2^32 when it was written).
 */
static INETCSUM_FORCEINLINE u16
fold32_to_16(u32 s)
{
	s += (s << 16) | (s >> 16);
	return (u16)(s >> 16);
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
