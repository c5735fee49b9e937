/* SPDX-License-Identifier: MIT */
/*
 * src/ppc/csum_altivec.c - the 32-bit PowerPC AltiVec kernel,
 * csum_ppc_altivec.
 *
 * Target: 32-bit big-endian PowerPC cores with AltiVec (Motorola/Freescale
 * G4 7400/7410/744x/745x, e6500 and e5500-class parts in 32-bit mode, IBM
 * 970 running a 32-bit system).  The dispatcher runs it only where the
 * kernel reports PPC_FEATURE_HAS_ALTIVEC in AT_HWCAP (src/ppc/
 * cpu_features.c); an e500, 44x or 603 gets the portable kernel.
 *
 * Compiler needs.  gcc refuses target("altivec") on 32-bit PowerPC ("target
 * attribute or pragma changes AltiVec ABI"), and <altivec.h> insists on
 * -maltivec, so this one file is compiled with -maltivec (CMakeLists.txt,
 * where the per-arch sources are picked); nothing in it takes or returns
 * a vector, so the AltiVec ABI it is compiled for never meets the rest of
 * the library.  Without the flag (the plain "cc src/\*.c" build) __ALTIVEC__
 * is undefined and the kernel is left out.  Intrinsics from <altivec.h>;
 * tested with Debian 12's powerpc-linux-gnu-gcc 12.2 under qemu-ppc 7.2
 * (-cpu 7400).
 *
 * Method.  As in the VSX kernel (src/ppc/csum_vsx.c): vmsumuhm (vec_msum)
 * by a vector of ones adds the eight 16-bit words of each 16-byte vector
 * into four 32-bit lanes, one instruction per 16 bytes, 128 bytes per
 * iteration into four accumulators (two each: G4-class cores issue one
 * vector-complex operation per cycle, and eight accumulators made gcc 12
 * spill a vector register inside the loop, since only v0-v19 are
 * call-clobbered), chunks of 4096 iterations (512 KiB) so that the
 * accumulators' total stays below 2^32 (8 * 4096 * 0x1fffe < 2^32).  Per
 * 128 bytes: eight lvx, eight vmsumuhm, addi and bdnz, plus three that
 * gcc 12 adds (below): 10.5 instructions per 64 bytes, where Linux's
 * 32-bit loop (arch/powerpc/lib/checksum_32.S: lwz and adde per word) runs
 * 36 (docs/other-arch-kernels.md; not measured on hardware).
 *
 * Alignment, and odd addresses.  AltiVec loads (lvx) ignore the low four
 * address bits: they only load aligned vectors, and the usual lvsl/vperm
 * realignment costs a permute per vector.  A sum needs none of that.  The
 * kernel sums the 0..15 bytes before the first 16-byte boundary in general
 * registers, then everything from the boundary on with aligned loads, and
 * the last 0..15 bytes (from an aligned address) in general registers
 * again, so it never reads outside [data, data + len).  When the head is
 * an odd number of bytes, every word of the aligned part is split across
 * two words of the message: its sum, computed as if it started at an even
 * offset, is the byte-swapped contribution, which rotate_partial() puts
 * right (src/csum.c, "High-level description").
 *
 * The fused copy can use aligned vectors for both sides only when source
 * and destination are equally misaligned ((src ^ dst) & 15 == 0, the case
 * of a buffer copied to a buffer with the same layout); then it copies and
 * sums the head in general registers and each aligned vector with one lvx,
 * one stvx and one vmsumuhm.  Otherwise, and for copies shorter than
 * ALTIVEC_COPY_MIN, it is the portable kernel's copy: AltiVec has no
 * unaligned store, and realigning both sides costs more than it saves.
 *
 * Short inputs (below ALTIVEC_SHORT_MIN bytes: IPv4, TCP and UDP headers)
 * are summed in general registers: the vector setup and the final
 * vector-to-scalar transfer (through memory) cost more than the loads they
 * replace.  Counted under qemu-ppc -singlestep (instructions per call):
 * scalar 103, 175, 247 and vector 133, 153, 212 at 64, 128 and 192 bytes,
 * so the vectors start at 128.
 *
 * Software prefetch: the G4 and e6500 have hardware prefetchers for
 * sequential reads, and the portable kernel's dcbt rows (docs/prefetch.md)
 * were measured only on cores without AltiVec; this kernel issues none.
 */
#include "kernels.h"

#ifdef INETCSUM_BUILD_PPC_ALTIVEC

#include <altivec.h>

typedef __vector unsigned short av_u16x8;
typedef __vector unsigned int av_u32x4;

/* Iterations of 128 bytes per chunk: 8 * 4096 * 0x1fffe < 2^32. */
#define ALTIVEC_MAX_BLOCKS 4096
/* Iterations of 64 bytes per copy chunk: 4 * 8192 * 0x1fffe < 2^32. */
#define ALTIVEC_COPY_MAX_BLOCKS 8192
/* Inputs shorter than this are summed in general registers. */
#define ALTIVEC_SHORT_MIN 128
/* Copies shorter than this, or not co-aligned, use the portable copy. */
#define ALTIVEC_COPY_MIN 256

/*
 * 's' plus the four 32-bit lanes of 'v', exactly.  AltiVec moves vectors
 * to general registers only through memory; with v[i] subscripts gcc 12
 * also kept a dead vector store to that stack slot inside the main loop.
 */
static INETCSUM_FORCEINLINE u64
av_add_lanes(u64 s, av_u32x4 v)
{
	u32 w[4] __attribute__((aligned(16)));

	vec_st(v, 0, w);
	return s + w[0] + w[1] + w[2] + w[3];
}

/*
 * The word sum of 0..15 bytes at 'p' (any alignment), as if 'p' were at an
 * even offset: at most 2 * 0xffffffff + 0x1fffe.
 */
static INETCSUM_FORCEINLINE u64
av_sum15(const u8 *p, size_t len)
{
	u64 s = 0;

	if (len & 8) {
		s = (u64)load_u32(p) + load_u32(p + 4);
		p += 8;
	}
	return s + sum_tail7(p, len & 7);
}

/*
 * The word sum of 'len' bytes at the 16-byte aligned 'p' as a 64-bit
 * value (no wrap: 2^32 bytes at most on a 32-bit CPU, each chunk adding
 * below 2^34).
 */
static INETCSUM_FORCEINLINE u64
av_sum_aligned(const u8 *p, size_t len)
{
	const av_u16x8 ones = vec_splats((unsigned short)1);
	const av_u32x4 zero = vec_splats(0u);
	long o0 = 0, o16 = 16, o32 = 32, o48 = 48, o64 = 64, o80 = 80;
	long o96 = 96, o112 = 112;
	u64 s = 0;
	av_u32x4 t;

	/*
	 * lvx takes base + index registers.  With constant offsets gcc 12
	 * computes each address with an addi inside the loop (26
	 * instructions per 128 bytes); offsets it cannot see through stay in
	 * seven registers, and the loop is 18.
	 */
	__asm__("" : "+r"(o0), "+r"(o16), "+r"(o32), "+r"(o48), "+r"(o64), "+r"(o80),
		"+r"(o96), "+r"(o112));
	while (len >= 128) {
		size_t n = len / 128;
		av_u32x4 a0, a1, a2, a3;

		if (n > ALTIVEC_MAX_BLOCKS)
			n = ALTIVEC_MAX_BLOCKS;
		len -= n * 128;
		a0 = a1 = a2 = a3 = zero;
		do {
			a0 = vec_msum((av_u16x8)vec_ld(o0, p), ones, a0);
			a1 = vec_msum((av_u16x8)vec_ld(o16, p), ones, a1);
			a2 = vec_msum((av_u16x8)vec_ld(o32, p), ones, a2);
			a3 = vec_msum((av_u16x8)vec_ld(o48, p), ones, a3);
			a0 = vec_msum((av_u16x8)vec_ld(o64, p), ones, a0);
			a1 = vec_msum((av_u16x8)vec_ld(o80, p), ones, a1);
			a2 = vec_msum((av_u16x8)vec_ld(o96, p), ones, a2);
			a3 = vec_msum((av_u16x8)vec_ld(o112, p), ones, a3);
			p += 128;
		} while (--n != 0);
		s = av_add_lanes(s, vec_add(vec_add(a0, a1), vec_add(a2, a3)));
	}
	/* 0..7 aligned vectors, then the last 0..15 bytes. */
	t = zero;
	while (len >= 16) {
		t = vec_msum((av_u16x8)vec_ld(0, p), ones, t);
		p += 16;
		len -= 16;
	}
	return av_add_lanes(s, t) + av_sum15(p, len);
}

/*
 * 'sum' plus the head sum 'h' (at an even offset) and the sum 'm' of what
 * follows the 'head' bytes, which is byte-swapped when 'head' is odd.
 */
static INETCSUM_FORCEINLINE u32
av_combine(u32 sum, u64 h, u64 m, size_t head)
{
	u32 mid = fold64_to_32(m);

	if (head & 1)
		mid = rotate_partial(mid);
	return add32_eac(fold64_to_32(sum + h), mid);
}

static u32
csum_ppc_altivec(const void *data, size_t len, u32 sum)
{
	const u8 *p = data;
	u64 s = sum;
	size_t head;

	if (len < ALTIVEC_SHORT_MIN) {
		while (len >= 8) {
			s += (u64)load_u32(p) + load_u32(p + 4);
			p += 8;
			len -= 8;
		}
		return fold64_to_32(s + sum_tail7(p, len));
	}
	head = (size_t)(-(uintptr_t)p) & 15;
	return av_combine(sum, av_sum15(p, head),
			  av_sum_aligned(p + head, len - head), head);
}

/*
 * The co-aligned fused copy: 'q' and 'p' are 16-byte aligned.  Returns
 * the word sum of the 'len' bytes as a 64-bit value, as av_sum_aligned().
 */
static INETCSUM_FORCEINLINE u64
av_copy_aligned(u8 *q, const u8 *p, size_t len)
{
	const av_u16x8 ones = vec_splats((unsigned short)1);
	const av_u32x4 zero = vec_splats(0u);
	u64 s = 0;

	while (len >= 64) {
		size_t n = len / 64;
		av_u32x4 a0, a1, a2, a3;

		if (n > ALTIVEC_COPY_MAX_BLOCKS)
			n = ALTIVEC_COPY_MAX_BLOCKS;
		len -= n * 64;
		a0 = a1 = a2 = a3 = zero;
		do {
			av_u16x8 v0 = (av_u16x8)vec_ld(0, p);
			av_u16x8 v1 = (av_u16x8)vec_ld(16, p);
			av_u16x8 v2 = (av_u16x8)vec_ld(32, p);
			av_u16x8 v3 = (av_u16x8)vec_ld(48, p);

			vec_st(v0, 0, (unsigned short *)q);
			vec_st(v1, 16, (unsigned short *)q);
			vec_st(v2, 32, (unsigned short *)q);
			vec_st(v3, 48, (unsigned short *)q);
			a0 = vec_msum(v0, ones, a0);
			a1 = vec_msum(v1, ones, a1);
			a2 = vec_msum(v2, ones, a2);
			a3 = vec_msum(v3, ones, a3);
			p += 64;
			q += 64;
		} while (--n != 0);
		s = av_add_lanes(s, vec_add(vec_add(a0, a1), vec_add(a2, a3)));
	}
	/* The last 0..63 bytes. */
	if (len != 0) {
		memcpy(q, p, len);
		while (len >= 8) {
			s += (u64)load_u32(p) + load_u32(p + 4);
			p += 8;
			len -= 8;
		}
		s += sum_tail7(p, len);
	}
	return s;
}

static u32
csum_copy_ppc_altivec(void *dst, const void *src, size_t len, u32 sum)
{
	const u8 *p = src;
	u8 *q = dst;
	size_t head;

	if (len < ALTIVEC_COPY_MIN || (((uintptr_t)p ^ (uintptr_t)q) & 15))
		return inetcsum_kernel_generic.copy(dst, src, len, sum);
	head = (size_t)(-(uintptr_t)p) & 15;
	if (head != 0)
		memcpy(q, p, head);
	return av_combine(sum, av_sum15(p, head),
			  av_copy_aligned(q + head, p + head, len - head), head);
}

const struct inetcsum_kernel inetcsum_kernel_ppc_altivec = {
	.name = "ppc_altivec",
	.features = INETCSUM_PPC_ALTIVEC,
	.partial = csum_ppc_altivec,
	.copy = csum_copy_ppc_altivec,
};

#endif /* INETCSUM_BUILD_PPC_ALTIVEC */
