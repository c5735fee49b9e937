/* SPDX-License-Identifier: MIT */
/*
 * src/ppc/kernels.h - the PowerPC kernels built in, best first, for the
 * registry in src/dispatch.c (through src/arch.h).  ARCH_KERNELS stays
 * undefined while there are none, and the dispatcher then calls the
 * portable kernel directly.
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

/*
 * src/ppc/csum_altivec.c: "ppc_altivec", partial sum and fused copy.  Only
 * that file is compiled with -maltivec, so the registry cannot see
 * INETCSUM_BUILD_PPC_ALTIVEC (which needs __ALTIVEC__): the build system
 * defines INETCSUM_HAVE_PPC_ALTIVEC for the library and the tests when it
 * gives the file the flag (CMakeLists.txt).  A build without it (plain cc)
 * leaves the kernel out.
 */
#if defined(INETCSUM_HAVE_PPC_ALTIVEC) && defined(__powerpc__) && \
	!defined(__powerpc64__) && !defined(INETCSUM_NO_PPC_ALTIVEC)
extern const struct inetcsum_kernel inetcsum_kernel_ppc_altivec;
#  define PPC_ALTIVEC_KERNEL &inetcsum_kernel_ppc_altivec,
#else
#  define PPC_ALTIVEC_KERNEL
#endif

#if defined(INETCSUM_BUILD_PPC_VSX) || defined(INETCSUM_HAVE_PPC_ALTIVEC)
#  define ARCH_KERNELS PPC_VSX_KERNEL PPC_ALTIVEC_KERNEL
#endif

#endif /* INETCSUM_PPC_KERNELS_H */
