/* SPDX-License-Identifier: MIT */
/*
 * src/ppc/kernels.h - the PowerPC kernels built in, best first, for the
 * registry in src/csum.c.  ARCH_KERNELS stays undefined while there are
 * none, and the dispatcher then calls the portable kernel directly.
 */
#ifndef INETCSUM_PPC_KERNELS_H
#define INETCSUM_PPC_KERNELS_H

#include "../impl.h"
#include "cpu_features.h"

#ifdef INETCSUM_BUILD_PPC_VSX
/* src/ppc/csum_vsx.c: "ppc_vsx", partial sum and fused copy. */
extern const struct inetcsum_kernel inetcsum_kernel_ppc_vsx;
#  define PPC_VSX_KERNEL &inetcsum_kernel_ppc_vsx,
#else
#  define PPC_VSX_KERNEL
#endif

#if defined(INETCSUM_BUILD_PPC_VSX)
#  define ARCH_KERNELS PPC_VSX_KERNEL
#endif

#endif /* INETCSUM_PPC_KERNELS_H */
