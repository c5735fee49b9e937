/* SPDX-License-Identifier: MIT */
/*
 * bench/x86_proto/fixed_cost.c - two versions of the x86 vector template,
 * side by side in one process: the tree's (src/x86/csum_x86_template.h)
 * and a base version given at build time, both instantiated as one x86
 * kernel (-DKERNEL, below), against memcpy(), memcpy() then the partial sum,
 * a plain 512-bit copy loop and the ADX kernel.  This is how each change
 * to the template was judged (docs/x86-kernels.md): the machine is
 * shared, so only ratios measured in one run, with the candidates
 * interleaved round by round, count.
 * Not built by CMake:
 *
 *   git show HEAD~1:src/x86/csum_x86_template.h > /tmp/base_template.h
 *   cmake -S . -B /tmp/b -DCMAKE_BUILD_TYPE=Release &&
 *       cmake --build /tmp/b -j2 --target inetcsum_static
 *   cc -O2 -std=gnu11 -Isrc -Iinclude -I/tmp \
 *      -DBASE_TEMPLATE='"base_template.h"' bench/x86_proto/fixed_cost.c \
 *      /tmp/b/libinetcsum.a -o /tmp/fixed_cost
 *   /tmp/fixed_cost hot 0 0     # or: cold, then source and destination
 *                               # offsets from a page boundary
 *
 * Add -DKERNEL=1, 2 or 3 to compare the 256-bit instances instead.
 *
 * Prints, per size, bytes per TSC cycle of the fastest and the median of
 * 101 rounds, each round timing every candidate once (hot: a batch of
 * calls on the same buffers; cold: one call after clflushopt of both
 * buffers, stopped by rdtscp like inetcsum bench, so stores still in the
 * store buffer are not waited for).  Needs AVX-512 (for the plain copy),
 * the kernel's ISA and CLFLUSHOPT.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#include "impl.h"
#include "x86/cpu_features.h"
#include "x86/kernels.h"
#include "x86/csum_x86_scalar.h"

#ifndef BASE_TEMPLATE
#  define BASE_TEMPLATE "x86/csum_x86_template.h"
#endif

/*
 * The instance both versions are built as: -DKERNEL=0 (default) the
 * AVX-512 VNNI kernel, 1 its 256-bit EVEX form (x86_avx512_vnni_vl256),
 * 2 AVX-VNNI (x86_avxvnni), 3 AVX2 (x86_avx2).
 */
#ifndef KERNEL
#  define KERNEL 0
#endif
#if KERNEL == 0
#  define INSTANCE_PARAMS						\
	INETCSUM_TARGET("avx512f,avx512bw,avx512vl,avx512vnni"), 64, 1, 0, 1
#elif KERNEL == 1
#  define INSTANCE_PARAMS						\
	INETCSUM_TARGET("avx512f,avx512bw,avx512vl,avx512vnni"), 32, 1, 1, 1
#elif KERNEL == 2
#  define INSTANCE_PARAMS INETCSUM_TARGET("avx2,avxvnni"), 32, 1, 0, 0
#else
#  define INSTANCE_PARAMS INETCSUM_TARGET("avx2"), 32, 0, 0, 0
#endif
#define ARG1(a, b, c, d, e) a
#define ARG2(a, b, c, d, e) b
#define ARG3(a, b, c, d, e) c
#define ARG4(a, b, c, d, e) d
#define ARG5(a, b, c, d, e) e
#define PICK(f, args) f args

#define SUFFIX base
#define ATTRIBUTES PICK(ARG1, (INSTANCE_PARAMS))
#define VL PICK(ARG2, (INSTANCE_PARAMS))
#define USE_VNNI PICK(ARG3, (INSTANCE_PARAMS))
#define VNNI_EVEX PICK(ARG4, (INSTANCE_PARAMS))
#define USE_MASKED_TAIL PICK(ARG5, (INSTANCE_PARAMS))
#include BASE_TEMPLATE

#define SUFFIX tree
#define ATTRIBUTES PICK(ARG1, (INSTANCE_PARAMS))
#define VL PICK(ARG2, (INSTANCE_PARAMS))
#define USE_VNNI PICK(ARG3, (INSTANCE_PARAMS))
#define VNNI_EVEX PICK(ARG4, (INSTANCE_PARAMS))
#define USE_MASKED_TAIL PICK(ARG5, (INSTANCE_PARAMS))
#include "x86/csum_x86_template.h"

#define ROUNDS 101
#define BUF_LEN ((size_t)1 << 20)

typedef u32 (*cand_fn)(void *dst, const void *src, size_t len, u32 sum);

/* Through a volatile pointer, so the copy cannot be elided or inlined. */
static void *(*volatile memcpy_fn)(void *, const void *, size_t) = memcpy;

static u32
c_memcpy(void *dst, const void *src, size_t len, u32 sum)
{
	memcpy_fn(dst, src, len);
	return sum;
}

static u32
c_memcpy_sum(void *dst, const void *src, size_t len, u32 sum)
{
	memcpy_fn(dst, src, len);
	return csum_x86_tree(src, len, sum);
}

/*
 * A plain 512-bit copy loop, no sum: how fast the loads and stores alone
 * run, the ceiling of the fused copy.  The last partial vector is masked.
 */
static INETCSUM_TARGET("avx512f,avx512bw") u32
c_plain(void *dst, const void *src, size_t len, u32 sum)
{
	const u8 *p = src;
	u8 *q = dst;
	size_t i = 0;

	/* Named registers: an array of vectors went through the stack. */
	for (; i + 256 <= len; i += 256) {
		__m512i v0 = _mm512_loadu_si512((const void *)(p + i));
		__m512i v1 = _mm512_loadu_si512((const void *)(p + i + 64));
		__m512i v2 = _mm512_loadu_si512((const void *)(p + i + 128));
		__m512i v3 = _mm512_loadu_si512((const void *)(p + i + 192));

		_mm512_storeu_si512((void *)(q + i), v0);
		_mm512_storeu_si512((void *)(q + i + 64), v1);
		_mm512_storeu_si512((void *)(q + i + 128), v2);
		_mm512_storeu_si512((void *)(q + i + 192), v3);
	}
	for (; i + 64 <= len; i += 64)
		_mm512_storeu_si512((void *)(q + i),
				    _mm512_loadu_si512((const void *)(p + i)));
	if (i < len) {
		__mmask64 m = ((u64)1 << (len - i)) - 1;

		_mm512_mask_storeu_epi8(q + i, m,
					_mm512_maskz_loadu_epi8(m, p + i));
	}
	return sum;
}

static u32
c_adx(void *dst, const void *src, size_t len, u32 sum)
{
	(void)dst;
	return inetcsum_kernel_x86_adx.partial(src, len, sum);
}

static u32
c_base(void *dst, const void *src, size_t len, u32 sum)
{
	(void)dst;
	return csum_x86_base(src, len, sum);
}

static u32
c_tree(void *dst, const void *src, size_t len, u32 sum)
{
	(void)dst;
	return csum_x86_tree(src, len, sum);
}

static const struct {
	const char *name;
	cand_fn fn;
	int copies;
} cands[] = {
	{ "memcpy", c_memcpy, 1 },
	{ "memcpy+partial", c_memcpy_sum, 1 },
	{ "plain copy", c_plain, 1 },
	{ "copy base", csum_copy_x86_base, 1 },
	{ "copy tree", csum_copy_x86_tree, 1 },
	{ "partial adx", c_adx, 0 },
	{ "partial base", c_base, 0 },
	{ "partial tree", c_tree, 0 },
};
#define NCANDS (sizeof(cands) / sizeof(cands[0]))

static __attribute__((target("clflushopt"))) void
flush(const u8 *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i += 64)
		_mm_clflushopt((void *)(p + i));
	_mm_clflushopt((void *)(p + len - 1));
	_mm_mfence();
}

static int
cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/* Checks every candidate once, then times ROUNDS interleaved rounds. */
static int
run_size(u8 *src, u8 *dst, size_t len, int cold)
{
	static u64 t[NCANDS][ROUNDS];
	const u16 want = inetcsum_fold(inetcsum_kernel_generic.partial(src,
								       len, 0));
	size_t iters = cold ? 1 : 200000 / len + 4, k, i;
	volatile u32 sink = 0;
	int r, bad = 0;

	for (k = 0; k < NCANDS; k++) {
		u32 s;

		memset(dst, 0, len);
		s = cands[k].fn(dst, src, len, 0);
		if (cands[k].fn != c_memcpy && cands[k].fn != c_plain &&
		    inetcsum_fold(s) != want)
			bad = printf("%s: wrong sum at %zu bytes\n",
				     cands[k].name, len);
		if (cands[k].copies && memcmp(dst, src, len) != 0)
			bad = printf("%s: wrong copy at %zu bytes\n",
				     cands[k].name, len);
	}
	for (r = 0; r < ROUNDS; r++) {
		for (k = 0; k < NCANDS; k++) {
			unsigned aux;
			u64 t0, t1;

			if (cold) {
				flush(src, len);
				flush(dst, len);
			}
			_mm_lfence();
			t0 = __rdtsc();
			_mm_lfence();
			for (i = 0; i < iters; i++)
				sink += cands[k].fn(dst, src, len, 0);
			t1 = __rdtscp(&aux);
			_mm_lfence();
			t[k][r] = t1 - t0;
		}
	}
	printf("%s %zu bytes: B per TSC cycle, fastest / median\n",
	       cold ? "cold" : "hot", len);
	for (k = 0; k < NCANDS; k++) {
		qsort(t[k], ROUNDS, sizeof(t[k][0]), cmp_u64);
		printf("  %-16s %7.2f %7.2f\n", cands[k].name,
		       (double)(len * iters) / (double)t[k][0],
		       (double)(len * iters) / (double)t[k][ROUNDS / 2]);
	}
	return bad;
}

int
main(int argc, char **argv)
{
	static const size_t sizes[] = { 1448, 1500, 4096, 16384, 65536 };
	int cold = argc > 1 && strcmp(argv[1], "cold") == 0;
	size_t soff = argc > 2 ? (size_t)atoi(argv[2]) % 4096 : 0;
	size_t doff = argc > 3 ? (size_t)atoi(argv[3]) % 4096 : soff;
	u8 *src = aligned_alloc(4096, BUF_LEN + 4096);
	u8 *dst = aligned_alloc(4096, BUF_LEN + 4096);
	cpu_set_t cpus;
	size_t i;
	int bad = 0;

	if (src == NULL || dst == NULL)
		return 1;
	CPU_ZERO(&cpus);
	CPU_SET(1, &cpus);
	if (sched_setaffinity(0, sizeof(cpus), &cpus) != 0)
		printf("not pinned to CPU 1\n");
	srand(1);
	for (i = 0; i < BUF_LEN + 4096; i++)
		src[i] = (u8)rand();
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		bad |= run_size(src + soff, dst + doff, sizes[i], cold);
	free(src);
	free(dst);
	return bad != 0;
}
