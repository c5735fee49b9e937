/* SPDX-License-Identifier: MIT */
/*
 * bench/micro/ab_builds.c - two or more builds of libinetcsum side by side.
 *
 * A change to a kernel is judged against the build before it, in one
 * process: each build's libinetcsum.so is loaded with dlopen() (its own
 * copy of every symbol, RTLD_LOCAL) and its inetcsum_copy() or
 * inetcsum_partial() is timed in turn with glibc's memcpy() as a yardstick,
 * round after round, so that the host's drift (these are shared machines)
 * falls on every build alike.  Hot: the same buffers every call, 200 calls
 * per sample, best of 301 samples, in TSC ticks.  It prints each build
 * against memcpy and against the first build (> 1: faster than it).  List
 * the same build twice to see the noise, and in both orders: on Zen 5 the
 * code's layout alone moved unchanged paths by 5-10%.  Not built by CMake.
 *
 *   cc -O2 bench/micro/ab_builds.c -o ab_builds -ldl
 *   taskset -c 1 ./ab_builds copy 0 2 OLD/libinetcsum.so NEW/libinetcsum.so
 *
 * The arguments: the operation (copy or partial), the source's and the
 * destination's offsets past a 64-byte boundary, then the libraries (at
 * most 8).  AB_SIZES="300,1500" replaces the default sizes.  The source
 * starts a page, the destination 2048 bytes (AB_DST_PHASE) plus its
 * offset into another: a destination a few lines past the source's
 * position in its page (64 bytes, say) makes each load wait on the store
 * before it, which shares the low 12 bits of its address ("4K aliasing"),
 * and measures that instead of the copy.
 */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

typedef uint32_t (*copy_fn)(void *, const void *, size_t, uint32_t);
typedef uint32_t (*partial_fn)(const void *, size_t, uint32_t);

#define MAX_LIBS 8
#define MAX_SIZES 32
#define BUF (1 << 17)

/* Called through a volatile pointer, so that no call can be elided. */
static void *(*volatile memcpy_fn)(void *, const void *, size_t) = memcpy;

static size_t
parse_sizes(const char *s, size_t *out)
{
	size_t n = 0;

	while (s != NULL && *s != '\0' && n < MAX_SIZES) {
		char *end;
		unsigned long v = strtoul(s, &end, 10);

		if (end == s || v == 0 || v > BUF / 2)
			break;
		out[n++] = v;
		s = *end == ',' ? end + 1 : end;
	}
	return n;
}

int
main(int argc, char **argv)
{
	static const size_t def[] = { 300, 576, 1024, 1100, 1448, 1500, 2048,
				      2100, 4096 };
	void *fn[MAX_LIBS];
	size_t sizes[MAX_SIZES], ns, so, dof, phase, k;
	unsigned char *src, *dst;
	int copy, nl, i, r;

	if (argc < 5 || argc - 4 > MAX_LIBS ||
	    (strcmp(argv[1], "copy") != 0 && strcmp(argv[1], "partial") != 0)) {
		fprintf(stderr, "usage: ab_builds copy|partial SRC_OFF DST_OFF "
			"LIB.so... (at most %d)\n", MAX_LIBS);
		return 2;
	}
	copy = strcmp(argv[1], "copy") == 0;
	so = strtoul(argv[2], NULL, 10) % 64;
	dof = strtoul(argv[3], NULL, 10) % 64;
	nl = argc - 4;
	phase = getenv("AB_DST_PHASE") != NULL ?
		strtoul(getenv("AB_DST_PHASE"), NULL, 10) % 4096 : 2048;
	phase -= phase % 64;
	ns = parse_sizes(getenv("AB_SIZES"), sizes);
	if (ns == 0) {
		ns = sizeof(def) / sizeof(def[0]);
		memcpy(sizes, def, sizeof(def));
	}
	src = aligned_alloc(4096, BUF);
	dst = aligned_alloc(4096, BUF);
	if (src == NULL || dst == NULL)
		return 1;
	for (i = 0; i < BUF; i++)
		src[i] = (unsigned char)(i * 7 + 3);
	memset(dst, 0, BUF);
	for (i = 0; i < nl; i++) {
		void *h = dlopen(argv[4 + i], RTLD_NOW | RTLD_LOCAL);

		fn[i] = h != NULL ? dlsym(h, copy ? "inetcsum_copy" :
						     "inetcsum_partial") : NULL;
		if (fn[i] == NULL) {
			fprintf(stderr, "ab_builds: %s: %s\n", argv[4 + i],
				h == NULL ? dlerror() : "no such function");
			return 1;
		}
	}
	printf("%s, hot, source +%zu, destination +%zu (+%zu in its page); "
	       "ticks of the first build; ratios of time (> 1: faster)\n"
	       "%6s %8s", argv[1], so, dof, phase, "bytes", "ticks");
	for (i = 0; i < nl; i++)
		printf("  memcpy/%d", i);
	for (i = 1; i < nl; i++)
		printf("     0/%d", i);
	printf("\n");
	for (k = 0; k < ns; k++) {
		size_t len = sizes[k];
		double best[MAX_LIBS + 1];

		for (i = 0; i <= nl; i++)
			best[i] = 1e300;
		for (r = 0; r < 301; r++) {
			for (i = 0; i <= nl; i++) {
				uint64_t t0, t;
				uint32_t acc = 0;
				int n;

				t0 = __rdtsc();
				for (n = 0; n < 200; n++) {
					if (i == nl)
						acc += (uint32_t)(uintptr_t)
						       memcpy_fn(dst + phase + dof,
								 src + so, len);
					else if (copy)
						acc += ((copy_fn)fn[i])(
							dst + phase + dof,
							src + so, len, 0);
					else
						acc += ((partial_fn)fn[i])(
							src + so, len, 0);
				}
				t = __rdtsc() - t0;
				if ((double)t < best[i])
					best[i] = (double)t;
				__asm__ volatile("" : : "r"(acc));
			}
		}
		printf("%6zu %8.1f", len, best[0] / 200);
		for (i = 0; i < nl; i++)
			printf("  %8.3f", best[nl] / best[i]);
		for (i = 1; i < nl; i++)
			printf("  %6.3f", best[0] / best[i]);
		printf("\n");
	}
	return 0;
}
