/* SPDX-License-Identifier: MIT */
/*
 * src/ppc/csum_vsx.c - the 64-bit PowerPC VSX kernel, csum_ppc_vsx.
 *
 * Target: POWER8 and later in 64-bit mode (ppc64le, whose ELFv2 ABI makes
 * POWER8 the baseline, so Debian's ppc64el compiler enables VSX and the
 * ISA 2.07 vector instructions by default; the kernel is built only where
 * the compiler's own flags have __VSX__ and __POWER8_VECTOR__, and needs
 * no target attribute).  The dispatcher still runs it only where AT_HWCAP
 * has VSX and AT_HWCAP2 ISA 2.07 (src/ppc/cpu_features.c), so tests can
 * mask it and a POWER7 gets the portable kernel.  Intrinsics from
 * <altivec.h>; tested with Debian 12's powerpc64le-linux-gnu-gcc 12.2
 * under qemu-ppc64le 7.2 (-cpu power8 and power9).
 *
 * Method.  vmsumuhm (vec_msum on unsigned halfwords: "multiply-sum
 * unsigned halfword modulo") multiplies the eight 16-bit words of a vector
 * by a vector of ones and adds each pair into one of four 32-bit lanes of
 * an accumulator: one instruction per 16 loaded bytes does the widening
 * and the addition, the trick the x86 VNNI kernels play with vpdpwssd and
 * the arm64 kernel with UADALP.  Only the total of all lanes matters
 * (2^16 == 1 mod 0xffff), so the words may land in any lane.
 *
 * Loads.  lxvd2x (the raw builtin, without the doubleword swap that
 * vec_xl adds on little-endian POWER8) loads 16 bytes from any address;
 * on little-endian it puts the two doublewords in the other order, but
 * each doubleword keeps its four native 16-bit words whole, so the sum is
 * unchanged.  The copy stores with stxvd2x, which swaps them back: the
 * bytes land exactly as loaded.  POWER8 executes unaligned VSX loads at
 * full speed within a cache line.
 *
 * Eight accumulators take 128 bytes per iteration: vmsumuhm has a latency
 * of several cycles, and POWER8/9 issue two vector operations per cycle.
 * Per 128 bytes that is eight loads, eight vmsumuhm, one addi and bdnz,
 * about 9 instructions per 64 bytes where Linux's scalar adde loop
 * (arch/powerpc/lib/checksum_64.S) needs about 18 (docs/other-arch-
 * kernels.md; not measured on hardware).
 *
 * Overflow bound.  Each vmsumuhm adds at most 2 * 0xffff = 0x1fffe to a
 * lane.  After n iterations the eight accumulators' lanes add up to at
 * most 8 * n * 0x1fffe, which must stay below 2^32 so that they can be
 * added as 32-bit vectors:
 *
 *	n <= (2^32 - 1) / (8 * 0x1fffe) = 4096.06, so n = 4096 (512 KiB)
 *
 * After each chunk the four lanes are added exactly into a 64-bit ones'
 * complement sum.  The copy's four accumulators allow 8192 iterations of
 * 64 bytes, also 512 KiB.
 *
 * Tails.  Whole 16-byte vectors go into a ninth accumulator (at most 7),
 * and the last 0..15 bytes are read with scalar loads (a 64-bit word, then
 * sum_tail7()): POWER8 has no load with length (lxvll is POWER9), and
 * nothing may be read past data + len.
 *
 * No software prefetch: POWER8 and later prefetch sequential streams in
 * hardware (docs/prefetch.md).
 */
#include "kernels.h"

#ifdef INETCSUM_BUILD_PPC_VSX

#include <altivec.h>

typedef __vector unsigned short vsx_u16x8;
typedef __vector unsigned int vsx_u32x4;

/* Iterations of 128 bytes per chunk: the overflow bound derived above. */
#define VSX_MAX_BLOCKS 4096
/* Iterations of 64 bytes per copy chunk: (2^32 - 1) / (4 * 0x1fffe). */
#define VSX_COPY_MAX_BLOCKS 8192

/* The 16 bytes at 'p' + 'off' as eight native 16-bit words (any order). */
static INETCSUM_FORCEINLINE vsx_u16x8
vsx_load(const u8 *p, long off)
{
	return (vsx_u16x8)__builtin_vsx_lxvd2x_v2di(off, p);
}

/* Store what vsx_load() loaded, restoring the bytes' order. */
static INETCSUM_FORCEINLINE void
vsx_store(u8 *q, long off, vsx_u16x8 v)
{
	__builtin_vsx_stxvd2x_v2di((__vector long long)v, off, q);
}

/* 's' plus the four 32-bit lanes of 'v', with end-around carry. */
static INETCSUM_FORCEINLINE u64
vsx_add_lanes(u64 s, vsx_u32x4 v)
{
	return add64_eac(s, (u64)v[0] + v[1] + v[2] + v[3]);
}

/* The word sum of the last 0..15 bytes, in general registers. */
static INETCSUM_FORCEINLINE u64
vsx_tail15(const u8 *p, size_t len)
{
	u64 s = 0;

	if (len & 8) {
		u64 w = load_u64(p);

		/* Split so that the sum below stays exact: < 2^34. */
		s = (w & 0xffffffffu) + (w >> 32);
		p += 8;
	}
	return s + sum_tail7(p, len & 7);
}

static u32
csum_ppc_vsx(const void *data, size_t len, u32 sum)
{
	const vsx_u16x8 ones = vec_splats((unsigned short)1);
	const vsx_u32x4 zero = vec_splats(0u);
	const u8 *p = data;
	u64 s = sum;
	vsx_u32x4 t;

	while (len >= 128) {
		size_t n = len / 128;
		vsx_u32x4 a0, a1, a2, a3, a4, a5, a6, a7;

		if (n > VSX_MAX_BLOCKS)
			n = VSX_MAX_BLOCKS;
		len -= n * 128;
		a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = zero;
		do {
			a0 = vec_msum(vsx_load(p, 0), ones, a0);
			a1 = vec_msum(vsx_load(p, 16), ones, a1);
			a2 = vec_msum(vsx_load(p, 32), ones, a2);
			a3 = vec_msum(vsx_load(p, 48), ones, a3);
			a4 = vec_msum(vsx_load(p, 64), ones, a4);
			a5 = vec_msum(vsx_load(p, 80), ones, a5);
			a6 = vec_msum(vsx_load(p, 96), ones, a6);
			a7 = vec_msum(vsx_load(p, 112), ones, a7);
			p += 128;
		} while (--n != 0);
		/* The overflow bound above allows these 32-bit additions. */
		a0 = vec_add(vec_add(a0, a1), vec_add(a2, a3));
		a4 = vec_add(vec_add(a4, a5), vec_add(a6, a7));
		s = vsx_add_lanes(s, vec_add(a0, a4));
	}
	/* 0..7 whole vectors, then the last 0..15 bytes. */
	t = zero;
	while (len >= 16) {
		t = vec_msum(vsx_load(p, 0), ones, t);
		p += 16;
		len -= 16;
	}
	s = vsx_add_lanes(s, t);
	return fold64_to_32(add64_eac(s, vsx_tail15(p, len)));
}

/*
 * Fused copy: each vector is loaded once, stored, and added to one of four
 * accumulators; the sum comes from the loaded registers, never from
 * re-reading 'dst'.  The last 0..63 bytes are copied and summed in general
 * registers.
 */
static u32
csum_copy_ppc_vsx(void *dst, const void *src, size_t len, u32 sum)
{
	const vsx_u16x8 ones = vec_splats((unsigned short)1);
	const vsx_u32x4 zero = vec_splats(0u);
	const u8 *p = src;
	u8 *q = dst;
	u64 s = sum;

	while (len >= 64) {
		size_t n = len / 64;
		vsx_u32x4 a0, a1, a2, a3;

		if (n > VSX_COPY_MAX_BLOCKS)
			n = VSX_COPY_MAX_BLOCKS;
		len -= n * 64;
		a0 = a1 = a2 = a3 = zero;
		do {
			vsx_u16x8 v0 = vsx_load(p, 0), v1 = vsx_load(p, 16);
			vsx_u16x8 v2 = vsx_load(p, 32), v3 = vsx_load(p, 48);

			vsx_store(q, 0, v0);
			vsx_store(q, 16, v1);
			vsx_store(q, 32, v2);
			vsx_store(q, 48, v3);
			a0 = vec_msum(v0, ones, a0);
			a1 = vec_msum(v1, ones, a1);
			a2 = vec_msum(v2, ones, a2);
			a3 = vec_msum(v3, ones, a3);
			p += 64;
			q += 64;
		} while (--n != 0);
		s = vsx_add_lanes(s, vec_add(vec_add(a0, a1), vec_add(a2, a3)));
	}
	/* The last 0..63 bytes: 64-bit words, then 0..7 bytes. */
	while (len >= 8) {
		u64 w = load_u64(p);

		store_u64(q, w);
		s = add64_eac(s, w);
		p += 8;
		q += 8;
		len -= 8;
	}
	/* memcpy() with a null pointer is undefined even for 0 bytes. */
	if (len != 0) {
		memcpy(q, p, len);
		s = add64_eac(s, sum_tail7(p, len));
	}
	return fold64_to_32(s);
}

const struct inetcsum_kernel inetcsum_kernel_ppc_vsx = {
	.name = "ppc_vsx",
	.features = INETCSUM_PPC_VSX | INETCSUM_PPC_ISA207,
	.partial = csum_ppc_vsx,
	.copy = csum_copy_ppc_vsx,
};

#endif /* INETCSUM_BUILD_PPC_VSX */
