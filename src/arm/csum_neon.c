/* SPDX-License-Identifier: MIT */
/*
 * src/arm/csum_neon.c - the arm64 Advanced SIMD (NEON) kernel,
 * csum_arm_neon.
 *
 * Target: every arm64 CPU (Advanced SIMD is mandatory in AArch64, so the
 * kernel needs no target attribute and no run-time probe; the feature bit
 * INETCSUM_ARM_NEON only lets tests mask it).  It uses only base AArch64
 * Advanced SIMD intrinsics from <arm_neon.h>; tested with gcc 12 and
 * clang 14.
 *
 * Method.  UADALP (vpadalq_u16) adds adjacent pairs of the eight 16-bit
 * words of a vector into the four 32-bit lanes of an accumulator: one
 * instruction per 16 loaded bytes does the widening and the addition, and
 * no carry is ever lost because the lanes are wide enough (bound below).
 * Since 2^16 == 1 (mod 0xffff) the words may land in any lane; only the
 * total matters, which UADDLV (vaddlvq_u32) forms exactly in 64 bits.
 *
 * Eight accumulators take 128 bytes per iteration.  UADALP accumulates,
 * so each accumulator is a dependency chain with the instruction's
 * multi-cycle latency, and current cores issue SIMD instructions on two to
 * four pipes: several independent chains are needed to keep them busy.
 * Eight accumulators and their eight loads use half of the 32 vector
 * registers.
 * The count is not tuned on arm64 hardware, where none was at hand.
 *
 * Overflow bound.  Each UADALP adds at most 2 * 0xffff = 0x1fffe to a lane.
 * After n iterations a lane holds at most n * 0x1fffe, and the sum of the
 * eight accumulators at most 8 * n * 0x1fffe, which must stay below 2^32
 * so the eight can be added as 32-bit vectors:
 *
 *	n <= (2^32 - 1) / (8 * 0x1fffe) = 4096.06, so n = 4096 (512 KiB)
 *
 * After each chunk of at most 4096 iterations the total moves into a
 * 64-bit scalar with an end-around carry (add64_eac), so any length,
 * beyond 4 GiB included, is summed exactly.
 *
 * Tails.  Whole 16-byte vectors go into a ninth accumulator (at most 7 of
 * them, far from its bound).  The last 1..15 bytes are read by one vector
 * load that ends exactly at data + len (the input is longer than 64 bytes
 * on this path, so it starts inside the buffer too), and TBL (vqtbl1q_u8)
 * moves those bytes to the front and zeroes the rest.  The result is the
 * zero-padded tail at its true parity, without a byte-by-byte loop and
 * without reading outside [data, data + len).
 *
 * Short inputs (up to 64 bytes: IPv4 headers are 20 to 60, UDP and bare
 * TCP headers 8 to 60) take a general-register path: the 32-bit halves of
 * 64-bit loads go into two plain 64-bit sums, one ALU instruction each
 * (ADD with a UXTW or LSR #32 operand) and no carry chain, so it starts at
 * once and has no vector-to-scalar transfer.
 *
 * Byte order.  Scalar loads give native words; vector data goes through
 * as_words(), which byte-swaps each 16-bit lane on aarch64_be (a register
 * bit cast, as vreinterpret is, sees little-endian lanes), so both paths
 * sum the same words.  No code depends on lane numbers.  Debian has no
 * aarch64_be C library; the big-endian check builds the kernel with clang
 * freestanding and runs it under qemu-aarch64_be (docs/arm64.md).
 */
#include "kernels.h"

#ifdef INETCSUM_BUILD_NEON

#include <arm_neon.h>

/* Iterations of 128 bytes per chunk: the overflow bound derived above. */
#define NEON_MAX_BLOCKS 4096

/* Inputs of at most this many bytes take the general-register path. */
#define NEON_SHORT_MAX 64

/*
 * Copies shorter than this use general registers only.  Kernel reviewers
 * measured NEON setup in the Linux arm64 checksum to cost more than it
 * saves below about 1 KiB (in the kernel, kernel_neon_begin() saves the FP
 * state; user space pays no such cost, so the break-even on a given CPU may
 * be lower).  Nothing here can be timed under QEMU: on hardware, re-measure
 * with "inetcsum bench" at sizes around the threshold and rebuild with
 * -DINETCSUM_NEON_COPY_MIN=N.
 */
#ifndef INETCSUM_NEON_COPY_MIN
#  define INETCSUM_NEON_COPY_MIN 1024
#endif

/* Iterations of 64 bytes per copy chunk: (2^32 - 1) / (4 * 0x1fffe). */
#define NEON_COPY_MAX_BLOCKS 8192

/*
 * Build-time software prefetch distance of csum_arm_neon in bytes; 0 (the
 * default) issues none: arm64 application cores prefetch sequential data
 * in hardware, and no arm64 hardware was at hand to show a gain.  Other
 * distances are measured with builds of their own
 * (-DINETCSUM_NEON_PREFETCH_DISTANCE=N, bench/prefetch_sweep.sh).
 */
#ifndef INETCSUM_NEON_PREFETCH_DISTANCE
#  define INETCSUM_NEON_PREFETCH_DISTANCE 0
#endif

/*
 * TBL indexes for the last 1..15 bytes: loading 16 of them from
 * tail_index + 16 - rem gives i + 16 - rem in lane i < rem, which picks the
 * last 'rem' bytes of a vector ending at the end of the data, and 0xff in
 * the other lanes, which TBL turns into zero bytes.
 */
static const u8 tail_index[32] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

/*
 * The 16 bytes of 'v', loaded by vld1q_u8 (byte lane i holds byte i of
 * memory), as eight native-order 16-bit words.  The ACLE defines
 * vreinterpret as a bit cast of the register, whose 16-bit lanes are
 * little-endian: on aarch64_be each pair must be swapped (REV16) to match
 * the big-endian scalar loads.  vld1q_u16 would load native words
 * directly, but would need a uint16_t pointer to odd addresses.
 */
static INETCSUM_FORCEINLINE uint16x8_t
as_words(uint8x16_t v)
{
#ifdef __AARCH64EB__
	v = vrev16q_u8(v);
#endif
	return vreinterpretq_u16_u8(v);
}

/* The 16 bytes at 'p' as eight native-order 16-bit words. */
static INETCSUM_FORCEINLINE uint16x8_t
load_words(const u8 *p)
{
	return as_words(vld1q_u8(p));
}

/*
 * Word sum of 'len' bytes in general registers.  Each 64-bit load adds
 * below 2^32 to each of 'lo' and 'hi'; the only caller passes at most
 * NEON_SHORT_MAX (64) bytes, so their sum stays below 2^36.
 */
static INETCSUM_FORCEINLINE u64
sum_gpr(const u8 *p, size_t len)
{
	u64 lo = 0, hi = 0;

	while (len >= 8) {
		u64 w = load_u64(p);

		lo += (u32)w;
		hi += w >> 32;
		p += 8;
		len -= 8;
	}
	/* The last 0..7 bytes: below 2^33, so lo stays far below 2^64. */
	return lo + hi + sum_tail7(p, len);
}

/* Add the four 32-bit lanes of 'v' (each below 2^32) to 's', exactly. */
static INETCSUM_FORCEINLINE u64
add_lanes(u64 s, uint32x4_t v)
{
	return add64_eac(s, vaddlvq_u32(v));
}

/*
 * The vector path, for len > NEON_SHORT_MAX.  'prefetch' is a distance in
 * bytes (0: none); each 128-byte iteration prefetches its two cache lines
 * that far ahead, only while that address range is inside the buffer.
 */
static INETCSUM_FORCEINLINE u64
sum_vector(const u8 *p, size_t len, u64 s, size_t prefetch)
{
	const u8 *end = p + len;
	uint32x4_t t;

	while (len >= 128) {
		size_t n = len / 128;
		uint32x4_t a0, a1, a2, a3, a4, a5, a6, a7;

		if (n > NEON_MAX_BLOCKS)
			n = NEON_MAX_BLOCKS;
		len -= n * 128;
		a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = vdupq_n_u32(0);
		do {
			/* end - p >= 128 here, so this cannot wrap. */
			if (prefetch != 0 &&
			    (size_t)(end - p) - 128 >= prefetch) {
				INETCSUM_PREFETCH(p + prefetch);
				INETCSUM_PREFETCH(p + prefetch + 64);
			}
			a0 = vpadalq_u16(a0, load_words(p + 0));
			a1 = vpadalq_u16(a1, load_words(p + 16));
			a2 = vpadalq_u16(a2, load_words(p + 32));
			a3 = vpadalq_u16(a3, load_words(p + 48));
			a4 = vpadalq_u16(a4, load_words(p + 64));
			a5 = vpadalq_u16(a5, load_words(p + 80));
			a6 = vpadalq_u16(a6, load_words(p + 96));
			a7 = vpadalq_u16(a7, load_words(p + 112));
			p += 128;
		} while (--n != 0);
		/* The overflow bound above allows these 32-bit additions. */
		a0 = vaddq_u32(a0, a1);
		a2 = vaddq_u32(a2, a3);
		a4 = vaddq_u32(a4, a5);
		a6 = vaddq_u32(a6, a7);
		a0 = vaddq_u32(a0, a2);
		a4 = vaddq_u32(a4, a6);
		s = add_lanes(s, vaddq_u32(a0, a4));
	}

	/* 0..7 whole vectors, then the last 0..15 bytes. */
	t = vdupq_n_u32(0);
	while (len >= 16) {
		t = vpadalq_u16(t, load_words(p));
		p += 16;
		len -= 16;
	}
	if (len != 0) {
		/* end - 16 >= data: this path has more than 16 bytes. */
		uint8x16_t last = vld1q_u8(end - 16);
		uint8x16_t idx = vld1q_u8(tail_index + 16 - len);

		t = vpadalq_u16(t, as_words(vqtbl1q_u8(last, idx)));
	}
	return add_lanes(s, t);
}

static INETCSUM_FORCEINLINE u32
partial_neon(const void *data, size_t len, u32 sum, size_t prefetch)
{
	const u8 *p = data;

	/* sum + sum_gpr() < 2^32 + 2^36: no wrap, and 0 only if both are. */
	if (len <= NEON_SHORT_MAX)
		return fold64_to_32(sum + sum_gpr(p, len));
	return fold64_to_32(sum_vector(p, len, sum, prefetch));
}

static u32
csum_arm_neon(const void *data, size_t len, u32 sum)
{
	return partial_neon(data, len, sum, INETCSUM_NEON_PREFETCH_DISTANCE);
}

/*
 * Copy 'len' bytes in general registers and return their word sum, as a
 * 64-bit ones' complement value (0 only for all-zero data).  'lo' is the
 * sum of the 64-bit words modulo 2^64 and 'wraps' counts how often it
 * wrapped: 2^64 == 1 (mod 0xffff), so each wrap is worth 1.  Counting the
 * carries apart (ADDS, then CINC on 'wraps') keeps the chain through 'lo'
 * one instruction per word, where an end-around carry would make it two.
 */
static INETCSUM_FORCEINLINE u64
copy_gpr(u8 *q, const u8 *p, size_t len)
{
	u64 lo = 0, wraps = 0, w;

	while (len >= 16) {
		u64 a = load_u64(p), b = load_u64(p + 8);

		store_u64(q, a);
		store_u64(q + 8, b);
		lo += a;
		wraps += lo < a;
		lo += b;
		wraps += lo < b;
		p += 16;
		q += 16;
		len -= 16;
	}
	/* The last 0..15 bytes: one more whole word, then the 0..7 rest. */
	if (len & 8) {
		w = load_u64(p);
		store_u64(q, w);
		lo += w;
		wraps += lo < w;
		p += 8;
		q += 8;
	}
	/*
	 * The last 0..7 bytes, copied and summed by the shared helper.  Only
	 * if there are any: inetcsum_copy(NULL, NULL, 0, sum) is valid, and
	 * memcpy() with a null pointer is undefined even for 0 bytes.
	 */
	if (len & 7) {
		memcpy(q, p, len & 7);
		w = sum_tail7(p, len & 7);
		lo += w;
		wraps += lo < w;
	}
	return add64_eac(lo, wraps);
}

/*
 * Fused copy: each 16-byte vector is loaded once, stored, and added to one
 * of four accumulators.  The sum is taken from the loaded registers, never
 * by re-reading 'dst', which would wait on store forwarding.  Four
 * accumulators suffice because one 16-byte store per cycle, not UADALP,
 * limits the loop on the cores named at the top of the file.  Chunks keep
 * the four 32-bit accumulators' total below 2^32, as in sum_vector().
 */
static u32
csum_copy_arm_neon(void *dst, const void *src, size_t len, u32 sum)
{
	const u8 *p = src;
	u8 *q = dst;
	u64 s = sum;

	if (len < INETCSUM_NEON_COPY_MIN)
		return fold64_to_32(add64_eac(s, copy_gpr(q, p, len)));

	while (len >= 64) {
		size_t n = len / 64;
		uint32x4_t a0, a1, a2, a3;

		if (n > NEON_COPY_MAX_BLOCKS)
			n = NEON_COPY_MAX_BLOCKS;
		len -= n * 64;
		a0 = a1 = a2 = a3 = vdupq_n_u32(0);
		do {
			uint8x16_t v0 = vld1q_u8(p + 0);
			uint8x16_t v1 = vld1q_u8(p + 16);
			uint8x16_t v2 = vld1q_u8(p + 32);
			uint8x16_t v3 = vld1q_u8(p + 48);

			vst1q_u8(q + 0, v0);
			vst1q_u8(q + 16, v1);
			vst1q_u8(q + 32, v2);
			vst1q_u8(q + 48, v3);
			a0 = vpadalq_u16(a0, as_words(v0));
			a1 = vpadalq_u16(a1, as_words(v1));
			a2 = vpadalq_u16(a2, as_words(v2));
			a3 = vpadalq_u16(a3, as_words(v3));
			p += 64;
			q += 64;
		} while (--n != 0);
		a0 = vaddq_u32(a0, a1);
		a2 = vaddq_u32(a2, a3);
		s = add_lanes(s, vaddq_u32(a0, a2));
	}
	/* The last 0..63 bytes. */
	return fold64_to_32(add64_eac(s, copy_gpr(q, p, len)));
}

const struct inetcsum_kernel inetcsum_kernel_arm_neon = {
	.name = "arm_neon",
	.features = INETCSUM_ARM_NEON,
	.partial = csum_arm_neon,
	.copy = csum_copy_arm_neon,
};

#endif /* INETCSUM_BUILD_NEON */
