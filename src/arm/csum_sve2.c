/* SPDX-License-Identifier: MIT */
/*
 * src/arm/csum_sve2.c - the arm64 SVE2 kernel, csum_arm_sve2.
 *
 * Target: arm64 CPUs with SVE2 (Armv9-A: Cortex-A510/A710/X2 and later,
 * Neoverse N2/V2), at any vector length VL from 128 to 2048 bits; the code
 * never assumes one (vector length agnostic).  The dispatcher runs it only
 * where AT_HWCAP2 has HWCAP2_SVE2 (src/arm/cpu_features.c) and prefers it
 * to arm_neon there.  ACLE intrinsics from <arm_sve.h>, under
 * #pragma GCC target("+sve2") over this file only (src/arm/cpu_features.h
 * says which compilers); tested with Debian 12's aarch64-linux-gnu-gcc 12.2 under
 * qemu-aarch64 7.2 at VL 128 and 512 (docs/other-arch-kernels.md).
 *
 * Why beside arm_neon.  The method is NEON's: UADALP ("unsigned add and
 * accumulate long pairwise", svadalp) adds adjacent pairs of 16-bit words
 * into the 32-bit lanes of an accumulator, one instruction per loaded
 * vector, and only the total of all lanes matters (2^16 == 1 mod 0xffff).
 * What SVE adds is width and predication: at VL 256 bits or more each
 * instruction covers two to sixteen NEON vectors, and a predicated load
 * (WHILELO, then LD1B with zeroing) reads the last partial vector without
 * touching a byte past data + len, so there is no scalar tail, no table
 * lookup and no separate short path.  The 8 main-loop loads address their
 * vectors with LD1B's "#k, MUL VL" immediate, so one INCB moves the
 * pointer: 19 instructions per 8 * VL bytes.  SVE2 rather than SVE only because SVE2 is what the Armv9 cores
 * report; every instruction used here is already in SVE (UADALP, UADDV,
 * LD1B, ST1B, WHILELO), and the same code would run on an SVE-only core
 * (A64FX, Neoverse V1), which is not dispatched to it: untested there.
 *
 * Eight accumulators per main-loop iteration (8 * VL bytes), for the same
 * reason as in arm_neon: each UADALP is a dependency chain with a latency
 * of several cycles.  The number is not tuned on hardware; none was at
 * hand.
 *
 * At VL 128 bits (most SVE2 cores so far) this loop executes more
 * instructions than arm_neon's, which loads two vectors per LDP where SVE
 * has no load pair (19 against 15 per 128 bytes); both issue the same
 * eight UADALP, which likely bound either loop.  From VL 256 on it
 * executes fewer at every length.  Counts and the open question in
 * docs/other-arch-kernels.md.
 *
 * Overflow bound.  Each UADALP adds at most 2 * 0xffff = 0x1fffe to a
 * 32-bit lane, once per vector loaded.  The accumulators are added lane by
 * lane as 32-bit vectors, so the number of vectors per chunk, m, must keep
 * m * 0x1fffe below 2^32:
 *
 *	m <= (2^32 - 1) / 0x1fffe = 32768.25, so m = 32768 vectors
 *
 * which is 512 KiB at the smallest VL (16 bytes).  Chunks are therefore
 * SVE2_CHUNK = 512 KiB (of whole 8-vector blocks) at every VL: a longer
 * chunk at a longer VL would save a reduction per 512 KiB and make the
 * chunk boundary, which the tests must hit, depend on VL.  After each
 * chunk UADDV adds the lanes exactly into 64 bits, and that goes into a
 * 64-bit ones' complement sum (add64_eac), so any length is exact.  The
 * last 0..8 * VL - 1 bytes take at most 8 single vectors into one more
 * accumulator, far from its bound.
 *
 * Byte order.  LD1B puts byte i of memory in byte lane i, and SVE's
 * reinterpretation is a bit cast of the register, whose 16-bit lanes are
 * little-endian: on little-endian arm64 each 16-bit lane is then the
 * native word, as a scalar load sees it; on aarch64_be REVB swaps the
 * bytes of each lane (as_words()).  The zeroed bytes past the end of the
 * data sit at the true parity of the message, so an odd last byte is the
 * first byte of a word whose second byte is zero, as RFC 1071 and the
 * portable kernel have it.  aarch64_be is not tested (Debian has no C
 * library for it, and clang 14 cannot build this file freestanding
 * without -march).
 *
 * No software prefetch: the Armv9 cores prefetch sequential streams in
 * hardware, as arm_neon assumes (docs/prefetch.md).
 */
#include "kernels.h"

#ifdef INETCSUM_BUILD_SVE2

/*
 * gcc compiles SVE intrinsics under a target pragma with baseline flags;
 * with -march=...+sve2 (the only way clang builds this file) there is
 * nothing to enable.  Every function below gets it, and all of them run
 * only once the dispatcher has seen HWCAP2_SVE2.
 */
#ifndef __ARM_FEATURE_SVE2
#  pragma GCC push_options
#  pragma GCC target("+sve2")
#endif

#include <arm_sve.h>

/* Bytes per chunk: the overflow bound derived above, for VL >= 16 bytes. */
#define SVE2_CHUNK ((size_t)512 << 10)

/*
 * The bytes of 'v', loaded by LD1B (byte lane i holds byte i of memory),
 * as native-order 16-bit words.
 */
static INETCSUM_FORCEINLINE svuint16_t
as_words(svuint8_t v)
{
#ifdef __AARCH64EB__
	return svrevb_u16_x(svptrue_b16(), svreinterpret_u16_u8(v));
#else
	return svreinterpret_u16_u8(v);
#endif
}

/* acc + the word pairs of the vector 'v' (one UADALP). */
static INETCSUM_FORCEINLINE svuint32_t
add_pairs(svuint32_t acc, svuint8_t v)
{
	return svadalp_u32_x(svptrue_b32(), acc, as_words(v));
}

/* Add the 32-bit lanes of 'v' (each below 2^32) to 's', exactly. */
static INETCSUM_FORCEINLINE u64
add_lanes(u64 s, svuint32_t v)
{
	return add64_eac(s, svaddv_u32(svptrue_b32(), v));
}

/*
 * The last 'len' bytes at 'p' (fewer than 'limit' * VL: the callers' main
 * loops leave fewer than 8 vectors), one predicated vector at a time,
 * added to 's'; if 'copy' (a constant in each caller), also stored to 'q'.
 * Inactive lanes are neither read
 * nor written, so nothing outside [p, p + len) or [q, q + len) is touched,
 * and LD1B zeroes them, so they add nothing.
 */
static INETCSUM_FORCEINLINE u64
sum_tail(u8 *q, const u8 *p, size_t len, u64 s, int copy)
{
	svuint32_t t = svdup_n_u32(0);
	u64 i = 0;
	svbool_t pg = svwhilelt_b8_u64(i, len);

	/*
	 * WHILELO sets the flags: "first lane active" is "bytes left", so
	 * the loop needs no compare of its own.
	 */
	while (svptest_first(svptrue_b8(), pg)) {
		svuint8_t v = svld1_u8(pg, p + i);

		if (copy)
			svst1_u8(pg, q + i, v);
		t = add_pairs(t, v);
		i += svcntb();
		pg = svwhilelt_b8_u64(i, len);
	}
	return add_lanes(s, t);
}

static u32
csum_arm_sve2(const void *data, size_t len, u32 sum)
{
	const svbool_t all = svptrue_b8();
	const size_t block = 8 * svcntb();
	const u8 *p = data;
	u64 s = sum;

	while (len >= block) {
		/* Whole blocks of at most SVE2_CHUNK bytes. */
		size_t n = (len < SVE2_CHUNK ? len : SVE2_CHUNK) / block;
		svuint32_t a0, a1, a2, a3, a4, a5, a6, a7;

		len -= n * block;
		a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = svdup_n_u32(0);
		do {
			a0 = add_pairs(a0, svld1_vnum_u8(all, p, 0));
			a1 = add_pairs(a1, svld1_vnum_u8(all, p, 1));
			a2 = add_pairs(a2, svld1_vnum_u8(all, p, 2));
			a3 = add_pairs(a3, svld1_vnum_u8(all, p, 3));
			a4 = add_pairs(a4, svld1_vnum_u8(all, p, 4));
			a5 = add_pairs(a5, svld1_vnum_u8(all, p, 5));
			a6 = add_pairs(a6, svld1_vnum_u8(all, p, 6));
			a7 = add_pairs(a7, svld1_vnum_u8(all, p, 7));
			p += block;
		} while (--n != 0);
		/* The overflow bound above allows these 32-bit additions. */
		a0 = svadd_u32_x(all, a0, a1);
		a2 = svadd_u32_x(all, a2, a3);
		a4 = svadd_u32_x(all, a4, a5);
		a6 = svadd_u32_x(all, a6, a7);
		a0 = svadd_u32_x(all, a0, a2);
		a4 = svadd_u32_x(all, a4, a6);
		s = add_lanes(s, svadd_u32_x(all, a0, a4));
	}
	/* The last 0..8 * VL - 1 bytes; s is 0 only if sum and data are. */
	return fold64_to_32(sum_tail(NULL, p, len, s, 0));
}

/*
 * Fused copy: each vector is loaded once, stored, and added to one of
 * eight accumulators; the sum is taken from the loaded registers, never by
 * re-reading 'dst'.  arm_neon's copy has four, because one store per cycle
 * rather than UADALP bounds the loop; here eight share the loop's
 * overhead of four instructions (two pointer updates, SUBS, B.NE) that
 * SVE cannot fold into pair loads and stores: 28 instructions per 8 * VL
 * bytes instead of 16 per 4 * VL.  No general-register path for short
 * copies either: arm_neon keeps one below 1 KiB for the cost that Linux
 * measured for saving the FP state in the kernel, which user space does
 * not pay, and a predicated vector copies short inputs in fewer
 * instructions (docs/other-arch-kernels.md).  Chunks as in
 * csum_arm_sve2().
 */
static u32
csum_copy_arm_sve2(void *dst, const void *src, size_t len, u32 sum)
{
	const svbool_t all = svptrue_b8();
	const size_t block = 8 * svcntb();
	const u8 *p = src;
	u8 *q = dst;
	u64 s = sum;

	while (len >= block) {
		size_t n = (len < SVE2_CHUNK ? len : SVE2_CHUNK) / block;
		svuint32_t a0, a1, a2, a3, a4, a5, a6, a7;

		len -= n * block;
		a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = svdup_n_u32(0);
		do {
			svuint8_t v0 = svld1_vnum_u8(all, p, 0);
			svuint8_t v1 = svld1_vnum_u8(all, p, 1);
			svuint8_t v2 = svld1_vnum_u8(all, p, 2);
			svuint8_t v3 = svld1_vnum_u8(all, p, 3);
			svuint8_t v4 = svld1_vnum_u8(all, p, 4);
			svuint8_t v5 = svld1_vnum_u8(all, p, 5);
			svuint8_t v6 = svld1_vnum_u8(all, p, 6);
			svuint8_t v7 = svld1_vnum_u8(all, p, 7);

			svst1_vnum_u8(all, q, 0, v0);
			svst1_vnum_u8(all, q, 1, v1);
			svst1_vnum_u8(all, q, 2, v2);
			svst1_vnum_u8(all, q, 3, v3);
			svst1_vnum_u8(all, q, 4, v4);
			svst1_vnum_u8(all, q, 5, v5);
			svst1_vnum_u8(all, q, 6, v6);
			svst1_vnum_u8(all, q, 7, v7);
			a0 = add_pairs(a0, v0);
			a1 = add_pairs(a1, v1);
			a2 = add_pairs(a2, v2);
			a3 = add_pairs(a3, v3);
			a4 = add_pairs(a4, v4);
			a5 = add_pairs(a5, v5);
			a6 = add_pairs(a6, v6);
			a7 = add_pairs(a7, v7);
			p += block;
			q += block;
		} while (--n != 0);
		a0 = svadd_u32_x(all, a0, a1);
		a2 = svadd_u32_x(all, a2, a3);
		a4 = svadd_u32_x(all, a4, a5);
		a6 = svadd_u32_x(all, a6, a7);
		a0 = svadd_u32_x(all, a0, a2);
		a4 = svadd_u32_x(all, a4, a6);
		s = add_lanes(s, svadd_u32_x(all, a0, a4));
	}
	/*
	 * The last 0..8 * VL - 1 bytes.  inetcsum_copy(NULL, NULL, 0, sum) is
	 * valid: with len 0 the tail loop does not run.
	 */
	return fold64_to_32(sum_tail(q, p, len, s, 1));
}

#ifndef __ARM_FEATURE_SVE2
#  pragma GCC pop_options
#endif

const struct inetcsum_kernel inetcsum_kernel_arm_sve2 = {
	.name = "arm_sve2",
	.features = INETCSUM_ARM_SVE2,
	.partial = csum_arm_sve2,
	.copy = csum_copy_arm_sve2,
};

#endif /* INETCSUM_BUILD_SVE2 */
