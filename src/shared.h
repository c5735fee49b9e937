/* SPDX-License-Identifier: MIT */
/*
 * src/shared.h - what the checksum core (src/) gives the packet layer
 * (packet/) beyond the public API, and the only header of src/ that
 * packet/ includes: the internal types and ones'-complement helpers
 * (common.h) and the copy kernel in use.  Everything else packet/ needs it
 * takes from include/inetcsum.h, as a user of the library would.
 */
#ifndef INETCSUM_SHARED_H
#define INETCSUM_SHARED_H

#include "common.h"

/*
 * The copy of the kernel in use (src/dispatch.c), for a loop that calls it
 * many times (packet/gso.c): inetcsum_copy() without the look-up of the
 * kernel on every call.  The same sums, whichever kernel is in use.  Not
 * exported from the shared library.
 */
inetcsum_copy_fn inetcsum_pkt_copy_kernel(void);

/* The GRO walk's far distance where a row gives none (packet/gro.c). */
#define INETCSUM_GRO_FAR_DEFAULT	32
/* The largest far distance inetcsum_packet_tuning_set() and a tuning
 * record accept: a burst longer than that is unusual. */
#define INETCSUM_GRO_FAR_MAX	1024

/*
 * The packet layer's prefetch on this CPU (src/tuning.c), each into its
 * pointer unless that is NULL: how many segments ahead the GRO walk
 * prefetches a far segment's first line (never 0), and 1 where software
 * GSO prefetches the payload into L2 instead of L1 (src/tuning.h,
 * 'gro_far', 'gso_prefetch_l2'): what inetcsum_tuning_packet_set() set,
 * else the tuning record's, else the built-in table's.  Not exported
 * from the shared library.
 */
void inetcsum_tuning_packet(size_t *gro_far, int *gso_l2);

/* Overrides them for the rest of the process (0 and -1: keep that one;
 * inetcsum_packet_tuning_set() checks the range). */
void inetcsum_tuning_packet_set(size_t gro_far, int gso_l2);

/* The two as set, else as the built-in table's row has them, without
 * reading a tuning record: what inetcsum_tuning_export() writes.  Both
 * pointers non-NULL. */
void inetcsum_tuning_packet_builtin(size_t *gro_far, int *gso_l2);

#endif /* INETCSUM_SHARED_H */
