/* SPDX-License-Identifier: MIT */
/*
 * src/riscv/csum_zbb.c - the RV64 scalar kernel with Zbb, csum_riscv_zbb.
 *
 * Target: 64-bit RISC-V cores with the Zbb bit-manipulation extension
 * (mandatory in the RVA22U64 profile: SiFive P550 and P670, T-Head C908,
 * SpacemiT X60, and later).  The dispatcher runs it only where
 * the kernel reports Zbb through riscv_hwprobe() (src/riscv/
 * cpu_features.c); an rv64gc core without it gets the portable kernel.
 * Built with Debian 12's riscv64-linux-gnu-gcc 12.2 and binutils 2.40, and
 * tested under qemu-riscv64 7.2 (-cpu rv64,zbb=true).
 *
 * Zbb as inline assembly.  gcc 12 has no target("arch=+zbb") attribute on
 * RISC-V (gcc 14 added it), and a -march=rv64gc_zbb on this file would
 * let the compiler put Zbb instructions anywhere in it, including code the
 * dispatcher might one day call before checking.  The kernel needs only
 * three Zbb instructions (rori, rol, rorw), so they are written as inline assembly under
 * ".option arch, +zbb", and the file builds with the baseline flags (also
 * in the plain "cc src/\*.c src/\*\/\*.c" build).
 *
 * Method.  RISC-V has no carry flag, so each 64-bit word costs a load and
 * three operations: s += w; c += (s < w) (add, sltu, add), where c counts
 * the wraps of s, each worth 2^64 == 1 (mod 2^64 - 1).  Splitting words
 * into 32-bit halves costs the same (srli, add, add) and no cheaper form
 * exists without a carry, so the kernel wins on everything around that:
 *
 *   - aligned loads only (src/riscv/riscv_scalar.h says why): the head up
 *     to an 8-byte boundary and the tail with lbu/lhu/lwu, the middle with
 *     ld, and an odd start summed in the frame of the even address before
 *     it and put right by one rotation at the end (rorw by 8 or by 0: no
 *     branch), with the initial sum pre-rotated by rol so that the same
 *     rotation leaves it where it was;
 *   - 64 bytes per iteration, so the loop
 *     costs 2 instructions of overhead per 64 bytes: 8 ld + 24 ALU + 2 =
 *     34 instructions per 64 bytes, where Linux's loop (arch/riscv/lib/
 *     csum.c, one word per iteration) runs 6 per 8 bytes, 48 per 64;
 *   - the 64-to-32-bit fold in three instructions with rori (s plus s
 *     rotated by 32 has hi + lo + carry in its upper half), the trick
 *     Linux uses too.
 *
 * The carries counter (which also takes the head and the tail) cannot
 * overflow: there are at most 2^61 words.
 * The result is congruent to the portable kernel's modulo 0xffff and zero
 * only when the data and the initial sum are (a sum with end-around carry
 * of nonzero terms is nonzero, and rotations keep that).
 *
 * The fused copy loads each word once, stores it and adds it.  It needs
 * source and destination equally aligned modulo 8 (as two malloc()ed
 * buffers at the same offset are); otherwise one of
 * them would take misaligned accesses, so it calls the C library's
 * memcpy() (glibc's shifts and merges aligned words) and then sums
 * the source, which that copy has just brought into the cache.
 *
 * No software prefetch: no hardware was at hand to show that one pays
 * (docs/prefetch.md).
 */
#include "kernels.h"

#ifdef INETCSUM_BUILD_RISCV_ZBB

#include "riscv_scalar.h"

#define ZBB_INSN(insn)							\
	".option push\n\t.option arch, +zbb\n\t" insn "\n\t.option pop"

/* The 64-bit sum 's' folded to 32 bits with end-around carry (rori). */
static INETCSUM_FORCEINLINE u32
zbb_fold64(u64 s)
{
	u64 r;

	__asm__(ZBB_INSN("rori\t%0, %1, 32") : "=r"(r) : "r"(s));
	return (u32)((s + r) >> 32);
}

/* 'x' rotated left by 'k' (0..63) bits (rol). */
static INETCSUM_FORCEINLINE u64
zbb_rol(u64 x, u64 k)
{
	u64 r;

	__asm__(ZBB_INSN("rol\t%0, %1, %2") : "=r"(r) : "r"(x), "r"(k));
	return r;
}

/* 'x' rotated right by 'k' (0..31) bits within 32 bits (rorw). */
static INETCSUM_FORCEINLINE u32
zbb_rorw(u32 x, u64 k)
{
	u32 r;

	__asm__(ZBB_INSN("rorw\t%0, %1, %2") : "=r"(r) : "r"(x), "r"(k));
	return r;
}

/* Add word 'w' to the sum 's' and its wrap into the counter 'c'. */
#define ZBB_ADD(s, c, w)						\
	do {								\
		u64 w_ = (w);						\
		(s) += w_;						\
		(c) += (s) < w_;					\
	} while (0)

/*
 * The main loop, as assembly: gcc 12 reassociates the carry counting of
 * the C version across the iteration and adds register moves (42
 * instructions per 64 bytes instead of 34).  One (sum, carries) pair is
 * enough: its two chains advance by one add per word each, which a
 * two-wide core hides behind the 34 instructions.  Two words at a time;
 * ZBB_STORES is empty for the sum and stores the two words for the copy.
 */
#define ZBB_TWO(o0, o1)							\
	"ld	%[w0], " #o0 "(%[p])\n\t"				\
	"ld	%[w1], " #o1 "(%[p])\n\t"				\
	ZBB_STORES(o0, o1)						\
	"add	%[s], %[s], %[w0]\n\t"				\
	"sltu	%[w0], %[s], %[w0]\n\t"				\
	"add	%[s], %[s], %[w1]\n\t"				\
	"sltu	%[w1], %[s], %[w1]\n\t"				\
	"add	%[c], %[c], %[w0]\n\t"				\
	"add	%[c], %[c], %[w1]\n\t"
#define ZBB_LOOP(q_step)						\
	"1:\n\t"							\
	ZBB_TWO(0, 8) ZBB_TWO(16, 24) ZBB_TWO(32, 40) ZBB_TWO(48, 56)	\
	"addi	%[p], %[p], 64\n\t"					\
	q_step								\
	"bne	%[p], %[end], 1b"

/* 64 bytes per iteration from 'p' (8-aligned) to 'end'. */
static INETCSUM_FORCEINLINE const u8 *
zbb_sum_blocks(const u8 *p, const u8 *end, u64 *s, u64 *c)
{
	u64 w0, w1;

#define ZBB_STORES(o0, o1)
	__asm__("" ZBB_LOOP("")
		: [p] "+r"(p), [s] "+r"(*s), [c] "+r"(*c), [w0] "=&r"(w0),
		  [w1] "=&r"(w1)
		: [end] "r"(end)
		: "memory");
#undef ZBB_STORES
	return p;
}

/* The same, storing each word to 'q' (aligned like 'p') as well. */
static INETCSUM_FORCEINLINE const u8 *
zbb_copy_blocks(const u8 *p, u8 **qp, const u8 *end, u64 *s, u64 *c)
{
	u8 *q = *qp;
	u64 w0, w1;

#define ZBB_STORES(o0, o1)						\
	"sd	%[w0], " #o0 "(%[q])\n\t"				\
	"sd	%[w1], " #o1 "(%[q])\n\t"
	__asm__("" ZBB_LOOP("addi	%[q], %[q], 64\n\t")
		: [p] "+r"(p), [q] "+r"(q), [s] "+r"(*s), [c] "+r"(*c),
		  [w0] "=&r"(w0), [w1] "=&r"(w1)
		: [end] "r"(end)
		: "memory");
#undef ZBB_STORES
	*qp = q;
	return p;
}

/*
 * The common body of the sum and the copy ('copy', a constant: 0 for the
 * sum, whose 'q' is then unused).  The copy
 * is always called with p and q equally aligned modulo 8.
 *
 * The initial sum arrives sign-extended in its register (the RV64 calling
 * convention extends every 32-bit argument so) and is used as it is: for a
 * sum with bit 31 set the register holds sum + 2^64 - 2^32, congruent to
 * sum - (2^32 - 1) modulo 2^64 - 1 (2^64 == 1), and 2^32 - 1 is a multiple
 * of 0xffff, so the folded result is unchanged modulo 0xffff; the value is
 * 0 only if the sum is.  rol by 'rot' multiplies it by 2^rot modulo
 * 2^64 - 1, which the final rorw undoes; together that saves the zero
 * extension and a shift.
 */
static INETCSUM_FORCEINLINE u32
zbb_body(const u8 *p, u8 *q, size_t len, u32 sum, int copy)
{
	/* 8 for an odd start (rv_head()), else 0. */
	const u64 rot = ((uintptr_t)p & 1) << 3;
	u64 s = zbb_rol((u64)(int64_t)(int32_t)sum, rot), c = 0;

	if (((uintptr_t)p & 7) != 0) {
		/* Exact and below 2^33: no wrap into c is possible... */
		c = rv_head(&p, &q, &len, 8, copy);
	}
	if (len >= 64) {
		const u8 *end = p + (len & ~(size_t)63);

		if (copy)
			p = zbb_copy_blocks(p, &q, end, &s, &c);
		else
			p = zbb_sum_blocks(p, end, &s, &c);
		len &= 63;
	}
	for (; len >= 8; len -= 8) {
		u64 w = RV_LOAD(u64, 8, p);

		if (copy) {
			RV_STORE(u64, 8, q, w);
			q += 8;
		}
		ZBB_ADD(s, c, w);
		p += 8;
	}
	/*
	 * ...since the head, the tail and the carries are all added into c,
	 * which they cannot overflow: c counts at most 2^61 wraps, and the
	 * head and tail are below 2^34.
	 */
	if (len != 0)
		c += rv_tail(p, q, len, copy);
	return zbb_rorw(zbb_fold64(add64_eac(s, c)), rot);
}

static u32
csum_riscv_zbb(const void *data, size_t len, u32 sum)
{
	return zbb_body(data, NULL, len, sum, 0);
}

static u32
csum_copy_riscv_zbb(void *dst, const void *src, size_t len, u32 sum)
{
	if ((((uintptr_t)dst ^ (uintptr_t)src) & 7) != 0) {
		/* memcpy() with a null pointer is undefined even for 0 bytes. */
		if (len != 0)
			memcpy(dst, src, len);
		return zbb_body(src, NULL, len, sum, 0);
	}
	return zbb_body(src, dst, len, sum, 1);
}

const struct inetcsum_kernel inetcsum_kernel_riscv_zbb = {
	.name = "riscv_zbb",
	.features = INETCSUM_RISCV_ZBB,
	.partial = csum_riscv_zbb,
	.copy = csum_copy_riscv_zbb,
};

#endif /* INETCSUM_BUILD_RISCV_ZBB */
