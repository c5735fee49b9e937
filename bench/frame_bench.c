/* SPDX-License-Identifier: MIT */
/*
 * bench/frame_bench.c - how many frames per second
 * inetcsum_frame_check() handles, for a few typical frames held hot in
 * cache (the pcap reader's cost is the CLI's business, not this one's).
 *
 *   frame_bench [-n FRAMES]      FRAMES per kind and round (default 2M)
 *
 * Best of 5 rounds per kind.  Beside each kind, the same process times one
 * bare inetcsum_partial() pass over the frame from its IP header on: the
 * floor for any checker, and a ratio that survives a noisy host.  Run it
 * pinned (taskset -c 1) on a quiet
 * machine; only ratios between kinds from one run are meaningful on a
 * shared host.  The clock is the bench engine's (bench/engine/
 * bench_timer.h), in nanoseconds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frames.h"
#include "bench_timer.h"

/* Keeps the bare sums from being optimised away. */
static volatile uint32_t sink;

struct kind {
	const char *name;
	struct fb fb;
};

static void
build(struct kind *k)
{
	struct fb *fb = &k[0].fb;

	k[0].name = "eth ipv4 tcp, 1514 B";
	fb_init(fb);
	fb_eth(fb, NULL, 0, 0x0800);
	fb_ipv4(fb, 6, "192.0.2.1", "198.51.100.2", NULL, 0);
	fb_tcp(fb);
	fb_payload(fb, 1460, 1);
	fb_finish(fb);

	k[1].name = "eth ipv4 tcp ack, 54 B";
	fb = &k[1].fb;
	fb_init(fb);
	fb_eth(fb, NULL, 0, 0x0800);
	fb_ipv4(fb, 6, "192.0.2.1", "198.51.100.2", NULL, 0);
	fb_tcp(fb);
	fb_finish(fb);

	k[2].name = "eth ipv6 udp, 574 B";
	fb = &k[2].fb;
	fb_init(fb);
	fb_eth(fb, NULL, 0, 0x86dd);
	fb_ipv6(fb, 17, "2001:db8::1", "2001:db8::2");
	fb_udp(fb, 0);
	fb_payload(fb, 512, 2);
	fb_finish(fb);

	k[3].name = "eth ipv4 gre(c) ipv4 tcp, 1514 B";
	fb = &k[3].fb;
	fb_init(fb);
	fb_eth(fb, NULL, 0, 0x0800);
	fb_ipv4(fb, 47, "192.0.2.1", "198.51.100.2", NULL, 0);
	fb_gre(fb, 0x8000, 0x0800);
	fb_ipv4(fb, 6, "10.0.0.1", "10.0.0.2", NULL, 0);
	fb_tcp(fb);
	fb_payload(fb, 1432, 3);
	fb_finish(fb);
}

int
main(int argc, char **argv)
{
	static struct kind k[4];
	unsigned long frames = 2000000;
	size_t i, round;

	if (argc == 3 && strcmp(argv[1], "-n") == 0)
		frames = strtoul(argv[2], NULL, 0);
	build(k);
	printf("kernel %s, %lu frames per round, best of 5\n",
	       inetcsum_impl_name(), frames);
	for (i = 0; i < 4; i++) {
		double best = 1e30, bare = 1e30;
		size_t layers = 0;

		for (round = 0; round < 5; round++) {
			struct inetcsum_frame_result r;
			double t0 = inetcsum_bench_now_ns(), dt;
			unsigned long j;

			for (j = 0; j < frames; j++) {
				inetcsum_frame_check(1, k[i].fb.b, k[i].fb.len,
						     k[i].fb.len, &r);
				layers += r.nlayers;
				/* Keep the call from being hoisted. */
				__asm__ volatile("" : : "g"(&r) : "memory");
			}
			dt = inetcsum_bench_now_ns() - t0;
			if (dt < best)
				best = dt;
		}
		/* Side by side: one bare checksum pass over the same frame. */
		for (round = 0; round < 5; round++) {
			double t0 = inetcsum_bench_now_ns(), dt;
			unsigned long j;

			for (j = 0; j < frames; j++)
				sink = inetcsum_partial(k[i].fb.b + 14,
							 k[i].fb.len - 14, 0);
			dt = inetcsum_bench_now_ns() - t0;
			if (dt < bare)
				bare = dt;
		}
		if (layers == 0) {
			fprintf(stderr, "no layers parsed\n");
			return 1;
		}
		printf("%-34s %7.1f ns/frame %6.2f Mframes/s %6.2f GB/s "
		       "%6.1f ns bare sum (x%.1f)\n",
		       k[i].name, best / (double)frames,
		       (double)frames / best * 1e3,
		       (double)frames * (double)k[i].fb.len / best,
		       bare / (double)frames, best / bare);
	}
	return 0;
}
