/* SPDX-License-Identifier: MIT */
/*
 * bench/x86_proto/short_dispatch.c - what the indirect call of the
 * dispatcher costs on short inputs: inetcsum_partial() (one atomic load, an
 * indirect jump to the kernel, which tail-calls the shared x86 short path)
 * against calling the short path directly.  The numbers justify (or not) a
 * small-length test in inetcsum_partial() before the indirect call
 * (STYLE.md section 5.5).  Not built by CMake; from the top of the tree:
 *
 *   cmake -S . -B /tmp/b && cmake --build /tmp/b -j2 --target inetcsum_static
 *   cc -O2 -Isrc -Iinclude bench/x86_proto/short_dispatch.c \
 *      /tmp/b/libinetcsum.a -o /tmp/short_dispatch
 *   taskset -c 1 /tmp/short_dispatch
 *
 * Both loops run in the same process, alternately, 200 rounds of 10000
 * calls each; the fastest round of each is reported (ns per call from the
 * TSC frequency measured against CLOCK_MONOTONIC).
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include "inetcsum.h"
#include "x86/csum_x86_scalar.h"

static double
tsc_per_ns(void)
{
	struct timespec a, b;
	unsigned long long t0, t1;
	double ns;

	clock_gettime(CLOCK_MONOTONIC, &a);
	t0 = __rdtsc();
	do {
		clock_gettime(CLOCK_MONOTONIC, &b);
		ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
	} while (ns < 1e8);
	t1 = __rdtsc();
	return (double)(t1 - t0) / ns;
}

int
main(void)
{
	static const size_t lens[] = { 20, 40, 64 };
	unsigned char buf[64];
	volatile unsigned sink = 0;
	double f = tsc_per_ns();
	size_t li;

	memset(buf, 0x5a, sizeof(buf));
	sink += inetcsum_partial(buf, 20, 0);	/* resolve the kernel */
	printf("kernel %s\n", inetcsum_impl_name());
	for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
		double best_api = 1e30, best_direct = 1e30;
		int r, i;

		for (r = 0; r < 200; r++) {
			unsigned long long t0, t1, t2;
			unsigned s = 0;

			t0 = __rdtsc();
			for (i = 0; i < 10000; i++)
				s += inetcsum_partial(buf, lens[li], 0);
			t1 = __rdtsc();
			for (i = 0; i < 10000; i++)
				s += inetcsum_x86_partial_short(buf, lens[li],
								0);
			t2 = __rdtsc();
			sink += s;
			if ((t1 - t0) / 1e4 < best_api)
				best_api = (t1 - t0) / 1e4;
			if ((t2 - t1) / 1e4 < best_direct)
				best_direct = (t2 - t1) / 1e4;
		}
		printf("%2zu bytes: inetcsum_partial %.2f ns, "
		       "short path called directly %.2f ns\n", lens[li],
		       best_api / f, best_direct / f);
	}
	return sink == 12345;
}
