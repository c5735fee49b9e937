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
 * Bit 0 (kernels are aligned to 8 bytes) is free for an architecture's
 * flag (ARCH_TAG(), src/arch.h); pointer and flag are one atomic value, so
 * they always agree, whatever selects and first calls race.  Defined in
 * src/dispatch.c when kernels other than the portable one are built in.
 */
extern _Atomic(uintptr_t) inetcsum_active_kernel;

#define INETCSUM_ACTIVE_TAG ((uintptr_t)1)

/*
 * The kernel in use, unresolved or not, for an entry point to call: an
 * acquire load (the composite kernel of src/dispatch.c is filled before
 * its address is stored) and the flag masked off.
 */
static INETCSUM_FORCEINLINE const struct inetcsum_kernel *
inetcsum_active(void)
{
	return (const struct inetcsum_kernel *)(atomic_load_explicit(
		&inetcsum_active_kernel, memory_order_acquire) &
		~INETCSUM_ACTIVE_TAG);
}

#endif /* INETCSUM_DISPATCH_H */
