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
 * from its predecessor in memory 'far' segments ahead (0: as the rest)
 * and a segment near its predecessor 'near' segments ahead (0: 'ahead',
 * as the rest).  Every choice gives the same 'status' and
 * 'payload_sum'.  For bench/packet_jobs_bench.c, which measures them
 * side by side; not exported from the shared library.
 */
size_t inetcsum_pkt_gro_verify(struct inetcsum_gro_seg *segs, size_t n,
			       size_t group, size_t ahead, size_t lines,
			       size_t far, size_t near);

/*
 * The default walk's prefetch (gro.c says why these values): segment
 * i + GRO_AHEAD prefetched before segment i if it is far, with its first
 * line GRO_FAR ahead (or as far as the tuning table says for this CPU,
 * inetcsum_pkt_gro_far_in_use()), and segment i + GRO_NEAR_AHEAD if it
 * is near.  A segment is far when it starts before its predecessor's end
 * or GRO_NEAR_GAP bytes or more past it: the hardware prefetchers, which
 * follow a stream within a 4 KiB page, will not have fetched it.  Here
 * so that bench/packet_jobs_bench.c's floor and read limit prefetch with
 * the same values.
 */
#ifndef GRO_AHEAD
#define GRO_AHEAD	4
#endif
#ifndef GRO_FAR
#define GRO_FAR		32
#endif
#ifndef GRO_NEAR_AHEAD
#define GRO_NEAR_AHEAD	2
#endif
#define GRO_NEAR_GAP	4096

/*
 * The distance inetcsum_gro_verify() prefetches far segments' first lines
 * with on this CPU: inetcsum_packet_tuning_set()'s, else the tuning
 * record's or table row's (src/tuning.c, 'gro_far'), else GRO_FAR.
 */
size_t inetcsum_pkt_gro_far_in_use(void);

/*
 * How many segments ahead inetcsum_gso_segment() prefetches the payload
 * (gso.c; 0: not at all).  For bench/gso_bench.c, which measures the
 * distances side by side; not exported from the shared library.
 */
extern size_t inetcsum_pkt_gso_prefetch;

/*
 * Whether it prefetches it into L2 (prefetcht1) now, not L1:
 * inetcsum_packet_tuning_set()'s choice, else the tuning record's or
 * table's for this CPU (src/tuning.c, 'gso_prefetch_l2': L2 on Intel).
 */
int inetcsum_pkt_gso_prefetch_l2_in_use(void);

#endif /* INETCSUM_PACKET_HOOKS_H */
