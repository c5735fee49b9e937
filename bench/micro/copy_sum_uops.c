/* SPDX-License-Identifier: MIT */
/*
 * bench/micro/copy_sum_uops.c - what one vector uop costs the fused copy.
 *
 * The inner loop of the 512-bit VNNI copy, alone: load a 64-byte vector,
 * store it, and sum it, 24 vectors (1536 bytes) per call, hot, with five
 * ways to sum and a plain copy beside them, all in one process and timed
 * in TSC ticks per vector (best of 200 samples of 1000 calls).  The
 * "flip + vpdpwssd" variant is the library's Internet checksum sum; the
 * next three are not sums of words, there to show what the sign flip
 * costs (docs/results/intel-xeon-167.md).  The last three are the other
 * correct sums in two vector instructions: with S the sum of all bytes
 * and D the sum of the even-addressed bytes minus the odd-addressed
 * (little-endian low minus high), the word sum is (S + D) / 2 +
 * 256 * (S - D) / 2, exactly; S comes from vpsadbw against zero or
 * vpdpbusd with weights 1, D from vpsadbw against 0x00ff-per-word bytes
 * (|x - 0| + |x - 255| = low + 255 - high, a known bias) or vpdpbusd with
 * weights 1, -1 (docs/results/amd-zen5.md).  The two after them move part
 * of the sum off the vector units: one vector in four, or one in eight,
 * summed from the source by a scalar add-with-carry chain (eight adc with
 * the loads folded in), the others by the library's sum; and one in four
 * by two ADX chains (adcx and adox) instead.  Then the throughput of three
 * vector instructions alone, 8 independent chains each.  Not built by
 * CMake: it needs an AVX-512 VNNI CPU.
 *
 * Read its figures with care: gcc 12 compiles these intrinsic kernels
 * with a register copy around every vpdpwssd (8 vmovdqa per 4 vectors in
 * k_flip_dp, objdump -d), so its "flip + vpdpwssd" row times four vector
 * instructions per store, not two.  bench/micro/copy_chains.c times the
 * same loops written in asm: there the flip and vpdpwssd cost the copy
 * nothing with 4 accumulators (Zen 5).
 *
 *   cc -O2 -march=native bench/micro/copy_sum_uops.c -o copy_sum_uops
 *   taskset -c 1 ./copy_sum_uops
 */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#define NV 24

/*
 * The 64 bytes at P into 'gs' by one add-with-carry chain, or into 'gs'
 * and 'gt' by the two ADX chains (CF and OF, cleared by the xor); the
 * last carries are added back in, so no carry is lost.
 */
#define ADC64(P)							\
	__asm__("addq (%[p]), %[s]\n\tadcq 8(%[p]), %[s]\n\t"	\
		"adcq 16(%[p]), %[s]\n\tadcq 24(%[p]), %[s]\n\t"	\
		"adcq 32(%[p]), %[s]\n\tadcq 40(%[p]), %[s]\n\t"	\
		"adcq 48(%[p]), %[s]\n\tadcq 56(%[p]), %[s]\n\t"	\
		"adcq $0, %[s]"						\
		: [s] "+r"(gs)						\
		: [p] "r"(P), "m"(*(const unsigned char (*)[64])(P))	\
		: "cc")
#define ADX64(P)							\
	__asm__("xorl %%eax, %%eax\n\t"				\
		"adcxq (%[p]), %[s]\n\tadoxq 8(%[p]), %[t]\n\t"	\
		"adcxq 16(%[p]), %[s]\n\tadoxq 24(%[p]), %[t]\n\t"	\
		"adcxq 32(%[p]), %[s]\n\tadoxq 40(%[p]), %[t]\n\t"	\
		"adcxq 48(%[p]), %[s]\n\tadoxq 56(%[p]), %[t]\n\t"	\
		"movl $0, %%eax\n\tadcxq %%rax, %[s]\n\t"		\
		"adoxq %%rax, %[t]"					\
		: [s] "+r"(gs), [t] "+r"(gt)				\
		: [p] "r"(P), "m"(*(const unsigned char (*)[64])(P))	\
		: "cc", "rax")

/* Where the scalar sums go, so that they are not optimised away. */
static uint64_t scalar_sink;

#define KERNEL(name, BODY)						\
static __attribute__((noinline)) __m512i				\
name(const unsigned char *p, unsigned char *q)				\
{									\
	__m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = a0;	\
	__m512i b0 = a0, b1 = a0, b2 = a0, b3 = a0;			\
	const __m512i hi255 = _mm512_set1_epi16((short)0xff00);	\
	const __m512i pm = _mm512_set1_epi16((short)0xff01);		\
	const __m512i flip = _mm512_set1_epi16((short)0x8000);		\
	const __m512i ones = _mm512_set1_epi16(1);			\
	const __m512i ob = _mm512_set1_epi8(1);				\
	uint64_t gs = 0, gt = 0;					\
	int i;								\
									\
	(void)flip;							\
	(void)ones;							\
	(void)ob;							\
	(void)hi255;							\
	(void)pm;							\
	for (i = 0; i < NV; i += 4) {					\
		__m512i v0 = _mm512_loadu_si512(p + 64 * i);		\
		__m512i v1 = _mm512_loadu_si512(p + 64 * i + 64);	\
		__m512i v2 = _mm512_loadu_si512(p + 64 * i + 128);	\
		__m512i v3 = _mm512_loadu_si512(p + 64 * i + 192);	\
									\
		_mm512_storeu_si512(q + 64 * i, v0);			\
		_mm512_storeu_si512(q + 64 * i + 64, v1);		\
		_mm512_storeu_si512(q + 64 * i + 128, v2);		\
		_mm512_storeu_si512(q + 64 * i + 192, v3);		\
		BODY							\
	}								\
	scalar_sink += gs + gt;						\
	a0 = _mm512_add_epi32(a0, _mm512_add_epi32(			\
		_mm512_add_epi32(b0, b1), _mm512_add_epi32(b2, b3)));	\
	return _mm512_add_epi32(_mm512_add_epi32(a0, a1),		\
				_mm512_add_epi32(a2, a3));		\
}

#define EACH(f) a0 = f(a0, v0); a1 = f(a1, v1); a2 = f(a2, v2); a3 = f(a3, v3);
#define OR(a, v)	_mm512_or_si512((a), (v))
#define FLIP_DP(a, v)	_mm512_dpwssd_epi32((a), _mm512_xor_si512((v), flip), ones)
#define DP(a, v)	_mm512_dpwssd_epi32((a), (v), ones)
#define DPBUSD(a, v)	_mm512_dpbusd_epi32((a), (v), ob)
#define SAD(a, v)	_mm512_add_epi64((a), _mm512_sad_epu8((v), _mm512_setzero_si512()))

#define EACHB(f) b0 = f(b0, v0); b1 = f(b1, v1); b2 = f(b2, v2); b3 = f(b3, v3);
#define SAD_D(a, v)	_mm512_add_epi64((a), _mm512_sad_epu8((v), hi255))
#define DPBUSD_D(a, v)	_mm512_dpbusd_epi32((a), (v), pm)

KERNEL(k_or, EACH(OR))
KERNEL(k_flip_dp, EACH(FLIP_DP))
KERNEL(k_dp, EACH(DP))
KERNEL(k_dpbusd, EACH(DPBUSD))
KERNEL(k_sad, EACH(SAD))
KERNEL(k_sad_sd, EACH(SAD) EACHB(SAD_D))
KERNEL(k_dpbusd_sd, EACH(DPBUSD) EACHB(DPBUSD_D))
KERNEL(k_mixed_sd, EACH(SAD) EACHB(DPBUSD_D))
/* Three vectors in four (or seven in eight) by FLIP_DP, the rest scalar. */
#define FLIP_DP3 a0 = FLIP_DP(a0, v0); a1 = FLIP_DP(a1, v1); a2 = FLIP_DP(a2, v2);
KERNEL(k_adc_1of4, FLIP_DP3 ADC64(p + 64 * i + 192);)
KERNEL(k_adc_1of8, FLIP_DP3 if (i & 4) ADC64(p + 64 * i + 192);
		   else a3 = FLIP_DP(a3, v3);)
KERNEL(k_adx_1of4, FLIP_DP3 ADX64(p + 64 * i + 192);)

typedef __m512i (*kernel_fn)(const unsigned char *, unsigned char *);

#define CHAINS(insn)							\
static double								\
chains_##insn(void)							\
{									\
	const long n = 10000000;					\
	uint64_t best = ~(uint64_t)0;					\
	int r;								\
									\
	for (r = 0; r < 5; r++) {					\
		__m512i a0 = _mm512_set1_epi32(1), a1 = a0, a2 = a0;	\
		__m512i a3 = a0, a4 = a0, a5 = a0, a6 = a0, a7 = a0;	\
		__m512i b = _mm512_set1_epi16(1);			\
		uint64_t t0 = __rdtsc(), t;				\
		long i;							\
									\
		for (i = 0; i < n; i++)					\
			__asm__ volatile(				\
				#insn " %8,%8,%0\n\t" #insn " %8,%8,%1\n\t" \
				#insn " %8,%8,%2\n\t" #insn " %8,%8,%3\n\t" \
				#insn " %8,%8,%4\n\t" #insn " %8,%8,%5\n\t" \
				#insn " %8,%8,%6\n\t" #insn " %8,%8,%7" \
				: "+v"(a0), "+v"(a1), "+v"(a2), "+v"(a3), \
				  "+v"(a4), "+v"(a5), "+v"(a6), "+v"(a7) \
				: "v"(b));				\
		t = __rdtsc() - t0;					\
		if (t < best)						\
			best = t;					\
	}								\
	return 8.0 * (double)n / (double)best;				\
}

CHAINS(vpdpwssd)
CHAINS(vpaddd)
CHAINS(vpsadbw)

int
main(void)
{
	static const kernel_fn fn[] = { k_or, k_flip_dp, k_dp, k_dpbusd, k_sad,
					k_sad_sd, k_dpbusd_sd, k_mixed_sd,
					k_adc_1of4, k_adc_1of8, k_adx_1of4 };
	static const char *const name[] = {
		"copy, no sum (vpord)", "copy + flip + vpdpwssd (the library's)",
		"copy + vpdpwssd, no flip (wrong sum)",
		"copy + vpdpbusd (byte sum)", "copy + vpsadbw + vpaddq (byte sum)",
		"copy + S, D by vpsadbw (a word sum)",
		"copy + S, D by vpdpbusd (a word sum)",
		"copy + S vpsadbw, D vpdpbusd (a word sum)",
		"copy + 3 of 4 as the library, 1 by adc",
		"copy + 7 of 8 as the library, 1 by adc",
		"copy + 3 of 4 as the library, 1 by adcx/adox",
	};
	unsigned char *src = aligned_alloc(4096, 1 << 16);
	unsigned char *dst = aligned_alloc(4096, 1 << 16);
	size_t k;
	int pass;

	if (src == NULL || dst == NULL)
		return 1;
	memset(src, 7, 1 << 16);
	memset(dst, 0, 1 << 16);
	for (pass = 0; pass < 2; pass++) {
		for (k = 0; k < sizeof(fn) / sizeof(fn[0]); k++) {
			uint64_t best = ~(uint64_t)0;
			__m512i s = _mm512_setzero_si512();
			volatile int sink;
			int r, i;

			for (r = 0; r < 200; r++) {
				uint64_t t0 = __rdtsc(), t;

				for (i = 0; i < 1000; i++)
					s = _mm512_add_epi32(s, fn[k](src,
								dst + 1088));
				t = __rdtsc() - t0;
				if (t < best)
					best = t;
			}
			sink = _mm512_reduce_add_epi32(s);
			(void)sink;
			printf("%-46s %.3f ticks per vector\n", name[k],
			       (double)best / 1000.0 / NV);
		}
	}
	printf("8 independent chains, per TSC tick: vpdpwssd %.2f, vpaddd "
	       "%.2f, vpsadbw %.2f\n", chains_vpdpwssd(), chains_vpaddd(),
	       chains_vpsadbw());
	free(src);
	free(dst);
	return 0;
}
