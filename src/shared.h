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

/*
 * The distance for the GRO walk's far segments on this CPU, the tuning
 * record's or else the built-in table's (src/tuning.h, 'gro_far'; 0: the
 * packet layer's default).  Not exported from the shared library.
 */
size_t inetcsum_tuning_gro_far(void);

/*
 * 1 where the tuning record or else the built-in table's row for this
 * CPU has software GSO prefetch the payload ahead into L2 instead of L1
 * (src/tuning.h, 'gso_prefetch_l2').  Not exported from the shared
 * library.
 */
int inetcsum_tuning_gso_prefetch_l2(void);

/* The built-in table's two, whatever a tuning record says. */
size_t inetcsum_tuning_table_gro_far(void);
int inetcsum_tuning_table_gso_l2(void);

/*
 * The packet layer's prefetch as inetcsum_packet_tuning_set() set it,
 * else as the built-in table has it, without reading a tuning record
 * (packet/prefetch_tuning.c): what inetcsum_tuning_export() writes.
 */
void inetcsum_pkt_prefetch_builtin(size_t *gro_far, int *gso_l2);

#endif /* INETCSUM_SHARED_H */
