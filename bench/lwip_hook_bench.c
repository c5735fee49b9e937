/* SPDX-License-Identifier: MIT */
/*
 * bench/lwip_hook_bench.c - lwIP's checksum with inetcsum_lwip.h's
 * hooks against lwIP's own, through lwIP's own callers in Debian's
 * liblwip.so (the interposition of tests/lwip/lwip_interpose.h, which
 * the test uses too).  Timed: inet_chksum() of one buffer,
 * inet_chksum_pseudo() of a 3-pbuf chain (TCP's path), and the copy hook
 * against lwip_chksum_copy(), at packet sizes, at an even and an odd
 * address.
 *
 * lwIP has three built-in algorithms (LWIP_CHKSUM_ALGORITHM 1, 2, 3 in
 * src/core/inet_chksum.c).  Debian compiles one, the default 2, into
 * liblwip.so, and ships no lwIP sources to build the others from; this
 * measures that one only (the library's lwip_standard_chksum(): a 16-bit
 * loop, bytes swapped at odd addresses, seen in its disassembly).
 *
 *   lwip_hook_bench [--quick]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lwip/opt.h>
#include <lwip/inet_chksum.h>
#include <lwip/ip_addr.h>
#include <lwip/pbuf.h>

#include "inetcsum.h"
#include "lwip_interpose.h"
#include "bench_timer.h"	/* the bench engine's clock */

static volatile unsigned sink;

enum job { FLAT, CHAIN, COPY };

static unsigned char *src, *dst;
static struct pbuf chain[3];
static ip4_addr_t s4 = { 0x0100000a }, d4 = { 0x0200000a };

static unsigned
run(enum job j, size_t len, size_t off)
{
	switch (j) {
	case FLAT:
		return inet_chksum(src + off, (u16_t)len);
	case CHAIN:
		return inet_chksum_pseudo(chain, 6, (u16_t)len, &s4, &d4);
	case COPY:
		/* LWIP_CHKSUM_COPY as lwIP calls it. */
		return hook_mode ? hook_chksum_copy(dst + off, src, (u16_t)len) :
			lwip_own_chksum_copy(dst + off, src, (u16_t)len);
	}
	return 0;
}

/* Best ns per call over 'rounds' rounds of about 20 ms each. */
static double
time_job(enum job j, size_t len, size_t off, int mode, int rounds)
{
	double best = 1e30;
	unsigned long iters = 1;
	int r;

	hook_mode = mode;
	/* Calibrate: double the iterations until a round takes 20 ms. */
	for (;;) {
		double t0 = inetcsum_bench_now_ns(), t;
		unsigned long i;

		for (i = 0; i < iters; i++)
			sink += run(j, len, off);
		t = inetcsum_bench_now_ns() - t0;
		if (t > 2e7 || iters > (1ul << 30))
			break;
		iters *= 2;
	}
	for (r = 0; r < rounds; r++) {
		double t0 = inetcsum_bench_now_ns(), t;
		unsigned long i;

		for (i = 0; i < iters; i++)
			sink += run(j, len, off);
		t = (inetcsum_bench_now_ns() - t0) / (double)iters;
		if (t < best)
			best = t;
	}
	hook_mode = 0;
	return best;
}

/* Three pbufs of 'len' bytes in all: a header pbuf and two data pbufs. */
static void
make_chain(size_t len, size_t off)
{
	size_t a = len < 54 ? len : 54, b = (len - a) / 2, c = len - a - b;

	memset(chain, 0, sizeof(chain));
	chain[0].payload = src + off;
	chain[0].len = (u16_t)a;
	chain[1].payload = src + off + a;
	chain[1].len = (u16_t)b;
	chain[2].payload = src + off + a + b;
	chain[2].len = (u16_t)c;
	chain[0].next = &chain[1];
	chain[1].next = &chain[2];
	chain[2].tot_len = (u16_t)c;
	chain[1].tot_len = (u16_t)(b + c);
	chain[0].tot_len = (u16_t)len;
}

int
main(int argc, char **argv)
{
	static const size_t sizes[] = { 20, 64, 576, 1500, 9000, 65535 };
	static const char *const names[] = {
		"inet_chksum", "inet_chksum_pseudo, 3 pbufs", "chksum_copy",
	};
	int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
	int rounds = quick ? 1 : 7;
	size_t i, off;
	int j;

	if (hook_init() < 0)
		return 1;
	src = malloc(65536 + 64);
	dst = malloc(65536 + 64);
	if (src == NULL || dst == NULL)
		return 1;
	for (i = 0; i < 65536 + 64; i++)
		src[i] = (unsigned char)(i * 7 + 3);
	printf("lwIP's checksum (Debian's liblwip.so, LWIP_CHKSUM_ALGORITHM 2,"
	       " the only one it ships) against inetcsum_lwip.h's hooks (kernel"
	       " %s), through lwIP's own callers; best of %d rounds, ns per "
	       "call\n", inetcsum_impl_name(), rounds);
	printf("%-28s %6s %5s %10s %10s %8s\n", "call", "bytes", "addr",
	       "lwIP ns", "hook ns", "speedup");
	for (j = FLAT; j <= COPY; j++) {
		for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			for (off = 0; off < 2; off++) {
				double own, hook;

				if (quick && sizes[i] > 1500)
					continue;
				make_chain(sizes[i], off);
				own = time_job((enum job)j, sizes[i], off, 0,
					       rounds);
				hook = time_job((enum job)j, sizes[i], off, 1,
						rounds);
				printf("%-28s %6zu %5s %10.1f %10.1f %7.1fx\n",
				       names[j], sizes[i], off ? "odd" : "even",
				       own, hook, own / hook);
			}
		}
	}
	free(src);
	free(dst);
	return 0;
}
