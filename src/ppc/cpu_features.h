/* SPDX-License-Identifier: MIT */
/*
 * src/ppc/cpu_features.h - PowerPC feature bits, probed at run time from
 * the kernel's report (AT_HWCAP, AT_HWCAP2): AltiVec is optional on 32-bit
 * cores (G4 and e6500 have it, e500 and 44x do not), VSX came with
 * POWER7, and ISA 2.07 (POWER8) made unaligned vector loads fast.
 */
#ifndef INETCSUM_PPC_CPU_FEATURES_H
#define INETCSUM_PPC_CPU_FEATURES_H

#include "../common.h"

#define INETCSUM_PPC_ALTIVEC	(1u << 0)
#define INETCSUM_PPC_VSX	(1u << 1)
#define INETCSUM_PPC_ISA207	(1u << 2)

/*
 * INETCSUM_BUILD_PPC_VSX: the VSX kernel (src/ppc/csum_vsx.c) is compiled
 * in.  Only 64-bit builds whose baseline already has VSX and the POWER8
 * vector instructions have it (ppc64le always does); -DINETCSUM_NO_PPC_VSX
 * leaves it out.
 */
#if defined(__powerpc64__) && defined(__VSX__) && \
	defined(__POWER8_VECTOR__) && defined(__GNUC__) && \
	!defined(INETCSUM_NO_PPC_VSX)
#  define INETCSUM_BUILD_PPC_VSX 1
#endif

/*
 * INETCSUM_BUILD_PPC_ALTIVEC: the AltiVec kernel (src/ppc/csum_altivec.c)
 * is compiled in: 32-bit builds where that file gets -maltivec and the
 * build says so (INETCSUM_HAVE_PPC_ALTIVEC, CMakeLists.txt);
 * -DINETCSUM_NO_PPC_ALTIVEC leaves it out.
 */
#if defined(__powerpc__) && !defined(__powerpc64__) && \
	defined(__ALTIVEC__) && defined(INETCSUM_HAVE_PPC_ALTIVEC) && \
	defined(__GNUC__) && \
	!defined(INETCSUM_NO_PPC_ALTIVEC)
#  define INETCSUM_BUILD_PPC_ALTIVEC 1
#endif

#endif /* INETCSUM_PPC_CPU_FEATURES_H */
