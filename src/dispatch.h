/* SPDX-License-Identifier: MIT */
/*
 * src/dispatch.h - the kernel in use, for the entry points that call it
 * (src/csum.c, src/x86/dispatch.c) and the dispatcher that sets it
 * (src/dispatch.c).
 */
#ifndef INETCSUM_DISPATCH_H
#define INETCSUM_DISPATCH_H

#include <stdatomic.h>

#include "impl.h"

/*
 * The kernel in use, as one pointer, so a reader sees a whole kernel (its
 * partial, copy and short-path facts together), never a half-installed
 * mix.  Before the first call it points at the dispatcher's resolver.
 * Bits 0 to 2 (kernels are aligned to 8 bytes, src/impl.h) are free for an
 * architecture's flags (ARCH_TAG(), src/arch.h); pointer and flags are one
 * atomic value, so they always agree, whatever selects and first calls
 * race.  Defined in src/dispatch.c when kernels other than the portable
 * one are built in.
 */
extern _Atomic(uintptr_t) inetcsum_active_kernel;

#define INETCSUM_ACTIVE_TAG ((uintptr_t)1)
/* Every bit that ARCH_TAG() may set. */
#define INETCSUM_ACTIVE_TAGS ((uintptr_t)7)
_Static_assert(_Alignof(struct inetcsum_kernel) > INETCSUM_ACTIVE_TAGS,
	       "a kernel's address must leave the flag bits free");

/*
 * The kernel in use, unresolved or not, for an entry point to call: an
 * acquire load (the composite kernel of src/dispatch.c is filled before
 * its address is stored) and the flags masked off.
 */
static INETCSUM_FORCEINLINE const struct inetcsum_kernel *
inetcsum_active(void)
{
	return (const struct inetcsum_kernel *)(atomic_load_explicit(
		&inetcsum_active_kernel, memory_order_acquire) &
		~INETCSUM_ACTIVE_TAGS);
}

#endif /* INETCSUM_DISPATCH_H */
