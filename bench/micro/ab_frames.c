/* SPDX-License-Identifier: MIT */
/*
 * bench/micro/ab_frames.c - inetcsum_frame_check() or inetcsum_frame_fix()
 * of two or more builds of libinetcsum side by side, as ab_builds.c does
 * for the kernels: each build's libinetcsum.so is loaded with dlopen()
 * (RTLD_LOCAL: its own copy of every symbol) and timed in turn, in an
 * order reversed every other sample, so that the host's drift falls on
 * every build alike.  Hot: the same frames every call, 200 calls per
 * sample, best of 301 samples, in TSC ticks.  A change to the packet
 * layer's common path is judged against the build before it; list a build
 * twice, under two names (a copy of the file: dlopen() of one path twice
 * is one copy), to see the noise: on Zen 5 code layout alone moved
 * unchanged paths by 5%.  Not built by CMake.
 *
 *   cc -O2 -Iinclude bench/micro/ab_frames.c -o ab_frames -ldl
 *   taskset -c 1 ./ab_frames fix OLD/libinetcsum.so NEW/libinetcsum.so
 *
 * The frames: Ethernet, IPv4, TCP, all fields correct (1514 and 64
 * bytes); 1514 bytes whose IPv4 header sum is wrong before every call
 * (fix rewrites it; check reports it); 74 bytes with 20 bytes of IPv4
 * options (NOPs).  The first build fills in their fields.
 */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#include "inetcsum_packet.h"

#define MAX_LIBS 8
#define KINDS 4
#define SAMPLES 301
#define CALLS 200
#define LINKTYPE_ETHERNET 1

typedef int (*fix_fn)(int, uint8_t *, size_t, size_t, unsigned,
		      struct inetcsum_frame_result *);
typedef int (*check_fn)(int, const uint8_t *, size_t, size_t,
			struct inetcsum_frame_result *);

static const char *const kind_name[KINDS] = {
	"1514 B, correct", "64 B, correct", "1514 B, IPv4 sum wrong",
	"74 B, 20 B of options",
};
static const size_t kind_len[KINDS] = { 1514, 64, 1514, 74 };
static const size_t kind_ihl[KINDS] = { 20, 20, 20, 40 };
static uint8_t frame[KINDS][1514];

/* Ethernet, IPv4 (options: NOPs), TCP with data offset 5; zero sums. */
static void
make(uint8_t *f, size_t len, size_t ihl)
{
	size_t i;

	memset(f, 0, len);
	f[12] = 0x08;			/* EtherType IPv4 */
	f[14] = (uint8_t)(0x40 | ihl / 4);
	f[16] = (uint8_t)((len - 14) >> 8);
	f[17] = (uint8_t)(len - 14);
	f[22] = 64;			/* TTL */
	f[23] = 6;			/* TCP */
	f[26] = 192;
	f[29] = 1;
	f[30] = 198;
	f[33] = 2;
	for (i = 20; i < ihl; i++)
		f[14 + i] = 1;		/* NOP */
	f[14 + ihl + 12] = 5 << 4;
	for (i = 14 + ihl + 20; i < len; i++)
		f[i] = (uint8_t)(i * 7 + 3);
}

int
main(int argc, char **argv)
{
	static uint64_t best[MAX_LIBS][KINDS];
	fix_fn fix[MAX_LIBS];
	check_fn check[MAX_LIBS];
	struct inetcsum_frame_result out;
	int nl = argc - 2, l, k, s, r, do_fix;

	if (argc < 3 || nl > MAX_LIBS ||
	    (strcmp(argv[1], "fix") != 0 && strcmp(argv[1], "check") != 0)) {
		fprintf(stderr, "usage: ab_frames fix|check LIB.so... "
			"(at most %d)\n", MAX_LIBS);
		return 2;
	}
	do_fix = strcmp(argv[1], "fix") == 0;
	for (l = 0; l < nl; l++) {
		void *h = dlopen(argv[2 + l], RTLD_NOW | RTLD_LOCAL);

		fix[l] = h ? (fix_fn)dlsym(h, "inetcsum_frame_fix") : NULL;
		check[l] = h ? (check_fn)dlsym(h, "inetcsum_frame_check") :
			       NULL;
		if (fix[l] == NULL || check[l] == NULL) {
			fprintf(stderr, "ab_frames: %s: %s\n", argv[2 + l],
				h == NULL ? dlerror() : "no frame functions");
			return 1;
		}
	}
	for (k = 0; k < KINDS; k++) {
		make(frame[k], kind_len[k], kind_ihl[k]);
		fix[0](LINKTYPE_ETHERNET, frame[k], kind_len[k], kind_len[k],
		       0, &out);
	}
	memset(best, 0xff, sizeof(best));
	for (s = 0; s < SAMPLES; s++) {
		for (l = 0; l < nl; l++) {
			int b = (s & 1) ? nl - 1 - l : l;

			for (k = 0; k < KINDS; k++) {
				uint8_t *f = frame[k];
				size_t n = kind_len[k];
				uint64_t t = __rdtsc();

				for (r = 0; r < CALLS; r++) {
					if (k == 2)	/* the header sum */
						f[24] ^= 0x55;
					if (do_fix)
						fix[b](LINKTYPE_ETHERNET, f,
						       n, n, 0, &out);
					else
						check[b](LINKTYPE_ETHERNET,
							 f, n, n, &out);
				}
				t = __rdtsc() - t;
				if (t < best[b][k])
					best[b][k] = t;
			}
		}
	}
	printf("inetcsum_frame_%s, hot, best of %d samples of %d calls: "
	       "ticks per call, and build 0's time over each build's "
	       "(> 1: faster than build 0)\n", argv[1], SAMPLES, CALLS);
	for (k = 0; k < KINDS; k++) {
		printf("%-24s", kind_name[k]);
		for (l = 0; l < nl; l++)
			printf("  %d: %6.1f %5.3fx", l,
			       (double)best[l][k] / CALLS,
			       (double)best[0][k] / (double)best[l][k]);
		printf("\n");
	}
	return 0;
}
