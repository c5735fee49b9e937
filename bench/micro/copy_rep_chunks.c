/* SPDX-License-Identifier: MIT */
/*
 * bench/micro/copy_rep_chunks.c - the fused copy against "rep movsb, then
 * sum the source", chunk by chunk.
 *
 * Hot and at 64 KiB glibc's memcpy() is `rep movsb` on the CPUs measured
 * here, and it outruns any vector loop we can write, the fused copy's and
 * a plain copy's alike (docs/results/amd-zen5.md).  This asks whether the
 * fused copy should copy that way too: each chunk of C bytes is copied by
 * `rep movsb` and then summed by inetcsum_partial() from the source, which
 * the copy has just brought into the cache (summing the fresh copy was
 * 2x slower: its lines are still on their way out of the store buffer).
 * Timed side by side in one process, with glibc's memcpy() as the
 * yardstick: the median of 200 calls in TSC ticks, hot (the same buffers
 * every call) or cold (both buffers flushed with clflush before each
 * call), printed as bytes per tick.  The median, not the best: hot, at
 * 64 KiB on Zen 5, the first few fused copies after the buffers were
 * written ran at memcpy's speed and every later one 1.35x slower, so
 * the best call showed a speed the copy does not keep.  Not built by
 * CMake: it loads a built libinetcsum.so.
 *
 *   cc -O2 bench/micro/copy_rep_chunks.c -o copy_rep_chunks -ldl
 *   taskset -c 1 ./copy_rep_chunks build/libinetcsum.so 65536 1   # cold
 *
 * The arguments: the library, the length (65536), 1 for cold (0).  The
 * fused copy is timed twice, first and last, to show the noise.
 */
#include <dlfcn.h>
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

typedef uint32_t (*copy_fn)(void *, const void *, size_t, uint32_t);
typedef uint32_t (*partial_fn)(const void *, size_t, uint32_t);

static copy_fn fused;
static partial_fn partial;

static void
rep_movsb(void *d, const void *s, size_t n)
{
	__asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
}

/*
 * The copy in chunks of 'chunk' (even) bytes: every chunk starts at an
 * even offset, so its sum adds to the others' as it is; the 32-bit sums
 * are added in 64 bits and folded modulo 0xffff at the end (the value is
 * only kept alive, not checked: the library's tests check the sums).
 */
static uint32_t
rep_chunks(void *dst, const void *src, size_t n, size_t chunk)
{
	const unsigned char *p = src;
	unsigned char *q = dst;
	uint64_t acc = 0;

	while (n != 0) {
		size_t c = n < chunk ? n : chunk;

		rep_movsb(q, p, c);
		acc += partial(p, c, 0);
		p += c;
		q += c;
		n -= c;
	}
	return (uint32_t)(acc % 0xffff);
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void
flush(const void *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i += 64)
		_mm_clflush((const char *)p + i);
	_mm_mfence();
}

int
main(int argc, char **argv)
{
	static const char *const names[] = { "fused", "memcpy", "rep 8K",
					     "rep 16K", "rep 32K", "fused" };
	void *h;
	size_t n;
	int cold, v, r;
	unsigned char *s, *d;

	if (argc < 2) {
		fprintf(stderr, "usage: %s LIB [LEN [COLD]]\n", argv[0]);
		return 2;
	}
	h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
	if (h == NULL) {
		fprintf(stderr, "%s\n", dlerror());
		return 1;
	}
	fused = (copy_fn)dlsym(h, "inetcsum_copy");
	partial = (partial_fn)dlsym(h, "inetcsum_partial");
	n = argc > 2 ? strtoul(argv[2], NULL, 0) : 65536;
	cold = argc > 3 && atoi(argv[3]) != 0;
	if (fused == NULL || partial == NULL || n == 0) {
		fprintf(stderr, "%s: no inetcsum_copy/partial, or length 0\n",
			argv[1]);
		return 1;
	}
	/* The destination 2048 bytes into its page: no 4K aliasing. */
	s = aligned_alloc(4096, (n + 4095) / 4096 * 4096);
	d = aligned_alloc(4096, (n + 4096 + 4095) / 4096 * 4096);
	if (s == NULL || d == NULL)
		return 1;
	memset(s, 0x5a, n);
	memset(d, 1, n + 2048);
	printf("%zu bytes, %s, bytes per TSC tick:", n, cold ? "cold" : "hot");
	for (v = 0; v < 6; v++) {
		uint64_t t[200];
		volatile uint32_t sink;

		for (r = 0; r < 200; r++) {
			uint64_t t0;

			if (cold) {
				flush(s, n);
				flush(d + 2048, n);
			}
			t0 = __rdtsc();
			switch (v) {
			case 0:
			case 5:
				sink = fused(d + 2048, s, n, 0);
				break;
			case 1:
				memcpy(d + 2048, s, n);
				break;
			default:
				sink = rep_chunks(d + 2048, s, n,
						  (size_t)4096 << (v - 1));
				break;
			}
			t[r] = __rdtsc() - t0;
		}
		(void)sink;
		qsort(t, 200, sizeof(t[0]), cmp_u64);
		printf("  %s %.1f", names[v], (double)n / (double)t[100]);
	}
	printf("\n");
	return 0;
}
