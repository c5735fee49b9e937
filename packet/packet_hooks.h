/* SPDX-License-Identifier: MIT */
/*
 * packet/packet_hooks.h - the packet layer's settings that tests and
 * benchmarks reach below the API, to compare choices side by side that a
 * program never makes: the GRO walk's grouping and prefetch, the GSO
 * payload prefetch distance.  Declared here once for every program that
 * uses them (tests/packet/test_gro.c, bench/packet_jobs_bench.c,
 * bench/gso_bench.c), which link the static library; the shared library
 * does not export them (tests/suites/40-symbols.sh checks that its exports
 * are the installed headers' functions).  Nothing in the library reads
 * this header but the two files that define what it declares.
 */
#ifndef INETCSUM_PACKET_HOOKS_H
#define INETCSUM_PACKET_HOOKS_H

#include <stddef.h>

#include "inetcsum_packet.h"

/*
 * inetcsum_gro_verify() with its tuning as parameters (gro.c): 'group'
 * segments per inetcsum_partial_batch() call (0: GRO_CHUNK; (size_t)-1:
 * the per-segment loop, one inetcsum_partial() per segment), the segments
 * 'ahead' of those being summed prefetched (0: none), 'lines' 64-byte
 * lines of each (0: all), and in the loop the first line of a segment far
 * from its predecessor in memory 'far' segments ahead (0: as the rest).
 * Every choice gives the same 'status' and 'payload_sum'.  For
 * bench/packet_jobs_bench.c, which measures them side by side; not
 * exported from the shared library.
 */
size_t inetcsum_pkt_gro_verify(struct inetcsum_gro_seg *segs, size_t n,
			       size_t group, size_t ahead, size_t lines,
			       size_t far);

/*
 * How many segments ahead inetcsum_gso_segment() prefetches the payload
 * (gso.c; 0: not at all).  For bench/gso_bench.c, which measures the
 * distances side by side; not exported from the shared library.
 */
extern size_t inetcsum_pkt_gso_prefetch;

#endif /* INETCSUM_PACKET_HOOKS_H */
