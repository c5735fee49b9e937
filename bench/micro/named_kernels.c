/* SPDX-License-Identifier: MIT */
/*
 * bench/micro/named_kernels.c - inetcsum_copy() and inetcsum_partial() at
 * 20, 40 and 64 bytes, hot, with the automatic choice and with kernels
 * selected by name (inetcsum_impl_select(), as INETCSUM_IMPL does), in
 * turn in one process, in an order reversed every other sample: what
 * selecting a kernel by name costs against letting the library choose
 * (issue 20 item 5: at most 1.1x the automatic choice's time).  Each call
 * takes the previous result's low bit as its starting sum, so the calls
 * form one chain: latency per call, best of 301 samples of 200 calls, in
 * TSC ticks.  Not built by CMake.
 *
 *   cc -O2 -Iinclude bench/micro/named_kernels.c -o named_kernels \
 *      -LBUILD -linetcsum -Wl,-rpath,BUILD
 *   taskset -c 1 ./named_kernels x86_avx512_vnni x86_avx512 x86_avx2
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <x86intrin.h>

#include "inetcsum.h"

#define MAX_NAMES 8
#define SAMPLES 301
#define CALLS 200
#define NSIZES 3
#define DST_PHASE 2048	/* away from the source in its page: no 4K aliasing */

static unsigned char src[4096] __attribute__((aligned(64)));
static unsigned char dst[4096 + DST_PHASE] __attribute__((aligned(64)));
static volatile uint32_t sink;

int
main(int argc, char **argv)
{
	static const size_t size[NSIZES] = { 20, 40, 64 };
	static uint64_t best[2][MAX_NAMES][NSIZES];
	const char *name[MAX_NAMES] = { "auto" };
	int n = 1, i, s, k, r, op;

	for (i = 1; i < argc && n < MAX_NAMES; i++)
		name[n++] = argv[i];
	for (i = 0; i < (int)sizeof(src); i++)
		src[i] = (unsigned char)(i * 7 + 3);
	memset(best, 0xff, sizeof(best));
	for (s = 0; s < SAMPLES; s++) {
		for (i = 0; i < n; i++) {
			int b = (s & 1) ? n - 1 - i : i;

			if (inetcsum_impl_select(name[b]) != 0) {
				fprintf(stderr, "named_kernels: %s cannot "
					"be selected here\n", name[b]);
				return 1;
			}
			for (k = 0; k < NSIZES; k++) {
				uint32_t x = 0;
				uint64_t t = __rdtsc();

				for (r = 0; r < CALLS; r++)
					x += inetcsum_copy(dst + DST_PHASE, src,
							   size[k], x & 1);
				t = __rdtsc() - t;
				if (t < best[0][b][k])
					best[0][b][k] = t;
				t = __rdtsc();
				for (r = 0; r < CALLS; r++)
					x += inetcsum_partial(src, size[k],
							      x & 1);
				t = __rdtsc() - t;
				if (t < best[1][b][k])
					best[1][b][k] = t;
				sink += x;
			}
		}
	}
	printf("hot, one chain of calls, best of %d samples of %d: ticks per "
	       "call (time / auto's time)\n", SAMPLES, CALLS);
	for (op = 0; op < 2; op++)
		for (k = 0; k < NSIZES; k++) {
			printf("%-7s %2zu B:", op ? "partial" : "copy", size[k]);
			for (i = 0; i < n; i++)
				printf("  %s %.1f (%.2fx)", name[i],
				       (double)best[op][i][k] / CALLS,
				       (double)best[op][i][k] /
				       (double)best[op][0][k]);
			printf("\n");
		}
	return 0;
}
