/* SPDX-License-Identifier: MIT */
/*
 * tests/core/kernel_facts.h - where each kernel's code changes course, as
 * lengths, so that test_csum.c can put inputs right at every boundary and
 * one or two bytes either side: the end of a short path, the bytes a loop
 * consumes per iteration, the chunk after which the accumulators are
 * reduced (a lane that overflows there shows only at that length + 1), and
 * the alignment heads that move a chunk boundary.
 *
 * Every number was read from the kernel's source; each entry cites the
 * constant or the loop it comes from.  They are written down here, not
 * taken from the library, so that a kernel whose constants change without
 * this table is tested at the old boundaries and a reviewer sees the
 * difference.  A registered kernel without an entry fails test_csum: add
 * one when adding a kernel.
 */
#ifndef INETCSUM_TESTS_KERNEL_FACTS_H
#define INETCSUM_TESTS_KERNEL_FACTS_H

#include <stddef.h>

#include "impl.h"	/* common.h: INETCSUM_PREFETCH_DISTANCE */

/*
 * The kernels' default distances, as in src/x86/csum_x86_scalar.h and
 * src/arm/csum_neon.c, unless the build set them.
 */
#ifndef INETCSUM_X86_PREFETCH_DISTANCE
#  define INETCSUM_X86_PREFETCH_DISTANCE 4096
#endif
#ifndef INETCSUM_X86_ADX_PREFETCH_DISTANCE
#  define INETCSUM_X86_ADX_PREFETCH_DISTANCE 4096
#endif
#ifndef INETCSUM_NEON_PREFETCH_DISTANCE
#  define INETCSUM_NEON_PREFETCH_DISTANCE 0
#endif
#include <string.h>

struct kernel_facts {
	const char *name;
	/* 'partial' and 'copy' take a scalar path up to this length. */
	size_t short_max;
	/* Bytes per iteration of each loop of 'partial', widest first. */
	size_t stride[4];
	/* The same for 'copy'. */
	size_t copy_stride[4];
	/* 'copy' runs a scalar loop below this length (0: only short_max). */
	size_t copy_min;
	/*
	 * 'partial' and 'copy' reduce their accumulators after this many
	 * bytes (0: never; the accumulators cannot overflow).
	 */
	size_t chunk;
	size_t copy_chunk;
	/*
	 * From 'align_min' bytes on, 'partial' first sums the bytes up to the
	 * next 'align' boundary of an even, unaligned start as one masked
	 * vector, and its first chunk is then 'align' - that head shorter;
	 * 'copy' sums the bytes up to the next 'copy_align' boundary of an
	 * even, unaligned destination with the scalar path, and its chunks
	 * start after them (0: no such head).
	 */
	size_t align;
	size_t copy_align;
	size_t align_min;
	/*
	 * 'partial' runs its prefetching loop while at least the build-time
	 * distance 'prefetch_default' + 'prefetch_step' bytes remain (0:
	 * none).  The distance is the build's (a CMake option, which
	 * tests/CMakeLists.txt passes here too), else the source's default,
	 * repeated below.
	 */
	size_t prefetch_step;
	size_t prefetch_default;
	/*
	 * Above 'short_max' bytes, 'partial' up to 'mid_split' and 'copy'
	 * up to 'mid_max' take a path of their own (0: none), compiled
	 * twice for the copy: up to 'mid_split' bytes and above.  From
	 * 'copy_madd_min' bytes the copy's main loop changes form (0: never).
	 */
	size_t mid_split;
	size_t mid_max;
	size_t copy_madd_min;
};

/*
 * The x86-64 vector template, src/x86/csum_x86_template.h, at vector
 * length VL: BLOCK (8 * VL) per main-loop iteration, then the leftover 4,
 * 2 and 1 vectors; CHUNK_LEN (4096 * VL) per chunk ("while (len > first)");
 * with USE_MASKED_TAIL the head of partial_() ("first = head != 0 ?
 * CHUNK_LEN - VL + head") from X86_ALIGN_MIN (256) bytes on; at VL 64 the
 * scalar head of the copy's destination, also from X86_ALIGN_MIN.  Up to
 * X86_SHORT_MAX (INETCSUM_X86_SHORT_MAX, 64, src/x86/kernels.h) bytes take
 * csum_x86_short.c, up to MID_MAX (16 * VL) partial_mid_(), and the copy
 * at VL 64 up to MID2_MAX (24 * VL) (copy_mid2_() above MID_MAX); the
 * VNNI kernels' copy switches its main loop to vpmaddwd pairs from
 * COPY_MADD_MIN (2048) bytes.  The prefetch test runs once per BLOCK; the default
 * distance is INETCSUM_X86_PREFETCH_DISTANCE (4096, csum_x86_scalar.h).
 */
#define X86_VECTOR_FACTS(kname, vl, masked, vnni)			\
	{								\
		.name = kname,						\
		.short_max = 64,					\
		.stride = { 8 * (vl), 4 * (vl), 2 * (vl), (vl) },	\
		.copy_stride = { 8 * (vl), 4 * (vl), 2 * (vl), (vl) },	\
		.chunk = 4096 * (size_t)(vl),				\
		.copy_chunk = 4096 * (size_t)(vl),			\
		.align = (masked) ? (vl) : 0,				\
		.copy_align = (vl) == 64 ? 64 : 0,			\
		.align_min = 256,					\
		.prefetch_step = 8 * (vl),				\
		.prefetch_default = INETCSUM_X86_PREFETCH_DISTANCE,	\
		.mid_split = 16 * (vl),					\
		.mid_max = ((vl) == 64 ? 24 : 16) * (vl),		\
		.copy_madd_min = (vnni) ? 2048 : 0,			\
	}

static const struct kernel_facts kernel_facts_table[] = {
	/*
	 * src/generic/csum_generic.c: partial_generic() sums 64 bytes per
	 * iteration (SUM_64_BYTES), then 8-byte words, then sum_tail7();
	 * its prefetching loop runs "while (len >= 64 && len - 64 >=
	 * prefetch)", by default INETCSUM_PREFETCH_DISTANCE (512 on x86-64,
	 * per platform in src/common.h).  csum_copy_generic() copies 16,
	 * then 8 bytes.  The 64-bit accumulators take end-around carries
	 * (32-bit builds: plain adds that the 32-bit size_t bounds), so
	 * there is no chunk.
	 */
	{
		.name = "generic",
		.stride = { 64, 8 },
		.copy_stride = { 16, 8 },
		.prefetch_step = 64,
		.prefetch_default = INETCSUM_PREFETCH_DISTANCE,
	},
	/*
	 * src/x86/csum_adx.c: partial_adx() takes adx_256() blocks, then
	 * adx_64(), then x86_sum_short() for the last 0..63 bytes; its
	 * prefetching loop runs "while (len >= 256 && len - 256 >=
	 * prefetch)", by default INETCSUM_X86_ADX_PREFETCH_DISTANCE (4096).
	 * csum_copy_x86_adx() copies adx_copy_128() blocks, then one
	 * adx_copy_64().  Each asm block folds its carries: no chunk.
	 */
	{
		.name = "x86_adx",
		.short_max = 64,
		.stride = { 256, 64, 8 },
		.copy_stride = { 128, 64, 8 },
		.prefetch_step = 256,
		.prefetch_default = INETCSUM_X86_ADX_PREFETCH_DISTANCE,
	},
	/* src/x86/csum_avx512.c: VL 64 and 32, USE_MASKED_TAIL 1. */
	X86_VECTOR_FACTS("x86_avx512_vnni", 64, 1, 1),
	X86_VECTOR_FACTS("x86_avx512", 64, 1, 0),
	X86_VECTOR_FACTS("x86_avx512_vnni_vl256", 32, 1, 1),
	/* csum_avxvnni.c and csum_avx2.c: VL 32, USE_MASKED_TAIL 0. */
	X86_VECTOR_FACTS("x86_avxvnni", 32, 0, 1),
	X86_VECTOR_FACTS("x86_avx2", 32, 0, 0),
	/*
	 * src/arm/csum_neon.c: up to NEON_SHORT_MAX (64) bytes sum_gpr();
	 * sum_vector() takes 128 bytes per iteration in chunks of
	 * NEON_MAX_BLOCKS (4096) iterations, 512 KiB, then 16-byte vectors
	 * and one TBL-masked load of the last 1..15 bytes; it prefetches
	 * per 128-byte iteration, by default INETCSUM_NEON_PREFETCH_DISTANCE
	 * (0).  csum_copy_arm_neon() runs copy_gpr() (16, 8, then 0..7
	 * bytes) below INETCSUM_NEON_COPY_MIN (1024) bytes and for the last
	 * 0..63, and 64 bytes per iteration in chunks of
	 * NEON_COPY_MAX_BLOCKS (8192) iterations, also 512 KiB.
	 */
	{
		.name = "arm_neon",
		.short_max = 64,
		.stride = { 128, 16 },
		.copy_stride = { 64, 16, 8 },
		.copy_min = 1024,
		.chunk = (size_t)512 << 10,
		.copy_chunk = (size_t)512 << 10,
		.prefetch_step = 128,
		.prefetch_default = INETCSUM_NEON_PREFETCH_DISTANCE,
	},
	/*
	 * src/s390/csum_vx.c: vx_blocks() takes 256 bytes per iteration,
	 * then one step each of 128, 64, 32 and 16 bytes and one VLL of the
	 * last 1..15, for 'partial' and 'copy' alike, from length 0 (no
	 * short path).  VCKSM folds its own carries: no chunk.  No
	 * prefetch.
	 */
	{
		.name = "s390_vx",
		.stride = { 256, 128, 64, 16 },
		.copy_stride = { 256, 128, 64, 16 },
	},
	/*
	 * src/ppc/csum_vsx.c: 'partial' takes 128 bytes per iteration in
	 * chunks of VSX_MAX_BLOCKS (4096) iterations, 512 KiB, then 16-byte
	 * vectors and a scalar tail (8, then 0..7 bytes); 'copy' 64 bytes
	 * per iteration in chunks of VSX_COPY_MAX_BLOCKS (8192), also
	 * 512 KiB, then 8-byte words.  No short path, no prefetch.
	 */
	{
		.name = "ppc_vsx",
		.stride = { 128, 16, 8 },
		.copy_stride = { 64, 8 },
		.chunk = (size_t)512 << 10,
		.copy_chunk = (size_t)512 << 10,
	},
	/*
	 * src/ppc/csum_altivec.c: below ALTIVEC_SHORT_MIN (128) bytes
	 * 'partial' sums in general registers; from 128 on it sums the 0..15
	 * bytes up to a 16-byte boundary in general registers, then
	 * av_sum_aligned(): 128 bytes per iteration in chunks of
	 * ALTIVEC_MAX_BLOCKS (4096), 512 KiB, 16-byte vectors, 8 and 0..7
	 * bytes.  The copy is the portable one below ALTIVEC_COPY_MIN (256)
	 * bytes or when source and destination are not equally aligned, else
	 * a head, then 64 bytes per iteration in chunks of
	 * ALTIVEC_COPY_MAX_BLOCKS (8192), 512 KiB.  Both chunks start after
	 * the head, which is not the masked head that 'align' describes
	 * (that one shortens the first chunk): the boundaries below are
	 * exact for 16-byte aligned buffers, which the boundary tests place.
	 */
	{
		.name = "ppc_altivec",
		.short_max = 127,
		.stride = { 128, 16, 8 },
		.copy_stride = { 64, 8 },
		.copy_min = 256,
		.chunk = (size_t)512 << 10,
		.copy_chunk = (size_t)512 << 10,
	},
	/*
	 * src/riscv/csum_zbb.c: rv_head() sums up to 7 bytes to an 8-byte
	 * boundary (the main loop then runs on aligned words, so its
	 * boundaries are exact for 8-aligned buffers, which the boundary
	 * tests place), 64 bytes per iteration (zbb_sum_blocks()), then
	 * 8-byte words and rv_tail()'s 4, 2, 1 bytes.  The carries are
	 * counted, never folded: no chunk.  The copy is the same when
	 * source and destination are equally aligned modulo 8, else
	 * memcpy() and the sum.  No prefetch.
	 */
	{
		.name = "riscv_zbb",
		.stride = { 64, 8, 4, 2 },
		.copy_stride = { 64, 8, 4, 2 },
	},
	/*
	 * src/riscv/csum_rvv.c: VLEN/2 bytes (4 * VLEN bits) per iteration,
	 * which depends on the CPU: the strides are those of VLEN 512, 256
	 * and 128 (the cross runs use 128 and 512), so each run tests its
	 * own boundary.  The passes of RVV_CHUNK (4 GiB) are beyond any test.
	 * A 4-byte head (rv_head()) comes first; the tail is one vle8.v.
	 */
	{
		.name = "riscv_rvv",
		.stride = { 256, 128, 64, 4 },
		.copy_stride = { 256, 128, 64, 4 },
	},
};

#if defined(__aarch64__) && defined(__linux__)
#include <sys/prctl.h>
#ifndef PR_SVE_GET_VL
#  define PR_SVE_GET_VL 51
#endif
#ifndef PR_SVE_VL_LEN_MASK
#  define PR_SVE_VL_LEN_MASK 0xffff
#endif

/*
 * src/arm/csum_sve2.c, whose strides are multiples of the vector length
 * VL, so its facts are worked out for the VL this process runs at
 * (prctl(PR_SVE_GET_VL), in bytes; 16 where there is no SVE and the
 * kernel cannot run anyway).  csum_arm_sve2() takes 8 * VL bytes per
 * main-loop iteration, in chunks of the whole blocks in SVE2_CHUNK
 * (512 KiB), then one predicated vector of VL bytes at a time up to the
 * end; csum_copy_arm_sve2() the same.  No short path, no scalar copy,
 * no prefetch.  At VL 128 bits the boundaries are 128 and 16, the
 * exhaustive loop runs to 4 * 128 + 64 = 576 bytes, and the chunks are
 * exactly 512 KiB; at VL 512 bits 512 and 64, to 2112 bytes, chunks again
 * 512 KiB.  A VL that is not a power of
 * two (SVE allows any multiple of 128 bits) ends its chunks earlier, at
 * the last whole block.
 */
static inline const struct kernel_facts *
arm_sve2_facts(void)
{
	static struct kernel_facts f;
	int r = prctl(PR_SVE_GET_VL, 0, 0, 0, 0);
	size_t vl = r > 0 ? (size_t)(r & PR_SVE_VL_LEN_MASK) : 16;
	size_t chunk = (size_t)512 << 10;

	memset(&f, 0, sizeof(f));
	f.name = "arm_sve2";
	f.stride[0] = 8 * vl;
	f.stride[1] = vl;
	f.copy_stride[0] = 8 * vl;
	f.copy_stride[1] = vl;
	f.chunk = chunk / (8 * vl) * (8 * vl);
	f.copy_chunk = f.chunk;
	return &f;
}
#endif

/* The facts for kernel 'name', or NULL if it has no entry. */
static inline const struct kernel_facts *
kernel_facts_find(const char *name)
{
	size_t i;

#if defined(__aarch64__) && defined(__linux__)
	if (strcmp(name, "arm_sve2") == 0)
		return arm_sve2_facts();
#endif
	for (i = 0; i < sizeof(kernel_facts_table) /
			sizeof(kernel_facts_table[0]); i++) {
		if (strcmp(kernel_facts_table[i].name, name) == 0)
			return &kernel_facts_table[i];
	}
	return NULL;
}

#undef X86_VECTOR_FACTS

#endif /* INETCSUM_TESTS_KERNEL_FACTS_H */
