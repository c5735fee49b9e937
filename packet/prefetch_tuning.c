/* SPDX-License-Identifier: MIT */
/*
 * packet/prefetch_tuning.c - the packet layer's two prefetch choices seen
 * and set through the API (include/inetcsum_packet.h,
 * inetcsum_packet_tuning()): the GRO walk's distance for far segments'
 * first lines (gro.c) and the level GSO prefetches its payload into
 * (gso.c).  The override is kept beside the tuning record's and table's
 * choices it overrides (src/tuning.c, inetcsum_tuning_packet_set()), where
 * the record's export can see it without the packet layer.
 */
#include "packet_internal.h"

INETCSUM_API void
inetcsum_packet_tuning(struct inetcsum_packet_tuning *t)
{
	if (t == NULL)
		return;
	inetcsum_tuning_packet(&t->gro_far, &t->gso_l2);
}

INETCSUM_API int
inetcsum_packet_tuning_set(size_t gro_far, int gso_l2)
{
	if (gro_far > INETCSUM_GRO_FAR_MAX || gso_l2 < -1 || gso_l2 > 1)
		return -1;
	inetcsum_tuning_packet_set(gro_far, gso_l2);
	return 0;
}
