/* SPDX-License-Identifier: MIT */
/*
 * bench/x86_proto/loop_ports.c - the ceiling of the AVX-512 accumulation
 * loop from L1: how fast 8 accumulators of vpdpwssd run alone, with the
 * sign-flip XOR that unsigned words need (the kernels' loop), and the
 * vpmaddwd + vpaddd alternative, over 16 KiB.  Not built by CMake:
 *
 *   cc -O2 bench/x86_proto/loop_ports.c -o /tmp/loop_ports
 *   taskset -c 1 /tmp/loop_ports
 *
 * Prints bytes per TSC cycle (the best of 200 rounds of 20 calls); only
 * the ratios between the lines mean anything.  The sums themselves are
 * not checksums (the XOR-free loops sum signed words).
 */
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <immintrin.h>
#include <x86intrin.h>

#define TARGET __attribute__((target("avx512f,avx512bw,avx512vnni"), \
				    noinline))
/* As in the kernels: asm, because gcc 12 copies the accumulator. */
#define DP(a, x) __asm__("vpdpwssd %2, %1, %0" : "+v"(a) : "v"(x), "v"(ones))
#define LOAD8(p)							\
	__m512i x0 = _mm512_loadu_si512((p) + 0),			\
		x1 = _mm512_loadu_si512((p) + 64),			\
		x2 = _mm512_loadu_si512((p) + 128),			\
		x3 = _mm512_loadu_si512((p) + 192),			\
		x4 = _mm512_loadu_si512((p) + 256),			\
		x5 = _mm512_loadu_si512((p) + 320),			\
		x6 = _mm512_loadu_si512((p) + 384),			\
		x7 = _mm512_loadu_si512((p) + 448)
#define ADD8()								\
	_mm512_reduce_add_epi32(_mm512_add_epi32(			\
		_mm512_add_epi32(_mm512_add_epi32(a0, a1),		\
				 _mm512_add_epi32(a2, a3)),		\
		_mm512_add_epi32(_mm512_add_epi32(a4, a5),		\
				 _mm512_add_epi32(a6, a7))))

TARGET static unsigned
dp_only(const char *p, size_t len)
{
	const __m512i ones = _mm512_set1_epi16(1);
	__m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = a0;
	__m512i a4 = a0, a5 = a0, a6 = a0, a7 = a0;
	size_t i;

	for (i = 0; i < len; i += 512) {
		LOAD8(p + i);
		DP(a0, x0); DP(a1, x1); DP(a2, x2); DP(a3, x3);
		DP(a4, x4); DP(a5, x5); DP(a6, x6); DP(a7, x7);
	}
	return (unsigned)ADD8();
}

TARGET static unsigned
dp_xor(const char *p, size_t len)
{
	const __m512i ones = _mm512_set1_epi16(1);
	const __m512i flip = _mm512_set1_epi16(-32768);
	__m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = a0;
	__m512i a4 = a0, a5 = a0, a6 = a0, a7 = a0;
	size_t i;

	for (i = 0; i < len; i += 512) {
		LOAD8(p + i);
		DP(a0, _mm512_xor_si512(x0, flip));
		DP(a1, _mm512_xor_si512(x1, flip));
		DP(a2, _mm512_xor_si512(x2, flip));
		DP(a3, _mm512_xor_si512(x3, flip));
		DP(a4, _mm512_xor_si512(x4, flip));
		DP(a5, _mm512_xor_si512(x5, flip));
		DP(a6, _mm512_xor_si512(x6, flip));
		DP(a7, _mm512_xor_si512(x7, flip));
	}
	return (unsigned)ADD8();
}

TARGET static unsigned
madd_add(const char *p, size_t len)
{
	const __m512i ones = _mm512_set1_epi16(1);
	__m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = a0;
	__m512i a4 = a0, a5 = a0, a6 = a0, a7 = a0;
	size_t i;

	for (i = 0; i < len; i += 512) {
		LOAD8(p + i);
		a0 = _mm512_add_epi32(a0, _mm512_madd_epi16(x0, ones));
		a1 = _mm512_add_epi32(a1, _mm512_madd_epi16(x1, ones));
		a2 = _mm512_add_epi32(a2, _mm512_madd_epi16(x2, ones));
		a3 = _mm512_add_epi32(a3, _mm512_madd_epi16(x3, ones));
		a4 = _mm512_add_epi32(a4, _mm512_madd_epi16(x4, ones));
		a5 = _mm512_add_epi32(a5, _mm512_madd_epi16(x5, ones));
		a6 = _mm512_add_epi32(a6, _mm512_madd_epi16(x6, ones));
		a7 = _mm512_add_epi32(a7, _mm512_madd_epi16(x7, ones));
	}
	return (unsigned)ADD8();
}

int
main(void)
{
	static const struct {
		const char *name;
		unsigned (*fn)(const char *, size_t);
	} loops[] = {
		{ "vpdpwssd alone", dp_only },
		{ "vpxord + vpdpwssd (the kernels)", dp_xor },
		{ "vpmaddwd + vpaddd, no xor", madd_add },
	};
	const size_t len = 16384;
	char *buf = aligned_alloc(64, len);
	volatile unsigned sink = 0;
	size_t k;

	if (buf == NULL)
		return 1;
	memset(buf, 3, len);
	for (k = 0; k < sizeof(loops) / sizeof(loops[0]); k++) {
		unsigned long long best = ~0ull;
		int r, i;

		for (r = 0; r < 200; r++) {
			unsigned long long t0 = __rdtsc(), t;

			for (i = 0; i < 20; i++)
				sink += loops[k].fn(buf, len);
			t = __rdtsc() - t0;
			if (t < best)
				best = t;
		}
		printf("%-34s %6.1f B per TSC cycle\n", loops[k].name,
		       20.0 * len / (double)best);
	}
	free(buf);
	return sink == 12345;
}
