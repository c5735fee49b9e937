/* SPDX-License-Identifier: MIT */
/*
 * src/s390/csum_vx.c - the s390x vector-facility kernel, csum_s390_vx.
 *
 * Target: IBM z13 (2015) and every later Z and LinuxONE machine, which
 * have the vector facility; the dispatcher runs it only where the kernel
 * reports HWCAP_S390_VX (src/s390/cpu_features.c), and a zEC12 or older
 * gets the portable kernel.  The functions carry the target attribute
 * "arch=z13", so the library still builds for the distribution baseline
 * (Debian: z196) and needs no per-file flags.  Built with Debian 12's
 * s390x-linux-gnu-gcc 12.2 and binutils 2.40 and tested under qemu-s390x
 * 7.2, whose VCKSM is wrong, so with INETCSUM_S390_SOFT_VCKSM (below):
 * the instruction itself has not run here.  Any gcc from 6 on (target
 * attribute, "v" constraints) and clang from 4 on should do.
 *
 * Inline assembly, not <vecintrin.h>.  gcc's vector intrinsics
 * (vec_checksum) need -mzvector on the command line, which the plain
 * "cc src/\*.c src/\*\/\*.c" build (tests/suites/12-plain-cc.sh) cannot
 * pass, and, more to the point, no compiler turns consecutive vector loads
 * into one VECTOR LOAD MULTIPLE: the loop below loads 256 bytes with one
 * instruction where gcc would emit sixteen VLs.  The assembly is in small
 * blocks with vector-register operands, so the compiler still allocates
 * the accumulators and schedules everything around them.
 *
 * Method.  VECTOR CHECKSUM (VCKSM V1,V2,V3) adds the four 32-bit words of
 * V2 and word 1 of V3 with end-around carry and leaves the 32-bit ones'
 * complement sum in word 1 of V1 (the other words zero): one instruction
 * absorbs 16 bytes, and since it folds its own carries no accumulator can
 * overflow, at any length, so there are no chunks.  A 32-bit ones'
 * complement sum is a sum modulo 2^32 - 1 = 0xffff * 0x10001, so it is
 * also the Internet checksum's sum modulo 0xffff, and it is 0 only if
 * every word added was 0 (as the API promises).
 *
 * Four accumulators take turns, since each VCKSM depends on the previous
 * one into the same register.  The main loop loads 256 bytes into v16-v31
 * with one VLM and adds them with sixteen VCKSMs; with LA and BRCTG that
 * is 19 instructions per 256 bytes (4.75 per 64; Linux's loop, which loads
 * 64 bytes per VLM, runs about 8-9 per 64: docs/other-arch-kernels.md).
 * v16-v31 are call-clobbered in the s390x ELF ABI (v8-v15 overlap the
 * call-saved f8-f15), so clobbering them costs no saves; the compiler
 * puts the accumulators in v0-v7.  The last 0..255 bytes go through a
 * fixed cascade of one 128-, 64-, 32- and 16-byte step each (one VLM or VL
 * each, no loop), then VECTOR LOAD WITH LENGTH (VLL) for the last 1..15
 * bytes: it reads only those bytes and zeroes the rest of the register,
 * so the kernel never touches memory outside [data, data + len), with no
 * byte loop and no short-input special case (a 20-byte IPv4 header is one
 * VL, one VLL and two VCKSMs).
 *
 * Byte order.  s390x is big-endian and vector element 0 is the leftmost
 * (lowest-addressed) word, so VCKSM sums exactly the native 32-bit words
 * that load_u32() gives the portable kernel, and VLL's zero fill puts an
 * odd last byte in the high half of its 16-bit word, as RFC 1071 (and
 * sum_tail7()) do.  The returned 32-bit partial sum differs from the
 * portable kernel's 32-bit value in general but is congruent to it modulo
 * 0xffff and zero in the same case, so both fold to the same checksum,
 * which is what tests/core/test_csum.c checks.
 *
 * The fused copy uses the same registers: VLM, VSTM of the same registers
 * to the destination, then the VCKSMs, so every byte is loaded once; the
 * tail is VLL plus VECTOR STORE WITH LENGTH (VSTL), which writes only the
 * 1..15 bytes.
 *
 * No software prefetch: Z cores prefetch sequential data in hardware, and
 * no hardware was at hand to show a gain (docs/prefetch.md).
 */
#include "kernels.h"

#ifdef INETCSUM_BUILD_S390_VX

typedef u32 vx_u32x4 __attribute__((vector_size(16)));

#define VX_TARGET INETCSUM_TARGET("arch=z13")

/*
 * VCKSM(acc, src): add the vector 'src' (an operand string) into the
 * accumulator operand 'acc' (its name).
 *
 * QEMU 7.2 (Debian 12's qemu-user) computes VCKSM wrongly on x86-64
 * hosts: each word is added as sum = 2 * sum + word, apparently because
 * its add2 writes the low result over an input it still has to read (a
 * zero vector into an accumulator of 5 gives 0x50).  Builds for those
 * tests define INETCSUM_S390_SOFT_VCKSM (tests/suites/50-cross.sh), which
 * replaces each VCKSM by the same sum in general registers: the four words
 * and word 1 of the accumulator added in 64 bits, folded twice to 32 bits
 * with end-around carry, which gives the same value as VCKSM (both are the
 * sum modulo 2^32 - 1, and 0 only if every operand is 0, so there is no
 * second representative).  Everything else (VLM, VSTM, VLL, VSTL, the
 * cascade, the pointers) is then tested as built; only the instruction's
 * own arithmetic is taken from the Principles of Operation.  Never define
 * it for production: it is some fifteen times slower.
 */
#ifndef INETCSUM_S390_SOFT_VCKSM
#  define VCKSM(acc, src)						\
	"\tvcksm\t%[" #acc "]," src ",%[" #acc "]\n"
#  define VX_CLOBBERS "cc"
#else
#  define VCKSM(acc, src)						\
	"\tvlgvf\t%%r0," src ",0\n"					\
	"\tvlgvf\t%%r1," src ",1\n"					\
	"\talgr\t%%r0,%%r1\n"						\
	"\tvlgvf\t%%r1," src ",2\n"					\
	"\talgr\t%%r0,%%r1\n"						\
	"\tvlgvf\t%%r1," src ",3\n"					\
	"\talgr\t%%r0,%%r1\n"						\
	"\tvlgvf\t%%r1,%[" #acc "],1\n"					\
	"\talgr\t%%r0,%%r1\n"						\
	"\tsrlg\t%%r1,%%r0,32\n"						\
	"\tllgfr\t%%r0,%%r0\n"						\
	"\talgr\t%%r0,%%r1\n"						\
	"\tsrlg\t%%r1,%%r0,32\n"						\
	"\tllgfr\t%%r0,%%r0\n"						\
	"\talgr\t%%r0,%%r1\n"						\
	"\tvzero\t%[" #acc "]\n"						\
	"\tvlvgf\t%[" #acc "],%%r0,1\n"
#  define VX_CLOBBERS "cc", "r0", "r1"
#endif

/* Add vector register vN into accumulator 'acc'. */
#define CK(acc, n) VCKSM(acc, "%%v" #n)

/* Sixteen VCKSMs of v16-v31, four into each accumulator. */
#define CK_V16_V31							\
	CK(a0, 16) CK(a1, 17) CK(a2, 18) CK(a3, 19)			\
	CK(a0, 20) CK(a1, 21) CK(a2, 22) CK(a3, 23)			\
	CK(a0, 24) CK(a1, 25) CK(a2, 26) CK(a3, 27)			\
	CK(a0, 28) CK(a1, 29) CK(a2, 30) CK(a3, 31)

#define ACC_OPERANDS							\
	[a0] "+v"(a->v[0]), [a1] "+v"(a->v[1]),				\
	[a2] "+v"(a->v[2]), [a3] "+v"(a->v[3])

#define CLOBBER_V16_V23							\
	"v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23"
#define CLOBBER_V16_V31							\
	CLOBBER_V16_V23,						\
	"v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31"

/* The four accumulators. */
struct vx_acc {
	vx_u32x4 v[4];
};

/*
 * 'n' (at least 1) blocks of 256 bytes from 'p', also stored to 'q' when
 * 'copy' is set; 'p' and 'q' come back advanced past them.  BRCTG
 * decrements 'n' and loops while it is nonzero, in one instruction.
 */
static VX_TARGET INETCSUM_FORCEINLINE void
vx_blocks(struct vx_acc *a, u8 **q, const u8 **p, size_t n, int copy)
{
	if (copy) {
		__asm__ __volatile__(
			"0:\tvlm\t%%v16,%%v31,0(%[p])\n"
			"\tvstm\t%%v16,%%v31,0(%[q])\n"
			CK_V16_V31
			"\tla\t%[p],256(%[p])\n"
			"\tla\t%[q],256(%[q])\n"
			"\tbrctg\t%[n],0b\n"
			: ACC_OPERANDS, [p] "+a"(*p), [q] "+a"(*q),
			  [n] "+d"(n)
			:
			: "memory", CLOBBER_V16_V31, VX_CLOBBERS);
	} else {
		__asm__(
			"0:\tvlm\t%%v16,%%v31,0(%[p])\n"
			CK_V16_V31
			"\tla\t%[p],256(%[p])\n"
			"\tbrctg\t%[n],0b\n"
			: ACC_OPERANDS, [p] "+a"(*p), [n] "+d"(n)
			:
			: "memory", CLOBBER_V16_V31, VX_CLOBBERS);
	}
}

/*
 * One step of the cascade for the last 0..255 bytes: LOAD (and STORE, for
 * a copy) the step's registers from 'p' (to 'q'), then ADD them; the
 * rest of the arguments name the registers the step clobbers.
 */
#define VX_STEP(load, store, add, ...)					\
	do {								\
		if (copy)						\
			__asm__ __volatile__(load store add		\
					     : ACC_OPERANDS		\
					     : [p] "a"(p), [q] "a"(q)	\
					     : "memory", __VA_ARGS__, VX_CLOBBERS);	\
		else							\
			__asm__(load add				\
				: ACC_OPERANDS				\
				: [p] "a"(p)				\
				: "memory", __VA_ARGS__, VX_CLOBBERS);		\
	} while (0)

/*
 * The word sum of 'len' bytes at 'p', added to 'sum', as a 32-bit ones'
 * complement value; with 'copy' set the bytes are also stored to 'q'.
 * 'copy' is a constant in each caller, so each gets only its own code.
 */
static VX_TARGET INETCSUM_FORCEINLINE u32
vx_sum(u8 *q, const u8 *p, size_t len, u32 sum, int copy)
{
	struct vx_acc acc = { { { 0 }, { 0 }, { 0 }, { 0 } } };
	struct vx_acc *a = &acc;

	/* The initial sum goes into word 1 of the first accumulator. */
	acc.v[0][1] = sum;

	if (len >= 256)
		vx_blocks(a, &q, &p, len / 256, copy);
	if (len & 128) {
		VX_STEP("\tvlm\t%%v16,%%v23,0(%[p])\n",
			"\tvstm\t%%v16,%%v23,0(%[q])\n",
			CK(a0, 16) CK(a1, 17) CK(a2, 18) CK(a3, 19)
			CK(a0, 20) CK(a1, 21) CK(a2, 22) CK(a3, 23),
			CLOBBER_V16_V23);
		p += 128;
		if (copy)
			q += 128;
	}
	if (len & 64) {
		VX_STEP("\tvlm\t%%v16,%%v19,0(%[p])\n",
			"\tvstm\t%%v16,%%v19,0(%[q])\n",
			CK(a0, 16) CK(a1, 17) CK(a2, 18) CK(a3, 19),
			"v16", "v17", "v18", "v19");
		p += 64;
		if (copy)
			q += 64;
	}
	if (len & 32) {
		VX_STEP("\tvlm\t%%v16,%%v17,0(%[p])\n",
			"\tvstm\t%%v16,%%v17,0(%[q])\n",
			CK(a0, 16) CK(a1, 17),
			"v16", "v17");
		p += 32;
		if (copy)
			q += 32;
	}
	if (len & 16) {
		VX_STEP("\tvl\t%%v16,0(%[p])\n",
			"\tvst\t%%v16,0(%[q])\n",
			CK(a2, 16),
			"v16");
		p += 16;
		if (copy)
			q += 16;
	}
	if (len & 15) {
		/* VLL and VSTL take the index of the last byte: len - 1. */
		unsigned long last = (len & 15) - 1;

		if (copy)
			__asm__ __volatile__(
				"\tvll\t%%v16,%[n],0(%[p])\n"
				"\tvstl\t%%v16,%[n],0(%[q])\n"
				CK(a3, 16)
				: ACC_OPERANDS
				: [p] "a"(p), [q] "a"(q), [n] "d"(last)
				: "memory", "v16", VX_CLOBBERS);
		else
			__asm__("\tvll\t%%v16,%[n],0(%[p])\n"
				CK(a3, 16)
				: ACC_OPERANDS
				: [p] "a"(p), [n] "d"(last)
				: "memory", "v16", VX_CLOBBERS);
	}
	/* Fold the four accumulators into word 1 of the first. */
	__asm__(VCKSM(a0, "%[a1]") VCKSM(a2, "%[a3]") VCKSM(a0, "%[a2]")
		: [a0] "+v"(acc.v[0]), [a2] "+v"(acc.v[2])
		: [a1] "v"(acc.v[1]), [a3] "v"(acc.v[3])
		: VX_CLOBBERS);
	return acc.v[0][1];
}

static VX_TARGET u32
csum_s390_vx(const void *data, size_t len, u32 sum)
{
	return vx_sum(NULL, data, len, sum, 0);
}

/*
 * inetcsum_copy(NULL, NULL, 0, sum) is valid: with len 0 no step runs, so
 * neither pointer is used.
 */
static VX_TARGET u32
csum_copy_s390_vx(void *dst, const void *src, size_t len, u32 sum)
{
	return vx_sum(dst, src, len, sum, 1);
}

const struct inetcsum_kernel inetcsum_kernel_s390_vx = {
	.name = "s390_vx",
	.features = INETCSUM_S390_VX,
	.partial = csum_s390_vx,
	.copy = csum_copy_s390_vx,
};

#endif /* INETCSUM_BUILD_S390_VX */
