/* SPDX-License-Identifier: MIT */
/*
 * bench/x86_proto/chunk_bounds.c - every kernel the CPU supports against
 * the portable kernel at lengths around the vector template's chunk
 * boundaries (4096 vectors: 128 KiB at 256 bits, 256 KiB at 512) and
 * their multiples, where a lane or horizontal-sum overflow would show
 * first: all-0xff data (the largest words), random data and sparse data,
 * at start offsets 0, 1, 2 and 33, with initial sums 0, all-ones and one
 * other.  Checks 'partial' and 'copy' (the copied bytes and the byte after
 * them too), and that a partial sum is 0 exactly when the reference is.
 * Not built by CMake:
 *
 *   cmake -S . -B /tmp/b -DCMAKE_BUILD_TYPE=Release &&
 *       cmake --build /tmp/b -j2 --target inetcsum_static
 *   cc -O2 -Isrc -Iinclude bench/x86_proto/chunk_bounds.c \
 *      /tmp/b/libinetcsum.a -o /tmp/chunk_bounds && /tmp/chunk_bounds
 *
 * Exits non-zero and names kernel, length, offset, pattern and initial
 * sum on a mismatch.  About 10 s on one core.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "impl.h"

#define KIB ((size_t)1024)
#define MAX_LEN (3 * 1024 * KIB + 4096)
/* Room for the largest start offset and the byte after a copy. */
#define SLACK 128

static void
fill(u8 *p, size_t n, int pattern)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (pattern == 0)
			p[i] = 0xff;
		else if (pattern == 1)
			p[i] = (u8)rand();
		else
			p[i] = i % 7 == 0 ? 0xff : 0;
	}
}

static int
check_one(const struct inetcsum_kernel *k, const u8 *src, u8 *dst,
	  size_t len, u32 init, u32 ref)
{
	u32 a, c;

	memset(dst, 0, len + 1);
	a = k->partial(src, len, init);
	c = k->copy(dst, src, len, init);
	if (inetcsum_fold(a) != inetcsum_fold(ref) ||
	    inetcsum_fold(c) != inetcsum_fold(ref))
		return 1;
	if ((a == 0) != (ref == 0) || (c == 0) != (ref == 0))
		return 1;
	return memcmp(dst, src, len) != 0 || dst[len] != 0;
}

int
main(void)
{
	static const size_t bases[] = {
		65, 128 * KIB, 256 * KIB, 512 * KIB, 768 * KIB,
		1024 * KIB, 2048 * KIB, 3072 * KIB,
	};
	static const long deltas[] = {
		-130, -65, -64, -63, -2, -1, 0, 1, 2, 63, 64, 65, 130,
	};
	static const size_t offsets[] = { 0, 1, 2, 33 };
	static const u32 inits[] = { 0, 0xffffffffu, 0x12345 };
	u8 *src = malloc(MAX_LEN + SLACK), *dst = malloc(MAX_LEN + SLACK);
	unsigned long checks = 0, fails = 0;
	size_t b, d, o, i, n;
	int pattern;

	if (src == NULL || dst == NULL)
		return 2;
	for (pattern = 0; pattern < 3; pattern++) {
		fill(src, MAX_LEN + SLACK, pattern);
		for (b = 0; b < sizeof(bases) / sizeof(bases[0]); b++)
		for (d = 0; d < sizeof(deltas) / sizeof(deltas[0]); d++)
		for (o = 0; o < sizeof(offsets) / sizeof(offsets[0]); o++)
		for (i = 0; i < sizeof(inits) / sizeof(inits[0]); i++) {
			long l = (long)bases[b] + deltas[d];
			size_t len = (size_t)l, off = offsets[o];
			u32 ref;

			if (l < 0 || len > MAX_LEN)
				continue;
			ref = inetcsum_kernel_generic.partial(src + off, len,
							      inits[i]);
			for (n = 0; n < inetcsum_num_kernels; n++) {
				const struct inetcsum_kernel *k =
					inetcsum_kernels[n];

				if ((k->features & inetcsum_cpu_features()) !=
				    k->features)
					continue;
				checks++;
				if (check_one(k, src + off, dst + off, len,
					      inits[i], ref) == 0)
					continue;
				fails++;
				printf("FAIL %s len %zu offset %zu pattern %d "
				       "init 0x%08x\n", k->name, len, off,
				       pattern, (unsigned)inits[i]);
			}
		}
	}
	printf("%lu checks, %lu failures\n", checks, fails);
	free(src);
	free(dst);
	return fails != 0;
}
