/* SPDX-License-Identifier: MIT */
/*
 * bench/micro/copy_chains.c - what bounds the fused copy: its accumulator
 * chains, its reduction, and (cold) the vector loop itself.
 *
 * Every loop here is written in asm, so that what is timed is the
 * instruction sequence named and nothing the compiler adds: gcc 12 puts a
 * register copy around each _mm512_dpwssd_epi32() in a loop (see
 * csum_x86_template.h), which made copy_sum_uops.c's intrinsic kernels
 * read "any second vector instruction per store costs 25%" on Zen 5.
 * Written in asm, one sign flip and one vpdpwssd per 64-byte vector cost
 * the copy nothing, with 3 or 4 accumulators.
 *
 * Three tables, all in one process, TSC ticks per 64-byte vector:
 *
 *  1. hot, 1536 bytes and 15 KiB (the same buffers every call, best of 50
 *     samples): a plain copy; the copy with the flip and vpdpwssd into 2,
 *     3, 4, 6 and 12 accumulators; the sum alone (no stores) into 4, 6
 *     and 12.
 *  2. hot, 1536 bytes to 16 KiB: the copy with 4 accumulators and then
 *     the reduction the library does (the accumulators added, 512 bits
 *     folded to 64, then to 32), against the plain copy: the best a fused
 *     copy that returns its sum can do against a copy that returns
 *     nothing.
 *  3. cold (the source flushed with clflush before each call, the
 *     destination cached; the median of 101 calls), 64 KiB and 256 KiB:
 *     `rep movsb` (glibc's memcpy() at these sizes on the CPUs measured
 *     here) against the plain vector copy with no prefetch and with
 *     prefetcht0 of the source 1, 2, 4 and 8 KiB ahead.
 *
 * Not built by CMake: it needs an AVX-512 VNNI CPU.
 *
 *   cc -O2 -march=native bench/micro/copy_chains.c -o copy_chains
 *   taskset -c 1 ./copy_chains
 */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

/*
 * Zeroed accumulators (zmm8-11, zmm16-23), zmm27 = 0x8000 per word (the
 * sign flip), zmm28 = 1 per word (vpdpwssd's other operand).
 */
#define SETUP								\
	"vpxord %%zmm8,%%zmm8,%%zmm8\n\t"				\
	"vpxord %%zmm9,%%zmm9,%%zmm9\n\t"				\
	"vpxord %%zmm10,%%zmm10,%%zmm10\n\t"				\
	"vpxord %%zmm11,%%zmm11,%%zmm11\n\t"				\
	"vpxord %%zmm16,%%zmm16,%%zmm16\n\t"				\
	"vpxord %%zmm17,%%zmm17,%%zmm17\n\t"				\
	"vpxord %%zmm18,%%zmm18,%%zmm18\n\t"				\
	"vpxord %%zmm19,%%zmm19,%%zmm19\n\t"				\
	"vpxord %%zmm20,%%zmm20,%%zmm20\n\t"				\
	"vpxord %%zmm21,%%zmm21,%%zmm21\n\t"				\
	"vpxord %%zmm22,%%zmm22,%%zmm22\n\t"				\
	"vpxord %%zmm23,%%zmm23,%%zmm23\n\t"				\
	"vpternlogd $0xff,%%zmm30,%%zmm30,%%zmm30\n\t"			\
	"vpsrlw $15,%%zmm30,%%zmm28\n\t"				\
	"vpsllw $15,%%zmm30,%%zmm27\n\t"
#define CLOBBERS							\
	"memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",	\
	"xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm16",	\
	"xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23",	\
	"xmm27", "xmm28", "xmm30"

/* Four vectors at offsets A-D loaded into zmm0-3 (and stored, for COPY4). */
#define LOAD4_(a, b, c, d)						\
	"vmovdqu64 " a "(%0),%%zmm0\n\t"				\
	"vmovdqu64 " b "(%0),%%zmm1\n\t"				\
	"vmovdqu64 " c "(%0),%%zmm2\n\t"				\
	"vmovdqu64 " d "(%0),%%zmm3\n\t"
#define COPY4_(a, b, c, d)						\
	LOAD4(a, b, c, d)						\
	"vmovdqu64 %%zmm0," a "(%1)\n\t"				\
	"vmovdqu64 %%zmm1," b "(%1)\n\t"				\
	"vmovdqu64 %%zmm2," c "(%1)\n\t"				\
	"vmovdqu64 %%zmm3," d "(%1)\n\t"
/* zmm R, sign-flipped into zmm T, summed into accumulator zmm ACC. */
#define SUM(r, t, acc)							\
	"vpxord %%zmm" r ",%%zmm27,%%zmm" t "\n\t"			\
	"vpdpwssd %%zmm28,%%zmm" t ",%%zmm" acc "\n\t"
#define SUM4(a, b, c, d)						\
	SUM("0", "4", a) SUM("1", "5", b) SUM("2", "6", c) SUM("3", "7", d)
/* Offsets given as one macro (O1-O3 below) are expanded before the call. */
#define LOAD4(...)	LOAD4_(__VA_ARGS__)
#define COPY4(...)	COPY4_(__VA_ARGS__)
/* The three groups of four vectors of one 768-byte iteration. */
#define O1 "0", "64", "128", "192"
#define O2 "256", "320", "384", "448"
#define O3 "512", "576", "640", "704"

/* A loop of 768-byte iterations over 'nv' vectors (a multiple of 12). */
#define LOOP768(name, BODY)						\
static __attribute__((noinline)) void					\
name(const unsigned char *p, unsigned char *q, long nv)			\
{									\
	__asm__ volatile(SETUP "1:\n\t" BODY				\
			 "add $768,%0\n\tadd $768,%1\n\t"		\
			 "sub $12,%2\n\tjnz 1b\n\t"			\
			 : "+r"(p), "+r"(q), "+r"(nv) : : CLOBBERS);	\
}

/*
 * One 768-byte iteration: MOVE (COPY4, load and store, or LOAD4, load
 * only) of each group of four vectors, then their sums into the twelve
 * accumulators named, which repeat for 2, 3, 4 or 6 chains.
 */
#define CHAINS(MOVE, a, b, c, d, e, f, g, h, i, j, k, l)		\
	MOVE(O1) SUM4(a, b, c, d) MOVE(O2) SUM4(e, f, g, h)		\
	MOVE(O3) SUM4(i, j, k, l)
#define CHAINS2(M) CHAINS(M, "16", "17", "16", "17", "16", "17",	\
			  "16", "17", "16", "17", "16", "17")
#define CHAINS3(M) CHAINS(M, "16", "17", "18", "16", "17", "18",	\
			  "16", "17", "18", "16", "17", "18")
#define CHAINS4(M) CHAINS(M, "16", "17", "18", "19", "16", "17",	\
			  "18", "19", "16", "17", "18", "19")
#define CHAINS6(M) CHAINS(M, "16", "17", "18", "19", "20", "21",	\
			  "16", "17", "18", "19", "20", "21")
#define CHAINS12(M) CHAINS(M, "16", "17", "18", "19", "20", "21",	\
			   "22", "23", "8", "9", "10", "11")

LOOP768(copy_plain, COPY4(O1) COPY4(O2) COPY4(O3))
LOOP768(copy_acc2, CHAINS2(COPY4))
LOOP768(copy_acc3, CHAINS3(COPY4))
LOOP768(copy_acc4, CHAINS4(COPY4))
LOOP768(copy_acc6, CHAINS6(COPY4))
LOOP768(copy_acc12, CHAINS12(COPY4))
LOOP768(sum_acc4, CHAINS4(LOAD4))
LOOP768(sum_acc6, CHAINS6(LOAD4))
LOOP768(sum_acc12, CHAINS12(LOAD4))

/* Where the reduced sums go, so that the reduction is not dropped. */
static volatile uint32_t sum_sink;

/*
 * The copy with 4 accumulators, then the library's reduction: the four
 * added, 512 bits folded to 128 as 64-bit words, the two words added with
 * end-around carry and folded to 32 bits.
 */
static __attribute__((noinline)) void
copy_acc4_reduced(const unsigned char *p, unsigned char *q, long nv)
{
	__m512i r;
	__m256i h;
	__m128i u;
	uint64_t s, t;

	__asm__ volatile(SETUP "1:\n\t" CHAINS4(COPY4)
			 "add $768,%0\n\tadd $768,%1\n\t"
			 "sub $12,%2\n\tjnz 1b\n\t"
			 "vpaddd %%zmm16,%%zmm17,%%zmm16\n\t"
			 "vpaddd %%zmm18,%%zmm19,%%zmm18\n\t"
			 "vpaddd %%zmm16,%%zmm18,%3\n\t"
			 : "+r"(p), "+r"(q), "+r"(nv), "=v"(r) : : CLOBBERS);
	h = _mm256_add_epi64(_mm512_castsi512_si256(r),
			     _mm512_extracti64x4_epi64(r, 1));
	u = _mm_add_epi64(_mm256_castsi256_si128(h),
			  _mm256_extracti128_si256(h, 1));
	s = (uint64_t)_mm_cvtsi128_si64(u);
	t = s + (uint64_t)_mm_extract_epi64(u, 1);
	t += t < s;
	s = (t >> 32) + (uint32_t)t;
	sum_sink = (uint32_t)((s >> 32) + (uint32_t)s);
}

/* The plain copy of table 3, with prefetcht0 of the source D bytes ahead. */
#define PF4(d)								\
	"prefetcht0 " #d "(%0)\n\tprefetcht0 " #d "+64(%0)\n\t"		\
	"prefetcht0 " #d "+128(%0)\n\tprefetcht0 " #d "+192(%0)\n\t"
#define LOOP256(name, PF)						\
static __attribute__((noinline)) void					\
name(const unsigned char *p, unsigned char *q, long nv)			\
{									\
	__asm__ volatile("1:\n\t" PF COPY4(O1)				\
			 "add $256,%0\n\tadd $256,%1\n\t"		\
			 "sub $4,%2\n\tjnz 1b\n\t"			\
			 : "+r"(p), "+r"(q), "+r"(nv) : : CLOBBERS);	\
}
LOOP256(cold_plain, "")
LOOP256(cold_pf1k, PF4(1024))
LOOP256(cold_pf2k, PF4(2048))
LOOP256(cold_pf4k, PF4(4096))
LOOP256(cold_pf8k, PF4(8192))

static __attribute__((noinline)) void
cold_rep_movsb(const unsigned char *p, unsigned char *q, long nv)
{
	size_t n = (size_t)nv * 64;

	__asm__ volatile("rep movsb" : "+D"(q), "+S"(p), "+c"(n) : : "memory");
}

typedef void (*loop_fn)(const unsigned char *, unsigned char *, long);

struct variant {
	const char *name;
	loop_fn fn;
};

/*
 * Hot: 'n' variants on 'nv' vectors, in 50 rounds of one sample each (a
 * sample: about 80000 vectors' worth of calls), so that the host's drift
 * falls on all of them alike; each variant's best sample, per vector,
 * into 'out'.
 */
static void
hot_ticks(const loop_fn *fn, size_t n, const unsigned char *src,
	  unsigned char *dst, long nv, double *out)
{
	long calls = 4000000 / 50 / nv + 1, i;
	uint64_t best[16];
	size_t k;
	int r;

	for (k = 0; k < n; k++)
		best[k] = ~(uint64_t)0;
	for (r = 0; r < 50; r++) {
		for (k = 0; k < n; k++) {
			uint64_t t0 = __rdtsc(), t;

			for (i = 0; i < calls; i++)
				fn[k](src, dst, nv);
			t = __rdtsc() - t0;
			if (t < best[k])
				best[k] = t;
		}
	}
	for (k = 0; k < n; k++)
		out[k] = (double)best[k] / (double)calls / (double)nv;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Cold source: the median of 101 calls, the source flushed before each. */
static double
cold_ticks(loop_fn fn, const unsigned char *src, unsigned char *dst, long nv)
{
	uint64_t t[101];
	long j;
	int r;

	for (r = 0; r < 101; r++) {
		uint64_t t0;

		for (j = 0; j < nv * 64; j += 64)
			_mm_clflush(src + j);
		_mm_mfence();
		t0 = __rdtsc();
		fn(src, dst, nv);
		t[r] = __rdtsc() - t0;
	}
	qsort(t, 101, sizeof(t[0]), cmp_u64);
	return (double)t[50] / (double)nv;
}

int
main(void)
{
	static const struct variant chains[] = {
		{ "copy, no sum", copy_plain },
		{ "copy + flip + vpdpwssd, 2 accumulators", copy_acc2 },
		{ "copy + flip + vpdpwssd, 3 accumulators", copy_acc3 },
		{ "copy + flip + vpdpwssd, 4 accumulators", copy_acc4 },
		{ "copy + flip + vpdpwssd, 6 accumulators", copy_acc6 },
		{ "copy + flip + vpdpwssd, 12 accumulators", copy_acc12 },
		{ "sum alone, 4 accumulators", sum_acc4 },
		{ "sum alone, 6 accumulators", sum_acc6 },
		{ "sum alone, 12 accumulators", sum_acc12 },
	};
	static const struct variant cold[] = {
		{ "rep movsb", cold_rep_movsb },
		{ "vector copy, no prefetch", cold_plain },
		{ "vector copy, prefetcht0 1 KiB ahead", cold_pf1k },
		{ "vector copy, prefetcht0 2 KiB ahead", cold_pf2k },
		{ "vector copy, prefetcht0 4 KiB ahead", cold_pf4k },
		{ "vector copy, prefetcht0 8 KiB ahead", cold_pf8k },
	};
	static const long hot_nv[] = { 24, 240 }, reduce_nv[] = { 24, 72, 252 };
	static const long cold_nv[] = { 1024, 4096 };
	const size_t nchains = sizeof(chains) / sizeof(chains[0]);
	const size_t bytes = (size_t)1 << 20;
	loop_fn fns[16];
	double t1[2][16], t2[3][2];
	unsigned char *src = aligned_alloc(4096, bytes);
	unsigned char *dst = aligned_alloc(4096, bytes + 4096);
	size_t k, s;

	if (src == NULL || dst == NULL)
		return 1;
	memset(src, 0x5a, bytes);
	memset(dst, 0, bytes + 4096);
	/* The destination 2048 bytes into its page: no 4K aliasing. */
	dst += 2048;

	printf("1. hot, TSC ticks per vector        %10ld B %10ld B\n",
	       hot_nv[0] * 64, hot_nv[1] * 64);
	for (k = 0; k < nchains; k++)
		fns[k] = chains[k].fn;
	for (s = 0; s < 2; s++)
		hot_ticks(fns, nchains, src, dst, hot_nv[s], t1[s]);
	for (k = 0; k < nchains; k++)
		printf("%-40s %12.3f %12.3f\n", chains[k].name, t1[0][k],
		       t1[1][k]);
	printf("\n2. hot, the reduction's cost         ");
	fns[0] = copy_plain;
	fns[1] = copy_acc4_reduced;
	for (s = 0; s < 3; s++) {
		printf(" %10ld B", reduce_nv[s] * 64);
		hot_ticks(fns, 2, src, dst, reduce_nv[s], t2[s]);
	}
	printf("\ncopy, no sum                            ");
	for (s = 0; s < 3; s++)
		printf(" %12.3f", t2[s][0]);
	printf("\ncopy + sum, 4 accumulators, reduced     ");
	for (s = 0; s < 3; s++)
		printf(" %12.3f", t2[s][1]);
	printf("\n\n3. cold source, TSC ticks per vector %10ld B %10ld B\n",
	       cold_nv[0] * 64, cold_nv[1] * 64);
	for (k = 0; k < sizeof(cold) / sizeof(cold[0]); k++) {
		printf("%-40s", cold[k].name);
		for (s = 0; s < 2; s++)
			printf(" %12.3f", cold_ticks(cold[k].fn, src, dst,
						     cold_nv[s]));
		printf("\n");
	}
	return 0;
}
