/* SPDX-License-Identifier: MIT */
/*
 * src/x86/tuning.c - the run-time settings of the x86-64 vector kernels
 * that a tuning row (src/tuning.c) applies and the kernels read
 * (csum_x86_scalar.h declares them): the prefetch distance, the copy's
 * main loop, and the size class that hands large sums to another kernel.
 * Each is a relaxed atomic: a kernel that reads an old value still sums
 * exactly, only with the older setting.  Other CPUs have the stubs of
 * src/tuning_none.c.
 */
#include <stdatomic.h>
#include <stdint.h>

#include "../tuning.h"
#include "cpu_features.h"

#ifdef INETCSUM_ARCH_X86_64
#include "csum_x86_scalar.h"

_Atomic(size_t) inetcsum_x86_prefetch = INETCSUM_X86_PREFETCH_DISTANCE;
/* 0: prefetch in every buffer, until a row says otherwise. */
_Atomic(size_t) inetcsum_x86_prefetch_min = 0;
/* SIZE_MAX: never (the VNNI loop), until a row says otherwise. */
_Atomic(size_t) inetcsum_x86_copy_madd_min = SIZE_MAX;

void
inetcsum_tuning_apply_copy(const struct inetcsum_tuning_row *row)
{
	atomic_store_explicit(&inetcsum_x86_copy_madd_min,
			      row->copy_madd_min != 0 ? row->copy_madd_min :
							SIZE_MAX,
			      memory_order_relaxed);
}

/* SIZE_MAX: never, until the table's own choice says otherwise. */
_Atomic(size_t) inetcsum_x86_large_min = SIZE_MAX;
/* Static storage: a null pointer until a row sets it. */
_Atomic(inetcsum_partial_fn) inetcsum_x86_large_partial;

void
inetcsum_tuning_apply_large(u32 (*partial)(const void *, size_t, u32),
			    size_t min)
{
	/*
	 * The function first, then the threshold; the kernel tests the
	 * function for NULL too, so no order of the two loads can call a
	 * null pointer.
	 */
	if (partial != NULL)
		atomic_store_explicit(&inetcsum_x86_large_partial, partial,
				      memory_order_relaxed);
	atomic_store_explicit(&inetcsum_x86_large_min,
			      partial != NULL && min != 0 ? min : SIZE_MAX,
			      memory_order_relaxed);
}
#ifndef INETCSUM_X86_PREFETCH_FIXED
/* Set by inetcsum_prefetch_set(): the table no longer applies. */
static atomic_int prefetch_by_program = 0;
#endif

void
inetcsum_tuning_apply_prefetch(const struct inetcsum_tuning_row *row)
{
#ifndef INETCSUM_X86_PREFETCH_FIXED
	if (row->prefetch >= 0 &&
	    !atomic_load_explicit(&prefetch_by_program, memory_order_relaxed)) {
		atomic_store_explicit(&inetcsum_x86_prefetch,
				      (size_t)row->prefetch,
				      memory_order_relaxed);
		atomic_store_explicit(&inetcsum_x86_prefetch_min,
				      row->prefetch_min, memory_order_relaxed);
	}
#else
	(void)row;
#endif
}

INETCSUM_API int
inetcsum_prefetch_set(size_t distance)
{
#ifdef INETCSUM_X86_PREFETCH_FIXED
	(void)distance;
	return -1;
#else
	/* A distance the program sets applies to every buffer. */
	atomic_store_explicit(&prefetch_by_program, 1, memory_order_relaxed);
	atomic_store_explicit(&inetcsum_x86_prefetch_min, 0,
			      memory_order_relaxed);
	atomic_store_explicit(&inetcsum_x86_prefetch, distance,
			      memory_order_relaxed);
	return 0;
#endif
}

size_t
inetcsum_tuning_prefetch_now(void)
{
	return atomic_load_explicit(&inetcsum_x86_prefetch,
				    memory_order_relaxed);
}

size_t
inetcsum_tuning_prefetch_min_now(void)
{
#ifdef INETCSUM_X86_PREFETCH_FIXED
	return 0;
#else
	return atomic_load_explicit(&inetcsum_x86_prefetch_min,
				    memory_order_relaxed);
#endif
}
#endif /* INETCSUM_ARCH_X86_64 */
