/* SPDX-License-Identifier: MIT */
/*
 * bench/peers/peer_linux.c - Linux's x86-64 csum_partial() and its fused
 * copy as a peer.
 *
 * The kernel's own file, arch/x86/lib/csum-partial_64.c, is taken from the
 * kernel source that Debian packages (linux-source-6.12: /usr/src/
 * linux-source-6.12.tar.xz) when the benchmark is configured, included
 * here unchanged (its fused copy, csum-copy_64.S, is assembled beside
 * it), and compiled against the small headers in
 * bench/peers/linux_shim/ with the flags the kernel's x86-64 Makefile
 * gives it that matter for its code (bench/CMakeLists.txt, recorded in
 * INETCSUM_PEER_FLAGS).  Nothing of it is in this repository.  Its
 * symbols are renamed (linux_csum_partial) so that nothing else in the
 * program can collide with them.
 *
 * In 6.12, as in the 6.8 code issue 20 measured, that csum_partial() has a
 * path for exactly 40 bytes (an IPv6 header) and sums 80 bytes per loop
 * in two add-with-carry chains; kernel callers call it out of line.  The
 * batch op's loop is what a kernel caller writes for many buffers: the
 * running sum passed back in as csum_partial()'s third argument.  The
 * ipv4 op leaves it out: Linux sums IPv4 headers with ip_fast_csum(),
 * which that op's baseline already is (bench/engine/bench_ipfast.h).
 */
#include <stddef.h>
#include <stdint.h>

#include "inetcsum.h"	/* struct inetcsum_iovec only */

#define INETCSUM_HAVE_PEER_LINUX 1
#include "bench_peers.h"

/* The kernel's file itself (its path comes from bench/CMakeLists.txt). */
#include INETCSUM_LINUX_CSUM_SOURCE

/*
 * One call from the benchmark's loop, as one call from a kernel caller:
 * csum_partial() inlined here (flatten), then csum_fold() as the caller
 * writes it.  Without flatten this glue added a second call and return.
 */
static __attribute__((flatten)) uint16_t
linux_csum(const void *data, size_t len)
{
	return csum_fold(csum_partial(data, (int)len, 0));
}

/*
 * The fused copy as the kernel's csum_partial_copy_nocheck() calls it:
 * csum_partial_copy_generic(src, dst, len), whose sum starts from ~0 (so
 * that it is never 0, which the kernel's fault path uses), then folded.
 */
__wsum csum_partial_copy_generic(const void *src, void *dst, int len);

static uint16_t
linux_copy(void *dst, const void *src, size_t len)
{
	return csum_fold(csum_partial_copy_generic(src, dst, (int)len));
}

static void
linux_csum_loop(const struct inetcsum_iovec bufs[], size_t n,
		uint32_t sums[])
{
	size_t i;

	for (i = 0; i < n; i++)
		sums[i] = csum_partial(bufs[i].base, (int)bufs[i].len,
				       sums[i]);
}

const struct inetcsum_bench_peer inetcsum_peer_linux = {
	.name = "linux",
	.what = "Linux " INETCSUM_LINUX_VERSION " csum_partial "
		"+ csum_fold (arch/x86/lib/csum-partial_64.c), "
		"csum_partial_copy_generic (csum-copy_64.S); "
		"csum_partial per packet for batch",
	.csum = linux_csum,
	.copy = linux_copy,
	.ipv4 = NULL,		/* Linux sums headers with ip_fast_csum() */
	.csum_loop = linux_csum_loop,
	.max_len = 0x7fffffff,	/* its length is an int */
	.flags = INETCSUM_PEER_FLAGS,
	.isa = INETCSUM_BENCH_ISA,
};
