/* SPDX-License-Identifier: MIT */
/*
 * src/s390/cpu_features.h - s390x feature bits.  The vector facility (z13,
 * 2015, and later) is optional in z/Architecture and needs the kernel's
 * support too (it saves the vector registers), so it is probed at run time
 * from the kernel's own report, AT_HWCAP.
 */
#ifndef INETCSUM_S390_CPU_FEATURES_H
#define INETCSUM_S390_CPU_FEATURES_H

#include "../common.h"

#define INETCSUM_S390_VX	(1u << 0)

/*
 * INETCSUM_BUILD_S390_VX: the vector-facility kernel (src/s390/
 * csum_vx.c) is compiled in.  Only 64-bit s390x builds have it, with gcc
 * or clang (GNU inline assembly with vector register constraints); the
 * CMake probe (cmake/Intrinsics.cmake) or -DINETCSUM_NO_S390_VX leaves it
 * out.
 */
#if defined(__s390x__) && defined(__GNUC__) && !defined(INETCSUM_NO_S390_VX)
#  define INETCSUM_BUILD_S390_VX 1
#endif

#endif /* INETCSUM_S390_CPU_FEATURES_H */
