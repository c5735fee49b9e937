/* SPDX-License-Identifier: MIT */
/*
 * src/arm/kernels.h - the arm64 kernels built in, best first, for the
 * registry in src/dispatch.c.  ARCH_KERNELS stays undefined while there are
 * none (INETCSUM_NO_SVE2 and INETCSUM_NO_NEON), and the dispatcher then calls the portable
 * kernel directly.
 */
#ifndef INETCSUM_ARM_KERNELS_H
#define INETCSUM_ARM_KERNELS_H

#include "../impl.h"
#include "cpu_features.h"

#ifdef INETCSUM_BUILD_SVE2
/* src/arm/csum_sve2.c: "arm_sve2", partial sum and fused copy. */
extern const struct inetcsum_kernel inetcsum_kernel_arm_sve2;
#  define ARM_SVE2_KERNEL &inetcsum_kernel_arm_sve2,
#else
#  define ARM_SVE2_KERNEL
#endif

#ifdef INETCSUM_BUILD_NEON
/* src/arm/csum_neon.c: "arm_neon", partial sum and fused copy. */
extern const struct inetcsum_kernel inetcsum_kernel_arm_neon;
#  define ARM_NEON_KERNEL &inetcsum_kernel_arm_neon,
#else
#  define ARM_NEON_KERNEL
#endif

#if defined(INETCSUM_BUILD_SVE2) || defined(INETCSUM_BUILD_NEON)
#  define ARCH_KERNELS ARM_SVE2_KERNEL ARM_NEON_KERNEL
#endif

#endif /* INETCSUM_ARM_KERNELS_H */
