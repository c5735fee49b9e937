/* SPDX-License-Identifier: MIT */
/*
 * bench/micro/copy_l2_stores.c - why the fused copy trails memcpy() hot
 * at 32-192 KiB: a plain vector copy does too, whatever it prefetches.
 *
 * Hot at 64 KiB on Zen 5 the fused copy ran 0.73-0.74x glibc's memcpy()
 * (`rep movsb` at that size) and 0.99x the plain 512-bit copy loop of
 * inetcsum bench (docs/results/amd-zen5.md).  This asks whether any
 * vector loop can do better there: the same buffers every call (both in
 * L2, together more than L1), the median of 300 calls in TSC ticks, as
 * bytes per tick, for
 *
 *   rep     `rep movsb`
 *   vcopy   four 64-byte loads, then four stores, per 256 bytes
 *   pfwN    the same with prefetchw of the destination N bytes ahead
 *           (asks for the line in a writable state before the store)
 *   pfs2K   the same with prefetcht0 of the source 2 KiB ahead
 *   nt      the same with non-temporal stores (and an sfence)
 *
 * every variant in one process, one line per length.  Not built by CMake:
 * it needs AVX-512F (and prefetchw, which every AVX-512 CPU has).
 *
 *   cc -O2 -mavx512f -mprfchw bench/micro/copy_l2_stores.c -o copy_l2_stores
 *   taskset -c 1 ./copy_l2_stores 16384 32768 65536 131072 196608 262144
 */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#define SAMPLES 300

static size_t ahead;	/* the prefetch distance of the variant timed */

/* 256 bytes from s + i to d + i, four vectors loaded before any store. */
static inline void
copy256(unsigned char *d, const unsigned char *s, size_t i, int nt)
{
	__m512i a = _mm512_loadu_si512(s + i);
	__m512i b = _mm512_loadu_si512(s + i + 64);
	__m512i c = _mm512_loadu_si512(s + i + 128);
	__m512i e = _mm512_loadu_si512(s + i + 192);

	if (nt) {
		_mm512_stream_si512((void *)(d + i), a);
		_mm512_stream_si512((void *)(d + i + 64), b);
		_mm512_stream_si512((void *)(d + i + 128), c);
		_mm512_stream_si512((void *)(d + i + 192), e);
	} else {
		_mm512_storeu_si512(d + i, a);
		_mm512_storeu_si512(d + i + 64, b);
		_mm512_storeu_si512(d + i + 128, c);
		_mm512_storeu_si512(d + i + 192, e);
	}
}

/* 'n' is a multiple of 256 (main() makes it so). */
static __attribute__((noinline)) void
vcopy(unsigned char *d, const unsigned char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i += 256)
		copy256(d, s, i, 0);
}

/*
 * The loop with a prefetch 'ahead' bytes on: of the destination's lines,
 * for writing, if 'dst' (a constant), else of the source's.
 */
static inline void
vcopy_ahead(unsigned char *d, const unsigned char *s, size_t n, const int dst)
{
	size_t i, j;

	for (i = 0; i < n; i += 256) {
		for (j = 0; i + ahead < n && j < 256; j += 64) {
			if (dst)
				_m_prefetchw(d + i + ahead + j);
			else
				_mm_prefetch((const char *)s + i + ahead + j,
					     _MM_HINT_T0);
		}
		copy256(d, s, i, 0);
	}
}

static __attribute__((noinline)) void
vcopy_prefetchw(unsigned char *d, const unsigned char *s, size_t n)
{
	vcopy_ahead(d, s, n, 1);
}

static __attribute__((noinline)) void
vcopy_prefetch_src(unsigned char *d, const unsigned char *s, size_t n)
{
	vcopy_ahead(d, s, n, 0);
}

static __attribute__((noinline)) void
vcopy_nt(unsigned char *d, const unsigned char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i += 256)
		copy256(d, s, i, 1);
	_mm_sfence();
}

static __attribute__((noinline)) void
rep_movsb(unsigned char *d, const unsigned char *s, size_t n)
{
	__asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

struct variant {
	const char *name;
	void (*fn)(unsigned char *, const unsigned char *, size_t);
	size_t ahead;
};

int
main(int argc, char **argv)
{
	static const struct variant v[] = {
		{ "rep", rep_movsb, 0 },
		{ "vcopy", vcopy, 0 },
		{ "pfw1K", vcopy_prefetchw, 1024 },
		{ "pfw2K", vcopy_prefetchw, 2048 },
		{ "pfw4K", vcopy_prefetchw, 4096 },
		{ "pfs2K", vcopy_prefetch_src, 2048 },
		{ "nt", vcopy_nt, 0 },
	};
	int a;

	if (argc < 2) {
		fprintf(stderr, "usage: %s LENGTH...\n", argv[0]);
		return 2;
	}
	for (a = 1; a < argc; a++) {
		size_t n = strtoul(argv[a], NULL, 0) / 256 * 256, k;
		unsigned char *s, *d;

		if (n == 0)
			continue;
		/* The destination 2048 bytes into its page: no 4K aliasing. */
		s = aligned_alloc(4096, n + 4096);
		d = aligned_alloc(4096, n + 4096);
		if (s == NULL || d == NULL)
			return 1;
		memset(s, 0x5a, n);
		memset(d, 1, n + 4096);
		printf("%8zu B, bytes per tick:", n);
		for (k = 0; k < sizeof(v) / sizeof(v[0]); k++) {
			uint64_t t[SAMPLES];
			int r;

			ahead = v[k].ahead;
			for (r = 0; r < SAMPLES; r++) {
				uint64_t t0 = __rdtsc();

				v[k].fn(d + 2048, s, n);
				t[r] = __rdtsc() - t0;
			}
			qsort(t, SAMPLES, sizeof(t[0]), cmp_u64);
			printf("  %s %.1f", v[k].name,
			       (double)n / (double)t[SAMPLES / 2]);
		}
		printf("\n");
		free(s);
		free(d);
	}
	return 0;
}
