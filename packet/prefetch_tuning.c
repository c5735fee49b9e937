/* SPDX-License-Identifier: MIT */
/*
 * packet/prefetch_tuning.c - the packet layer's two prefetch choices seen
 * and set through the API (include/inetcsum_packet.h,
 * inetcsum_packet_tuning()): the GRO walk's distance for far segments'
 * first lines (gro.c) and the level GSO prefetches its payload into
 * (gso.c).  Each lives in its file's hook (packet_hooks.h), which the
 * tests and benchmarks also set; unset, the tuning record's or table
 * row's choice applies (src/tuning.c).
 */
#include <stdatomic.h>

#include "packet_internal.h"
#include "packet_hooks.h"

/* The largest distance accepted: a burst longer than that is unusual. */
#define GRO_FAR_MAX	1024

void
inetcsum_pkt_prefetch_builtin(size_t *gro_far, int *gso_l2)
{
	size_t far = atomic_load_explicit(&inetcsum_pkt_gro_far,
					  memory_order_relaxed);
	int l2 = atomic_load_explicit(&inetcsum_pkt_gso_prefetch_l2,
				      memory_order_relaxed);

	if (far == 0)
		far = inetcsum_tuning_table_gro_far();
	*gro_far = far != 0 ? far : GRO_FAR;
	*gso_l2 = l2 >= 0 ? l2 != 0 : inetcsum_tuning_table_gso_l2() != 0;
}

INETCSUM_API void
inetcsum_packet_tuning(struct inetcsum_packet_tuning *t)
{
	if (t == NULL)
		return;
	t->gro_far = inetcsum_pkt_gro_far_in_use();
	t->gso_l2 = inetcsum_pkt_gso_prefetch_l2_in_use();
}

INETCSUM_API int
inetcsum_packet_tuning_set(size_t gro_far, int gso_l2)
{
	if (gro_far > GRO_FAR_MAX || gso_l2 < -1 || gso_l2 > 1)
		return -1;
	if (gro_far != 0)
		atomic_store_explicit(&inetcsum_pkt_gro_far, gro_far,
				      memory_order_relaxed);
	if (gso_l2 >= 0)
		atomic_store_explicit(&inetcsum_pkt_gso_prefetch_l2, gso_l2,
				      memory_order_relaxed);
	return 0;
}
