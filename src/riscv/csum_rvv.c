/* SPDX-License-Identifier: MIT */
/*
 * src/riscv/csum_rvv.c - the RISC-V vector (RVV 1.0) kernel,
 * csum_riscv_rvv.
 *
 * Target: RV64 cores with the V extension, version 1.0, at any vector
 * length (VLEN 128 to 65536 bits): the code asks vsetvli for the length
 * and never assumes one.  The dispatcher runs it only where AT_HWCAP has
 * 'V' (src/riscv/cpu_features.c), which Linux sets only when the kernel
 * manages the vector state; it needs nothing else (no Zbb).  Tested under
 * qemu-riscv64 7.2 at VLEN 128 and 512 (tests/suites/50-cross.sh).
 *
 * Inline assembly, not intrinsics.  Debian 12's gcc 12 has no RVV
 * intrinsics (<riscv_vector.h> came with gcc 13) and does not even know
 * the vector registers' names, so the vector code is written as inline
 * assembly under ".option arch, +v" (binutils 2.40 assembles RVV 1.0; 2.38
 * is the first with ".option arch"), one asm statement per function so
 * that no vector register has to live across C code, and the file builds
 * with the baseline flags.  gcc 12 cannot be told about the vector
 * registers (it rejects "v0" as a clobber) but never uses them either; a
 * compiler that may use them (__riscv_vector: V in its -march) gets the
 * clobbers, RVV_CLOBBERS below.
 *
 * Method.  With SEW 32 and LMUL 4, one vle32.v loads VLEN/8 32-bit words
 * (64 bytes at VLEN 128, 256 at VLEN 512), and one vwaddu.wv adds them,
 * widened, into 64-bit lanes of an accumulator register group (LMUL 8).
 * A 32-bit word holds two 16-bit words and 2^16 == 1 (mod 0xffff), so
 * 32-bit words may be summed in place of 16-bit ones.  The main loop is
 * vle32.v, vwaddu.wv, add, bne: 4 instructions per VLEN/2 bytes of data,
 * 4 per 64 bytes at VLEN 128 and 1 at VLEN 512, against 48 for Linux's
 * scalar loop (arch/riscv/lib/csum.c; Linux has no vector checksum).  At
 * the end one vredsum.vs adds the lanes.
 *
 * The last bytes after the whole vectors (fewer than VLEN/2 bytes) are one
 * vle8.v into a register group zeroed first and kept with the
 * tail-undisturbed policy, then one vwaddu.wv of ceil(bytes/4) words, also
 * tail-undisturbed, so that the lanes beyond them keep their sums: the
 * zero padding puts an odd last byte in the low half of its 16-bit word,
 * as RFC 1071 wants on this little-endian CPU, and vle8.v reads exactly
 * the bytes that are left, so the kernel never touches memory outside
 * [data, data + len).
 *
 * Alignment.  RVV 1.0 lets an implementation trap on a vector element
 * that is not naturally aligned, and a kernel may then emulate it slowly
 * or not at all.  So the 0..3 bytes before a 4-byte boundary are summed
 * in general registers first (rv_head(), src/riscv/riscv_scalar.h), which
 * also handles an odd start by summing in the even frame and rotating the
 * result by 8 bits at the end; the main loop's vle32.v is then aligned,
 * and the tail's vle8.v needs no alignment.
 *
 * Overflow bound.  The lanes' total is the sum of every 32-bit word
 * loaded, so the final vredsum.vs (which wraps at 2^64) is exact for up to
 * 2^32 words: (2^32 + 1) * (2^32 - 1) < 2^64, the +1 for the padded last
 * word.  The kernel sums at most RVV_CHUNK = 2^32 bytes (2^30 words) per
 * pass; a longer input takes several passes, each added with end-around
 * carry.  That bound holds for any VLEN, since it is about the total and
 * not about a lane.
 *
 * The fused copy loads each vector once, stores it and adds it.  The
 * source is 4-aligned after the head; where the destination then is too
 * the store is vse32.v, else it is vse8.v, which any address allows, and
 * costs two vsetvli per iteration to switch the element width and back
 * (vtype only: the register group holds the same bytes either way).
 *
 * No software prefetch: no RVV hardware was at hand (docs/prefetch.md).
 */
#include "kernels.h"

#ifdef INETCSUM_BUILD_RISCV_RVV

#include "riscv_scalar.h"

/* Bytes per pass of the vector code: the overflow bound derived above. */
#define RVV_CHUNK ((size_t)1 << 32)

#ifdef __riscv_vector
#  define RVV_CLOBBERS "memory", "v0", "v1", "v2", "v3", "v8", "v16",	\
	"v17", "v18", "v19", "v20", "v21", "v22", "v23", "vl", "vtype"
#else
#  define RVV_CLOBBERS "memory"
#endif

/*
 * The pieces of the assembly.  Registers: v0-v3 the data (e32, m4), v16-v23
 * the accumulator (e64, m8), v8 the reduction.  %[vl] is the number of
 * 32-bit words per vector, %[step] the bytes per vector (a power of two,
 * since VLEN is).
 */
#define RVV_START							\
	".option push\n\t"						\
	".option arch, +v\n\t"						\
	"vsetvli	%[vl], zero, e64, m8, ta, ma\n\t"		\
	"vmv.v.i	v16, 0\n\t"					\
	"vsetvli	%[vl], zero, e32, m4, ta, ma\n\t"		\
	"slli	%[step], %[vl], 2\n\t"					\
	"bltu	%[len], %[step], 2f\n\t"				\
	/* end = p + (len rounded down to whole vectors) */		\
	"neg	%[end], %[step]\n\t"					\
	"and	%[end], %[len], %[end]\n\t"				\
	"sub	%[len], %[len], %[end]\n\t"				\
	"add	%[end], %[p], %[end]\n\t"

/* The 0 .. step-1 bytes left, at 'p', into the accumulator; then reduce. */
#define RVV_FINISH(tail_store)						\
	"2:\n\t"							\
	"beqz	%[len], 3f\n\t"					\
	"vsetvli	%[end], zero, e8, m4, ta, ma\n\t"		\
	"vmv.v.i	v0, 0\n\t"					\
	"vsetvli	zero, %[len], e8, m4, tu, ma\n\t"		\
	"vle8.v	v0, (%[p])\n\t"						\
	tail_store							\
	"addi	%[len], %[len], 3\n\t"					\
	"srli	%[len], %[len], 2\n\t"					\
	"vsetvli	zero, %[len], e32, m4, tu, ma\n\t"		\
	"vwaddu.wv	v16, v16, v0\n\t"				\
	"3:\n\t"							\
	"vsetvli	%[vl], zero, e64, m8, ta, ma\n\t"		\
	"vmv.s.x	v8, zero\n\t"					\
	"vredsum.vs	v8, v16, v8\n\t"				\
	"vmv.x.s	%[r], v8\n\t"					\
	".option pop"

/* The word sum of 'len' (at most RVV_CHUNK) bytes at 'p' (4-aligned). */
static INETCSUM_FORCEINLINE u64
rvv_sum(const u8 *p, size_t len)
{
	u64 r, vl, step;
	const u8 *end;

	__asm__ volatile(RVV_START
		"1:\n\t"
		"vle32.v	v0, (%[p])\n\t"
		"vwaddu.wv	v16, v16, v0\n\t"
		"add	%[p], %[p], %[step]\n\t"
		"bne	%[p], %[end], 1b\n\t"
		RVV_FINISH("")
		: [r] "=r"(r), [vl] "=&r"(vl), [step] "=&r"(step),
		  [end] "=&r"(end), [p] "+r"(p), [len] "+r"(len)
		:
		: RVV_CLOBBERS);
	return r;
}

/* The tail's store: the same bytes, to 'q' (vl is still the byte count). */
#define RVV_TAIL_STORE "vse8.v	v0, (%[q])\n\t"

/*
 * The same, copying the bytes to 'q' as well; 'q_aligned' says that 'q' is
 * 4-aligned, so the main loop may store with vse32.v.
 */
static INETCSUM_FORCEINLINE u64
rvv_copy(const u8 *p, u8 *q, size_t len, int q_aligned)
{
	u64 r, vl, step;
	const u8 *end;

	if (q_aligned) {
		__asm__ volatile(RVV_START
			"1:\n\t"
			"vle32.v	v0, (%[p])\n\t"
			"vse32.v	v0, (%[q])\n\t"
			"vwaddu.wv	v16, v16, v0\n\t"
			"add	%[p], %[p], %[step]\n\t"
			"add	%[q], %[q], %[step]\n\t"
			"bne	%[p], %[end], 1b\n\t"
			RVV_FINISH(RVV_TAIL_STORE)
			: [r] "=r"(r), [vl] "=&r"(vl), [step] "=&r"(step),
			  [end] "=&r"(end), [p] "+r"(p), [q] "+r"(q),
			  [len] "+r"(len)
			:
			: RVV_CLOBBERS);
	} else {
		__asm__ volatile(RVV_START
			"1:\n\t"
			"vle32.v	v0, (%[p])\n\t"
			"vsetvli	zero, %[step], e8, m4, ta, ma\n\t"
			"vse8.v	v0, (%[q])\n\t"
			"vsetvli	zero, %[vl], e32, m4, ta, ma\n\t"
			"vwaddu.wv	v16, v16, v0\n\t"
			"add	%[p], %[p], %[step]\n\t"
			"add	%[q], %[q], %[step]\n\t"
			"bne	%[p], %[end], 1b\n\t"
			RVV_FINISH(RVV_TAIL_STORE)
			: [r] "=r"(r), [vl] "=&r"(vl), [step] "=&r"(step),
			  [end] "=&r"(end), [p] "+r"(p), [q] "+r"(q),
			  [len] "+r"(len)
			:
			: RVV_CLOBBERS);
	}
	return r;
}

/*
 * The 64-bit sum 's' moved back from the frame of an odd start ('rot' 8)
 * or left alone ('rot' 0) without a branch: rotated right by 'rot', which
 * multiplies it by 2^-rot modulo 2^64 - 1 (RISC-V shifts take the amount
 * modulo 64, so the left shift by 64 - 0 is by 0 and the OR leaves s),
 * then folded to 32 bits: s plus s rotated by 32 has hi + lo with the
 * end-around carry in its upper half.  No Zbb here (this kernel needs
 * only V), so the rotations are shifts.
 */
static INETCSUM_FORCEINLINE u32
rvv_finish(u64 s, u64 rot)
{
	s = (s >> rot) | (s << ((64 - rot) & 63));
	return (u32)((s + ((s >> 32) | (s << 32))) >> 32);
}

/* One pass of the vector code over 'n' (at most RVV_CHUNK) bytes. */
static INETCSUM_FORCEINLINE u64
rvv_pass(const u8 *p, u8 *q, size_t n, int copy)
{
	if (copy)
		return rvv_copy(p, q, n, ((uintptr_t)q & 3) == 0);
	return rvv_sum(p, n);
}

/*
 * 'copy' (a constant) 0: the sum only, 'q' unused.  As in the Zbb kernel, the initial sum is
 * multiplied by 2^rot (a shift, exact in 64 bits) so that the final
 * rotation leaves it as it was.
 */
static INETCSUM_FORCEINLINE u32
rvv_body(const u8 *p, u8 *q, size_t len, u32 sum, int copy)
{
	const u64 rot = ((uintptr_t)p & 1) << 3;
	u64 s = (u64)sum << rot;

	if (((uintptr_t)p & 3) != 0)
		s += rv_head(&p, &q, &len, 4, copy);
	while (unlikely(len > RVV_CHUNK)) {
		s = add64_eac(s, rvv_pass(p, q, RVV_CHUNK, copy));
		p += RVV_CHUNK;
		if (copy)
			q += RVV_CHUNK;
		len -= RVV_CHUNK;
	}
	if (len != 0)
		s = add64_eac(s, rvv_pass(p, q, len, copy));
	return rvv_finish(s, rot);
}

static u32
csum_riscv_rvv(const void *data, size_t len, u32 sum)
{
	return rvv_body(data, NULL, len, sum, 0);
}

static u32
csum_copy_riscv_rvv(void *dst, const void *src, size_t len, u32 sum)
{
	return rvv_body(src, dst, len, sum, 1);
}

const struct inetcsum_kernel inetcsum_kernel_riscv_rvv = {
	.name = "riscv_rvv",
	.features = INETCSUM_RISCV_V,
	.partial = csum_riscv_rvv,
	.copy = csum_copy_riscv_rvv,
};

#endif /* INETCSUM_BUILD_RISCV_RVV */
