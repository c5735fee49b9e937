/* SPDX-License-Identifier: MIT */
/*
 * src/tuning_none.c - the tuning settings for CPUs whose kernels have none
 * to set at run time (all but x86-64, whose are in src/x86/tuning.c).
 */
#include "tuning.h"

#if !defined(__x86_64__) && !defined(_M_X64)
void
inetcsum_tuning_apply_prefetch(const struct inetcsum_tuning_row *row)
{
	(void)row;
}

void
inetcsum_tuning_apply_copy(const struct inetcsum_tuning_row *row)
{
	(void)row;
}

void
inetcsum_tuning_apply_large(u32 (*partial)(const void *, size_t, u32),
			    size_t min)
{
	(void)partial;
	(void)min;
}

INETCSUM_API int
inetcsum_prefetch_set(size_t distance)
{
	(void)distance;
	return -1;	/* no kernel here has a run-time distance */
}

size_t
inetcsum_tuning_prefetch_now(void)
{
	return 0;
}

size_t
inetcsum_tuning_prefetch_min_now(void)
{
	return 0;
}
#endif
