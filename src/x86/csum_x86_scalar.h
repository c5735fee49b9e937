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
 * Software prefetch distance of the x86 vector kernels in bytes (0: none).
 * It is a run-time value, inetcsum_x86_prefetch (src/tuning.c): the
 * per-CPU tuning table sets it at the first call, and
 * inetcsum_prefetch_set() at any time.  INETCSUM_X86_PREFETCH_DISTANCE is
 * its value before that, 4096 unless the build gives one (CMake:
 * -DINETCSUM_X86_PREFETCH_DISTANCE=N); a build that gives one keeps it as
 * a constant in the kernels, which is how bench/prefetch_sweep.sh compares
 * builds.  docs/x86-kernels.md records the sweeps behind the values.
 */
#ifdef INETCSUM_X86_PREFETCH_DISTANCE
#  define INETCSUM_X86_PREFETCH_FIXED 1
#else
#  define INETCSUM_X86_PREFETCH_DISTANCE 4096
#endif
#include <stdatomic.h>
extern _Atomic(size_t) inetcsum_x86_prefetch;
/* From how many bytes the VNNI copy uses vpmaddwd pairs (src/tuning.c). */
extern _Atomic(size_t) inetcsum_x86_copy_madd_min;
/*
 * From inetcsum_x86_large_min bytes the 512-bit VNNI kernel's partial sum
 * calls inetcsum_x86_large_partial instead, if not NULL (the tuning
 * table's size class, src/tuning.c).
 */
extern _Atomic(size_t) inetcsum_x86_large_min;
extern _Atomic(inetcsum_partial_fn) inetcsum_x86_large_partial;
/*
 * The partial sum prefetches only in buffers of at least
 * inetcsum_x86_prefetch_min bytes (a tuning row's prefetch_min; 0: every
 * buffer long enough for the distance).  Shorter ones run the loop with
 * the prefetch compiled out.  A build with a fixed distance prefetches in
 * every buffer, as it always did.
 */
extern _Atomic(size_t) inetcsum_x86_prefetch_min;
#ifdef INETCSUM_X86_PREFETCH_FIXED
#  define X86_PREFETCH_NOW() ((size_t)INETCSUM_X86_PREFETCH_DISTANCE)
#  define X86_PREFETCH_MIN_NOW() ((size_t)0)
#else
#  define X86_PREFETCH_NOW() \
	atomic_load_explicit(&inetcsum_x86_prefetch, memory_order_relaxed)
#  define X86_PREFETCH_MIN_NOW() \
	atomic_load_explicit(&inetcsum_x86_prefetch_min, memory_order_relaxed)
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
 * Whole-word chains for the commonest short lengths, each one asm block of
 * add-with-carry with the loads folded in, as Linux's x86-64 csum_partial()
 * does for 40 bytes (arch/x86/lib/csum-partial_64.c): one instruction per
 * 8 bytes.  In C, gcc 12 needs two per word (add, then adc into a carry
 * counter), and _addcarry_u64() goes through the stack.  The "m" operands
 * tell the compiler exactly which bytes each block reads.  The last adc of
 * 0 adds the final carry back in and cannot carry out itself: that would
 * need the chain to end at all ones with a carry, i.e. a + b + 1 = 2^65 - 1
 * with a all ones and a carry in, which the first add (no carry in, at
 * most 2^65 - 2) never leaves and no later adc can then reach.  So, as for
 * x86_sum_short(), the result is exact and 0 only for all-zero input.
 */
#define X86_ADC(i) "adcq " #i "*8(%[p]), %[s]\n\t"
#define X86_ADC_ASM(nbytes, first, rest)				\
	__asm__(first							\
		rest							\
		"adcq $0, %[s]"						\
		: [s] "=&r" (s)						\
		: [p] "r" (p), "m" (*(const u8 (*)[nbytes])p)		\
		: "cc")

/* 40 bytes (an IPv6 header, a TCP header with 20 bytes of options). */
static INETCSUM_FORCEINLINE u64
x86_sum_40(const u8 *p)
{
	u64 s;

	X86_ADC_ASM(40, "movq (%[p]), %[s]\n\taddq 8(%[p]), %[s]\n\t",
		    X86_ADC(2) X86_ADC(3) X86_ADC(4));
	return s;
}

/* 32 bytes (a TCP header with timestamps: every ACK of a Linux peer). */
static INETCSUM_FORCEINLINE u64
x86_sum_32(const u8 *p)
{
	u64 s;

	X86_ADC_ASM(32, "movq (%[p]), %[s]\n\taddq 8(%[p]), %[s]\n\t",
		    X86_ADC(2) X86_ADC(3));
	return s;
}

/*
 * 20 bytes (an IPv4 or a TCP header without options): the last 4 bytes
 * zero-extended by a 32-bit load, then two words.
 */
static INETCSUM_FORCEINLINE u64
x86_sum_20(const u8 *p)
{
	u64 s;

	X86_ADC_ASM(20, "movl 16(%[p]), %k[s]\n\taddq (%[p]), %[s]\n\t",
		    X86_ADC(1));
	return s;
}

/* 64 bytes (a cache line, a minimum Ethernet frame). */
static INETCSUM_FORCEINLINE u64
x86_sum_64(const u8 *p)
{
	u64 s;

	X86_ADC_ASM(64, "movq (%[p]), %[s]\n\taddq 8(%[p]), %[s]\n\t",
		    X86_ADC(2) X86_ADC(3) X86_ADC(4) X86_ADC(5) X86_ADC(6)
		    X86_ADC(7));
	return s;
}

#undef X86_ADC_ASM
#undef X86_ADC

/*
 * Chains of 32, 16 and 8 bytes at p added into 's' (any value), for the
 * lengths without a chain of their own: the same add-with-carry chains,
 * each starting with a plain add and ending with adc $0, so (as above) no
 * carry is ever lost and the result is 0 only if 's' and the words are.
 */
#define X86_ADC_INTO(at, nbytes, rest)					\
	__asm__("addq (%[p]), %[s]\n\t"					\
		rest							\
		"adcq $0, %[s]"						\
		: [s] "+r" (s)						\
		: [p] "r" (at), "m" (*(const u8 (*)[nbytes])(at))	\
		: "cc")

/*
 * The lengths from 8 to 63 bytes without a chain of their own: the last
 * len & 7 bytes (x86_last_bytes(), one load that ends at p + len), then a
 * chain of 8, of 16 and of 32 bytes as the bits of len ask, each at its
 * place in the buffer: one instruction per 8 bytes, as in the chains
 * above, and three predictable branches.  The order of the three (the
 * sum is the same either way) is the caller's: the partial sum ran
 * fastest with 8 first, the copy with 32 first, by up to 1.2x at 9-28
 * bytes either way (Zen 5, hot, side by side; docs/short-path.md, "Every
 * length against Linux"): how the branches are laid out with the copy's
 * own is what differs.
 */
static INETCSUM_FORCEINLINE u64
x86_sum_by_bits(const u8 *p, size_t len, const int big_first)
{
	u64 s = x86_last_bytes(p, len);

#define X86_ADC_32 X86_ADC_INTO(p, 32, "adcq 8(%[p]), %[s]\n\t"	\
				"adcq 16(%[p]), %[s]\n\t"		\
				"adcq 24(%[p]), %[s]\n\t")
	if (big_first && (len & 32))
		X86_ADC_32;
	if (big_first && (len & 16))
		X86_ADC_INTO(p + (len & 32), 16, "adcq 8(%[p]), %[s]\n\t");
	if (len & 8)
		X86_ADC_INTO(p + (len & 48), 8, "");
	if (!big_first && (len & 16))
		X86_ADC_INTO(p + (len & 32), 16, "adcq 8(%[p]), %[s]\n\t");
	if (!big_first && (len & 32))
		X86_ADC_32;
#undef X86_ADC_32
	return s;
}

/*
 * Ones' complement sum of 0..X86_SHORT_MAX bytes, exact and folded to 64
 * bits: 0 only if every byte is zero.  20, 40, 64 and 32 bytes take the
 * chains above: each compare costs far less than the work it saves; the
 * other lengths from 8 bytes on go by the bits of len (above).  That
 * replaced a jump on len / 8 into straight-line code that spent an add
 * and a carry count per word (two instructions): against Linux's x86-64
 * csum_partial(), which also tests the bits of len, it ran at 0.78-0.99x
 * at 8-60 bytes (Zen 5, hot).
 */
static INETCSUM_FORCEINLINE u64
x86_sum_short_(const u8 *p, size_t len, const int big_first)
{
	if (len == 40)
		return x86_sum_40(p);
	if (len == 20)
		return x86_sum_20(p);
	if (len == 64)
		return x86_sum_64(p);
	if (len == 32)
		return x86_sum_32(p);
	if (len < 8)
		return sum_tail7(p, len);
	return x86_sum_by_bits(p, len, big_first);
}

static INETCSUM_FORCEINLINE u64
x86_sum_short(const u8 *p, size_t len)
{
	return x86_sum_short_(p, len, 0);
}

#undef X86_ADC_INTO

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
	return x86_sum_short_(p, len, 1);
}

#endif /* INETCSUM_X86_SCALAR_H */
